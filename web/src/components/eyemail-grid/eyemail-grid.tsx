import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMail, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SnippetView } from '@shared/api-types';
import { formatDate } from '@/lib/date-format';
import { Spinner } from '@/components/spinner';
import { PosterImage } from '@/components/poster-image';
import classes from './eyemail-grid.module.css';

export const GRID_VIEW_ALL_ABOVE = 4;
export const NO_EYEMAILS = 'No EyeMails found.';

type CardItem = Pick<SnippetView, 'snippet' | 'title' | 'status' | 'thumbnailUrl' | 'previewUrl' | 'dateCreatedUTC' | 'dateUpdatedUTC'>;

export interface EyeMailGridProps {
  items: CardItem[] | null;
  loading?: boolean;
  // Home shows the first few and a 'View All' link when there are more than 4.
  limit?: number;
  empty?: React.ReactNode;
}

// Last updated, falling back to created (spec 01 card grid).
export function cardDate(item: Pick<SnippetView, 'dateCreatedUTC' | 'dateUpdatedUTC'>): string {
  return formatDate(item.dateUpdatedUTC || item.dateCreatedUTC);
}

function Thumb({ item }: { item: CardItem }) {
  return (
    <Link to={`/eyemails/${item.snippet}`} className={classes.thumbLink} aria-label={`Open ${item.title}, ${item.status ? 'Active' : 'Inactive'}`} tabIndex={-1}>
      <PosterImage src={item.thumbnailUrl} icon={<IconMail size={36} stroke={1.4} />} />
      <Badge className={classes.badge} color={item.status ? 'teal' : 'gray'} variant="filled" size="sm">
        {item.status ? 'Active' : 'Inactive'}
      </Badge>
    </Link>
  );
}

function EyeMailCard({ item }: { item: CardItem }) {
  const date = cardDate(item);
  return (
    <Card className={classes.card} padding={0} component="article" aria-label={item.title}>
      <Thumb item={item} />
      <Stack gap={2} px="sm" pt="sm" pb="xs" style={{ flex: 1, minWidth: 0 }}>
        <Anchor component={Link} to={`/eyemails/${item.snippet}`} className={classes.title} fw={600} size="sm" lineClamp={2} title={item.title}>
          {item.title}
        </Anchor>
        <Text size="xs" c="dimmed" truncate>
          {date ? `Updated ${date}` : '\u00a0'}
        </Text>
      </Stack>
      <Group className={classes.footer} gap={4} justify="space-around" wrap="nowrap" px={4} py={8}>
        <Anchor component={Link} to={`/eyemails/${item.snippet}`} size="xs" fw={600} aria-label={`Open ${item.title} details`}>
          Open
        </Anchor>
        <Anchor href={item.previewUrl} target="_blank" rel="noopener noreferrer" size="xs" fw={600} c="gray.7" aria-label={`Preview ${item.title}`}>
          Preview
        </Anchor>
        <Anchor component={Link} to={`/reports/${item.snippet}`} size="xs" fw={600} c="gray.7" aria-label={`Reports for ${item.title}`}>
          Reports
        </Anchor>
      </Group>
    </Card>
  );
}

// The EyeMail card grid (spec 01): 2, 3 or 4 columns; spinner while loading; 'No EyeMails found.'.
export function EyeMailGrid({ items, loading = false, limit, empty }: EyeMailGridProps) {
  if (loading || items === null) return <Spinner label="Loading EyeMails…" minHeight={200} />;
  if (items.length === 0) {
    return (
      <>
        {empty ?? (
          <Text c="dimmed" ta="center" py="xl">
            {NO_EYEMAILS}
          </Text>
        )}
      </>
    );
  }
  const shown = limit ? items.slice(0, limit) : items;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: 'sm', sm: 'lg' }} role="list" aria-label="EyeMails">
        {shown.map((item) => (
          <div role="listitem" key={item.snippet}>
            <EyeMailCard item={item} />
          </div>
        ))}
      </SimpleGrid>
      {limit !== undefined && items.length > GRID_VIEW_ALL_ABOVE ? (
        <Group justify="center">
          <Button component={Link} to="/eyemails" variant="light" rightSection={<IconArrowRight size={16} />}>
            View All
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

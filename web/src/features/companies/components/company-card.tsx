import { Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsExchange, IconBuilding, IconUsers, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import { WORKSPACE_ROLE_LABELS, type WorkspaceView } from '@/lib/workspace/workspace-rules';
import classes from './companies-page.module.css';

const membersText = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

// One company on My Companies: its name, domain and department, how many members it has and the
// user's role; it opens the company's members, and switches to it.
export function CompanyCard({ company, current, onSwitch }: { company: WorkspaceView; current: boolean; onSwitch: () => void }) {
  const to = `/companies/${encodeURIComponent(company.id)}`;
  return (
    <Card withBorder padding="lg" className={classes.card} component="article" aria-label={company.name}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
            <IconBuilding size={22} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text component={Link} to={to} fw={600} size="lg" lh={1.3} className={classes.cardTitle}>
              {company.name}
            </Text>
            {company.department ? (
              <Text size="sm" c="dimmed" truncate>
                {company.department}
              </Text>
            ) : null}
          </Stack>
          <Badge variant="light" color={company.role === 'owner' ? 'brand' : 'gray'} className={classes.role}>
            {WORKSPACE_ROLE_LABELS[company.role]}
          </Badge>
        </Group>
        <Group gap="lg" c="dimmed">
          {company.domain ? (
            <Group gap={6} wrap="nowrap">
              <IconWorld size={16} aria-hidden />
              <Text size="sm">{company.domain}</Text>
            </Group>
          ) : null}
          <Group gap={6} wrap="nowrap">
            <IconUsers size={16} aria-hidden />
            <Text size="sm">{membersText(company.membersCount)}</Text>
          </Group>
        </Group>
        <Group gap="sm" mt="auto" pt="xs">
          <Button component={Link} to={to} variant="default" size="xs" leftSection={<IconUsers size={14} />} aria-label={`Members of ${company.name}`}>
            Members
          </Button>
          {current ? (
            <Badge variant="dot" color="teal" size="lg">
              Current workspace
            </Badge>
          ) : (
            <Button variant="light" size="xs" leftSection={<IconArrowsExchange size={14} />} onClick={onSwitch} aria-label={`Switch to ${company.name}`}>
              Switch
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

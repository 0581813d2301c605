import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { pageItems } from '@/features/admin/utils/pagination';

// Page buttons with a window of 4 pages, first and last, ellipses, and previous / next.
export function PageButtons({ page, total, onChange, label }: { page: number; total: number; onChange: (page: number) => void; label: string }) {
  if (total <= 1) return null;
  return (
    <Group gap={6} justify="center" component="nav" aria-label={label} wrap="wrap">
      <ActionIcon variant="default" size={34} onClick={() => onChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
        <IconChevronLeft size={16} />
      </ActionIcon>
      {pageItems(page, total).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            size="compact-md"
            h={34}
            miw={34}
            px={8}
            variant={item === page ? 'filled' : 'default'}
            onClick={() => onChange(item)}
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
          >
            {item}
          </Button>
        ) : (
          <Text key={item} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ),
      )}
      <ActionIcon variant="default" size={34} onClick={() => onChange(page + 1)} disabled={page >= total} aria-label="Next page">
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}

import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { ReportSummary } from '@shared/report-types';

const TILES: { key: 'totalViews' | 'totalClicks' | 'averageViewTime'; label: string }[] = [
  { key: 'totalViews', label: 'Total Views' },
  { key: 'totalClicks', label: 'Total Clicks' },
  { key: 'averageViewTime', label: 'Average View Time (secs)' },
];

// The results: Total Views, Total Clicks, Average View Time (secs).
export function ReportTiles({ summary }: { summary: ReportSummary | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      {TILES.map((t) => (
        <Card key={t.key} padding="lg" aria-label={t.label} data-testid={`tile-${t.key}`}>
          <Text size="sm" c="dimmed" fw={600}>
            {t.label}
          </Text>
          {summary ? (
            <Text fz={32} fw={700} lh={1.2} mt={6} data-testid="tile-value">
              {summary[t.key].toLocaleString('en-US')}
            </Text>
          ) : (
            <Skeleton h={38} w={90} mt={6} />
          )}
          {t.key === 'totalViews' && summary ? (
            <Text size="xs" c="dimmed" mt={2}>
              {summary.uniqueViews.toLocaleString('en-US')} unique
            </Text>
          ) : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}

import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { metric } from '@shared/metrics/report-metrics';
import type { ReportSummary } from '@shared/report-types';
import { totalsNotes } from '../utils/report-display';

const TILES = (['totalViews', 'totalClicks', 'averageViewTime'] as const).map((key) => ({ key, label: metric(key).name }));

// The results: Total Views, Total Clicks, Average View Time (secs), each with what it is made of
// in the report's other metrics (src/shared/metrics/report-metrics.ts).
export function ReportTiles({ summary }: { summary: ReportSummary | undefined }) {
  const notes = summary ? totalsNotes(summary) : null;
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
          {notes
            ? notes[t.key].map((line) => (
                <Text key={line} size="xs" c="dimmed" mt={2} data-testid="tile-note">
                  {line}
                </Text>
              ))
            : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}

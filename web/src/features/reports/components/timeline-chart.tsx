import { ActionIcon, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReportSummary } from '@shared/report-types';
import { shortDay, weekNavigation } from '../utils/report-display';

// Engagement Timeline: views and clicks per day over 7 days, with previous/next week (next is
// disabled once the window ends today).
export function TimelineChart({ summary, onWeek }: { summary: ReportSummary | undefined; onWeek: (weekEnding: string) => void }) {
  const nav = summary ? weekNavigation(summary.weekEnding, summary.today) : null;
  const data = summary?.timeline.map((d) => ({ day: shortDay(d.date), Views: d.views, Clicks: d.clicks })) ?? [];
  return (
    <Card padding="lg" h="100%" data-testid="timeline">
      <Group justify="space-between" mb="md" gap="xs" wrap="wrap">
        <Title order={3} fz="lg">
          Engagement Timeline
        </Title>
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" aria-label="Previous week" disabled={!nav} onClick={() => nav && onWeek(nav.previous)}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text size="sm" fw={500} miw={150} ta="center" data-testid="week-label">
            {nav?.label ?? ' '}
          </Text>
          <ActionIcon variant="default" aria-label="Next week" disabled={!nav?.next} onClick={() => nav?.next && onWeek(nav.next)}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      </Group>
      {summary ? (
        <LineChart
          h={260}
          data={data}
          dataKey="day"
          series={[
            { name: 'Views', color: 'indigo.6' },
            { name: 'Clicks', color: 'orange.6' },
          ]}
          curveType="linear"
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          yAxisProps={{ allowDecimals: false, width: 40 }}
          tickLine="y"
          gridAxis="y"
        />
      ) : (
        <Skeleton h={260} />
      )}
    </Card>
  );
}

import { LineChart } from '@mantine/charts';
import { ActionIcon, Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { metric } from '@shared/metrics/report-metrics';
import type { EngagementReport } from '@shared/report-types';
import { activePreset, bucketLabel, presetRange, RANGE_PRESETS, timelineNav } from '../utils/engagement-display';

type Range = { dateFrom: string | null; dateTill: string | null };

const VIEWS = metric('totalViews').name;
const CLICKS = metric('totalClicks').name;

// Engagement Timeline, the report's one timeline: Total Views and Total Clicks (the tiles'
// definitions) with Visits and Plays, per day (per hour up to 2 days) in the report's time zone.
// Without dates it is the spec's 7 days with previous/next week; the quick ranges set the report's
// dates (every figure follows), and previous/next then step by the range's own length.
export function TimelineChart({ report, range, onRange, onWeek }: { report: EngagementReport | undefined; range: Range; onRange: (range: Range) => void; onWeek: (weekEnding: string) => void }) {
  const t = report?.timeline;
  const nav = t && report ? timelineNav(t, report.today) : null;
  const dated = !!(range.dateFrom || range.dateTill);
  const go = (to: { from: string; till: string }) => (dated ? onRange({ dateFrom: to.from, dateTill: to.till }) : onWeek(to.till));
  const data = t?.buckets.map((b) => ({ at: bucketLabel(b.start, t.grain), [VIEWS]: b.totalViews, [CLICKS]: b.totalClicks, Visits: b.visits, Plays: b.plays })) ?? [];
  const preset = report ? activePreset(range.dateFrom, range.dateTill, report.today) : null;
  return (
    <Card padding="lg" data-testid="timeline">
      <Stack gap="xs" mb="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} fz="lg">
            {metric('timeline').name}
          </Title>
          <Group gap={6} wrap="nowrap">
            <ActionIcon variant="default" aria-label={nav?.previousLabel ?? 'Previous week'} disabled={!nav} onClick={() => nav && go(nav.previous)}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Text size="sm" fw={500} miw={150} ta="center" data-testid="week-label">
              {nav?.label ?? ' '}
            </Text>
            <ActionIcon variant="default" aria-label={nav?.nextLabel ?? 'Next week'} disabled={!nav?.next} onClick={() => nav?.next && go(nav.next)}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
        </Group>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="timeline-grain">
            {t && report ? `${t.grain === 'hour' ? 'Per hour' : 'Per day'}, ${report.timeZone}` : ' '}
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Date range"
            disabled={!report}
            // A custom range (the Filter panel's dates) selects none of them.
            value={preset ?? ''}
            onChange={(v) => report && onRange(presetRange(v, report.today))}
            data={RANGE_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
          />
        </Group>
      </Stack>
      {t ? (
        <LineChart
          h={280}
          data={data}
          dataKey="at"
          series={[
            { name: VIEWS, color: 'indigo.6' },
            { name: CLICKS, color: 'orange.6' },
            { name: 'Visits', color: 'teal.6' },
            { name: 'Plays', color: 'grape.6' },
          ]}
          curveType="linear"
          withDots={data.length <= 31}
          withLegend
          // two rows of legend on a phone
          legendProps={{ verticalAlign: 'bottom', height: 60 }}
          yAxisProps={{ allowDecimals: false, width: 40 }}
          gridAxis="y"
        />
      ) : (
        <Skeleton h={280} />
      )}
    </Card>
  );
}

import { LineChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, Skeleton, Text, Title } from '@mantine/core';
import type { EngagementReport } from '@shared/report-types';
import { activePreset, bucketLabel, presetRange, RANGE_PRESETS } from '../utils/engagement-display';

type Range = { dateFrom: string | null; dateTill: string | null };

// Opens, visits, plays and clicks over the report's dates (all time without them): hourly up to
// 2 days, daily beyond, in the owner's time zone. The quick ranges set the report's dates (every
// figure follows); any other range comes from the Filter panel.
export function ActivityTimeline({ report, range, onRange }: { report: EngagementReport | undefined; range: Range; onRange: (range: Range) => void }) {
  const t = report?.timeline;
  const data = t?.buckets.map((b) => ({ at: bucketLabel(b.start, t.grain), Opens: b.opens, Visits: b.visits, Plays: b.plays, Clicks: b.clicks })) ?? [];
  const preset = report ? activePreset(range.dateFrom, range.dateTill, report.today) : null;
  return (
    <Card padding="lg" h="100%" data-testid="activity-timeline">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} fz="lg">
          Activity over time
        </Title>
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
      <Text size="sm" c="dimmed" mb="md" data-testid="timeline-grain">
        {t && report ? `${t.grain === 'hour' ? 'Per hour' : 'Per day'}, ${report.timeZone}` : ' '}
      </Text>
      {t ? (
        <LineChart
          h={240}
          data={data}
          dataKey="at"
          series={[
            { name: 'Opens', color: 'gray.6' },
            { name: 'Visits', color: 'teal.6' },
            { name: 'Plays', color: 'indigo.6' },
            { name: 'Clicks', color: 'orange.6' },
          ]}
          curveType="linear"
          withDots={data.length <= 31}
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          yAxisProps={{ allowDecimals: false, width: 40 }}
          gridAxis="y"
        />
      ) : (
        <Skeleton h={240} />
      )}
    </Card>
  );
}

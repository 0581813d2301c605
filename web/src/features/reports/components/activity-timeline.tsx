import { LineChart } from '@mantine/charts';
import { Card, Skeleton, Text, Title } from '@mantine/core';
import type { EngagementReport } from '@shared/report-types';
import { bucketLabel } from '../utils/engagement-display';

// Opens, visits, plays and clicks over the filter's dates (all time without them): hourly up to
// 2 days, daily beyond, in the owner's time zone.
export function ActivityTimeline({ report }: { report: EngagementReport | undefined }) {
  const t = report?.timeline;
  const data = t?.buckets.map((b) => ({ at: bucketLabel(b.start, t.grain), Opens: b.opens, Visits: b.visits, Plays: b.plays, Clicks: b.clicks })) ?? [];
  return (
    <Card padding="lg" h="100%" data-testid="activity-timeline">
      <Title order={3} fz="lg">
        Activity over time
      </Title>
      <Text size="sm" c="dimmed" mb="md">
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

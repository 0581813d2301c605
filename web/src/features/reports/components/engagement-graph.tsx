import { AreaChart } from '@mantine/charts';
import { Card, Paper, Skeleton, Text, Title } from '@mantine/core';
import type { EngagementReport } from '@shared/report-types';
import { clock } from '../utils/engagement-display';

interface Point {
  at: string;
  watching: number;
  plays: number;
  rewatches: number;
}

function Tip({ point }: { point: Point | undefined }) {
  if (!point) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" data-testid="graph-tooltip">
      <Text size="sm" fw={600}>
        At {point.at}
      </Text>
      <Text size="sm">{point.watching}% still watching ({point.plays.toLocaleString('en-US')} plays)</Text>
      <Text size="sm">Rewatched {point.rewatches.toLocaleString('en-US')} times</Text>
    </Paper>
  );
}

// The engagement graph: for each second of the video, the share of plays still watching, and on
// hover how many plays that is and how many times the second was rewatched.
export function EngagementGraph({ report }: { report: EngagementReport | undefined }) {
  const data: Point[] =
    report?.graph.seconds.map((s) => ({ at: clock(s.second), watching: Math.round(s.share * 100), plays: s.watching, rewatches: s.rewatches })) ?? [];
  return (
    <Card padding="lg" h="100%" data-testid="engagement-graph">
      <Title order={3} fz="lg">
        Engagement graph
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Share of plays still watching at each second of the video
      </Text>
      {!report ? (
        <Skeleton h={240} />
      ) : report.graph.plays === 0 ? (
        <Text size="sm" c="dimmed" h={240}>
          No plays yet for these filters.
        </Text>
      ) : (
        <AreaChart
          h={240}
          data={data}
          dataKey="at"
          series={[{ name: 'watching', label: 'Still watching', color: 'indigo.6' }]}
          curveType="stepAfter"
          withDots={false}
          yAxisProps={{ domain: [0, 100], width: 44 }}
          unit="%"
          gridAxis="y"
          tooltipAnimationDuration={0}
          tooltipProps={{ content: ({ payload }) => <Tip point={payload?.[0]?.payload as Point | undefined} /> }}
        />
      )}
    </Card>
  );
}

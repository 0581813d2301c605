import { Card, ColorSwatch, Divider, Group, Skeleton, Stack, Text, Title, useMantineTheme, getThemeColor } from '@mantine/core';
import { PieChart } from '@mantine/charts';
import type { ReportSummary } from '@shared/report-types';
import { breakdownSlices } from '../utils/report-display';

// Engagement Breakdown: a pie of the views (unique and repeat, whole percentages that add up to
// 100) and, apart from it, the clicks: a click follows a view, so it is no share of the views.
export function BreakdownChart({ summary }: { summary: ReportSummary | undefined }) {
  const theme = useMantineTheme();
  const slices = summary ? breakdownSlices(summary.breakdown) : [];
  const clicks = summary?.breakdown.clicks ?? 0;
  return (
    <Card padding="lg" h="100%" data-testid="breakdown">
      <Title order={3} fz="lg" mb="md">
        Engagement Breakdown
      </Title>
      {!summary ? (
        <Skeleton h={260} />
      ) : slices.length === 0 && clicks === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing to break down yet.
        </Text>
      ) : (
        <Stack align="center" gap="md">
          {slices.length ? (
            <>
              <Text size="sm" fw={600} c="dimmed" ta="center">
                Views
              </Text>
              <PieChart
                data={slices.map(({ name, value, color }) => ({ name, value, color }))}
                size={160}
                withTooltip
                tooltipDataSource="segment"
                strokeWidth={2}
              />
              <Stack gap={6} w="100%" maw={260}>
                {slices.map((s) => (
                  <Group key={s.name} justify="space-between" wrap="nowrap" data-testid="breakdown-row">
                    <Group gap={8} wrap="nowrap">
                      <ColorSwatch color={getThemeColor(s.color, theme)} size={12} withShadow={false} />
                      <Text size="sm">{s.name}</Text>
                    </Group>
                    <Text size="sm" fw={600}>
                      {s.value.toLocaleString('en-US')} · {s.percent}%
                    </Text>
                  </Group>
                ))}
              </Stack>
            </>
          ) : (
            <Text c="dimmed" size="sm">
              No views yet.
            </Text>
          )}
          <Stack gap={6} w="100%" maw={260}>
            <Divider />
            <Group justify="space-between" wrap="nowrap" data-testid="breakdown-clicks">
              <Text size="sm">Clicks</Text>
              <Text size="sm" fw={600}>
                {clicks.toLocaleString('en-US')}
              </Text>
            </Group>
          </Stack>
        </Stack>
      )}
    </Card>
  );
}

import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { metric } from '@shared/metrics/report-metrics';
import type { EngagementReport } from '@shared/report-types';
import { duration, percent } from '../utils/engagement-display';

const STEP_LABEL = { opens: 'Opened', visits: 'Visited the page', plays: 'Played', clicks: 'Clicked' } as const;

// The funnel at the top of the report: unique people at each step (opens -> visits -> plays ->
// clicks) with the rate between steps, then the video's own figures.
export function EngagementSummary({ report }: { report: EngagementReport | undefined }) {
  const tiles = report
    ? [
        { label: metric('plays').name, value: report.plays.total.toLocaleString('en-US'), note: `${report.plays.uniqueViewers.toLocaleString('en-US')} viewers` },
        { label: metric('playRate').name, value: percent(report.playRate), note: 'of visitors played' },
        { label: metric('engagement').name, value: percent(report.engagement), note: 'average share watched' },
        { label: metric('completionRate').name, value: percent(report.completionRate), note: 'watched 90% or more' },
        { label: metric('soundOnRate').name, value: percent(report.soundOnRate), note: 'of plays unmuted' },
        { label: metric('timePlayed').name, value: duration(report.timePlayedSecs), note: `${report.visits.total.toLocaleString('en-US')} visits` },
        { label: metric('clickThroughRate').name, value: percent(report.clickThroughRate), note: 'of openers clicked' },
      ]
    : [];
  return (
    <Stack gap="md">
      <Card padding="lg" data-testid="funnel">
        <Title order={3} fz="lg" mb="md">
          {metric('funnel').name}
        </Title>
        {report ? (
          <Group gap="xs" wrap="wrap" align="stretch">
            {report.funnel.map((f, i) => (
              <Group key={f.step} gap="xs" wrap="nowrap" align="center" style={{ flex: '1 1 140px' }}>
                {i > 0 ? (
                  <Stack gap={0} align="center" miw={44} aria-label={`${percent(f.rateFromPrevious)} of the step before`}>
                    <IconArrowRight size={18} aria-hidden color="var(--mantine-color-gray-6)" />
                    <Text size="xs" fw={600} c="dimmed">
                      {percent(f.rateFromPrevious)}
                    </Text>
                  </Stack>
                ) : null}
                <Card withBorder padding="sm" style={{ flex: 1 }} data-testid={`funnel-${f.step}`}>
                  <Text size="xs" c="dimmed" fw={600}>
                    {STEP_LABEL[f.step]}
                  </Text>
                  <Text fz={26} fw={700} lh={1.2}>
                    {f.people.toLocaleString('en-US')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    people
                  </Text>
                </Card>
              </Group>
            ))}
          </Group>
        ) : (
          <Skeleton h={84} />
        )}
      </Card>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" data-testid="video-metrics">
        {report
          ? tiles.map((t) => (
              <Card key={t.label} padding="md" aria-label={t.label}>
                <Text size="xs" c="dimmed" fw={600}>
                  {t.label}
                </Text>
                <Text fz={22} fw={700} lh={1.3}>
                  {t.value}
                </Text>
                <Text size="xs" c="dimmed">
                  {t.note}
                </Text>
              </Card>
            ))
          : Array.from({ length: 7 }, (_, i) => <Skeleton key={i} h={80} />)}
      </SimpleGrid>
    </Stack>
  );
}

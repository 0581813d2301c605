import { Alert, Badge, Box, Card, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { REPORT_TABLE_PAGE_SIZE } from '@shared/report-rules';
import type { PlayRecord } from '@shared/report-types';
import { formatDayAndTime } from '@/lib/date-format';
import type { PlaysPage } from '../api/use-engagement';
import { percent, runWidth, stripRuns, stripSummary } from '../utils/engagement-display';
import { viewerOf } from '../utils/report-display';

const STRIP_COLOR = { skipped: 'var(--mantine-color-gray-2)', watched: 'var(--mantine-color-indigo-4)', rewatched: 'var(--mantine-color-indigo-9)' } as const;

// One play's heatmap: a bar as long as the video, each second skipped, watched or rewatched.
// The last second of a length that is not whole is drawn only as wide as its part.
export function HeatmapStrip({ seconds, lengthSecs }: { seconds: readonly number[]; lengthSecs: number | null }) {
  const length = lengthSecs && lengthSecs > 0 ? lengthSecs : seconds.length;
  return (
    <Box role="img" aria-label={stripSummary(seconds)} data-testid="heatmap-strip" style={{ display: 'flex', height: 14, borderRadius: 4, overflow: 'hidden', background: STRIP_COLOR.skipped }}>
      {stripRuns(seconds).map((r) => (
        <span key={r.from} data-kind={r.kind} style={{ width: `${runWidth(r, length) * 100}%`, background: STRIP_COLOR[r.kind] }} />
      ))}
    </Box>
  );
}

function Legend() {
  return (
    <Group gap="md" aria-hidden>
      {(['watched', 'rewatched', 'skipped'] as const).map((k) => (
        <Group key={k} gap={6} wrap="nowrap">
          <span style={{ width: 12, height: 12, borderRadius: 3, background: STRIP_COLOR[k], display: 'inline-block' }} />
          <Text size="xs" c="dimmed" tt="capitalize">
            {k}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

function PlayItem({ p }: { p: PlayRecord }) {
  const viewer = viewerOf(p);
  return (
    <Stack gap={6} py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="play-row">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} truncate maw={320} title={viewer.label} c={viewer.byIp ? 'dimmed' : undefined} ff={viewer.byIp ? 'monospace' : undefined}>
          {viewer.label}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {formatDayAndTime(p.date, p.time)}
          </Text>
          <Badge size="sm" variant="light" color={p.completed ? 'teal' : 'indigo'}>
            {percent(p.shareWatched)} watched
          </Badge>
          {p.soundOn ? <IconVolume size={16} aria-label="Sound on" /> : <IconVolumeOff size={16} aria-label="Muted" color="var(--mantine-color-gray-5)" />}
        </Group>
      </Group>
      <HeatmapStrip seconds={p.seconds} lengthSecs={p.videoDuration} />
    </Stack>
  );
}

// The plays (2 s or more) of the viewer page, 10 a page: who, when, the share watched, sound on
// and a heatmap strip each.
export function PlaysTable({ data, error, page, onPage }: { data: PlaysPage | undefined; error: Error | null; page: number; onPage: (page: number) => void }) {
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REPORT_TABLE_PAGE_SIZE));
  return (
    <Card padding="lg" data-testid="plays">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={3} fz="lg">
          Plays per viewer
        </Title>
        <Legend />
      </Group>
      {error ? (
        <Alert color="red" title="The plays could not be loaded">
          {error.message}
        </Alert>
      ) : !data ? (
        <Stack gap="sm">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={48} />
          ))}
        </Stack>
      ) : data.plays.length === 0 ? (
        <Text size="sm" c="dimmed">
          No plays yet for these filters.
        </Text>
      ) : (
        <Stack gap="md">
          <Stack gap={0}>
            {data.plays.map((p) => (
              <PlayItem key={p.playId} p={p} />
            ))}
          </Stack>
          {pages > 1 ? (
            <Group justify="center">
              <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" siblings={1} boundaries={1} getItemProps={(n) => ({ 'aria-label': `Plays page ${n}` })} />
            </Group>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}

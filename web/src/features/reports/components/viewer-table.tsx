import { Alert, Badge, Card, Group, Pagination, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { ReportRecord } from '@shared/report-types';
import { REPORT_TABLE_PAGE_SIZE } from '@shared/report-rules';
import { formatDayAndTime } from '@/lib/date-format';
import type { RecordsPage } from '../api/use-report-records';
import { deviceOf, locationOf, machineBadge, machineLabel, secondsOf, viewerOf } from '../utils/report-display';
import { wentTo } from '../utils/went-to';

function ActivityBadges({ r }: { r: ReportRecord }) {
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0, width: 'max-content' }}>
      <Badge size="sm" style={{ flexShrink: 0 }} variant="light" color={r.activity === 'click' ? 'orange' : 'indigo'}>
        {r.activity === 'click' ? 'Click' : 'View'}
      </Badge>
      {r.isUnique ? (
        <Badge size="sm" style={{ flexShrink: 0 }} variant="outline" color="teal">
          Unique
        </Badge>
      ) : null}
      {r.machineReason ? (
        <Tooltip label={machineLabel(r.machineReason, r.activity)}>
          <Badge size="sm" style={{ flexShrink: 0 }} variant="filled" color={r.machineReason === 'test' ? 'yellow.8' : 'gray'}>
            {machineBadge(r.machineReason)}
          </Badge>
        </Tooltip>
      ) : !r.counted ? (
        <Tooltip label="Not in the totals: no play of more than 1 second followed it">
          <Badge size="sm" style={{ flexShrink: 0 }} variant="default">
            Not counted
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}

// A row as a compact block, for phones (the table needs more width than a phone has).
function ViewerItem({ r }: { r: ReportRecord }) {
  const viewer = viewerOf(r);
  const secs = secondsOf(r);
  const went = wentTo(r);
  return (
    <Stack gap={4} py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} truncate title={viewer.label} c={viewer.byIp ? 'dimmed' : undefined} ff={viewer.byIp ? 'monospace' : undefined}>
          {viewer.label}
        </Text>
        <ActivityBadges r={r} />
      </Group>
      <Text size="xs" c="dimmed">
        {formatDayAndTime(r.date, r.time)}
        {secs !== '—' ? ` · ${secs} s viewed` : ''}
        {went ? ` · to ${went}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {locationOf(r)} · {deviceOf(r)}
      </Text>
    </Stack>
  );
}

// 'Per Viewer Analysis': the engagement records, 10 a page, paged by the server.
export function ViewerTable({
  data,
  loading,
  error,
  page,
  onPage,
}: {
  data: RecordsPage | undefined;
  loading: boolean;
  error: Error | null;
  page: number;
  onPage: (page: number) => void;
}) {
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REPORT_TABLE_PAGE_SIZE));
  const shown = data?.page ?? page;
  const from = total ? (shown - 1) * REPORT_TABLE_PAGE_SIZE + 1 : 0;
  const to = Math.min(total, shown * REPORT_TABLE_PAGE_SIZE);
  return (
    <Card padding="lg">
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <Title order={3} fz="lg">
          Per Viewer Analysis
        </Title>
        {data && total ? (
          <Text size="sm" c="dimmed" data-testid="table-range">
            {from}–{to} of {total.toLocaleString('en-US')}
          </Text>
        ) : null}
      </Group>
      {error ? (
        <Alert color="red" title="The engagements could not be loaded">
          {error.message}
        </Alert>
      ) : (
        <Stack gap="md">
          <Stack gap={0} hiddenFrom="sm" data-testid="viewer-list">
            {!data
              ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h={64} mb="sm" />)
              : data.records.map((r) => <ViewerItem key={r.engagementId} r={r} />)}
          </Stack>
          <Table.ScrollContainer minWidth={760} type="native" visibleFrom="sm" tabIndex={0} role="region" aria-label="Viewers table">
            <Table verticalSpacing="xs" fz="sm" highlightOnHover striped="odd" data-testid="viewer-table" style={{ opacity: loading && data ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Viewer</Table.Th>
                  <Table.Th>Activity</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th ta="right" w={76}>
                    Viewed (secs)
                  </Table.Th>
                  <Table.Th>Location and device</Table.Th>
                  <Table.Th style={{ whiteSpace: 'nowrap' }}>Went to</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!data
                  ? Array.from({ length: 5 }, (_, i) => (
                      <Table.Tr key={i}>
                        {Array.from({ length: 6 }, (_, j) => (
                          <Table.Td key={j}>
                            <Skeleton h={14} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  : data.records.map((r) => {
                      const viewer = viewerOf(r);
                      return (
                        <Table.Tr key={r.engagementId}>
                          <Table.Td maw={200}>
                            <Text size="sm" truncate title={viewer.label} c={viewer.byIp ? 'dimmed' : undefined} ff={viewer.byIp ? 'monospace' : undefined}>
                              {viewer.label}
                            </Text>
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            <ActivityBadges r={r} />
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {formatDayAndTime(r.date, r.time)}
                          </Table.Td>
                          <Table.Td ta="right">{secondsOf(r)}</Table.Td>
                          <Table.Td maw={200}>
                            <Text size="sm" truncate title={locationOf(r)}>
                              {locationOf(r)}
                            </Text>
                            <Text size="xs" c="dimmed" truncate title={deviceOf(r)}>
                              {deviceOf(r)}
                            </Text>
                          </Table.Td>
                          <Table.Td maw={200} miw={130}>
                            <Text size="sm" lineClamp={2} title={wentTo(r) ?? undefined} c={wentTo(r) ? undefined : 'dimmed'}>
                              {wentTo(r) ?? '—'}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? (
            <Group justify="center">
              <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" siblings={1} boundaries={1} getItemProps={(p) => ({ 'aria-label': `Page ${p}` })} />
            </Group>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}

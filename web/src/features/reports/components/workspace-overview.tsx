import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { metric } from '@shared/metrics/report-metrics';
import type { WorkspaceReport, WorkspaceReportFigures } from '@shared/workspace-report-types';
import { useCurrentWorkspace } from '@/lib/workspace/use-workspaces';
import { useWorkspaceReport } from '../api/use-workspace-report';
import { browserTimeZone } from '../utils/report-params';
import { WORKSPACE_PERIODS, workspaceQuery, type WorkspacePeriod } from '../utils/workspace-period';

const n = (x: number) => x.toLocaleString('en-US');
const TILES = (['totalViews', 'totalClicks', 'opens', 'averageViewTime'] as const).map((key) => ({ key, label: metric(key).name }));
// The columns of both tables past the name: all of them from a tablet up, the three that matter
// most on a phone (so a row fits 390 px without a sideways scroll).
const COLUMNS: { key: keyof WorkspaceReportFigures; label: string; phone: boolean }[] = [
  { key: 'opens', label: metric('opens').name, phone: true },
  { key: 'totalViews', label: metric('totalViews').name, phone: true },
  { key: 'uniqueViews', label: metric('uniqueViews').name, phone: false },
  { key: 'totalClicks', label: metric('totalClicks').name, phone: true },
  { key: 'averageViewTime', label: 'Avg. view (secs)', phone: false },
];

function Tiles({ report }: { report: WorkspaceReport | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      {TILES.map((t) => (
        <Card key={t.key} padding="md" aria-label={t.label} data-testid={`workspace-tile-${t.key}`}>
          <Text size="sm" c="dimmed" fw={600} lh={1.3}>
            {t.label}
          </Text>
          {report ? (
            <Text fz={{ base: 24, sm: 30 }} fw={700} lh={1.2} mt={6} data-testid="tile-value">
              {n(report.totals[t.key])}
            </Text>
          ) : (
            <Skeleton h={32} w={80} mt={6} />
          )}
          {report && t.key === 'totalViews' ? (
            <Text size="xs" c="dimmed" mt={2}>
              {n(report.totals.uniqueViews)} unique
            </Text>
          ) : null}
          {report && t.key === 'totalClicks' ? (
            <Text size="xs" c="dimmed" mt={2}>
              of {n(report.totals.clicks)} clicks
            </Text>
          ) : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}

// A table of named rows (EyeMails or creators) with their figures; the name cell is the caller's.
function FiguresTable<T extends WorkspaceReportFigures>({ label, rows, rowKey, first, name, wide }: { label: string; rows: T[]; rowKey: (r: T) => string; first: string; name: (r: T) => React.ReactNode; wide: boolean }) {
  const columns = COLUMNS.filter((c) => wide || c.phone);
  return (
    <Table aria-label={label} verticalSpacing="xs" horizontalSpacing={wide ? 'sm' : 6} fz="sm" layout={wide ? undefined : 'fixed'}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={wide ? undefined : '40%'} fz="xs">
            {first}
          </Table.Th>
          {columns.map((c) => (
            <Table.Th key={c.key} ta="right" fz="xs" style={{ whiteSpace: 'normal', lineHeight: 1.2 }}>
              {c.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={rowKey(r)}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{name(r)}</Table.Td>
            {columns.map((c) => (
              <Table.Td key={c.key} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {n(r[c.key])}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TopEyeMails({ report, wide, company }: { report: WorkspaceReport; wide: boolean; company: boolean }) {
  return (
    <Card padding="lg">
      <Title order={3} fz="lg" mb="xs">
        Top EyeMails
      </Title>
      {report.topEyeMails.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="top-eyemails-empty">
          No opens or clicks yet{report.dateFrom ? ' in this period' : ''}. The EyeMails with the most opens appear here.
        </Text>
      ) : (
        <FiguresTable
          label="Top EyeMails"
          first="EyeMail"
          rows={report.topEyeMails}
          rowKey={(e) => e.snippetId}
          wide={wide}
          name={(e) => (
            <>
              <Anchor component={Link} to={`/reports/${encodeURIComponent(e.snippetId)}`} fw={600} size="sm">
                {e.title}
              </Anchor>
              {company ? (
                <Text size="xs" c="dimmed">
                  by {e.creatorName || 'a former member'}
                </Text>
              ) : null}
            </>
          )}
        />
      )}
    </Card>
  );
}

function ByCreator({ report, wide }: { report: WorkspaceReport; wide: boolean }) {
  return (
    <Card padding="lg">
      <Title order={3} fz="lg" mb="xs">
        By creator
      </Title>
      <FiguresTable
        label="By creator"
        first="Created by"
        rows={report.creators}
        rowKey={(c) => c.creatorId}
        wide={wide}
        name={(c) => (
          <>
            <Text fw={600} size="sm">
              {c.creatorName || 'A former member'}
            </Text>
            <Text size="xs" c="dimmed">
              {c.eyeMails === 1 ? '1 EyeMail' : `${n(c.eyeMails)} EyeMails`}
            </Text>
          </>
        )}
      />
    </Card>
  );
}

// The top of /reports: every EyeMail of the workspace shown, added up (GET reports/workspace):
// the totals, the EyeMails with the most opens (each linking to its report) and, in a company,
// each member's EyeMails. The same metrics as an EyeMail's report, over a period. Nothing in a
// workspace without EyeMails (the page's chooser says how to start).
export function WorkspaceOverview() {
  const workspace = useCurrentWorkspace();
  const [period, setPeriod] = useState<WorkspacePeriod>('all');
  const [includeMachine, setIncludeMachine] = useState(false);
  const query = workspaceQuery(period, browserTimeZone(), new Date(), includeMachine);
  const report = useWorkspaceReport(workspace.id, query);
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
  const r = report.data;
  const company = !workspace.isPersonal;
  // A workspace without EyeMails has nothing to add up: the page's chooser says how to start.
  if (r && r.eyeMails === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="workspace-overview-title" data-testid="workspace-overview">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} fz="xl" id="workspace-overview-title">
            Workspace overview
          </Title>
          <Text size="sm" c="dimmed" data-testid="workspace-overview-scope">
            {r ? `${r.eyeMails === 1 ? '1 EyeMail' : `${n(r.eyeMails)} EyeMails`} of ${workspace.name || 'this workspace'}, added up` : `Every EyeMail of ${workspace.name || 'this workspace'}, added up`}
          </Text>
        </Stack>
        <Group gap="sm" wrap="wrap">
          <Switch size="xs" label="Include machine traffic and tests" checked={includeMachine} onChange={(e) => setIncludeMachine(e.currentTarget.checked)} />
          <SegmentedControl size="xs" aria-label="Period" value={period} onChange={(v) => setPeriod(v as WorkspacePeriod)} data={WORKSPACE_PERIODS} />
        </Group>
      </Group>
      {report.isError && !r ? (
        <Alert color="red" title="The workspace overview could not be loaded">
          {report.error.message}
        </Alert>
      ) : (
        <>
          {r?.catchingUp ? (
            <Alert color="blue" title="Counting the latest hits">
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Text size="sm">Some of the latest opens and clicks are still being counted.</Text>
                <Button size="xs" variant="white" onClick={() => void report.refetch()} loading={report.isFetching}>
                  Refresh
                </Button>
              </Group>
            </Alert>
          ) : null}
          <Tiles report={r} />
          {r ? (
            <Text size="xs" c="dimmed" data-testid="workspace-overview-note">
              Each EyeMail&apos;s figures added up: someone who viewed two EyeMails is a unique view of each.{' '}
              {r.includeMachine
                ? `Machine traffic and tests included${r.totals.machineEvents > 0 ? ` (${n(r.totals.machineEvents)})` : ''}.`
                : r.machineExcluded > 0
                  ? `${n(r.machineExcluded)} machine ${r.machineExcluded === 1 ? 'event or test' : 'events and tests'} left out.`
                  : ''}
            </Text>
          ) : null}
          {r ? (
            <>
              <TopEyeMails report={r} wide={wide} company={company} />
              {company ? <ByCreator report={r} wide={wide} /> : null}
            </>
          ) : (
            <Skeleton h={160} radius="md" data-testid="workspace-overview-loading" />
          )}
        </>
      )}
    </Stack>
  );
}

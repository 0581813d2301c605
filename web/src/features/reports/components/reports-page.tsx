import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { useEffect, useState } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, Card, Grid, Group, Select, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconChartBar, IconMoodEmpty, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { NO_ENGAGEMENTS, REPORT_TABLE_PAGE_SIZE } from '@shared/report-rules';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ApiQueryError } from '@/lib/query-client';
import { useCurrentWorkspace } from '@/lib/workspace/use-workspaces';
import { useOpenInWorkspace } from '@/lib/workspace/use-open-in-workspace';
import { Spinner } from '@/components/spinner';
import { reportKeys } from '../api/report-keys';
import { useReportRecords } from '../api/use-report-records';
import { useReportSnippets } from '../api/use-report-snippets';
import { useReportSummary } from '../api/use-report-summary';
import { useEngagement, usePlays } from '../api/use-engagement';
import { EngagementGraph } from './engagement-graph';
import { EngagementSummary } from './engagement-summary';
import { HowCounted } from './how-counted';
import { PlaysTable } from './plays-table';
import { isFilterActive, reportQuery } from '../utils/report-params';
import { PENDING_REFRESH_MS, pendingNotice } from '../utils/report-display';
import { BreakdownChart } from './breakdown-chart';
import { FilterPanel } from './filter-panel';
import { ReportTiles } from './report-tiles';
import { ReportToolbar } from './report-toolbar';
import { TimelineChart } from './timeline-chart';
import { useReportView } from './use-report-view';
import { ViewerTable } from './viewer-table';
import { WorkspaceOverview } from './workspace-overview';

const SUBTITLE = 'Opens, clicks and plays of each EyeMail, per recipient';

// /reports: the workspace overview (every EyeMail added up), then choose an EyeMail to report on.
function ChooseEyeMail() {
  const navigate = useNavigate();
  const snippets = useReportSnippets();
  const { canEdit } = useCurrentWorkspace();
  return (
    <>
      <PageHeader title="View Report" subtitle={SUBTITLE} />
      <WorkspaceOverview />
      <Card padding="xl" maw={560} mt="xl">
        {snippets.isPending ? (
          <Skeleton h={60} />
        ) : snippets.isError ? (
          <Alert color="red" title="Your EyeMails could not be loaded">
            {snippets.error.message}
          </Alert>
        ) : snippets.data.length === 0 ? (
          <EmptyState icon={<IconChartBar size={30} />} title="No active EyeMails yet" description="Reports appear here once an active EyeMail has been sent.">
            <Button component={Link} to="/create-eyemail" leftSection={<IconPlus size={16} />} display={canEdit ? undefined : 'none'}>
              New EyeMail
            </Button>
          </EmptyState>
        ) : (
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Choose an EyeMail
            </Title>
            <Select
              label="EyeMail"
              placeholder="Pick the EyeMail to report on"
              data={snippets.data.map((s) => ({ value: s.snippet, label: s.title }))}
              onChange={(v) => v && navigate(`/reports/${encodeURIComponent(v)}`)}
              searchable
              nothingFoundMessage="No EyeMail with that title"
            />
          </Stack>
        )}
      </Card>
    </>
  );
}

const isMissing = (error: Error | null) => error instanceof ApiQueryError && (error.status === 404 || error.status === 400);

function ReportError({ error, onChange }: { error: Error; onChange: () => void }) {
  const missing = isMissing(error);
  return (
    <Alert color="red" title={missing ? 'EyeMail not found' : 'The report could not be loaded'} data-testid="report-error">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{missing ? 'There is no EyeMail of yours at this address. It may have been deleted, or it belongs to another account.' : error.message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onChange}>
          Choose another EyeMail
        </Button>
      </Stack>
    </Alert>
  );
}

// /reports/{id}: the report of one EyeMail.
function EyeMailReport({ snippetId }: { snippetId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [view, setView] = useReportView();
  const base = reportQuery(view.filter, view.includeMachine);
  const weekQuery = view.weekEnding ? { ...base, weekEnding: view.weekEnding } : base;
  const snippets = useReportSnippets();
  const summary = useReportSummary(snippetId, base);
  const records = useReportRecords(snippetId, { ...base, page: view.page, size: REPORT_TABLE_PAGE_SIZE });
  const engagement = useEngagement(snippetId, weekQuery);
  const [playsPage, setPlaysPage] = useState(1);
  const plays = usePlays(snippetId, { ...base, page: playsPage, size: REPORT_TABLE_PAGE_SIZE });
  const e = engagement.data?.snippetId === snippetId ? engagement.data : undefined;
  const fetching = useIsFetching({ queryKey: reportKeys.snippet(snippetId) }) > 0;
  const s = summary.data?.snippetId === snippetId ? summary.data : undefined;
  const failed = summary.isError && !s ? summary.error : null;
  // A link to the report of another of the user's workspaces' EyeMail opens it there.
  const locating = useOpenInWorkspace({ eyemail: snippetId }, isMissing(failed)) === 'locating';
  const empty = !!s && records.data?.total === 0 && s.totalViews === 0 && s.totalClicks === 0 && !!e && e.visits.total === 0 && e.plays.total === 0;
  const toChooser = () => navigate('/reports');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: reportKeys.snippet(snippetId) });
  // While the server says recent hits are still being counted (a burst of traffic), the report
  // reads itself again every few seconds until they are in; Refresh does it at once.
  const pending = s?.pendingEvents ?? 0;
  useEffect(() => {
    if (!pending) return undefined;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: reportKeys.snippet(snippetId) }), PENDING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [pending, summary.dataUpdatedAt, queryClient, snippetId]);

  return (
    <>
      <PageHeader title="View Report" subtitle={s ? s.title : SUBTITLE} />
      <Stack gap="lg">
        <ReportToolbar
          snippetId={snippetId}
          snippets={snippets.data}
          currentTitle={s?.title}
          query={base}
          disabled={!!failed}
          refreshing={fetching && !!s}
          onSelect={(id) => navigate(`/reports/${encodeURIComponent(id)}`)}
          onChange={toChooser}
          onRefresh={refresh}
        />
        {locating ? (
          <Spinner label="Loading the report…" />
        ) : failed ? (
          <ReportError error={failed} onChange={toChooser} />
        ) : (
          <>
            <FilterPanel filter={view.filter} onApply={(filter) => setView({ ...view, filter, page: 1, weekEnding: null })} />
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Title order={2} fz="xl">
                Results
              </Title>
              <Group gap="sm" wrap="nowrap">
                <Switch
                  label="Include machine traffic and tests"
                  checked={view.includeMachine}
                  onChange={(e) => setView({ ...view, includeMachine: e.currentTarget.checked, page: 1 })}
                />
                {s ? (
                  <Text size="sm" c="dimmed" data-testid="machine-count">
                    {s.includeMachine ? `${s.machineEvents} machine included` : `${s.machineExcluded} excluded`}
                  </Text>
                ) : null}
              </Group>
            </Group>
            {s && s.pendingEvents > 0 ? (
              <Alert color="blue" title="Counting the latest hits" data-testid="report-catching-up">
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Text size="sm">{pendingNotice(s.pendingEvents)}</Text>
                  <Button size="xs" variant="white" onClick={refresh} loading={fetching}>
                    Refresh
                  </Button>
                </Group>
              </Alert>
            ) : null}
            <EngagementSummary report={e} />
            <ReportTiles summary={s} />
            {empty ? (
              <Card padding="lg">
                <EmptyState icon={<IconMoodEmpty size={30} />} title={NO_ENGAGEMENTS} description={isFilterActive(view.filter) ? 'Try clearing the filters.' : 'Opens, clicks and plays appear here as recipients read the email.'} />
              </Card>
            ) : (
              <>
                <TimelineChart
                  report={e}
                  range={{ dateFrom: view.filter.dateFrom, dateTill: view.filter.dateTill }}
                  onRange={(range) => setView({ ...view, filter: { ...view.filter, ...range }, page: 1, weekEnding: null })}
                  onWeek={(weekEnding) => setView({ ...view, weekEnding })}
                />
                <Grid>
                  <Grid.Col span={{ base: 12, md: 7 }}>
                    <EngagementGraph report={e} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 5 }}>
                    <BreakdownChart summary={s} />
                  </Grid.Col>
                </Grid>
                <PlaysTable data={plays.data} error={plays.isError ? plays.error : null} page={playsPage} onPage={setPlaysPage} />
                <ViewerTable data={records.data} loading={records.isFetching} error={records.isError ? records.error : null} page={view.page} onPage={(page) => setView({ ...view, page })} />
              </>
            )}
            <HowCounted />
            <Text size="xs" c="dimmed" ta="right">
              <Anchor href="https://db-ip.com" target="_blank" rel="noopener" size="xs">
                IP Geolocation by DB-IP
              </Anchor>
            </Text>
          </>
        )}
      </Stack>
    </>
  );
}

export function ReportsPage() {
  const { id } = useParams();
  return id ? <EyeMailReport key={id} snippetId={id} /> : <ChooseEyeMail />;
}

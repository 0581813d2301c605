import { oneDecimal } from '../shared/report-rules.js';
import { viewParts } from '../shared/metrics/report-metrics.js';
import type { WorkspaceReport, WorkspaceReportCreator, WorkspaceReportEyeMail, WorkspaceReportFigures } from '../shared/workspace-report-types.js';
import type { WorkspaceEyeMailRow, WorkspaceSums } from './workspace-report-sql.js';

// The company-wide report made from its EyeMails' own figures (workspace-report-sql.ts): the
// totals, the top EyeMails and the creators, each the EyeMails' figures added up. Pure.

export const TOP_EYEMAILS = 10;

type Sums = WorkspaceSums;

const ZERO: Sums = { totalViews: 0, uniqueViews: 0, totalClicks: 0, opens: 0, clicks: 0, machineEvents: 0, viewers: 0, viewerSecs: 0 };
const SUMMED = Object.keys(ZERO) as (keyof Sums)[];

function add(a: Sums, b: Sums): Sums {
  return Object.fromEntries(SUMMED.map((k) => [k, a[k] + b[k]])) as unknown as Sums;
}

// The named metrics of a sum: Total Views = opens + plays without a click (viewParts, as one
// EyeMail's summary), the average view time over every person with seconds.
export function figuresOf(s: Sums): WorkspaceReportFigures {
  return {
    totalViews: s.totalViews,
    uniqueViews: s.uniqueViews,
    totalClicks: s.totalClicks,
    ...viewParts(s, s),
    averageViewTime: oneDecimal(s.viewers > 0 ? s.viewerSecs / s.viewers : 0),
    machineEvents: s.machineEvents,
  };
}

const hasHits = (r: Sums) => r.opens + r.clicks + r.totalViews + r.totalClicks > 0;
const byOpens = <T extends WorkspaceReportFigures>(tieBreak: (a: T, b: T) => number) => (a: T, b: T) =>
  b.opens - a.opens || b.totalViews - a.totalViews || b.totalClicks - a.totalClicks || tieBreak(a, b);

export function toWorkspaceReport(
  input: Pick<WorkspaceReport, 'workspaceId' | 'timeZone' | 'today' | 'dateFrom' | 'dateTill' | 'includeMachine' | 'catchingUp'> & {
    rows: WorkspaceEyeMailRow[];
    // the creators' names by id ('' when the account is gone)
    names: Map<string, string>;
  },
): WorkspaceReport {
  const { rows, names } = input;
  const nameOf = (id: string) => names.get(id) ?? '';
  const totals = rows.reduce<Sums>(add, ZERO);
  const perCreator = new Map<string, { sums: Sums; eyeMails: number }>();
  for (const r of rows) {
    const c = perCreator.get(r.creatorId) ?? { sums: ZERO, eyeMails: 0 };
    perCreator.set(r.creatorId, { sums: add(c.sums, r), eyeMails: c.eyeMails + 1 });
  }
  const topEyeMails: WorkspaceReportEyeMail[] = rows
    .filter(hasHits)
    .map((r) => ({ snippetId: r.snippetId, title: r.title, status: r.status, creatorId: r.creatorId, creatorName: nameOf(r.creatorId), ...figuresOf(r) }))
    .sort(byOpens((a, b) => a.title.localeCompare(b.title) || a.snippetId.localeCompare(b.snippetId)))
    .slice(0, TOP_EYEMAILS);
  const creators: WorkspaceReportCreator[] = [...perCreator]
    .map(([creatorId, c]) => ({ creatorId, creatorName: nameOf(creatorId), eyeMails: c.eyeMails, ...figuresOf(c.sums) }))
    .sort(byOpens((a, b) => a.creatorName.localeCompare(b.creatorName) || a.creatorId.localeCompare(b.creatorId)));
  const figures = figuresOf(totals);
  const { workspaceId, timeZone, today, dateFrom, dateTill, includeMachine, catchingUp } = input;
  return {
    workspaceId,
    timeZone,
    today,
    dateFrom,
    dateTill,
    includeMachine,
    eyeMails: rows.length,
    totals: figures,
    machineExcluded: includeMachine ? 0 : figures.machineEvents,
    topEyeMails,
    creators,
    catchingUp,
  };
}

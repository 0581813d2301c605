import { oneDecimal } from '../shared/report-rules.js';
import { viewParts } from '../shared/metrics/report-metrics.js';
import type { WorkspaceReport, WorkspaceReportCreator, WorkspaceReportEyeMail, WorkspaceReportFigures } from '../shared/workspace-report-types.js';
import type { WorkspaceEyeMailRow } from './workspace-report-sql.js';

// The company-wide report made from its EyeMails' own figures (workspace-report-sql.ts): the
// totals, the top EyeMails and the creators, each the EyeMails' figures added up. Pure.

export const TOP_EYEMAILS = 10;

// What is added up: the counts, and the people's seconds and how many people (for the average).
interface Sums {
  totalViews: number;
  uniqueViews: number;
  totalClicks: number;
  opens: number;
  clicks: number;
  machineEvents: number;
  viewers: number;
  viewerSecs: number;
}

const ZERO: Sums = { totalViews: 0, uniqueViews: 0, totalClicks: 0, opens: 0, clicks: 0, machineEvents: 0, viewers: 0, viewerSecs: 0 };

function add(a: Sums, b: Sums): Sums {
  return {
    totalViews: a.totalViews + b.totalViews,
    uniqueViews: a.uniqueViews + b.uniqueViews,
    totalClicks: a.totalClicks + b.totalClicks,
    opens: a.opens + b.opens,
    clicks: a.clicks + b.clicks,
    machineEvents: a.machineEvents + b.machineEvents,
    viewers: a.viewers + b.viewers,
    viewerSecs: a.viewerSecs + b.viewerSecs,
  };
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

export function toWorkspaceReport(input: {
  workspaceId: string;
  timeZone: string;
  today: string;
  dateFrom: string | null;
  dateTill: string | null;
  includeMachine: boolean;
  rows: WorkspaceEyeMailRow[];
  // the creators' names by id ('' when the account is gone)
  names: Map<string, string>;
  catchingUp: boolean;
}): WorkspaceReport {
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
  return {
    workspaceId: input.workspaceId,
    timeZone: input.timeZone,
    today: input.today,
    dateFrom: input.dateFrom,
    dateTill: input.dateTill,
    includeMachine: input.includeMachine,
    eyeMails: rows.length,
    totals: figures,
    machineExcluded: input.includeMachine ? 0 : figures.machineEvents,
    topEyeMails,
    creators,
    catchingUp: input.catchingUp,
  };
}

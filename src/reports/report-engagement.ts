import { clickThroughRate, completionRate, funnel, playRate, soundOnRate } from '../shared/metrics/engagement-metrics.js';
import type { TimelineGrain } from '../shared/metrics/timeline-grain.js';
import type { EngagementReport } from '../shared/report-types.js';
import type { EngagementTotalsRow, GraphSecondRow, TimelineBucketRow } from './report-engagement-sql.js';

// The engagement report from its aggregates: the rates and the funnel by the shared definitions
// (src/shared/metrics). Pure.
export function toEngagementReport(input: {
  snippetId: string;
  timeZone: string;
  today: string;
  totals: EngagementTotalsRow;
  graph: GraphSecondRow[];
  timeline: { grain: TimelineGrain; from: string; till: string; buckets: TimelineBucketRow[] };
}): EngagementReport {
  const t = input.totals;
  const round = (n: number | null, places = 4) => (n === null ? null : Math.round(n * 10 ** places) / 10 ** places);
  return {
    snippetId: input.snippetId,
    timeZone: input.timeZone,
    today: input.today,
    opens: { total: t.opens, unique: t.uniqueOpeners },
    visits: { total: t.visits, unique: t.uniqueVisitors },
    plays: { total: t.plays, uniqueViewers: t.uniquePlayers, soundOn: t.soundOnPlays, complete: t.completePlays },
    playRate: round(playRate(t.uniquePlayers, t.uniqueVisitors)),
    soundOnRate: round(soundOnRate(t.soundOnPlays, t.plays)),
    completionRate: round(completionRate(t.completePlays, t.plays)),
    engagement: round(t.engagement),
    timePlayedSecs: Math.round(t.timePlayedSecs * 10) / 10,
    clicks: { total: t.clicks, unique: t.uniqueClickers, byDestination: t.clicksByDestination },
    clickThroughRate: round(clickThroughRate(t.uniqueClickers, t.uniqueOpeners)),
    funnel: funnel({ opens: t.uniqueOpeners, visits: t.uniqueVisitors, plays: t.uniquePlayers, clicks: t.uniqueClickers }).map((f) => ({ ...f, rateFromPrevious: round(f.rateFromPrevious) })),
    graph: {
      lengthSecs: input.graph.length,
      plays: t.plays,
      seconds: input.graph.map((g) => ({ ...g, share: t.plays ? round(g.watching / t.plays)! : 0 })),
    },
    timeline: input.timeline,
  };
}

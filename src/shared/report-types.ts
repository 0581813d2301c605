// Response shapes of the report calls (GET reports/...), shared by the server and the dashboard.
// Types only: no runtime code.

import type { DestinationKind } from './click-rules.js';

export type ReportActivity = 'view' | 'click';

// Who a record or a play is (the receiver of a tracked link), from where and on what, as the
// reports, the CSV and the feeds show them.
export interface ReportViewer {
  receiver: string | null;
  ipAddress: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  countryCode: string | null;
  device: string | null;
  platform: string | null;
  client: string | null;
}

// One row of GET reports/{snippetId}, the CSV and the feeds. Dates and times are in the EyeMail
// owner's profile time zone; occurredAtUtc is the same instant in UTC (ISO 8601).
export interface ReportRecord extends ReportViewer {
  engagementId: string;
  activity: ReportActivity;
  // the first counted view of this receiver (or of this IP when there is no receiver)
  isUnique: boolean;
  // false for a web-view click or a play that did not play more than 1 s: listed, not in the totals
  counted: boolean;
  // YYYY-MM-DD and HH:mm:ss
  date: string;
  time: string;
  occurredAtUtc: string;
  // click: the seconds played after it, capped at the video length; play: its seconds; open: null
  durationSecs: number | null;
  videoDuration: number | null;
  // click: where it went; null = the web view
  target: string | null;
  // null = a person; else why it is counted as a machine's
  machineReason: string | null;
  // click: where it went (landing-page, web-view, video-link or button); null for views
  destination: DestinationKind | null;
  // click on a button: its label
  destinationLabel: string | null;
  // play or click: of the viewer's plays it names, the largest share of the video watched (0..1,
  // distinct seconds) and whether the sound was on in any; null when it names none
  shareWatched: number | null;
  soundOn: boolean | null;
}

export interface TimelineDay {
  date: string;
  views: number;
  clicks: number;
}

export interface ReportBreakdown {
  uniqueViews: number;
  repeatViews: number;
  clicks: number;
  // floored whole percentages of the three above
  uniqueViewsPercent: number;
  repeatViewsPercent: number;
  clicksPercent: number;
}

// GET reports/{snippetId}/summary
export interface ReportSummary {
  snippetId: string;
  title: string;
  timeZone: string;
  // the owner's today, YYYY-MM-DD
  today: string;
  totalViews: number;
  uniqueViews: number;
  totalClicks: number;
  // what they are made of (src/shared/metrics/report-metrics.ts): totalViews = opens +
  // playsWithoutClick; clicks = every click (totalClicks leaves out web-view clicks that played 1 s
  // or less)
  opens: number;
  playsWithoutClick: number;
  clicks: number;
  // seconds, one decimal
  averageViewTime: number;
  // the 7 days ending weekEnding, oldest first
  weekStart: string;
  weekEnding: string;
  timeline: TimelineDay[];
  breakdown: ReportBreakdown;
  // machine events that match the filters; machineExcluded is 0 when includeMachine is set
  machineEvents: number;
  machineExcluded: number;
  includeMachine: boolean;
  // Hits of this EyeMail answered but not counted yet (the ingest still loading a burst's journal, past the 3 s a
  // read waits for it); 0 when every answered hit is counted.
  pendingEvents: number;
}

// GET reports/{snippetId}/feed/json (and the XML feed's content): the snippet, its totals for the
// filters and one page of records.
export interface ReportFeed {
  snippet: { snippetId: string; title: string; status: boolean };
  generatedAtUtc: string;
  timeZone: string;
  // the summary's totals and its parts
  totals: Pick<ReportSummary, 'totalViews' | 'uniqueViews' | 'totalClicks' | 'opens' | 'playsWithoutClick' | 'clicks' | 'averageViewTime' | 'machineExcluded'>;
  page: number;
  size: number;
  totalCount: number;
  records: ReportRecord[];
}

export type FilterMap = Record<string, string>;

export interface ReportCountry {
  countryName: string;
  countryCode: string;
}

// One play of GET reports/{snippetId}/plays (issue 17): a video element's playing on the viewer
// page that lasted 2 s or more. Dates and times as in ReportRecord.
export interface PlayRecord extends ReportViewer {
  playId: string;
  date: string;
  time: string;
  startedAtUtc: string;
  machineReason: string | null;
  // seconds; null when neither the server nor the browser knew it
  videoDuration: number | null;
  // distinct seconds watched (a rewatch counts once)
  watchedSecs: number;
  // watchedSecs / videoDuration, 0..1, and whether that is at least 90 %
  shareWatched: number;
  completed: boolean;
  soundOn: boolean;
  // the seconds watched: sorted, disjoint [start, end] ranges
  ranges: [number, number][];
  // the heatmap strip: per second of the video, how many times it played (0 skipped, 1 watched,
  // 2 or more rewatched)
  seconds: number[];
}

// GET reports/{snippetId}/engagement (issue 17): the video engagement figures for the filters,
// machine traffic left out unless includeMachine. Rates are 0..1, null when there is nothing to
// divide by; their definitions are REPORT_METRICS (shared/metrics/report-metrics.ts).
export interface EngagementReport {
  snippetId: string;
  timeZone: string;
  today: string;
  opens: { total: number; unique: number };
  visits: { total: number; unique: number };
  // plays of 2 s or more; uniqueViewers = distinct people who played
  plays: { total: number; uniqueViewers: number; soundOn: number; complete: number };
  playRate: number | null;
  soundOnRate: number | null;
  completionRate: number | null;
  // the average share watched per play
  engagement: number | null;
  // distinct seconds watched, added up over the plays
  timePlayedSecs: number;
  clicks: {
    total: number;
    unique: number;
    // per destination (landing-page, web-view, video-link, button with its label), most first
    byDestination: { destination: string | null; label: string | null; clicks: number; uniqueClickers: number }[];
  };
  clickThroughRate: number | null;
  // opens -> visits -> plays -> clicks, unique people each
  funnel: { step: 'opens' | 'visits' | 'plays' | 'clicks'; people: number; rateFromPrevious: number | null }[];
  // per second of the video: plays still watching, their share of the plays, extra times played
  graph: { lengthSecs: number; plays: number; seconds: { second: number; watching: number; share: number; rewatches: number }[] };
  // The report's one timeline: the filter's dates, else the 7 days ending weekEnding (else today);
  // hourly up to 2 days, daily beyond, in the report's time zone; start = local YYYY-MM-DDTHH:mm.
  // totalViews and totalClicks are the summary's definitions, bucket by bucket.
  timeline: {
    grain: 'hour' | 'day';
    from: string;
    till: string;
    buckets: { start: string; totalViews: number; totalClicks: number; opens: number; visits: number; plays: number; clicks: number }[];
  };
}

import { COMPLETION_SHARE, PLAY_MIN_SECONDS } from './engagement-metrics.js';

// The report's one set of metrics (issue 34): every number the report page, the CSV and the
// feeds show is one of these, defined here once. The page's tiles take their names from here and
// "How is this counted?" lists these words; docs/analytics.md says the same. Pure data.
//
// The spec's own totals (Total Views, Total Clicks, Average View Time) are the spec's view and
// click records (spec 02 section 9: a view or click carries a viewed duration and counts as a
// click or a viewed duration only past 1 s). Here they are written in the other metrics' terms,
// so the page can say what they add up from: Total Views = Opens + Plays without a click.

export type MetricKey =
  | 'opens'
  | 'visits'
  | 'plays'
  | 'clicks'
  | 'totalViews'
  | 'uniqueViews'
  | 'playsWithoutClick'
  | 'totalClicks'
  | 'averageViewTime'
  | 'playRate'
  | 'engagement'
  | 'completionRate'
  | 'soundOnRate'
  | 'timePlayed'
  | 'clickThroughRate'
  | 'funnel'
  | 'breakdown'
  | 'timeline'
  | 'person'
  | 'machine';

export interface Metric {
  key: MetricKey;
  name: string;
  definition: string;
}

export const REPORT_METRICS: readonly Metric[] = [
  { key: 'person', name: 'Person', definition: 'the recipient the email link names, else the internet address the request came from.' },
  { key: 'opens', name: 'Opens', definition: 'each load of the tracking image of an email (the email was opened with images shown); unique openers = the people who opened.' },
  { key: 'visits', name: 'Visits', definition: 'each load of the public viewer page (web view) by a recipient; your own previews are not visits.' },
  {
    key: 'plays',
    name: 'Plays',
    definition: `each playing of the video on the viewer page once ${PLAY_MIN_SECONDS} s have played with the page visible (muted autoplay included); shorter ones are not plays.`,
  },
  { key: 'clicks', name: 'Clicks', definition: 'each click on a link of the email, whatever it leads to (landing page, a button, the video, the web view).' },
  {
    key: 'playsWithoutClick',
    name: 'Plays without a click',
    definition: 'plays on the viewer page that no click of the email led to (the page opened from elsewhere) and that lasted more than 1 s.',
  },
  { key: 'totalViews', name: 'Total Views', definition: 'Opens + Plays without a click: every time the email or its video was seen.' },
  { key: 'uniqueViews', name: 'Unique views', definition: "the people with a view: each person's first view is unique, their later ones repeat views." },
  {
    key: 'totalClicks',
    name: 'Total Clicks',
    definition: 'Clicks to a landing page, a button or the video link, and clicks to the web view after which the video played more than 1 s.',
  },
  {
    key: 'averageViewTime',
    name: 'Average View Time (secs)',
    definition: 'for each person, the seconds played after their clicks and in their plays without a click, capped at the video length; averaged over the people who played more than 1 s, to one decimal.',
  },
  { key: 'breakdown', name: 'Engagement Breakdown', definition: 'unique and repeat views as whole percentages (rounded down) of Total Views; Total Clicks beside them.' },
  { key: 'playRate', name: 'Play rate', definition: 'Play rate = unique players / unique visitors.' },
  { key: 'engagement', name: 'Engagement', definition: 'Engagement = the average share of the video watched per play (a rewatched second counts once).' },
  { key: 'completionRate', name: 'Completion rate', definition: `Completion rate = plays that watched at least ${COMPLETION_SHARE * 100} % / plays.` },
  { key: 'soundOnRate', name: 'Sound on', definition: 'Sound-on rate = plays whose viewer turned the sound on / plays.' },
  { key: 'timePlayed', name: 'Time played', definition: 'the distinct seconds each play watched, added up (a rewatch counts once per play).' },
  { key: 'clickThroughRate', name: 'Click-through rate', definition: 'Click-through rate = unique clickers / unique openers.' },
  { key: 'funnel', name: 'Funnel', definition: 'the people who opened, visited, played and clicked; each rate is the step over the one before it.' },
  {
    key: 'timeline',
    name: 'Engagement Timeline',
    definition: 'Total Views, Total Clicks, Visits and Plays per day (per hour for a range of up to 2 days), in your time zone: your profile\'s, else this browser\'s.',
  },
  {
    key: 'machine',
    name: 'Machine traffic and tests',
    definition: 'link scanners, bots, privacy proxies, floods and your own test sends (merge tags not filled in) are left out of every number unless you include them.',
  },
];

// A metric by its key (throws on a key not in the set: a typo is a bug, not a blank label).
export function metric(key: MetricKey): Metric {
  const m = REPORT_METRICS.find((x) => x.key === key);
  if (!m) throw new Error(`No metric ${key}`);
  return m;
}

// What the spec's totals are made of, for the same filters: Total Views = opens + plays without a
// click (so the plays are the difference), and every click beside Total Clicks.
export function viewParts(totals: { totalViews: number }, parts: { opens: number; clicks: number }): { opens: number; playsWithoutClick: number; clicks: number } {
  return { opens: parts.opens, playsWithoutClick: totals.totalViews - parts.opens, clicks: parts.clicks };
}

export const HONEST_LIMITS = [
  "Plays inside an inbox (Apple Mail's inline video) cannot be measured by anyone: only plays on the viewer page are counted.",
  "Apple Mail Privacy Protection loads every image when the mail arrives: those opens are machine traffic, not a person's.",
] as const;

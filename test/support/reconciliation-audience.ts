import crypto from 'node:crypto';

// The reconciliation audience (issue 34): people whose behaviour is known, sent through the real
// tracking routes, and every figure of their report worked out by hand from the definitions
// (src/shared/metrics/report-metrics.ts). Shared by the API test (test/e2e/report-reconciliation)
// and the browser's reading of the page (test/browser/report-reconciliation), so both check the
// same numbers. Plain, erasable TypeScript: the browser tests import it under Node's type stripping.
//
// The video is 10 s long.
// - ann opens twice, clicks the landing page, then opens the web view herself and plays all 10 s
//   with sound: her play follows her click (within 30 minutes), so its seconds are her click's;
// - bob opens, clicks the header line to the web view and plays 0-4 s: his web-view click counts;
// - carl opens and clicks to the web view, plays nothing: his click is listed, not counted;
// - dora's images are off (no open): she opens the web view from elsewhere and plays 0-6 s, a play
//   without a click, so a view;
// - eve opens and clicks the button 'Shop now';
// - a bot (Googlebot) loads the image, and the marketer opens a test send (*|EMAIL|* unfilled).
export const HAND = {
  opens: 5, // ann 2, bob, carl, eve
  uniqueOpeners: 4,
  visits: 4, // ann, bob, carl, dora
  plays: 3, // ann 10 s, bob 4 s, dora 6 s
  playsWithoutClick: 1, // dora
  totalViews: 6, // 5 opens + 1 play without a click
  uniqueViews: 5, // ann, bob, carl, eve (opens), dora (her play)
  clicks: 4, // ann landing, bob web view, carl web view, eve button
  totalClicks: 3, // carl's web-view click played nothing
  averageViewTime: 6.7, // (ann 10 + bob 4 + dora 6) / 3 people
  machineEvents: 2, // the bot's open and the test open
  records: 10, // 5 opens, 4 clicks, dora's play (ann's and bob's plays are their clicks')
  // the funnel's people: opened, visited, played, clicked
  funnel: [4, 4, 3, 4],
  playRate: 0.75, // 3 players / 4 visitors
  completionRate: 1 / 3, // ann's 100 %
  engagement: 2 / 3, // (100 % + 40 % + 60 %) / 3
  soundOnRate: 1 / 3,
  clickThroughRate: 1, // 4 clickers / 4 openers
  // events stored: 7 opens (the bot's and the test's included), 4 clicks, 3 plays
  storedEvents: 14,
} as const;

export const LANDING = 'https://shop.example.com/autumn';
export const VIDEO_SECONDS = 10;

// How a test reaches the app: a GET as a mail client or browser with this agent (its status), and
// a play report's POST (text/plain, as sendBeacon sends it).
export interface AudienceRoutes {
  get(pathAndQuery: string, agent: string): Promise<number>;
  post(route: string, body: unknown): Promise<number>;
}

export interface AudienceAgents {
  outlook: string;
  browser: string;
  googlebot: string;
}

export async function sendAudience(routes: AudienceRoutes, id: string, agents: AudienceAgents): Promise<void> {
  const expect = (what: string, status: number, wanted: number) => {
    if (status !== wanted) throw new Error(`${what}: ${status}, expected ${wanted}`);
  };
  const open = async (v: string, agent = agents.outlook) => expect(`open ${v}`, await routes.get(`/t/o/${id}.gif?v=${encodeURIComponent(v)}`, agent), 200);
  const click = async (v: string, link = '') => expect(`click ${v}`, await routes.get(`/t/c/${id}?v=${encodeURIComponent(v)}${link}`, agents.browser), 302);
  const visit = async (v: string) => expect(`visit ${v}`, await routes.get(`/eyemail/${id}?v=${encodeURIComponent(v)}`, agents.browser), 200);
  // What the viewer page sends for one play: its stretches, then the spec's play-time report.
  const play = async (v: string, end: number, soundOn = false) => {
    const playId = crypto.randomUUID();
    expect(`play ${v}`, await routes.post('/api/reports/updateduration/ranges', { playId, snippetId: id, receiver: v, segments: [[0, 0, end]], soundOn }), 200);
    expect(`play time ${v}`, await routes.post('/api/reports/updateduration', { SnippetId: id, DurationSecs: end, TotalPlayTimeVideo: VIDEO_SECONDS, Receiver: v, PlayId: playId }), 200);
  };

  await open('ann@example.com');
  await open('ann@example.com');
  await click('ann@example.com', `&u=${encodeURIComponent(LANDING)}`);
  await visit('ann@example.com');
  await play('ann@example.com', 10, true);
  await open('bob@example.com');
  await click('bob@example.com');
  await visit('bob@example.com');
  await play('bob@example.com', 4);
  await open('carl@example.com');
  await click('carl@example.com');
  await visit('carl@example.com');
  await visit('dora@example.com');
  await play('dora@example.com', 6);
  await open('eve@example.com');
  await click('eve@example.com', '&b=1');
  await open('frank@example.com', agents.googlebot);
  await open('*|EMAIL|*');
}

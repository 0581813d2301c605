// The company-wide report (GET /api/reports/workspace), on the real app and database: a company
// with EyeMails by two members, hits through the tracking routes and rows as the ingest stores
// them. Its figures are the EyeMails' own summaries added up (each asked for through its own
// report), another workspace's EyeMails never count (the outsider's, and the same member's
// personal ones), every member and the workspace's API token read it, the dates and the machine
// switch are those of an EyeMail's report.
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type Client, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { companyWithTeam, type TestCompany } from '../support/workspace-factory.js';
import { insertClickWithPlays, insertEngagement } from '../support/engagement-factory.js';
import { waitFor } from '../support/wait.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';
import type { WorkspaceReport, WorkspaceReportFigures } from '../../src/shared/workspace-report-types.js';
import type { ReportSummary } from '../../src/shared/report-types.js';

jest.setTimeout(240_000);

const LANDING = 'https://shop.example.com/autumn';
const DAY = 86_400_000;
const daysAgo = (n: number, hour = 12) => new Date(Math.floor(Date.now() / DAY) * DAY - n * DAY + hour * 3_600_000).toISOString();
const localDate = (iso: string) => iso.slice(0, 10);
const FIGURES = ['totalViews', 'uniqueViews', 'totalClicks', 'opens', 'playsWithoutClick', 'clicks', 'machineEvents'] as const;

let t: TestApp;
let co: TestCompany;
let outsider: SignedUpUser;
// the company's EyeMails: two by the editor (one never sent), one by the admin
let spring: string;
let autumn: string;
let quiet: string;
// another workspace's: the outsider's, and the editor's own personal one
let theirs: string;
let editorsOwn: string;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function body<T>(res: { status: number; body: { body: T } }, status = 200): Promise<T> {
  expect(res.status).toBe(status);
  return res.body.body;
}
const workspaceReport = async (c: Client, query = '') => body<WorkspaceReport>(await c.get(`/api/reports/workspace${query}`));
const summaryOf = async (c: Client, id: string, query = '') => body<ReportSummary>(await c.get(`/api/reports/${id}/summary${query}`));

// The figures of the EyeMails' own summaries, added up.
async function summed(c: Client, ids: string[], query = ''): Promise<Pick<WorkspaceReportFigures, (typeof FIGURES)[number]>> {
  const all = await Promise.all(ids.map((id) => summaryOf(c, id, query)));
  return Object.fromEntries(FIGURES.map((k) => [k, all.reduce((n, s) => n + s[k], 0)])) as Pick<WorkspaceReportFigures, (typeof FIGURES)[number]>;
}
const pick = (f: WorkspaceReportFigures) => Object.fromEntries(FIGURES.map((k) => [k, f[k]]));

// Hits through the tracking routes, each from its own address.
let ip = 10;
const hit = (path: string, status: number, agent = UA.outlookWindows) =>
  t.http.get(path).set('User-Agent', agent).set('X-Forwarded-For', `203.0.113.${ip++}`).expect(status);
const open = (id: string, who: string) => hit(`/t/o/${id}.gif?v=${encodeURIComponent(who)}`, 200);
const click = (id: string, who: string) => hit(`/t/c/${id}?v=${encodeURIComponent(who)}&u=${encodeURIComponent(LANDING)}`, 302);

async function makeEyeMail(user: SignedUpUser, title: string): Promise<string> {
  const { videoId } = await readyVideo(user.client);
  return (await createSnippet(user.client, snippetPayload(videoId, { title, landingPageUrl: LANDING }))).snippet as string;
}

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
  co = await companyWithTeam(t, 'Northwind Marketing');
  outsider = await signUp(t, { fullName: 'Oscar Outsider' });
  const editor = co.members.editor;
  spring = await makeEyeMail(editor, 'Spring launch');
  quiet = await makeEyeMail(editor, 'Never sent');
  autumn = await makeEyeMail(co.members.admin, 'Autumn sale');
  theirs = await makeEyeMail(outsider, 'Outsider news');
  editor.client.workspace = undefined;
  editorsOwn = await makeEyeMail(editor, 'Editor personal');
  editor.client.workspace = co.id;

  // Spring: 3 people open (one twice), 2 click the landing page; a test send (a merge tag nobody
  // filled in) opens and clicks: left out. Autumn: 2 people open, 1 clicks.
  for (const who of ['ann@example.com', 'bob@example.com', 'cy@example.com', 'ann@example.com']) await open(spring, who);
  for (const who of ['ann@example.com', 'bob@example.com']) await click(spring, who);
  await open(spring, '*|EMAIL|*');
  await click(spring, '*|EMAIL|*');
  for (const who of ['dee@example.com', 'eve@example.com']) await open(autumn, who);
  await click(autumn, 'dee@example.com');
  // The other workspaces' EyeMails get hits of their own.
  for (const who of ['zed@example.com', 'yan@example.com']) await open(theirs, who);
  await open(editorsOwn, 'xia@example.com');
  await waitFor(async () => {
    const [{ n }] = await sql<{ n: number }>(t, 'select count(*)::int as n from engagement where snippet_id in (?, ?, ?, ?)', [spring, autumn, theirs, editorsOwn]);
    return n === 8 + 3 + 2 + 1 ? true : null;
  }, 'every hit loaded');

  // As the ingest stores them: Autumn's viewer played the web view 6 s of a 10 s video (a play no
  // click took) and clicked the web view and watched 4 s; a bot's open; and 20 days ago, an open
  // and a click of Spring (outside the last week).
  await insertEngagement(t, autumn, { kind: 'play', at: daysAgo(1), receiver: 'dee@example.com', durationSecs: 6, videoDurationSecs: 10 });
  await insertClickWithPlays(t, autumn, { at: daysAgo(1, 13), receiver: 'eve@example.com', target: null, videoDurationSecs: 10 }, [{ at: daysAgo(1, 13), durationSecs: 4 }]);
  await insertEngagement(t, autumn, { kind: 'open', at: daysAgo(1), receiver: null, ip: '66.249.66.1', machineReason: 'bot' });
  await insertEngagement(t, spring, { kind: 'open', at: daysAgo(20), receiver: 'old@example.com' });
  await insertEngagement(t, spring, { kind: 'click', at: daysAgo(20), receiver: 'old@example.com', target: LANDING });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/reports/workspace', () => {
  it('adds up the EyeMails of the company: the totals are the sum of their own reports, worked out by hand too', async () => {
    const viewer = co.members.viewer.client;
    const report = await workspaceReport(viewer);
    expect(report.workspaceId).toBe(co.id);
    expect(report.eyeMails).toBe(3);
    expect(report.includeMachine).toBe(false);
    expect(pick(report.totals)).toEqual(await summed(viewer, [spring, autumn, quiet]));
    // By hand: opens 4 + 1 (Spring, the old one included) and 2 (Autumn); plays without a click:
    // Autumn's 6 s play; clicks 2 + 1 (Spring) and 1 + the web view's (Autumn), all counted (the
    // web view's played 4 s); unique views: ann, bob, cy, old (Spring), dee, eve (Autumn); machine:
    // the test send's open and click, the bot's open.
    expect(report.totals).toEqual({ opens: 7, playsWithoutClick: 1, totalViews: 8, clicks: 5, totalClicks: 5, uniqueViews: 6, averageViewTime: 5, machineEvents: 3 });
    expect(report.machineExcluded).toBe(3);
    expect(report.catchingUp).toBe(false);
  });

  it('lists the EyeMails with hits by opens, each with the figures of its own report', async () => {
    const viewer = co.members.viewer.client;
    const report = await workspaceReport(viewer);
    expect(report.topEyeMails.map((e) => [e.title, e.creatorName, e.opens])).toEqual([
      ['Spring launch', 'Edith Editor', 5],
      ['Autumn sale', 'Adam Admin', 2],
    ]);
    for (const e of report.topEyeMails) {
      const own = await summaryOf(viewer, e.snippetId);
      expect(pick(e)).toEqual(pick({ ...own, machineEvents: own.machineEvents } as WorkspaceReportFigures));
      expect(e.averageViewTime).toBe(own.averageViewTime);
    }
  });

  it('adds up each creator\'s EyeMails, those never sent counted among theirs', async () => {
    const viewer = co.members.viewer.client;
    const report = await workspaceReport(viewer);
    expect(report.creators.map((c) => [c.creatorName, c.eyeMails, c.opens, c.totalClicks])).toEqual([
      ['Edith Editor', 2, 5, 3],
      ['Adam Admin', 1, 2, 2],
    ]);
    expect(pick(report.creators[0])).toEqual(await summed(viewer, [spring, quiet]));
    expect(pick(report.creators[1])).toEqual(await summed(viewer, [autumn]));
    // Autumn's people with seconds: dee 6 s, eve 4 s.
    expect(report.creators[1].averageViewTime).toBe(5);
  });

  it('keeps to the dates asked for, in the caller\'s time zone, as an EyeMail\'s report does', async () => {
    const viewer = co.members.viewer.client;
    const today = localDate(new Date().toISOString());
    const query = `?dateFrom=${localDate(daysAgo(7))}&dateTill=${today}&tz=UTC`;
    const report = await workspaceReport(viewer, query);
    expect(report.dateFrom).toBe(localDate(daysAgo(7)));
    expect(report.dateTill).toBe(today);
    expect(pick(report.totals)).toEqual(await summed(viewer, [spring, autumn, quiet], query));
    // Spring's open and click of 20 days ago are out, and with them old@ (their only view).
    expect(report.totals).toMatchObject({ opens: 6, clicks: 4, totalViews: 7, uniqueViews: 5, averageViewTime: 5 });
    // 20 to 10 days ago: only those two.
    const before = await workspaceReport(viewer, `?dateFrom=${localDate(daysAgo(20))}&dateTill=${localDate(daysAgo(10))}&tz=UTC`);
    expect(before.totals).toMatchObject({ opens: 1, clicks: 1, totalViews: 1, totalClicks: 1, uniqueViews: 1, averageViewTime: 0, machineEvents: 0 });
    expect(before.topEyeMails.map((e) => e.title)).toEqual(['Spring launch']);
  });

  it('leaves machine traffic and test sends out unless they are asked for', async () => {
    const viewer = co.members.viewer.client;
    const report = await workspaceReport(viewer, '?includeMachine=true');
    expect(report.includeMachine).toBe(true);
    expect(report.machineExcluded).toBe(0);
    expect(pick(report.totals)).toEqual(await summed(viewer, [spring, autumn, quiet], '?includeMachine=true'));
    expect(report.totals).toMatchObject({ opens: 9, clicks: 6, machineEvents: 3 });
  });

  it('refuses dates it cannot read, with the report\'s messages', async () => {
    const viewer = co.members.viewer.client;
    const bad = await viewer.get('/api/reports/workspace?dateFrom=2026-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('dateFrom must be a date written YYYY-MM-DD.');
    const order = await viewer.get('/api/reports/workspace?dateFrom=2026-05-02&dateTill=2026-05-01');
    expect(order.status).toBe(400);
    expect(order.body.message).toBe('dateTill must not be before dateFrom.');
  });
});

describe('who reads it', () => {
  it('answers every member of the company the same, and nobody signed out', async () => {
    const viewerView = await workspaceReport(co.members.viewer.client);
    for (const member of [co.owner, co.members.admin, co.members.editor]) {
      const seen = await workspaceReport(member.client);
      expect(seen.totals).toEqual(viewerView.totals);
      expect(seen.topEyeMails.map((e) => e.snippetId)).toEqual(viewerView.topEyeMails.map((e) => e.snippetId));
    }
    expect((await t.http.get('/api/reports/workspace')).status).toBe(401);
  });

  it("shows an outsider only their own EyeMails, and a member's personal workspace only theirs", async () => {
    const mine = await workspaceReport(outsider.client);
    expect(mine.workspaceId).toBe(outsider.id);
    expect(mine.eyeMails).toBe(1);
    expect(mine.topEyeMails.map((e) => e.snippetId)).toEqual([theirs]);
    expect(mine.creators.map((c) => [c.creatorName, c.eyeMails])).toEqual([['Oscar Outsider', 1]]);
    expect(mine.totals).toMatchObject({ opens: 2, totalViews: 2, uniqueViews: 2, clicks: 0 });
    // Naming the company is refused: they are not a member.
    outsider.client.workspace = co.id;
    expect((await outsider.client.get('/api/reports/workspace')).status).toBe(404);
    outsider.client.workspace = undefined;

    const editor = co.members.editor;
    editor.client.workspace = undefined;
    const personal = await workspaceReport(editor.client);
    editor.client.workspace = co.id;
    expect(personal.topEyeMails.map((e) => e.snippetId)).toEqual([editorsOwn]);
    expect(personal.totals.opens).toBe(1);
  });

  it("answers the company's API token with the company's figures, another workspace's token with its own", async () => {
    const made = await co.members.admin.client.post('/api/api-tokens').send({ name: 'Dashboards' });
    expect(made.status).toBe(201);
    const companyToken = made.body.body.token as string;
    const theirsMade = await outsider.client.post('/api/api-tokens').send({ name: 'Mine' });
    expect(theirsMade.status).toBe(201);

    const viaToken = await body<WorkspaceReport>(await t.http.get('/api/reports/workspace').set(bearer(companyToken)));
    expect(viaToken.workspaceId).toBe(co.id);
    expect(viaToken.totals).toEqual((await workspaceReport(co.members.viewer.client)).totals);
    // A token acts in its own workspace whatever header it carries.
    const other = await body<WorkspaceReport>(await t.http.get('/api/reports/workspace').set(bearer(theirsMade.body.body.token)).set('X-Workspace-Id', co.id));
    expect(other.workspaceId).toBe(outsider.id);
    expect(other.topEyeMails.map((e) => e.snippetId)).toEqual([theirs]);
  });
});

// Tests, on the real app and database: an open, a visit or a click whose v= is a merge tag the
// platform never filled in (the marketer opening their own export, a preview, a test send) is kept
// but classed as a test: the report's totals, records, summary and CSV leave it out by default,
// and show it, labelled, with machine traffic. Its viewer is never the raw tag.
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type Client } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { listen, rawRequest } from '../support/raw-http.js';
import { waitFor } from '../support/wait.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';

jest.setTimeout(180_000);

const LANDING = 'https://shop.example.com/spring';

// v= as each platform's unfilled tag reaches the server: as written, or URL-encoded by the
// browser or the platform's editor.
const TEST_OPENS = [
  '*|URL:EMAIL|*', // Mailchimp
  '%7B%7Bcontact.email%7Curlencode%7D%7D', // HubSpot, URL-encoded
  '%%emailaddr%%', // Salesforce Marketing Cloud
  '%recipient.email%', // Mailgun
  '[[EMAIL_TO]]', // Mailjet
  '$[UD:CONTACT_EMAIL]$', // Zoho Campaigns
  '{!email}', // AWeber
];
const TEST_CLICKS = ['%EMAIL%', '%7B%7Bcustomer.email%20%7C%20url_encode%7D%7D']; // ActiveCampaign, Customer.io
const TEST_VISIT = '%7B%7B%20email%20%7D%7D'; // Klaviyo's {{ email }}

describe('test traffic: unfilled merge tags', () => {
  let t: TestApp;
  let owner: Client;
  let id: string;

  const get = async (path: string, status: number) => {
    const res = await rawRequest(t.app.getHttpServer(), path, { headers: { 'User-Agent': UA.chromeWindows } });
    expect(res.status).toBe(status);
  };
  const api = async (path: string) => {
    const res = await owner.get(path);
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(true);
    return res.body.body;
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = (await signUp(t)).client;
    const { videoId } = await readyVideo(owner);
    id = (await createSnippet(owner, snippetPayload(videoId, { landingPageUrl: LANDING }))).snippet;
    await listen(t.app.getHttpServer());

    const u = encodeURIComponent(LANDING);
    for (const v of TEST_OPENS) await get(`/t/o/${id}.gif?v=${v}`, 200);
    for (const v of TEST_CLICKS) await get(`/t/c/${id}?v=${v}&u=${u}`, 302);
    await get(`/live/${id}?v=${TEST_VISIT}`, 200);
    // The real recipients, from the same address.
    await get(`/t/o/${id}.gif?v=ann%40example.com`, 200);
    await get(`/t/o/${id}.gif?v=bob@example.com`, 200);
    await get(`/live/${id}?v=ann%40example.com`, 200);
    await get(`/t/c/${id}?v=ann%40example.com&u=${u}`, 302);
    // Every answered hit is stored: none dropped.
    await waitFor(async () => {
      const [{ n }] = await sql<{ n: number }>(t, 'select count(*)::int as n from engagement where snippet_id = ?', [id]);
      const [{ m }] = await sql<{ m: number }>(t, 'select count(*)::int as m from viewer_visit where snippet_id = ?', [id]);
      return n === TEST_OPENS.length + TEST_CLICKS.length + 3 && m === 2 ? true : null;
    }, 'every hit loaded');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores each as a test with no receiver, the real ones as people', async () => {
    const rows = await sql<{ kind: string; receiver: string | null; machine_reason: string | null }>(
      t,
      `select kind, receiver, machine_reason from engagement where snippet_id = ?
       union all select 'visit', receiver, machine_reason from viewer_visit where snippet_id = ? order by 1, 2`,
      [id, id],
    );
    const tests = rows.filter((r) => r.machine_reason === 'test');
    expect(tests.map((r) => r.kind).sort()).toEqual([...TEST_CLICKS.map(() => 'click'), ...TEST_OPENS.map(() => 'open'), 'visit'].sort());
    expect(tests.every((r) => r.receiver === null)).toBe(true);
    expect(rows.filter((r) => r.machine_reason === null)).toEqual([
      { kind: 'click', receiver: 'ann@example.com', machine_reason: null },
      { kind: 'open', receiver: 'ann@example.com', machine_reason: null },
      { kind: 'open', receiver: 'bob@example.com', machine_reason: null },
      { kind: 'visit', receiver: 'ann@example.com', machine_reason: null },
    ]);
  });

  it('leaves them out of the totals by default: opens, visits, clicks and the click-through rate are the real ones', async () => {
    const r = await api(`/api/reports/${id}/engagement`);
    expect(r).toMatchObject({ opens: { total: 2, unique: 2 }, visits: { total: 1, unique: 1 }, clicks: { total: 1, unique: 1 } });
    expect(r.clickThroughRate).toBe(0.5);
    const s = await api(`/api/reports/${id}/summary`);
    expect(s).toMatchObject({ totalViews: 2, uniqueViews: 2, machineExcluded: TEST_OPENS.length + TEST_CLICKS.length, includeMachine: false });
    const records = (await api(`/api/reports/${id}`)) as { receiver: string | null; machineReason: string | null }[];
    expect(records).toHaveLength(3);
    expect(records.every((x) => x.machineReason === null && x.receiver !== null)).toBe(true);
  });

  it('shows them with machine traffic, labelled as tests, never named by the tag', async () => {
    const r = await api(`/api/reports/${id}/engagement?includeMachine=true`);
    expect(r).toMatchObject({ opens: { total: 2 + TEST_OPENS.length }, visits: { total: 2 }, clicks: { total: 1 + TEST_CLICKS.length } });
    const records = (await api(`/api/reports/${id}?includeMachine=true&size=50`)) as { activity: string; receiver: string | null; machineReason: string | null }[];
    const tests = records.filter((x) => x.machineReason === 'test');
    expect(tests).toHaveLength(TEST_OPENS.length + TEST_CLICKS.length);
    expect(tests.every((x) => x.receiver === null)).toBe(true);
    expect(records.filter((x) => x.machineReason === null)).toHaveLength(3);
    const s = await api(`/api/reports/${id}/summary?includeMachine=true`);
    expect(s).toMatchObject({ machineEvents: TEST_OPENS.length + TEST_CLICKS.length, machineExcluded: 0 });
  });

  it('writes the CSV the same way: real rows by default, tests (Machine Reason "test") with machine traffic', async () => {
    const csv = async (query: string) => {
      const res = await owner.get(`/api/reports/${id}/download${query}`);
      expect(res.status).toBe(200);
      return res.text.trim().split('\r\n').slice(1);
    };
    const plain = await csv('');
    expect(plain).toHaveLength(3);
    expect(plain.some((l) => l.includes(',test,'))).toBe(false);
    const all = await csv('?includeMachine=true');
    expect(all.filter((l) => l.includes(',test,'))).toHaveLength(TEST_OPENS.length + TEST_CLICKS.length);
    // No tag syntax reaches a row as a receiver.
    expect(all.some((l) => /\*\||\{\{|%%|\[\[|\{!|\$\[/.test(l))).toBe(false);
  });

  it("hands the tag on from a test send's web view, so its plays and clicks are tests too", async () => {
    const page = await rawRequest(t.app.getHttpServer(), `/live/${id}?v=*%7CEMAIL%7C*`, { headers: { 'User-Agent': UA.chromeWindows } });
    expect(page.status).toBe(200);
    const html = page.body.toString();
    expect(html).toContain('data-receiver="*|EMAIL|*"');
    // Its landing link carries the tag, so the click is a test as well.
    const link = /href="http:\/\/eyemail\.test(\/t\/c\/[^"]+)"/.exec(html)![1].replace(/&#x3D;/g, '=').replace(/&amp;/g, '&');
    expect(link).toContain('v=*%7CEMAIL%7C*');
    await get(link, 302);
    // The play its script reports, with the receiver it was given.
    await t.http
      .post('/api/reports/updateduration')
      .set('Content-Type', 'text/plain')
      .set('User-Agent', UA.chromeWindows)
      .send(JSON.stringify({ DurationSecs: 6, SnippetId: id, TotalPlayTimeVideo: 30, Receiver: '*|EMAIL|*' }))
      .expect(200);
    const plays = await waitFor(async () => {
      const rows = await sql<{ receiver: string | null; machine_reason: string | null }>(t, `select receiver, machine_reason from engagement where snippet_id = ? and kind = 'play'`, [id]);
      return rows.length ? rows : null;
    }, 'the play stored');
    expect(plays).toEqual([{ receiver: null, machine_reason: 'test' }]);
    // A report read loads what is waiting first: then every row is in.
    const r = await api(`/api/reports/${id}/engagement`);
    expect(r).toMatchObject({ opens: { total: 2 }, visits: { total: 1 }, clicks: { total: 1 } });
    const clicks = await sql<{ machine_reason: string | null }>(t, `select machine_reason from engagement where snippet_id = ? and kind = 'click' and machine_reason = 'test'`, [id]);
    expect(clicks).toHaveLength(TEST_CLICKS.length + 1);
  });

  it('has no switch of its own: a machine switch that is not true or false is a clear 400', async () => {
    for (const path of [`/api/reports/${id}?includeMachine=tests`, `/api/reports/${id}/engagement?includeMachine=tests`]) {
      const res = await owner.get(path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: false, errors: { includeMachine: 'includeMachine must be true or false.' } });
    }
  });
});

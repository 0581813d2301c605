// Webhooks through HTTP on the real app and a real receiver: endpoints per account, opens and
// clicks from the real tracking routes delivered through the job queue, signed per Standard
// Webhooks (checked with the standardwebhooks package), retried with a log entry per try, test
// events, secret rotation, an endpoint turned off (and its owner mailed) after three days of
// failures, and private addresses refused unless allowed. A delivery under way when the app stops
// or is killed is in webhooks-restart (a file of its own, so jest runs it beside this one).
import { jest } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { startReceiver, type TestReceiver, type ReceivedHook } from '../support/webhook-receiver.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { waitFor } from '../support/wait.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';

jest.setTimeout(180_000);

let t: TestApp;
let smtp: TestSmtp;
let rx: TestReceiver;
let owner: SignedUpUser;
let other: SignedUpUser;
let snippetId: string;
let secondId: string;

interface Attempt {
  messageId: string;
  eventType: string;
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  responseStart: string | null;
  error: string | null;
}

const open = (sid: string, who: string, agent: string = UA.outlookWindows) =>
  t.http.get(`/t/o/${sid}.gif?v=${encodeURIComponent(who)}`).set('User-Agent', agent).expect(200);
const LANDING = 'https://shop.example.com/spring';
const click = (sid: string, who: string) =>
  t.http.get(`/t/c/${sid}?v=${encodeURIComponent(who)}&u=${encodeURIComponent(LANDING)}`).set('User-Agent', UA.outlookWindows);

async function addEndpoint(user: SignedUpUser, body: Record<string, unknown>) {
  const res = await user.client.post('/api/webhooks').send(body);
  expect(res.status).toBe(201);
  return res.body.body as { id: string; secret: string; url: string; secretHint: string };
}

const hooksFor = (path: string) => rx.received.filter((h) => h.path === path);
const log = async (id: string) => (await owner.client.get(`/api/webhooks/${id}/deliveries`).expect(200)).body.body as Attempt[];

function verified(h: ReceivedHook, secret: string): { type: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(h.body, h.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
}

beforeAll(async () => {
  smtp = await startSmtp();
  rx = await startReceiver();
  // BullMQ when REDIS_URL is set, the in-process queue otherwise: the same deliveries either way.
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_TIMEOUT_SECONDS: '2', SMTP_URL: smtp.url, REDIS_URL: process.env.REDIS_URL });
  owner = await signUp(t, { fullName: 'Hana Hook' });
  // The sign-up's verification mail, so the owner's next mail is the one a test waits for.
  await smtp.next(owner.email);
  // No notification mails (on by default) among the mails this file waits for.
  await owner.client.put('/api/notifications/settings').send({ events: [] }).expect(200);
  other = await signUp(t, { fullName: 'Otto Other' });
  const { videoId } = await readyVideo(owner.client);
  snippetId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Spring launch', landingPageUrl: LANDING }))).snippet;
  secondId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Second' }))).snippet;
});

afterAll(async () => {
  await t?.close();
  await rx?.close();
  await smtp?.close();
});

describe('webhook endpoints', () => {
  it('deliver opens and clicks, signed per Standard Webhooks, to the endpoints that want them', async () => {
    const all = await addEndpoint(owner, { url: `${rx.url}/all`, events: ['eyemail.opened', 'eyemail.clicked'] });
    expect(all.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const clicksOfSecond = await addEndpoint(owner, { url: `${rx.url}/second-clicks`, events: ['eyemail.clicked'], snippetIds: [secondId] });
    // Another account's endpoint hears nothing of the owner's EyeMails.
    await addEndpoint(other, { url: `${rx.url}/other`, events: ['eyemail.opened', 'eyemail.clicked'] });
    // The secret is not shown again.
    const listed = (await owner.client.get('/api/webhooks').expect(200)).body.body;
    expect(JSON.stringify(listed)).not.toContain(all.secret);

    await open(snippetId, 'ada@example.com');
    await click(snippetId, 'ada@example.com');
    await open(secondId, 'bo@example.com');
    await click(secondId, 'bo@example.com');
    // Machine traffic (a bot) is never sent.
    await open(snippetId, 'bot@example.com', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');

    await waitFor(() => hooksFor('/all').length >= 4 && hooksFor('/second-clicks').length >= 1, 'four deliveries to /all and one to /second-clicks');
    const events = hooksFor('/all').map((h) => verified(h, all.secret));
    expect(events.map((e) => `${e.type} ${String(e.data.receiver)} ${String(e.data.eyemailTitle)}`).sort()).toEqual([
      'eyemail.clicked ada@example.com Spring launch',
      'eyemail.clicked bo@example.com Second',
      'eyemail.opened ada@example.com Spring launch',
      'eyemail.opened bo@example.com Second',
    ]);
    const clickEvent = events.find((e) => e.type === 'eyemail.clicked' && e.data.eyemailId === snippetId)!;
    expect(clickEvent.data).toMatchObject({ eyemailId: snippetId, click: { url: LANDING, destination: 'landing-page' } });
    expect(hooksFor('/second-clicks').map((h) => verified(h, clicksOfSecond.secret))).toEqual([expect.objectContaining({ type: 'eyemail.clicked', data: expect.objectContaining({ eyemailId: secondId }) })]);
    // A signature made with another secret does not verify.
    expect(() => verified(hooksFor('/all')[0], clicksOfSecond.secret)).toThrow();
    expect(hooksFor('/other')).toHaveLength(0);
    expect(rx.received.some((h) => h.body.includes('bot@example.com'))).toBe(false);
    // Each try is in the log with its status, time and the start of the answer.
    const entries = await log(all.id);
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries[0]).toMatchObject({ succeeded: true, statusCode: 200, responseStart: 'ok', error: null });
    expect(entries[0].messageId).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(new Set(hooksFor('/all').map((h) => h.headers['webhook-id'])).size).toBe(hooksFor('/all').length);
  });

  it('retry a failed delivery with the same message id, logging each try', async () => {
    const ep = await addEndpoint(owner, { url: `${rx.url}/flaky`, events: ['eyemail.opened'], snippetIds: [secondId] });
    rx.mode = { kind: 'answer', status: 500, body: 'database down' };
    await open(secondId, 'cy@example.com');
    await waitFor(() => hooksFor('/flaky').length >= 1, 'the first try');
    rx.mode = { kind: 'answer', status: 204 };
    // The second try comes after the first gap of the schedule (5 s).
    await waitFor(() => hooksFor('/flaky').length >= 2, 'the retry', 30_000);
    const [first, second] = hooksFor('/flaky');
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(verified(second, ep.secret).data.receiver).toBe('cy@example.com');
    const entries = await waitFor(async () => ((await log(ep.id)).length >= 2 ? log(ep.id) : null), 'two log entries');
    expect(entries.map((e) => [e.succeeded, e.statusCode])).toEqual([[true, 204], [false, 500]]);
    expect(entries[1]).toMatchObject({ responseStart: 'database down', error: 'HTTP 500' });
    expect(entries[1].durationMs).toBeGreaterThanOrEqual(0);
  });

  it('keep the ingest answering while a receiver hangs, and log the timeout', async () => {
    const ep = await addEndpoint(owner, { url: `${rx.url}/hang`, events: ['eyemail.opened'], snippetIds: [secondId] });
    rx.mode = { kind: 'hang' };
    await open(secondId, 'dee@example.com');
    await waitFor(() => rx.hanging() >= 1, 'a delivery held open by the receiver');
    // The tracking routes answer (and store) as usual while it hangs.
    for (let i = 0; i < 20; i++) await open(snippetId, `reader${i}@example.com`);
    const [{ n }] = await sql<{ n: string }>(t, `select count(*) as n from engagement where snippet_id = ? and receiver like 'reader%'`, [snippetId]);
    expect(Number(n)).toBe(20);
    rx.mode = { kind: 'answer', status: 200, body: 'ok' };
    const entries = await waitFor(async () => {
      const l = await log(ep.id);
      return l.length ? l : null;
    }, 'the timed-out try in the log', 40_000);
    expect(entries[0]).toMatchObject({ succeeded: false, statusCode: null, error: expect.stringMatching(/No answer within 2 s/) });
    expect(entries[0].durationMs).toBeGreaterThanOrEqual(1_900);
  });

  it('send a test event on demand, signed with the current secret after a rotation', async () => {
    const ep = await addEndpoint(owner, { url: `${rx.url}/test`, events: ['eyemail.clicked'], snippetIds: [secondId] });
    const res = await owner.client.post(`/api/webhooks/${ep.id}/test`).expect(202);
    await waitFor(() => hooksFor('/test').length >= 1, 'the test event');
    expect(hooksFor('/test')[0].headers['webhook-id']).toBe(res.body.body.messageId);
    expect(verified(hooksFor('/test')[0], ep.secret).type).toBe('webhook.test');

    expect((await other.client.post(`/api/webhooks/${ep.id}/rotate-secret`)).status).toBe(404);
    const rotated = (await owner.client.post(`/api/webhooks/${ep.id}/rotate-secret`).expect(200)).body.body.secret as string;
    expect(rotated).not.toBe(ep.secret);
    await owner.client.post(`/api/webhooks/${ep.id}/test`).expect(202);
    await waitFor(() => hooksFor('/test').length >= 2, 'the second test event');
    const after = hooksFor('/test')[1];
    expect(verified(after, rotated).type).toBe('webhook.test');
    expect(() => verified(after, ep.secret)).toThrow();
  });

  it('turn an endpoint off after three days of failures and mail its owner once', async () => {
    const ep = await addEndpoint(owner, { url: `${rx.url}/dead`, events: ['eyemail.opened'], snippetIds: [secondId] });
    rx.mode = { kind: 'answer', status: 503, body: 'gone' };
    await sql(t, `update webhook_endpoint set failing_since = now() - interval '3 days 1 minute' where id = ?`, [ep.id]);
    await open(secondId, 'eve@example.com');
    await waitFor(async () => {
      const [row] = await sql<{ enabled: boolean }>(t, 'select enabled from webhook_endpoint where id = ?', [ep.id]);
      return row.enabled === false ? true : null;
    }, 'the endpoint turned off');
    const mail = await smtp.next(owner.email);
    expect(mail.subject).toMatch(/webhook endpoint was turned off/i);
    expect(mail.text).toContain(`${rx.url}/dead`);
    expect(mail.text).toContain('http://eyemail.test/integrations');
    const view = (await owner.client.get('/api/webhooks').expect(200)).body.body.find((e: { id: string }) => e.id === ep.id);
    expect(view).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/three days/) });
    // Turned off, it gets nothing more.
    rx.mode = { kind: 'answer', status: 200, body: 'ok' };
    const before = hooksFor('/dead').length;
    await open(secondId, 'fay@example.com');
    await waitFor(() => hooksFor('/hang').length >= 2 || hooksFor('/flaky').length >= 3, 'the same event at the other endpoints');
    expect(hooksFor('/dead')).toHaveLength(before);
    // Back on: delivered again, the failures forgotten.
    await owner.client.put(`/api/webhooks/${ep.id}`).send({ enabled: true }).expect(200);
    await open(secondId, 'gus@example.com');
    await waitFor(() => hooksFor('/dead').some((h) => h.body.includes('gus@example.com')), 'a delivery after turning it back on');
    expect(smtp.pending(owner.email)).toHaveLength(0);
  });

  it('refuse bad forms with field errors, and belong to their account only', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ url: 'not a url', events: ['eyemail.opened'] }, 'url'],
      [{ url: `${rx.url}/x`, events: [] }, 'events'],
      [{ url: `${rx.url}/x`, events: ['eyemail.exploded'] }, 'events'],
      [{ url: `${rx.url}/x`, events: ['eyemail.opened'], snippetIds: ['nope'] }, 'snippetIds'],
      [{ url: `ftp://127.0.0.1/x`, events: ['eyemail.opened'] }, 'url'],
    ];
    const before = await sql(t, 'select id from webhook_endpoint');
    for (const [body, field] of bad) {
      const res = await owner.client.post('/api/webhooks').send(body);
      expect([res.status, res.body.result, Object.keys(res.body.errors ?? {})]).toEqual([400, false, [field]]);
    }
    // Another account's EyeMail is not a choice.
    const theirs = await other.client.post('/api/webhooks').send({ url: `${rx.url}/x`, events: ['eyemail.opened'], snippetIds: [snippetId] });
    expect(theirs.status).toBe(400);
    expect(await sql(t, 'select id from webhook_endpoint')).toHaveLength(before.length);
    const mine = (await owner.client.get('/api/webhooks').expect(200)).body.body[0].id as string;
    for (const call of [other.client.put(`/api/webhooks/${mine}`).send({ enabled: false }), other.client.delete(`/api/webhooks/${mine}`), other.client.get(`/api/webhooks/${mine}/deliveries`), other.client.post(`/api/webhooks/${mine}/test`)]) {
      expect((await call).status).toBe(404);
    }
  });
});

describe('webhook targets on private networks', () => {
  let strict: TestApp;
  let user: SignedUpUser;

  beforeAll(async () => {
    strict = await startTestApp();
    user = await signUp(strict, { fullName: 'Sam Strict' });
  });
  afterAll(async () => strict?.close());

  it('are refused when the endpoint is made, unless allowed', async () => {
    for (const url of [`${rx.url}/x`, 'https://127.0.0.1/x', 'https://[::1]/x', 'https://169.254.169.254/latest/meta-data', 'https://10.1.2.3/', 'https://localhost/x', 'http://93.184.216.34/x']) {
      const res = await user.client.post('/api/webhooks').send({ url, events: ['eyemail.opened'] });
      expect([url, res.status, Object.keys(res.body.errors ?? {})]).toEqual([url, 400, ['url']]);
    }
  });

  it('are refused in every IPv6 form that wraps an IPv4 address, with the reason', async () => {
    expect(strict.config.webhookAllowPrivateTargets).toBe(false);
    // Each reaches 127.0.0.1 (the first is written [::7f00:1] once parsed): IPv4-compatible,
    // IPv4-translated, NAT64 (local-use prefix), 6to4. Only public global unicast IPv6 is taken.
    const urls = ['https://[::127.0.0.1]/x', 'https://[::ffff:0:127.0.0.1]/x', 'https://[64:ff9b:1::7f00:1]/x', 'https://[2002:7f00:1::1]/x'];
    const reason = 'This address leads to a private, loopback, link-local or reserved network (or wraps such an address in IPv6), which EyeMail does not send webhooks to.';
    const made = await user.client.post('/api/webhooks').send({ url: 'https://93.184.216.34/hook', events: ['eyemail.opened'] }).expect(201);
    for (const url of urls) {
      const res = await user.client.post('/api/webhooks').send({ url, events: ['eyemail.opened'] });
      expect([url, res.status, res.body]).toEqual([url, 400, expect.objectContaining({ result: false, message: reason, errors: { url: reason } })]);
      // Nor can an endpoint be changed to one.
      const changed = await user.client.put(`/api/webhooks/${made.body.body.id}`).send({ url });
      expect([url, changed.status, changed.body.result, changed.body.message]).toEqual([url, 400, false, reason]);
    }
    const [row] = await sql<{ url: string }>(strict, 'select url from webhook_endpoint where id = ?', [made.body.body.id]);
    expect(row.url).toBe('https://93.184.216.34/hook');
    await user.client.delete(`/api/webhooks/${made.body.body.id}`).expect(200);
  });

  it('are refused again at delivery time (an address that changed since), and nothing is sent', async () => {
    const made = await user.client.post('/api/webhooks').send({ url: 'https://93.184.216.34/hook', events: ['eyemail.opened'] }).expect(201);
    const id = made.body.body.id as string;
    // As if its name now resolved to the loopback address.
    await sql(strict, 'update webhook_endpoint set url = ? where id = ?', [`${rx.url.replace('http:', 'https:')}/rebound`, id]);
    await user.client.post(`/api/webhooks/${id}/test`).expect(202);
    const entries = await waitFor(async () => {
      const l = (await user.client.get(`/api/webhooks/${id}/deliveries`).expect(200)).body.body as Attempt[];
      return l.length ? l : null;
    }, 'the refused try in the log');
    expect(entries[0]).toMatchObject({ succeeded: false, statusCode: null, error: expect.stringMatching(/^Not sent: .*private/) });
    expect(hooksFor('/rebound')).toHaveLength(0);
  });
});

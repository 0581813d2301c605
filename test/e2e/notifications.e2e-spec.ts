// Notifications to the owner through HTTP on the real app, a real database and a real SMTP
// server: a mail when a named recipient opens, plays, watches half or clicks (as chosen per
// account and EyeMail), never for machine traffic or an unnamed recipient, at most one per
// recipient and EyeMail in the window with a digest of the rest at its end, an unsubscribe link
// (page and one-click POST) in each mail, and the bell's latest events.
import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { waitFor } from '../support/wait.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';

jest.setTimeout(180_000);

const WINDOW_SECONDS = 3;
const LANDING = 'https://shop.example.com/spring';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestApp;
let smtp: TestSmtp;
let owner: SignedUpUser;
let other: SignedUpUser;
let snippetId: string;
let secondId: string;

interface BellItem {
  receiver: string;
  kind: string;
  title: string;
  snippetId: string;
  read: boolean;
}

const open = (sid: string, who: string, agent: string = UA.outlookWindows) => t.http.get(`/t/o/${sid}.gif?v=${encodeURIComponent(who)}`).set('User-Agent', agent).expect(200);
const click = (sid: string, who: string) => t.http.get(`/t/c/${sid}?v=${encodeURIComponent(who)}&u=${encodeURIComponent(LANDING)}`).set('User-Agent', UA.outlookWindows);
const watch = (sid: string, who: string, seconds: number) =>
  t.http
    .post('/api/reports/updateduration/ranges')
    .set('Content-Type', 'text/plain;charset=UTF-8')
    .set('User-Agent', UA.chromeWindows)
    .send(JSON.stringify({ playId: crypto.randomUUID(), snippetId: sid, receiver: who, length: 30, segments: [[0, 0, seconds]] }));
// The mail's headers, unfolded (RFC 5322: a long header continues on lines starting with a space).
const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n(?=[ \t])/g, '');
const bell = async (user = owner) => (await user.client.get('/api/notifications').expect(200)).body.body as { unread: number; items: BellItem[] };
const inBell = async (who: string, kind: string) => (await bell()).items.some((i) => i.receiver === who && i.kind === kind);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, NOTIFY_WINDOW_SECONDS: String(WINDOW_SECONDS), REDIS_URL: process.env.REDIS_URL });
  owner = await signUp(t, { fullName: 'Nora Notify' });
  await smtp.next(owner.email);
  other = await signUp(t, { fullName: 'Otto Other' });
  await smtp.next(other.email);
  const { videoId, encodings } = await readyVideo(owner.client);
  await sql(t, 'update video_encoding set duration_secs = ? where id = ?', [30, encodings[0].encodingId]);
  snippetId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Spring launch', landingPageUrl: LANDING }))).snippet;
  secondId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Second <EyeMail>' }))).snippet;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('notification mails', () => {
  it('mail the owner when a named recipient opens, with the event, a report link and an unsubscribe link', async () => {
    await open(snippetId, 'ada@example.com');
    const mail = await smtp.next(owner.email, 15_000);
    expect(mail.subject).toBe('ada@example.com opened Spring launch');
    expect(mail.text).toContain('ada@example.com opened "Spring launch"');
    expect(mail.text).toContain(`/reports/${snippetId}`);
    expect(headersOf(mail.raw)).toMatch(/^List-Unsubscribe:\s*<http[^>]+\/notifications\/unsubscribe\?token=[^>]+>/m);
    expect(headersOf(mail.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  });

  it('mail a click, and escape the recipient and the title in the HTML part', async () => {
    const who = '<b>bo</b>@example.com';
    await click(secondId, who);
    const mail = await smtp.next(owner.email, 15_000);
    expect(mail.subject).toBe(`${who} clicked Second <EyeMail>`);
    expect(mail.html).toContain('&lt;b&gt;bo&lt;/b&gt;@example.com');
    expect(mail.html).toContain('Second &lt;EyeMail&gt;');
    expect(mail.html).not.toContain('<b>bo</b>');
  });

  it('mail a play, and watching at least half when that is what the EyeMail asks for', async () => {
    await watch(snippetId, 'cy@example.com', 5).expect(200);
    expect((await smtp.next(owner.email, 15_000)).subject).toBe('cy@example.com played the video of Spring launch');

    await owner.client.put(`/api/notifications/settings/${secondId}`).send({ events: ['half'] }).expect(200);
    await watch(secondId, 'di@example.com', 16).expect(200);
    expect((await smtp.next(owner.email, 15_000)).subject).toBe('di@example.com watched at least half of Second <EyeMail>');
    // The play counted too, in the bell, but mailed no one (the EyeMail asked for halves only).
    await waitFor(() => inBell('di@example.com', 'play'), 'the play in the bell');
    expect(smtp.pending(owner.email)).toHaveLength(0);
    await owner.client.put(`/api/notifications/settings/${secondId}`).send({ inherit: true }).expect(200);
  });

  it("follow each EyeMail's own choice over the account default: a custom set, none, or the default again", async () => {
    const put = (sid: string, body: object) => owner.client.put(`/api/notifications/settings/${sid}`).send(body).expect(200);
    await owner.client.put('/api/notifications/settings').send({ events: ['open'] }).expect(200);
    // Second: clicks only, though the account default has no clicks.
    expect((await put(secondId, { events: ['click'] })).body.body).toEqual({ inherit: false, events: ['click'], accountEvents: ['open'] });
    await click(secondId, 'kim@example.com');
    expect((await smtp.next(owner.email, 15_000)).subject).toBe('kim@example.com clicked Second <EyeMail>');
    await open(secondId, 'kit@example.com');
    await waitFor(() => inBell('kit@example.com', 'open'), 'the open in the bell');
    expect(smtp.pending(owner.email)).toHaveLength(0);

    // Spring launch: none, so not even the default's opens mail.
    await put(snippetId, { inherit: false, events: [] });
    await open(snippetId, 'lee@example.com');
    await waitFor(() => inBell('lee@example.com', 'open'), 'the open in the bell');
    expect(smtp.pending(owner.email)).toHaveLength(0);

    // Back to the account default: opens mail again.
    expect((await put(snippetId, { inherit: true })).body.body).toEqual({ inherit: true, events: ['open'], accountEvents: ['open'] });
    await open(snippetId, 'max@example.com');
    expect((await smtp.next(owner.email, 15_000)).subject).toBe('max@example.com opened Spring launch');

    await put(secondId, { inherit: true });
    await owner.client.put('/api/notifications/settings').send({ events: ['open', 'play', 'half', 'click'] }).expect(200);
  });

  it('never mail for machine traffic or an unnamed recipient', async () => {
    await open(snippetId, 'bot@example.com', BOT);
    await open(snippetId, '');
    await open(snippetId, 'ed@example.com');
    expect((await smtp.next(owner.email, 15_000)).subject).toBe('ed@example.com opened Spring launch');
    expect(smtp.messages.some((m) => m.subject.includes('bot@example.com'))).toBe(false);
    expect((await bell()).items.some((i) => i.receiver === 'bot@example.com' || i.receiver === '')).toBe(false);
  });

  it('send at most one mail per recipient and EyeMail in the window, and a digest of the rest at its end', async () => {
    await open(snippetId, 'fay@example.com');
    expect((await smtp.next(owner.email, 15_000)).subject).toBe('fay@example.com opened Spring launch');
    await click(snippetId, 'fay@example.com');
    await open(snippetId, 'fay@example.com');
    // Another EyeMail of the same recipient is not held by the first one's window.
    await open(secondId, 'fay@example.com');
    expect((await smtp.next(owner.email, 15_000)).subject).toBe('fay@example.com opened Second <EyeMail>');
    await waitFor(async () => (await bell()).items.filter((i) => i.receiver === 'fay@example.com').length >= 4, 'four events of fay in the bell');
    // Held: no second mail about Spring launch before the window ends.
    expect(smtp.pending(owner.email)).toHaveLength(0);
    const digest = await smtp.next(owner.email, 20_000);
    expect(digest.subject).toBe('Digest: fay@example.com and Spring launch (1 open, 1 click)');
    expect(digest.text).toContain(': clicked');
    expect(headersOf(digest.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  });

  it('apply the same rule to events of one recipient committed together: one mail, the rest in the digest', async () => {
    // At once, so they are committed and fanned out together (claimed in one transaction).
    await Promise.all([1, 2, 3, 4].map(() => open(snippetId, 'hal@example.com')));
    expect((await smtp.next(owner.email, 15_000)).subject).toBe('hal@example.com opened Spring launch');
    await waitFor(async () => (await bell()).items.filter((i) => i.receiver === 'hal@example.com').length >= 4, 'four events of hal in the bell');
    expect(smtp.pending(owner.email)).toHaveLength(0);
    expect((await smtp.next(owner.email, 20_000)).subject).toBe('Digest: hal@example.com and Spring launch (3 opens)');
  });

  it('turn off an EyeMail through its unsubscribe link without signing in (page, then POST), and everything by one-click', async () => {
    await open(secondId, 'gus@example.com');
    const mail = await smtp.next(owner.email, 15_000);
    const link = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(headersOf(mail.raw))![1];
    const path = new URL(link).pathname + new URL(link).search;
    expect(mail.text).toContain(link);

    const page = await t.http.get(path).expect(200);
    expect(page.text).toContain('Turn off notifications');
    expect(page.text).toContain('<form method="post"');
    await t.http.post(path).expect(200);
    const setting = (await owner.client.get(`/api/notifications/settings/${secondId}`).expect(200)).body.body;
    expect(setting).toMatchObject({ inherit: false, events: [] });

    await open(secondId, 'hal@example.com');
    await waitFor(() => inBell('hal@example.com', 'open'), 'the open in the bell');
    expect(smtp.pending(owner.email)).toHaveLength(0);
    // Spring launch still mails.
    await open(snippetId, 'ida@example.com');
    const springMail = await smtp.next(owner.email, 15_000);
    expect(springMail.subject).toBe('ida@example.com opened Spring launch');

    // The "every EyeMail" link, as a mail client's one-click POST.
    const all = /Turn off every notification: (\S+)/.exec(springMail.text)![1];
    await t.http.post(new URL(all).pathname + new URL(all).search).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect((await owner.client.get('/api/notifications/settings').expect(200)).body.body).toEqual({ events: [] });
    await open(snippetId, 'jo@example.com');
    await waitFor(() => inBell('jo@example.com', 'open'), 'the open in the bell');
    expect(smtp.pending(owner.email)).toHaveLength(0);

    // A forged or broken token changes nothing.
    await t.http.get('/notifications/unsubscribe?token=abc.def').expect(400);
    await t.http.post(`${path.slice(0, -3)}xyz`).expect(400);
    await owner.client.put('/api/notifications/settings').send({ events: ['open', 'play', 'half', 'click'] }).expect(200);
    await owner.client.put(`/api/notifications/settings/${secondId}`).send({ inherit: true }).expect(200);
  });
});

describe('the bell and the settings', () => {
  it('list the latest events with unread count; marking read clears it', async () => {
    const before = await bell();
    expect(before.unread).toBeGreaterThan(0);
    expect(before.items[0]).toMatchObject({ receiver: expect.any(String), kind: expect.any(String), title: expect.any(String), read: false });
    await owner.client.post('/api/notifications/read').expect(200);
    expect((await bell()).unread).toBe(0);
    // Another account sees none of them.
    expect((await bell(other)).items).toEqual([]);
  });

  it('refuse bad choices and other accounts', async () => {
    const bad = await owner.client.put('/api/notifications/settings').send({ events: ['open', 'send'] });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toBe(false);
    expect((await owner.client.get('/api/notifications/settings').expect(200)).body.body).toEqual({ events: ['open', 'play', 'half', 'click'] });
    await other.client.get(`/api/notifications/settings/${snippetId}`).expect(404);
    await owner.client.put(`/api/notifications/settings/${snippetId}`).send({ events: [] }).expect(200);
    await other.client.put(`/api/notifications/settings/${snippetId}`).send({ events: ['open'] }).expect(404);
    await other.client.put(`/api/notifications/settings/${snippetId}`).send({ inherit: true }).expect(404);
    // Another account's attempts changed nothing.
    expect((await owner.client.get(`/api/notifications/settings/${snippetId}`).expect(200)).body.body).toMatchObject({ inherit: false, events: [] });
    for (const [body, field, message] of [
      [{}, 'events', 'Choose events among open, play, half, end, sound and click.'],
      [{ inherit: false }, 'events', 'Choose events among open, play, half, end, sound and click.'],
      [{ inherit: 'yes', events: ['open'] }, 'inherit', 'inherit must be true or false.'],
      [{ events: 'open' }, 'events', 'Choose events among open, play, half, end, sound and click.'],
    ] as const) {
      const res = await owner.client.put(`/api/notifications/settings/${snippetId}`).send(body);
      expect([res.status, res.body.result, res.body.message, res.body.errors?.[field]]).toEqual([400, false, message, message]);
    }
    expect((await owner.client.get(`/api/notifications/settings/${snippetId}`).expect(200)).body.body).toMatchObject({ inherit: false, events: [] });
    await owner.client.put(`/api/notifications/settings/${snippetId}`).send({ inherit: true }).expect(200);
    await t.http.get('/api/notifications').expect(401);
  });
});

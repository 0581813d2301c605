// A play's notifications (issue 34) through HTTP on the real app, a real database and a real SMTP
// server: "watched to the end" and "turned on the sound" beside plays and halves, from the
// viewer's play reports (POST /api/reports/updateduration/ranges), each once per play; a seek to
// the end is not the end; machine traffic never mails; the default mails the end, not the sound.
import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { waitFor } from '../support/wait.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';

jest.setTimeout(180_000);

const LENGTH = 30;

let t: TestApp;
let smtp: TestSmtp;
let owner: SignedUpUser;
let snippetId: string;

const report = (playId: string, receiver: string, segments: [number, number, number][], soundOn = false) =>
  t.http
    .post('/api/reports/updateduration/ranges')
    .set('Content-Type', 'text/plain;charset=UTF-8')
    .set('User-Agent', UA.chromeWindows)
    .send(JSON.stringify({ playId, snippetId, receiver, length: LENGTH, soundOn, segments }))
    .expect(200);
const kindsOf = async (who: string) =>
  ((await owner.client.get('/api/notifications').expect(200)).body.body.items as { receiver: string; kind: string }[])
    .filter((i) => i.receiver === who)
    .map((i) => i.kind)
    .sort();
const settings = (body: object) => owner.client.put('/api/notifications/settings').send(body);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, REDIS_URL: process.env.REDIS_URL });
  owner = await signUp(t, { fullName: 'Vic Viewer' });
  await smtp.next(owner.email);
  const { videoId, encodings } = await readyVideo(owner.client);
  await sql(t, 'update video_encoding set duration_secs = ? where id = ?', [LENGTH, encodings[0].encodingId]);
  snippetId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Spring launch' }))).snippet;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("a play's notifications", () => {
  it('mail every event but the sound turned on until the owner chooses', async () => {
    expect((await owner.client.get('/api/notifications/settings').expect(200)).body.body).toEqual({ events: ['open', 'play', 'half', 'end', 'click'] });
    expect((await owner.client.get(`/api/notifications/settings/${snippetId}`).expect(200)).body.body).toEqual({
      inherit: true,
      events: ['open', 'play', 'half', 'end', 'click'],
      accountEvents: ['open', 'play', 'half', 'end', 'click'],
    });
  });

  it('mail "watched to the end" once per play; a seek to the end, a rewatch and a replay add nothing', async () => {
    await settings({ events: ['end'] }).expect(200);
    const who = 'ada@example.com';
    const play = crypto.randomUUID();
    await report(play, who, [[0, 0, 16]], true);
    await report(play, who, [[0, 0, LENGTH]], true);
    const mail = await smtp.next(owner.email, 15_000);
    expect(mail.subject).toBe('ada@example.com watched to the end of Spring launch');
    expect(mail.text).toContain('ada@example.com watched to the end of "Spring launch"');
    // Replayed from the start in the same page, to the end again: no second "end".
    await report(play, who, [[1, 0, LENGTH]], true);
    // The bell has each event of the play once, a quarter and three quarters not among them.
    await waitFor(async () => (await kindsOf(who)).length >= 4, 'the play in the bell');
    // Another recipient's play seeks to the end: played, not watched to the end.
    const seeker = 'bo@example.com';
    const skip = crypto.randomUUID();
    await report(skip, seeker, [[0, 0, 3]]);
    await report(skip, seeker, [[1, 27, LENGTH]]);
    await waitFor(async () => (await kindsOf(seeker)).length >= 1, "the seeker's play in the bell");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await kindsOf(who)).toEqual(['end', 'half', 'play', 'sound']);
    expect(await kindsOf(seeker)).toEqual(['play']);
    expect(smtp.pending(owner.email)).toHaveLength(0);
  });

  it('mail the sound turned on when chosen, and never for machine traffic', async () => {
    await settings({ events: ['sound', 'end'] }).expect(200);
    const who = 'cy@example.com';
    await report(crypto.randomUUID(), who, [[0, 0, 4]], true);
    expect((await smtp.next(owner.email, 15_000)).subject).toBe('cy@example.com turned on the sound of Spring launch');

    // A play marked as machine traffic once stored (as a report's checks may) mails nothing more.
    const bot = 'bot@example.com';
    const play = crypto.randomUUID();
    await report(play, bot, [[0, 0, 1]]);
    await sql(t, `update video_play set machine_reason = 'bot' where play_id = ?`, [play]);
    await report(play, bot, [[0, 0, LENGTH]], true);
    // A person's play after it is mailed; the machine's never was.
    await report(crypto.randomUUID(), 'dee@example.com', [[0, 0, LENGTH]]);
    expect((await smtp.next(owner.email, 15_000)).subject).toBe('dee@example.com watched to the end of Spring launch');
    expect(await kindsOf(bot)).toEqual([]);
    expect(smtp.messages.some((m) => m.subject.includes(bot))).toBe(false);
  });

  it('take end and sound as choices, and refuse unknown ones with the list', async () => {
    expect((await settings({ events: ['sound', 'end', 'open'] }).expect(200)).body.body).toEqual({ events: ['open', 'end', 'sound'] });
    const bad = await settings({ events: ['ended'] });
    expect([bad.status, bad.body.result, bad.body.errors?.events]).toEqual([400, false, 'Choose events among open, play, half, end, sound and click.']);
  });
});

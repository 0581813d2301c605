// Following an EyeMail (docs/notifications.md "Following an EyeMail") through HTTP on the real
// app, a real database and a real SMTP server, in a company: the EyeMail's creator (an editor) is
// notified by default; the viewer follows it and gets the events they follow (mail and bell), the
// admin who does not follow gets nothing; unfollowing stops it; a follower removed from the
// company gets nothing from the next event on; a follower's cap is their own; the follow route
// answers only for an EyeMail of the caller's current workspace.
import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../support/smtp.js';
import { waitFor } from '../support/wait.js';
import { companyWithTeam, type TestCompany } from '../support/workspace-factory.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';

jest.setTimeout(240_000);

const CAP = 3;
const CAP_WINDOW_SECONDS = 6;
const LANDING = 'https://shop.example.com/spring';
const LENGTH = 30;
// How long a mail that should not come is given to come: a fan-out mails everyone of an event in
// the same job, milliseconds apart.
const SETTLE_MS = 1_500;

let t: TestApp;
let smtp: TestSmtp;
let team: TestCompany;
let creator: SignedUpUser;
let follower: SignedUpUser;
let admin: SignedUpUser;
let videoId: string;

interface BellItem {
  receiver: string;
  kind: string;
  title: string;
}

// Each event from an address of its own (the cap's address-flood rule counts new recipients per
// address).
let address = 0;
const from = () => `198.51.100.${++address}`;
const open = (sid: string, who: string) => t.http.get(`/t/o/${sid}.gif?v=${encodeURIComponent(who)}`).set('User-Agent', UA.outlookWindows).set('X-Forwarded-For', from()).expect(200);
const click = (sid: string, who: string) =>
  t.http.get(`/t/c/${sid}?v=${encodeURIComponent(who)}&u=${encodeURIComponent(LANDING)}`).set('User-Agent', UA.outlookWindows).set('X-Forwarded-For', from());
// A play report watching `seconds` of the 30 s video: a play, and at least half from 15 s on.
const watch = (sid: string, who: string, seconds: number) =>
  t.http
    .post('/api/reports/updateduration/ranges')
    .set('Content-Type', 'text/plain;charset=UTF-8')
    .set('User-Agent', UA.chromeWindows)
    .set('X-Forwarded-For', from())
    .send(JSON.stringify({ playId: crypto.randomUUID(), snippetId: sid, receiver: who, length: LENGTH, segments: [[0, 0, seconds]] }))
    .expect(200);

const mailsTo = (user: SignedUpUser, title: string) => smtp.messages.filter((m) => m.to.some((a) => a.toLowerCase() === user.email.toLowerCase()) && m.subject.endsWith(title));
const mailOf = (user: SignedUpUser, subject: string): Promise<ReceivedMail> =>
  waitFor(() => smtp.messages.find((m) => m.to.some((a) => a.toLowerCase() === user.email.toLowerCase()) && m.subject === subject), `"${subject}" to ${user.fullName}`, 30_000);
const bell = async (user: SignedUpUser) => (await user.client.get('/api/notifications').expect(200)).body.body.items as BellItem[];
const bellOf = async (user: SignedUpUser, who: string) =>
  (await bell(user))
    .filter((i) => i.receiver === who)
    .map((i) => i.kind)
    .sort();
const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));
const followRoute = (sid: string) => `/api/notifications/follow/${sid}`;
const newEyeMail = async (title: string) => (await createSnippet(creator.client, snippetPayload(videoId, { title, landingPageUrl: LANDING }))).snippet as string;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'true',
    NOTIFY_CAP: String(CAP),
    NOTIFY_CAP_WINDOW_SECONDS: String(CAP_WINDOW_SECONDS),
    NOTIFY_WINDOW_SECONDS: '3600',
    REDIS_URL: process.env.REDIS_URL,
  });
  team = await companyWithTeam(t, 'Follow Co');
  ({ editor: creator, viewer: follower, admin } = team.members);
  const ready = await readyVideo(creator.client);
  videoId = ready.videoId;
  await sql(t, 'update video_encoding set duration_secs = ? where id = ?', [LENGTH, ready.encodings[0].encodingId]);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('following an EyeMail', () => {
  it('shows the creator notified by default and other members not following; a member follows with at least one event', async () => {
    const sid = await newEyeMail('Route launch');
    expect((await creator.client.get(followRoute(sid)).expect(200)).body.body).toEqual({ creator: true, following: true, events: ['open', 'play', 'half', 'end', 'click'] });
    expect((await admin.client.get(followRoute(sid)).expect(200)).body.body).toEqual({ creator: false, following: false, events: ['open', 'play', 'half', 'end', 'click'] });

    const none = await follower.client.put(followRoute(sid)).send({ following: true, events: [] });
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.errors)).toEqual(['events']);
    expect((await follower.client.put(followRoute(sid)).send({ following: 'yes' })).status).toBe(400);
    expect((await follower.client.get(followRoute(sid)).expect(200)).body.body.following).toBe(false);

    const saved = await follower.client.put(followRoute(sid)).send({ following: true, events: ['half', 'open'] }).expect(200);
    expect(saved.body.body).toEqual({ creator: false, following: true, events: ['open', 'half'] });
    expect(saved.body.message).toBe('You follow this EyeMail.');
    expect((await follower.client.get(followRoute(sid)).expect(200)).body.body).toEqual({ creator: false, following: true, events: ['open', 'half'] });
    // The per-EyeMail settings route reads the same choice.
    expect((await follower.client.get(`/api/notifications/settings/${sid}`).expect(200)).body.body).toMatchObject({ inherit: false, events: ['open', 'half'] });
  });

  it('answers 404 for an EyeMail outside the current workspace, even to a member of its company, and changes nothing', async () => {
    const sid = await newEyeMail('Elsewhere launch');
    const outsider = await signUp(t, { fullName: 'Otto Outsider' });
    expect((await outsider.client.get(followRoute(sid))).status).toBe(404);
    expect((await outsider.client.put(followRoute(sid)).send({ following: true, events: ['open'] })).status).toBe(404);
    expect((await outsider.client.put(`/api/notifications/settings/${sid}`).send({ events: ['open'] })).status).toBe(404);
    // The admin, acting in their personal workspace.
    admin.client.workspace = undefined;
    try {
      expect((await admin.client.put(followRoute(sid)).send({ following: true, events: ['open'] })).status).toBe(404);
      expect((await admin.client.get(`/api/notifications/settings/${sid}`)).status).toBe(404);
    } finally {
      admin.client.workspace = team.id;
    }
    expect(await sql(t, 'select user_id from notification_setting where snippet_id = ?', [sid])).toEqual([]);
  });

  it('an open and a watch reach the creator and the follower (the events they follow), not the admin who does not follow', async () => {
    const title = 'Team launch';
    const sid = await newEyeMail(title);
    await follower.client.put(followRoute(sid)).send({ following: true, events: ['open', 'half'] }).expect(200);

    await open(sid, 'ada@example.com');
    const toCreator = await mailOf(creator, `ada@example.com opened ${title}`);
    const toFollower = await mailOf(follower, `ada@example.com opened ${title}`);
    // Each mail's links are its reader's own (their unsubscribe link stops their mails only).
    expect(toFollower.text).toContain(`/reports/${sid}`);
    expect(toFollower.text.match(/unsubscribe\?token=[^\s)"]+/)?.[0]).not.toBe(toCreator.text.match(/unsubscribe\?token=[^\s)"]+/)?.[0]);

    // The watch: a play and at least half. The follower follows halves, not plays.
    await watch(sid, 'bo@example.com', 16);
    await mailOf(follower, `bo@example.com watched at least half of ${title}`);
    await waitFor(async () => (await bellOf(creator, 'bo@example.com')).length === 2, "the watch in the creator's bell");
    expect(mailsTo(creator, title).filter((m) => m.subject.startsWith('bo@example.com'))).toHaveLength(1);
    expect(await bellOf(follower, 'ada@example.com')).toEqual(['open']);
    expect(await bellOf(follower, 'bo@example.com')).toEqual(['half']);

    await settle();
    expect(mailsTo(admin, title)).toEqual([]);
    expect((await bell(admin)).filter((i) => i.title === title)).toEqual([]);
    expect(mailsTo(follower, title).map((m) => m.subject)).toEqual([`ada@example.com opened ${title}`, `bo@example.com watched at least half of ${title}`]);
  });

  it('unfollowing stops the mails and the bell entries', async () => {
    const title = 'Unfollow launch';
    const sid = await newEyeMail(title);
    await admin.client.put(followRoute(sid)).send({ following: true, events: ['open'] }).expect(200);
    await open(sid, 'di@example.com');
    await mailOf(admin, `di@example.com opened ${title}`);

    const stopped = await admin.client.put(followRoute(sid)).send({ following: false }).expect(200);
    expect(stopped.body.body).toMatchObject({ creator: false, following: false });
    expect(stopped.body.message).toBe('You no longer follow this EyeMail.');
    await open(sid, 'ed@example.com');
    await mailOf(creator, `ed@example.com opened ${title}`);
    await settle();
    expect(mailsTo(admin, title).map((m) => m.subject)).toEqual([`di@example.com opened ${title}`]);
    expect(await bellOf(admin, 'ed@example.com')).toEqual([]);

    // Unfollowing through the settings route (the account default: a member does not follow).
    await admin.client.put(followRoute(sid)).send({ following: true, events: ['open'] }).expect(200);
    await admin.client.put(`/api/notifications/settings/${sid}`).send({ inherit: true }).expect(200);
    await open(sid, 'fi@example.com');
    await mailOf(creator, `fi@example.com opened ${title}`);
    await settle();
    expect(mailsTo(admin, title)).toHaveLength(1);
  });

  it("a follower's cap is their own: the creator's full cap holds the creator's mail, not the follower's", async () => {
    const title = 'Capped launch';
    const sid = await newEyeMail(title);
    await follower.client.put(followRoute(sid)).send({ following: true, events: ['click'] }).expect(200);
    // Within one cap window: the creator's three opens fill their cap.
    for (const who of ['c1@example.com', 'c2@example.com', 'c3@example.com']) await open(sid, who);
    await click(sid, 'c4@example.com').expect(302);
    // The follower's first mail on this EyeMail goes at once; the creator's is past their cap,
    // counted in their summary at the window's end.
    await mailOf(follower, `c4@example.com clicked ${title}`);
    await waitFor(() => mailsTo(creator, title).length === CAP, "the creator's cap of mails");
    await mailOf(creator, `And 1 more person clicked ${title}`);
    expect(mailsTo(creator, title).filter((m) => m.subject.endsWith(`opened ${title}`))).toHaveLength(CAP);
    expect(mailsTo(creator, title).some((m) => m.subject === `c4@example.com clicked ${title}`)).toBe(false);
    expect(mailsTo(follower, title).map((m) => m.subject)).toEqual([`c4@example.com clicked ${title}`]);
  });

  it('a follower removed from the company gets nothing from the next event on', async () => {
    const title = 'Removal launch';
    const sid = await newEyeMail(title);
    await follower.client.put(followRoute(sid)).send({ following: true, events: ['open'] }).expect(200);
    await open(sid, 'gil@example.com');
    await mailOf(follower, `gil@example.com opened ${title}`);

    await team.owner.client.delete(`/api/workspace/members/${follower.id}`).expect(200);
    await open(sid, 'hal@example.com');
    await mailOf(creator, `hal@example.com opened ${title}`);
    await settle();
    expect(mailsTo(follower, title).map((m) => m.subject)).toEqual([`gil@example.com opened ${title}`]);
    expect(await bellOf(follower, 'hal@example.com')).toEqual([]);
    // Their choice is no way back in: the EyeMail is not theirs to read any more.
    follower.client.workspace = undefined;
    expect((await follower.client.get(followRoute(sid))).status).toBe(404);
  });

  it("a creator removed from the company no longer hears of their EyeMail's recipients; its followers still do", async () => {
    const title = 'Creator gone launch';
    const sid = await newEyeMail(title);
    await admin.client.put(followRoute(sid)).send({ following: true, events: ['open'] }).expect(200);
    await team.owner.client.delete(`/api/workspace/members/${creator.id}`).expect(200);
    await open(sid, 'ivy@example.com');
    await mailOf(admin, `ivy@example.com opened ${title}`);
    await settle();
    expect(mailsTo(creator, title)).toEqual([]);
    creator.client.workspace = undefined;
    expect(await bellOf(creator, 'ivy@example.com')).toEqual([]);
  });
});

// A play's events as webhooks (issue 34), through HTTP on the real app and a real receiver: the
// viewer's play reports (POST /api/reports/updateduration/ranges, as the web view sends them)
// become eyemail.played, eyemail.watched at 25, 50, 75 and 100 % and eyemail.sound_on, each once
// per play however the viewer rewatches, seeks or repeats a report, signed per Standard Webhooks
// (checked with the standardwebhooks package); a seek to the end is not the end; machine traffic
// sends nothing; an endpoint gets only the events it asked for.
import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { startReceiver, type TestReceiver, type ReceivedHook } from '../support/webhook-receiver.js';
import { waitFor } from '../support/wait.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';

jest.setTimeout(180_000);

const RANGES = '/api/reports/updateduration/ranges';
const LENGTH = 30;

interface PlayEvent {
  type: string;
  data: {
    eyemailId: string;
    eyemailTitle: string;
    occurredAt: string;
    receiver: string | null;
    play: { id: string; milestone: number | null; shareWatched: number; secondsWatched: number; videoSeconds: number | null; soundOn: boolean };
  };
}

let t: TestApp;
let rx: TestReceiver;
let owner: SignedUpUser;
let snippetId: string;
let all: { id: string; secret: string };
let watchedOnly: { id: string; secret: string };

// One report of a play, as the viewer's script sends it (sendBeacon: text/plain).
const report = (playId: string, receiver: string, segments: [number, number, number][], extra: Record<string, unknown> = {}, agent = UA.chromeWindows) =>
  t.http
    .post(RANGES)
    .set('Content-Type', 'text/plain;charset=UTF-8')
    .set('User-Agent', agent)
    .send(JSON.stringify({ playId, snippetId, receiver, length: LENGTH, soundOn: false, segments, ...extra }))
    .expect(200);

const hooksFor = (path: string) => rx.received.filter((h) => h.path === path);
const verified = (h: ReceivedHook, secret: string) => new Webhook(secret).verify(h.body, h.headers as Record<string, string>) as PlayEvent;
const eventsOf = (path: string, secret: string, receiver: string) => hooksFor(path).map((h) => verified(h, secret)).filter((e) => e.data.receiver === receiver);
const names = (events: PlayEvent[]) => events.map((e) => (e.data.play.milestone === null ? e.type : `${e.type} ${e.data.play.milestone}`)).sort();

// Everything sent before it has arrived once this play's eyemail.played has (plus a moment for a
// fan-out job that ran beside it).
async function settle(): Promise<void> {
  const who = `sentinel-${crypto.randomUUID()}@example.com`;
  await report(crypto.randomUUID(), who, [[0, 0, 2.5]]);
  await waitFor(() => hooksFor('/all').some((h) => h.body.includes(who)), 'the sentinel play');
  await new Promise((r) => setTimeout(r, 1_000));
}

beforeAll(async () => {
  rx = await startReceiver();
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', REDIS_URL: process.env.REDIS_URL });
  owner = await signUp(t, { fullName: 'Vera Video' });
  await owner.client.put('/api/notifications/settings').send({ events: [] }).expect(200);
  const { videoId, encodings } = await readyVideo(owner.client);
  // The tiny clip lasts 1 s; a 30 s video makes the quarters worth checking.
  await sql(t, 'update video_encoding set duration_secs = ? where id = ?', [LENGTH, encodings[0].encodingId]);
  snippetId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Spring launch' }))).snippet;
  const add = async (path: string, events: string[]) => (await owner.client.post('/api/webhooks').send({ url: `${rx.url}${path}`, events }).expect(201)).body.body as { id: string; secret: string };
  all = await add('/all', ['eyemail.opened', 'eyemail.clicked', 'eyemail.played', 'eyemail.watched', 'eyemail.sound_on']);
  watchedOnly = await add('/watched', ['eyemail.watched']);
  // An endpoint made for opens and clicks keeps to them.
  await add('/opens', ['eyemail.opened', 'eyemail.clicked']);
});

afterAll(async () => {
  await t?.close();
  await rx?.close();
});

describe('a play as webhooks', () => {
  it('sends played, each quarter watched and the sound turned on once per play, signed, with the share watched', async () => {
    const who = 'ann@example.com';
    const play = crypto.randomUUID();
    await report(play, who, [[0, 0, 2.5]]);
    await report(play, who, [[0, 0, 8]]);
    await report(play, who, [[0, 0, 16]], { soundOn: true });
    // Back to the start, watched again, and the same report twice at once: nothing new.
    await report(play, who, [[1, 0, 16]], { soundOn: true });
    await Promise.all([report(play, who, [[1, 0, 23]], { soundOn: true }), report(play, who, [[1, 0, 23]], { soundOn: true })]);
    await report(play, who, [[2, 5, 20]], { soundOn: true });
    await report(play, who, [[1, 0, LENGTH]], { soundOn: true });
    // Replayed from the start in the same play, to the end again.
    await report(play, who, [[3, 0, LENGTH]], { soundOn: true });
    await waitFor(() => eventsOf('/all', all.secret, who).length >= 6 && eventsOf('/watched', watchedOnly.secret, who).length >= 4, 'six events to /all, four to /watched');
    await settle();

    const events = eventsOf('/all', all.secret, who);
    expect(names(events)).toEqual(['eyemail.played', 'eyemail.sound_on', 'eyemail.watched 100', 'eyemail.watched 25', 'eyemail.watched 50', 'eyemail.watched 75']);
    const byName = new Map(events.map((e) => [e.data.play.milestone === null ? e.type : `${e.type} ${e.data.play.milestone}`, e.data]));
    expect(byName.get('eyemail.played')).toMatchObject({ eyemailId: snippetId, eyemailTitle: 'Spring launch', receiver: who, play: { id: play, milestone: null, shareWatched: 0.083, secondsWatched: 2.5, videoSeconds: LENGTH, soundOn: false } });
    expect(byName.get('eyemail.watched 25')!.play).toEqual({ id: play, milestone: 25, shareWatched: 0.267, secondsWatched: 8, videoSeconds: LENGTH, soundOn: false });
    expect(byName.get('eyemail.watched 75')!.play).toMatchObject({ milestone: 75, shareWatched: 0.767, secondsWatched: 23 });
    expect(byName.get('eyemail.watched 100')!.play).toMatchObject({ milestone: 100, shareWatched: 1, secondsWatched: LENGTH, soundOn: true });
    expect(byName.get('eyemail.sound_on')!.play).toMatchObject({ id: play, milestone: null, soundOn: true, secondsWatched: 16 });
    expect(new Date(byName.get('eyemail.played')!.occurredAt).getTime()).toBeLessThanOrEqual(new Date(byName.get('eyemail.watched 100')!.occurredAt).getTime());
    // Each a message of its own, and another secret does not verify them.
    const mine = hooksFor('/all').filter((h) => h.body.includes(who));
    expect(new Set(mine.map((h) => h.headers['webhook-id'])).size).toBe(mine.length);
    expect(() => verified(mine[0], watchedOnly.secret)).toThrow();

    // The endpoint that wants eyemail.watched gets the four quarters only; the one for opens and
    // clicks gets nothing of the play.
    expect(names(eventsOf('/watched', watchedOnly.secret, who))).toEqual(['eyemail.watched 100', 'eyemail.watched 25', 'eyemail.watched 50', 'eyemail.watched 75']);
    expect(hooksFor('/opens')).toHaveLength(0);
    // Each try is in the endpoint's delivery log.
    const log = (await owner.client.get(`/api/webhooks/${watchedOnly.id}/deliveries`).expect(200)).body.body as { eventType: string; succeeded: boolean }[];
    expect(log.filter((a) => a.eventType === 'eyemail.watched' && a.succeeded).length).toBeGreaterThanOrEqual(4);
  });

  it('counts what was watched: a play that seeks to the end has not watched to the end', async () => {
    const who = 'bo@example.com';
    const play = crypto.randomUUID();
    await report(play, who, [[0, 0, 3]]);
    await report(play, who, [[1, 27, LENGTH]]);
    // Later, it watches a stretch in the middle: 12 s of 30 in all, a quarter, and no more.
    await report(play, who, [[2, 10, 16]]);
    await waitFor(() => eventsOf('/all', all.secret, who).length >= 2, 'played and a quarter');
    await settle();
    expect(names(eventsOf('/all', all.secret, who))).toEqual(['eyemail.played', 'eyemail.watched 25']);
    expect(eventsOf('/all', all.secret, who).find((e) => e.type === 'eyemail.watched')!.data.play).toMatchObject({ milestone: 25, secondsWatched: 12, shareWatched: 0.4 });
  });

  it('starts again with a new play: its milestones are its own', async () => {
    const who = 'cy@example.com';
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    await report(first, who, [[0, 0, 16]]);
    await report(second, who, [[0, 0, 9]]);
    await waitFor(() => eventsOf('/all', all.secret, who).length >= 5, 'both plays');
    await settle();
    const events = eventsOf('/all', all.secret, who);
    expect(names(events.filter((e) => e.data.play.id === first))).toEqual(['eyemail.played', 'eyemail.watched 25', 'eyemail.watched 50']);
    expect(names(events.filter((e) => e.data.play.id === second))).toEqual(['eyemail.played', 'eyemail.watched 25']);
  });

  it('sends nothing for machine traffic, and nothing before a play counts', async () => {
    // Plays are a person's when stored (only a browser that ran the viewer's script sends them); a
    // play marked as machine traffic afterwards, as a report's checks may, sends nothing more.
    const bot = 'bot@example.com';
    const play = crypto.randomUUID();
    await report(play, bot, [[0, 0, 1]]);
    await sql(t, `update video_play set machine_reason = 'bot' where play_id = ?`, [play]);
    await report(play, bot, [[0, 0, 8]]);
    await report(play, bot, [[0, 0, LENGTH]], { soundOn: true });
    // A person's play of 1.5 s is not a play yet.
    await report(crypto.randomUUID(), 'dee@example.com', [[0, 0, 1.5]], { soundOn: true });
    const [stored] = await sql<{ machine_reason: string | null; watched_secs: number; counted: boolean }>(t, 'select machine_reason, watched_secs, counted from video_play where play_id = ?', [play]);
    expect(stored).toEqual({ machine_reason: 'bot', watched_secs: LENGTH, counted: true });
    await settle();
    expect(rx.received.some((h) => h.body.includes(bot) || h.body.includes('dee@example.com'))).toBe(false);
  });

  it("sends nothing for a test send's play: its receiver an unfilled merge tag, as the web view of a test hands it on", async () => {
    const play = crypto.randomUUID();
    await report(play, '*|EMAIL|*', [[0, 0, 8]]);
    await report(play, '*|EMAIL|*', [[0, 0, LENGTH]], { soundOn: true });
    const [stored] = await sql<{ machine_reason: string | null; receiver: string | null; counted: boolean }>(t, 'select machine_reason, receiver, counted from video_play where play_id = ?', [play]);
    expect(stored).toEqual({ machine_reason: 'test', receiver: null, counted: true });
    await settle();
    expect(rx.received.some((h) => h.body.includes(play))).toBe(false);
  });
});

// The bell's live unread count (GET /api/notifications/stream, server-sent events) on the real
// app listening on a port, read as it arrives: the count at connect, a named recipient's real open
// pushed within seconds, marking read pushed at once, a change made outside this process (another
// app instance or a worker) within a tick, another account's stream untouched; signed out a 401,
// an API token a 403,
// a user's 6th stream a 429, a signed-out session's stream ended, and every stream ended promptly
// when the app closes.
import type http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signIn, signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { listen } from '../support/raw-http.js';
import { openStream, type SseEvent, type SseStream } from '../support/sse.js';
import { waitFor } from '../support/wait.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';
import { BELL_TICK_MS, MAX_STREAMS_PER_USER, RECONNECT_MS } from '../../src/notifications/bell-stream.js';

jest.setTimeout(120_000);

const PATH = '/api/notifications/stream';
// A change made by another process arrives within a tick (and the time to read and write it).
const WITHIN_A_TICK = BELL_TICK_MS + 2_000;

let t: TestApp;
let closed = false;
let server: http.Server;
let owner: SignedUpUser;
let other: SignedUpUser;
let snippetId: string;
let ownerStream: SseStream;
let otherStream: SseStream;
const opened: SseStream[] = [];

const unread = (n: number) => (e: SseEvent) => e.event === 'unread' && e.data === String(n);
async function stream(cookie: string | null, headers: Record<string, string> = {}): Promise<SseStream> {
  const s = await openStream(server, PATH, { ...(cookie ? { Cookie: cookie } : {}), ...headers });
  opened.push(s);
  return s;
}

beforeAll(async () => {
  t = await startTestApp();
  server = t.app.getHttpServer() as http.Server;
  await listen(server);
  owner = await signUp(t, { fullName: 'Stella Stream' });
  other = await signUp(t, { fullName: 'Otto Other' });
  const { videoId } = await readyVideo(owner.client);
  snippetId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Live launch' }))).snippet;
});

afterAll(async () => {
  for (const s of opened) s.close();
  if (!closed) await t?.close();
});

describe('the bell stream', () => {
  it('is a 401 JSON answer signed out, like every other call', async () => {
    const s = await stream(null);
    expect(s.status).toBe(401);
    expect(s.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(s.body)).toMatchObject({ result: false, message: 'Please sign in to continue.' });
  });

  it("is the dashboard's: an API token is refused (no scope covers it)", async () => {
    const { token } = (await owner.client.post('/api/api-tokens').send({ name: 'Reports' }).expect(201)).body.body as { token: string };
    const s = await stream(null, { Authorization: `Bearer ${token}` });
    expect(s.status).toBe(403);
    expect(JSON.parse(s.body)).toMatchObject({ result: false });
  });

  it('sends the unread count at connect, uncompressed, uncached, with a reconnect delay', async () => {
    ownerStream = await stream(owner.client.cookieHeader, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(ownerStream.status).toBe(200);
    expect(ownerStream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(ownerStream.headers['content-encoding']).toBeUndefined();
    expect(ownerStream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(ownerStream.headers['x-accel-buffering']).toBe('no');
    await ownerStream.waitFor(unread(0), 'count at connect');
    expect(ownerStream.retry).toBe(RECONNECT_MS);
    otherStream = await stream(other.client.cookieHeader);
    await otherStream.waitFor(unread(0), "the other account's count at connect");
  });

  it('answers a HEAD with the headers and its end, holding nothing open', async () => {
    // On a socket of its own asking to close after the answer: the server closes it once the
    // response has ended (a stream left open would keep it, and a slot of the user's, for ever).
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString('utf8')));
    socket.write(`HEAD ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${owner.client.cookieHeader}\r\nConnection: close\r\n\r\n`);
    const closed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 3_000);
      socket.once('close', () => (clearTimeout(timer), resolve(true)));
    });
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\ncontent-type: text\/event-stream; charset=utf-8\r\n/i);
    expect(closed).toBe(true);
  });

  it("pushes the new count within seconds of a named recipient's open, and a new stream starts from it", async () => {
    const before = ownerStream.events.length;
    await t.http.get(`/t/o/${snippetId}.gif?v=${encodeURIComponent('ada@example.com')}`).set('User-Agent', UA.outlookWindows).expect(200);
    await ownerStream.waitFor(unread(1), 'pushed count after the open', 8_000, before);
    const second = await stream(owner.client.cookieHeader);
    await second.waitFor(unread(1), 'count at connect of a second stream');
    second.close();
  });

  it('pushes 0 as soon as the user marks them read', async () => {
    const before = ownerStream.events.length;
    const started = Date.now();
    await owner.client.post('/api/notifications/read').expect(200);
    await ownerStream.waitFor(unread(0), 'pushed 0 after marking read', 2_000, before);
    expect(Date.now() - started).toBeLessThan(BELL_TICK_MS);
  });

  it('hears of an event another process recorded within a tick', async () => {
    // Written straight to the database, as a worker or another app instance would: this process
    // pushes nothing for it, its tick finds it.
    const before = ownerStream.events.length;
    await sql(t, `insert into notification_event (user_id, snippet_id, receiver, kind, occurred_at, mail_state) values (?, ?, 'bo@example.com', 'click', now(), 'off')`, [owner.id, snippetId]);
    const started = Date.now();
    await ownerStream.waitFor(unread(1), 'count changed by another process', WITHIN_A_TICK, before);
    expect(Date.now() - started).toBeLessThan(WITHIN_A_TICK);
  });

  it(`refuses a user's stream beyond ${MAX_STREAMS_PER_USER} with a 429, and takes one again once another closes`, async () => {
    const many = await signUp(t, { fullName: 'Mia Many' });
    const five: SseStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) five.push(await stream(many.client.cookieHeader));
    expect(five.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
    const sixth = await stream(many.client.cookieHeader);
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
    expect(JSON.parse(sixth.body)).toMatchObject({ result: false });
    five[0].close();
    const again = await waitFor(async () => {
      const s = await stream(many.client.cookieHeader);
      return s.status === 200 ? s : null;
    }, 'a stream accepted once one of five closed');
    await again.waitFor(unread(0), 'count at connect');
    for (const s of [...five, again]) s.close();
  });

  it("ends a session's stream within a tick of signing out, and keeps the user's other sessions'", async () => {
    const second = await signIn(t, owner.email, owner.password);
    const s = await stream(second.cookieHeader);
    await s.waitFor(unread(1), 'count at connect');
    await second.post('/api/accounts/signout').expect(200);
    const started = Date.now();
    await Promise.race([s.ended, new Promise((_, fail) => setTimeout(() => fail(new Error('The stream outlived its session')), WITHIN_A_TICK))]);
    expect(Date.now() - started).toBeLessThan(WITHIN_A_TICK);
    expect(ownerStream.isEnded()).toBe(false);
    // Signed out, connecting again is the usual 401 (EventSource then gives up).
    expect((await stream(second.cookieHeader)).status).toBe(401);
  });

  it("never told the other account anything but its own count", () => {
    expect(otherStream.isEnded()).toBe(false);
    expect(otherStream.events).toEqual([{ event: 'unread', data: '0' }]);
  });

  it('ends every open stream promptly when the app closes', async () => {
    const started = Date.now();
    closed = true;
    await t.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await Promise.all([ownerStream.ended, otherStream.ended]);
  });
});

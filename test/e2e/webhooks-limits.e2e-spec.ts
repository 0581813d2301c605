// What keeps webhooks from being used as a reflector, through HTTP on the real app and a real
// receiver: test events are rate-limited per endpoint and per account (429 with Retry-After and
// a sentence; another account is not affected), and a delivery reads a receiver's answer only up
// to its first 4 KB, then closes the connection: an endless answer is logged by its status at
// once, not read until the timeout.
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { startReceiver, type TestReceiver } from '../support/webhook-receiver.js';
import { waitFor } from '../support/wait.js';
import { TEST_SENDS_PER_ACCOUNT, TEST_SENDS_PER_ENDPOINT } from '../../src/webhooks/webhook-rules.js';

jest.setTimeout(120_000);

// Far longer than a delivery of an endless answer may take: it must end well before.
const TIMEOUT_SECONDS = 20;

let t: TestApp;
let rx: TestReceiver;

interface Attempt {
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  responseStart: string | null;
  error: string | null;
}

async function addEndpoint(user: SignedUpUser, path: string): Promise<string> {
  const res = await user.client.post('/api/webhooks').send({ url: `${rx.url}${path}`, events: ['eyemail.opened'] });
  expect(res.status).toBe(201);
  return res.body.body.id as string;
}
const sendTest = (user: SignedUpUser, id: string) => user.client.post(`/api/webhooks/${id}/test`);
const hooksFor = (path: string) => rx.received.filter((h) => h.path === path);

beforeAll(async () => {
  rx = await startReceiver();
  // The receiver is on 127.0.0.1: private targets allowed (webhooks.e2e-spec checks the refusal).
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS), REDIS_URL: process.env.REDIS_URL });
});

afterAll(async () => {
  await t?.close();
  await rx?.close();
});

describe('webhook test events', () => {
  it('are limited per endpoint and per account, with Retry-After and the reason, and other accounts are not affected', async () => {
    const owner = await signUp(t, { fullName: 'Rita Rate' });
    const other = await signUp(t, { fullName: 'Olaf Other' });
    expect([TEST_SENDS_PER_ENDPOINT.limit, TEST_SENDS_PER_ACCOUNT.limit]).toEqual([5, 20]);
    const first = await addEndpoint(owner, '/rate-0');
    for (let i = 0; i < 5; i++) await sendTest(owner, first).expect(202);
    const refused = await sendTest(owner, first);
    expect([refused.status, refused.body.result, refused.body.message]).toEqual([429, false, TEST_SENDS_PER_ENDPOINT.message]);
    expect(refused.body.message).toMatch(/5 test events in the last minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Another account sends as usual, and a stranger's tries at the owner's endpoint are 404s
    // that use up nothing.
    const theirs = await addEndpoint(other, '/rate-other');
    await sendTest(other, theirs).expect(202);
    expect((await sendTest(other, first)).status).toBe(404);

    // Per account: 20 an hour, whichever endpoints (the refused send above did not count).
    const more = [await addEndpoint(owner, '/rate-1'), await addEndpoint(owner, '/rate-2'), await addEndpoint(owner, '/rate-3'), await addEndpoint(owner, '/rate-4')];
    for (const id of more.slice(0, 3)) for (let i = 0; i < 5; i++) await sendTest(owner, id).expect(202);
    const overAccount = await sendTest(owner, more[3]);
    expect([overAccount.status, overAccount.body.result, overAccount.body.message]).toEqual([429, false, TEST_SENDS_PER_ACCOUNT.message]);
    expect(overAccount.body.message).toMatch(/20 test events in the last hour/);
    expect(Number(overAccount.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(overAccount.headers['retry-after'])).toBeLessThanOrEqual(3600);
    await sendTest(other, theirs).expect(202);

    // Exactly the accepted sends went out: 20 of the owner's and 2 of the other's.
    await waitFor(() => rx.received.filter((h) => h.path.startsWith('/rate-')).length >= 22, 'the accepted test events');
    const [{ n }] = await sql<{ n: string }>(t, `select count(*) as n from webhook_delivery where event_type = 'webhook.test'`);
    expect(Number(n)).toBe(22);
    expect([0, 1, 2, 3, 4].map((i) => hooksFor(`/rate-${i}`).length)).toEqual([5, 5, 5, 5, 0]);
    expect(hooksFor('/rate-other')).toHaveLength(2);
  });
});

describe('a receiver that answers without end', () => {
  it('is read up to 4 KB, then the connection is closed: the try is logged by its status at once', async () => {
    const user = await signUp(t, { fullName: 'Enzo Endless' });
    const id = await addEndpoint(user, '/endless');
    rx.mode = { kind: 'endless', status: 200 };
    const started = Date.now();
    await sendTest(user, id).expect(202);
    const entries = await waitFor(
      async () => {
        const l = (await user.client.get(`/api/webhooks/${id}/deliveries`).expect(200)).body.body as Attempt[];
        return l.length ? l : null;
      },
      'the try in the log',
      (TIMEOUT_SECONDS / 2) * 1000,
    );
    expect(entries[0]).toMatchObject({ succeeded: true, statusCode: 200, error: null, responseStart: `${'y'.repeat(499)}…` });
    expect(entries[0].durationMs).toBeLessThan(3_000);
    // The receiver sees its connection closed, long before the timeout would have closed it.
    const [closed] = await waitFor(() => (rx.endlessClosed.length ? rx.endlessClosed : null), 'the receiver to see the close', 5_000);
    expect(Date.now() - started).toBeLessThan((TIMEOUT_SECONDS / 2) * 1000);
    // It wrote what the socket buffers held, not a stream read to the end.
    expect(closed.bytes).toBeLessThan(64 * 1024 * 1024);
    rx.mode = { kind: 'answer', status: 200, body: 'ok' };
  });
});

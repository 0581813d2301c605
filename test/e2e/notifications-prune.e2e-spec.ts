// The hourly prune of notification rows, through the real queue on a real database: a window
// whose hour has run with no digest due goes (and the next event of that recipient still mails at
// once), a window with a digest due stays; each owner keeps their latest events for the bell and
// every event held for a digest (the digest then still lists it), older ones go.
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { waitFor } from '../support/wait.js';
import { JOB_QUEUE, type JobQueue } from '../../src/queue/job-queue.js';
import { NotificationPruneJob } from '../../src/notifications/notification-prune.job.js';
import { PRUNE_KEEP_PER_OWNER } from '../../src/notifications/notification-rules.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';

jest.setTimeout(180_000);

const OLD = 120;
let t: TestApp;
let smtp: TestSmtp;
let owner: SignedUpUser;
let other: SignedUpUser;
let snippetId: string;
let otherSnippetId: string;
let pruner: NotificationPruneJob;

const open = (sid: string, who: string) => t.http.get(`/t/o/${sid}.gif?v=${encodeURIComponent(who)}`).set('User-Agent', UA.outlookWindows).expect(200);
const idOf = async (user: SignedUpUser) => (await sql<{ id: string }>(t, 'select id from app_user where email = ?', [user.email]))[0].id;
const count = async (query: string, params: unknown[] = []) => (await sql<{ n: number }>(t, `select count(*)::int as n from ${query}`, params))[0].n;
// Events of the past, older than anything the app records in this test.
const oldEvents = async (userId: string, sid: string, n: number, prefix: string) =>
  sql(
    t,
    `insert into notification_event (user_id, snippet_id, receiver, kind, occurred_at, mail_state, read_at)
     select ?, ?, ? || g || '@example.com', 'open', now() - interval '2 days', 'mailed', now() from generate_series(1, ?) g`,
    [userId, sid, prefix, n],
  );

async function runPrune(): Promise<unknown> {
  const job = await pruner.request();
  const queue = t.app.get<JobQueue>(JOB_QUEUE);
  const done = await waitFor(
    async () => {
      const status = await queue.findStatus(job.id);
      return status && (status.state === 'completed' || status.state === 'failed') ? status : null;
    },
    'the prune to finish',
    60_000,
    100,
  );
  expect(done.state).toBe('completed');
  return done.result;
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, NOTIFY_WINDOW_SECONDS: '60', REDIS_URL: process.env.REDIS_URL });
  pruner = t.app.get(NotificationPruneJob);
  owner = await signUp(t, { fullName: 'Pia Prune' });
  await smtp.next(owner.email);
  other = await signUp(t, { fullName: 'Quin Quiet' });
  await smtp.next(other.email);
  const { videoId } = await readyVideo(owner.client);
  snippetId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Spring launch' }))).snippet;
  const otherVideo = await readyVideo(other.client);
  otherSnippetId = (await createSnippet(other.client, snippetPayload(otherVideo.videoId, { title: 'Quiet one' }))).snippet;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

it('removes what nothing needs and keeps the bell, the held events and the due digests', async () => {
  const [ownerId, otherId] = [await idOf(owner), await idOf(other)];
  await oldEvents(ownerId, snippetId, OLD, 'old');
  await oldEvents(otherId, otherSnippetId, 5, 'quiet');
  // ada: mailed, then held for the digest; bo: mailed.
  await open(snippetId, 'ada@example.com');
  expect((await smtp.next(owner.email, 15_000)).subject).toBe('ada@example.com opened Spring launch');
  await open(snippetId, 'bo@example.com');
  expect((await smtp.next(owner.email, 15_000)).subject).toBe('bo@example.com opened Spring launch');
  await open(snippetId, 'ada@example.com');
  await waitFor(() => count(`notification_event where mail_state = 'held'`), 'the held event');
  // bo's hour has run; ada's digest is still due.
  await sql(t, `update notification_window set last_mail_at = now() - interval '2 minutes' where receiver in ('ada@example.com', 'bo@example.com')`);

  const overKeep = OLD + 2 - PRUNE_KEEP_PER_OWNER;
  expect(await runPrune()).toEqual({ windows: 1, events: overKeep });
  expect(await sql(t, 'select receiver from notification_window order by receiver')).toEqual([{ receiver: 'ada@example.com' }]);
  // The owner's latest events and the held one; the oldest went; the other owner lost nothing.
  expect(await count('notification_event where user_id = ?', [ownerId])).toBe(PRUNE_KEEP_PER_OWNER + 1);
  expect(await count(`notification_event where user_id = ? and receiver in ('old1@example.com', 'old${overKeep}@example.com')`, [ownerId])).toBe(0);
  expect(await count(`notification_event where user_id = ? and receiver = 'old${overKeep + 1}@example.com'`, [ownerId])).toBe(1);
  expect(await count('notification_event where user_id = ?', [otherId])).toBe(5);
  const bell = (await owner.client.get('/api/notifications').expect(200)).body.body;
  expect(bell.items.slice(0, 3).map((i: { receiver: string }) => i.receiver)).toEqual(['ada@example.com', 'bo@example.com', 'ada@example.com']);
  expect(bell.unread).toBe(3);

  // Without its window, bo's next open mails at once, as it would have anyway.
  await open(snippetId, 'bo@example.com');
  expect((await smtp.next(owner.email, 15_000)).subject).toBe('bo@example.com opened Spring launch');
  // ada's digest, made due now, still lists the held open.
  await sql(t, `update notification_window set digest_at = now() where receiver = 'ada@example.com'`);
  expect((await smtp.next(owner.email, 40_000)).subject).toBe('Digest: ada@example.com and Spring launch (1 open)');
});

it('is one job an hour however many instances ask, and a second run finds nothing more', async () => {
  const now = Date.now();
  const [a, b] = await Promise.all([pruner.request(now), pruner.request(now)]);
  expect(a.id).toBe(b.id);
  await sql(t, `update notification_window set last_mail_at = now() - interval '2 minutes'`);
  // The windows of ada (digest sent) and bo (mailed again) have run their hour now.
  expect(await pruner.prune()).toEqual({ windows: 2, events: 2 });
  expect(await pruner.prune()).toEqual({ windows: 0, events: 0 });
});

// The fan-out of committed opens survives a hard kill (the outbox, migration 0025): the app runs
// in a process of its own, answers a few opens and is killed with SIGKILL at once, before the
// 100 ms its buffers wait to queue the fan-out; the app started after delivers every one of them
// to a real receiver, once each, signed per Standard Webhooks (checked with the standardwebhooks
// package), and records each for the owner's notifications. And a batch that nothing will fan out
// stores no outbox row.
import { jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { startReceiver, type TestReceiver } from '../support/webhook-receiver.js';
import { waitFor } from '../support/wait.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';
import { createApp } from '../../src/app.factory.js';
import { projectRoot } from '../../src/common/paths.js';

jest.setTimeout(240_000);

let rx: TestReceiver;

beforeAll(async () => {
  rx = await startReceiver();
});

afterAll(async () => {
  await rx?.close();
});

async function query<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

// The app in a child process (the embedded job queue: its jobs are in the database).
function startChild(t: TestApp): { child: ChildProcess; port: Promise<number> } {
  const child = spawn(process.execPath, ['--import', './test/support/ts-hooks.mjs', 'test/support/app-child.ts'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: t.config.dataDir, PUBLIC_BASE_URL: 'http://eyemail.test', DATABASE_URL: t.config.databaseUrl!, REDIS_URL: '', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = new Promise<number>((resolve, reject) => {
    child.on('message', (m: { event?: string; port?: number }) => m.event === 'ready' && resolve(m.port!));
    child.once('exit', (code) => reject(new Error(`the app process exited with ${code}`)));
  });
  port.catch(() => undefined);
  return { child, port };
}

const killed = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));

describe('opens committed just before the app is killed', () => {
  it('are delivered by the app started after, every one once, with verified signatures, and reach the notifications', async () => {
    const first = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    const url = first.config.databaseUrl;
    let second: Awaited<ReturnType<typeof createApp>> | null = null;
    const children: ChildProcess[] = [];
    try {
      if (!url) throw new Error('This test kills a process of the app: it needs DATABASE_URL (PostgreSQL).');
      const user = await signUp(first, { fullName: 'Olga Outbox' });
      const { videoId } = await readyVideo(user.client);
      const sid = (await createSnippet(user.client, snippetPayload(videoId, { title: 'Outbox' }))).snippet;
      const res = await user.client.post('/api/webhooks').send({ url: `${rx.url}/outbox`, events: ['eyemail.opened'] });
      expect(res.status).toBe(201);
      const secret = (res.body.body as { secret: string }).secret;
      // Only the child processes ingest and run jobs from here on.
      await first.app.close();

      // A round: opens answered, then SIGKILL at once. The kill must come before the live path
      // loaded them and queued their fan-out (and removed their outbox rows); a round that came too late (a slow
      // machine) is tried again, its opens still counted below.
      const sent: string[] = [];
      let caught = false;
      for (let round = 0; round < 4 && !caught; round++) {
        const { child, port } = startChild(first);
        children.push(child);
        const p = await port;
        const who = Array.from({ length: 6 }, (_, i) => `reader-${round}-${i}@example.com`);
        const hits = await Promise.all(who.map((w) => fetch(`http://127.0.0.1:${p}/t/o/${sid}.gif?v=${encodeURIComponent(w)}`, { headers: { 'User-Agent': UA.outlookWindows } })));
        child.kill('SIGKILL');
        expect(hits.map((h) => h.status)).toEqual(who.map(() => 200));
        sent.push(...who);
        await killed(child);
        // Still waiting: in the ingest's journal (answered, not loaded yet) or in the outbox (loaded,
        // its fan-out not queued yet).
        const left = await query<{ n: number }>(
          url,
          `select (select count(*) from engagement_outbox where consumer = 'webhooks') + (select count(*) from ingest_journal)::int as n`,
        );
        caught = left[0].n > 0;
      }
      expect(caught).toBe(true);
      expect(rx.received.filter((h) => h.path === '/outbox')).toHaveLength(0);

      second = await createApp(first.config);
      const hooks = () => rx.received.filter((h) => h.path === '/outbox');
      await waitFor(() => new Set(hooks().map((h) => (JSON.parse(h.body) as { data: { receiver: string } }).data.receiver)).size === sent.length, 'every open delivered by the app started after the kill', 90_000);
      // Settled: every delivery delivered and the outbox empty; nothing more arrives.
      await waitFor(async () => {
        const [d] = await query<{ pending: number; all: number }>(url, `select count(*) filter (where state = 'pending')::int as pending, count(*)::int as "all" from webhook_delivery`);
        const [o] = await query<{ n: number }>(url, 'select count(*)::int as n from engagement_outbox');
        return d.pending === 0 && o.n === 0 ? true : null;
      }, 'the deliveries done and the outbox empty', 60_000);
      await new Promise((r) => setTimeout(r, 1_000));

      const received = hooks().map((h) => new Webhook(secret).verify(h.body, h.headers as Record<string, string>) as { type: string; data: { receiver: string } });
      expect(received.map((m) => m.data.receiver).sort()).toEqual([...sent].sort());
      expect(received.every((m) => m.type === 'eyemail.opened')).toBe(true);
      expect(new Set(hooks().map((h) => h.headers['webhook-id'])).size).toBe(sent.length);
      const [deliveries] = await query<{ n: number }>(url, 'select count(*)::int as n from webhook_delivery');
      expect(deliveries.n).toBe(sent.length);
      // The owner's notifications (the bell): each open recorded once.
      const events = await query<{ receiver: string; n: number }>(url, `select receiver, count(*)::int as n from notification_event where kind = 'open' group by receiver`);
      expect(events.map((e) => e.receiver).sort()).toEqual([...sent].sort());
      expect(events.every((e) => e.n === 1)).toBe(true);
    } finally {
      for (const c of children) c.kill('SIGKILL');
      await second?.close();
      await first.close();
    }
  });
});

describe('a batch nothing will fan out', () => {
  it('stores no outbox row (no webhook endpoint, no named recipient); one with a named recipient does, removed once queued', async () => {
    const t = await startTestApp();
    try {
      const user = await signUp(t, { fullName: 'Nina Nobody' });
      const { videoId } = await readyVideo(user.client);
      const sid = (await createSnippet(user.client, snippetPayload(videoId, { title: 'Quiet' }))).snippet;
      // The outbox's identity sequence: null until a row was ever stored.
      const lastId = async () => (await sql<{ v: string | null }>(t, `select last_value::text as v from pg_sequences where sequencename = 'engagement_outbox_id_seq'`))[0]?.v ?? null;
      const stored = async () => (await sql<{ n: number }>(t, `select count(*)::int as n from engagement where snippet_id = ?`, [sid]))[0].n;
      // Whether any endpoint is on is looked up at start; wait until it has been (none).
      await new Promise((r) => setTimeout(r, 500));
      await Promise.all([1, 2, 3].map(() => t.http.get(`/t/o/${sid}.gif`).set('User-Agent', UA.outlookWindows).expect(200)));
      await t.http.get(`/t/o/${sid}.gif?v=unknown`).set('User-Agent', UA.outlookWindows).expect(200);
      expect(await stored()).toBe(4);
      expect(await lastId()).toBeNull();
      await t.http.get(`/t/o/${sid}.gif?v=${encodeURIComponent('ann@example.com')}`).set('User-Agent', UA.outlookWindows).expect(200);
      expect(await lastId()).not.toBeNull();
      await waitFor(async () => ((await sql<{ n: number }>(t, 'select count(*)::int as n from engagement_outbox'))[0].n === 0 ? true : null), 'the outbox row removed once the fan-out was queued');
      await waitFor(async () => ((await sql<{ n: number }>(t, `select count(*)::int as n from notification_event where receiver = 'ann@example.com'`))[0].n === 1 ? true : null), 'the open recorded for the notifications');
    } finally {
      await t.close();
    }
  });
});

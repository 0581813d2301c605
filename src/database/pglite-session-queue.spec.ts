import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { endsIdle, keepTail } from './pglite-session-queue.js';

const z = (status: string) => Uint8Array.from([0x5a, 0, 0, 0, 5, status.charCodeAt(0)]);

describe('endsIdle', () => {
  it('is true only for an answer ending in ReadyForQuery outside a transaction', () => {
    expect(endsIdle(z('I'))).toBe(true);
    expect(endsIdle(z('T'))).toBe(false);
    expect(endsIdle(z('E'))).toBe(false);
    expect(endsIdle(Uint8Array.from([0x31, 0, 0, 0, 4]))).toBe(false); // ParseComplete alone
    expect(endsIdle(new Uint8Array(0))).toBe(false);
  });
});

describe('keepTail', () => {
  it('keeps the last six bytes across chunks of any size', () => {
    const answer = Uint8Array.from([1, 2, 3, ...z('I')]);
    for (let cut = 0; cut <= answer.length; cut++) {
      const tail = keepTail(keepTail(new Uint8Array(0), answer.slice(0, cut)), answer.slice(cut));
      expect(Array.from(tail)).toEqual(Array.from(z('I')));
    }
    expect(Array.from(keepTail(Uint8Array.from([9]), Uint8Array.from([7, 8])))).toEqual([9, 7, 8]);
  });
});

// The embedded database as the app uses it: a pool of connections querying at once.
describe('the embedded database under concurrent connections', () => {
  let dir: string;
  let embedded: EmbeddedPostgres;
  let pool: pg.Pool;
  // Each connection of the pool closed: pg's pool.end() resolves before its sockets are closed,
  // and a socket left open keeps the test worker from exiting after its last file (jest then
  // force-exits it, with its "failed to exit gracefully" warning).
  const closed: Promise<void>[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-pglite-'));
    embedded = await startEmbeddedPostgres(dir);
    pool = new pg.Pool({ connectionString: embedded.url, max: 6 });
    pool.on('connect', (client) => closed.push(new Promise((resolve) => client.once('end', () => resolve()))));
    await pool.query('create table hits (n int not null)');
  }, 180_000);

  afterAll(async () => {
    await pool?.end();
    await embedded?.stop();
    await Promise.all(closed);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // Under load a connection's Parse can reach the server in one packet and its Bind, Execute and
  // Sync in the next; another connection's whole query arriving between them took the session
  // (A then bound B's statement). Made certain here by holding A's writes after its Parse.
  it("runs one connection's query whole even when another's arrives between its messages", async () => {
    const url = embedded.url;
    const a = new pg.Client(url);
    const b = new pg.Client(url);
    await Promise.all([a.connect(), b.connect()]);
    try {
      const conn = (a as unknown as { connection: { stream: { write: (...args: unknown[]) => boolean }; once: (e: string, f: () => void) => void } }).connection;
      const write = conn.stream.write.bind(conn.stream);
      const held: unknown[][] = [];
      let writes = 0;
      conn.stream.write = (...args: unknown[]) => {
        if (writes++ === 0) return write(...args);
        held.push(args);
        return true;
      };
      const parsed = new Promise<void>((resolve) => conn.once('parseComplete', resolve));
      const qa = a.query('select $1::int as a', [1]);
      await parsed;
      let bDone = false;
      const qb = b.query('select $1::text as b', ['x']).finally(() => (bDone = true));
      const queue = (embedded as unknown as { queueLength(): number }).queueLength;
      while (!bDone && queue() === 0) await new Promise((r) => setImmediate(r));
      conn.stream.write = write;
      held.forEach((args) => write(...args));
      const [ra, rb] = await Promise.allSettled([qa, qb]);
      expect(ra.status === 'fulfilled' ? ra.value.rows : ra.reason.message).toEqual([{ a: 1 }]);
      expect(rb.status === 'fulfilled' ? rb.value.rows : rb.reason.message).toEqual([{ b: 'x' }]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  }, 180_000);

  it('answers many parameterised queries at once, each with its own result', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 ? pool.query('select $1::int * 2 as n, $2::text as tag', [i, `q${i}`]) : pool.query('insert into hits (n) values ($1) returning n', [i]),
      ),
    );
    answers.forEach((res, i) => expect(res.rows[0]).toEqual(i % 2 ? { n: i * 2, tag: `q${i}` } : { n: i }));
    const { rows } = await pool.query('select count(*)::int as c from hits');
    expect(rows[0].c).toBe(100);
  }, 180_000);

  it('keeps a transaction whole while others query, and goes on after a failing query', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('insert into hits (n) values ($1)', [-1]);
      const others = Promise.all(Array.from({ length: 20 }, (_, i) => pool.query('select $1::int as n', [i])));
      const failing = pool.query('select $1::int / 0 as n', [1]).then(
        () => 'answered',
        (e: Error) => e.message,
      );
      await client.query('rollback');
      expect(await failing).toMatch(/division by zero/);
      expect((await others).map((r) => r.rows[0].n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    } finally {
      client.release();
    }
    const { rows } = await pool.query('select count(*)::int as c from hits where n = -1');
    expect(rows[0].c).toBe(0);
  }, 180_000);
});

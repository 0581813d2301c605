import pg from 'pg';
import { bareSnippet, migratedDatabaseClient } from '../support/migrated-client.js';
import { waitFor } from '../support/wait.js';

const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

// The unique people and events per EyeMail, kind, click destination and scope, as the report's
// all-time figures read them (engagement_people), counted again by plain SQL over the raw rows:
// a person is the receiver, else the address; clicks also count toward every destination ('*').
const RECOUNT = `
  with p as (
    select kind, case when kind = 'click' then coalesce(destination, '') else '' end as destination,
      case when kind = 'click' and destination_label is not null then 'l' || destination_label else '' end as label,
      coalesce('r:' || receiver, 'i:' || host(ip)) as who, machine_reason is not null as machine
    from engagement where snippet_id = $1 and (kind = 'click' or (kind = 'open' and (receiver is not null or ip is not null)))
    union all
    select 'visit', '', '', coalesce('r:' || receiver, 'i:' || host(ip)), machine_reason is not null
    from viewer_visit where snippet_id = $1 and (receiver is not null or ip is not null)
    union all
    select 'play', '', '', coalesce('r:' || receiver, 'i:' || host(ip)), machine_reason is not null
    from video_play where snippet_id = $1 and counted and (receiver is not null or ip is not null)
  ),
  scoped as (
    select kind, destination, label, who, case when machine then 'machine' else 'human' end as scope from p
    union all select kind, destination, label, who, 'all' from p
  ),
  every as (
    select * from scoped union all select kind, '*', '*', who, scope from scoped where kind = 'click'
  )
  select kind, destination, label, scope, count(distinct who)::int as people, count(*)::int as events
  from every group by kind, destination, label, scope order by kind, destination, label, scope`;
const KEPT = `
  select kind, destination, label, scope, people, events from engagement_people
  where snippet_id = $1 and (people, events) <> (0, 0) order by kind, destination, label, scope`;

// A small deterministic random sequence (so a failure can be replayed).
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describeWithPostgres('unique people kept at ingest', () => {
  let url: string;
  let close: () => Promise<void>;
  let c: pg.Client;
  let snippet: string;

  beforeAll(async () => {
    ({ c, url, close } = await migratedDatabaseClient('eyemail_people'));
  });

  beforeEach(async () => {
    snippet = await bareSnippet(c, 'People');
  });

  afterAll(async () => {
    await close?.();
  });

  it('match a recount of the raw rows after every insert, machine marking, merged play and deletion', async () => {
    const rnd = random(17);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
    const receivers = ['ann@example.com', 'bob@example.com', 'cid@example.com', '', null, null];
    const ips = ['10.0.0.1', '10.0.0.2', '2001:db8::7', null];
    const machine = () => (rnd() < 0.25 ? 'bot' : null);
    const events = async (n: number) => {
      const rows = Array.from({ length: n }, () => {
        const kind = pick(['open', 'open', 'click']);
        const destination = kind === 'click' ? pick(['landing-page', 'button', 'button']) : null;
        const label = destination === 'button' ? pick(['Buy', 'Read', null]) : null;
        return [kind, pick(receivers), pick(ips), machine(), destination, label];
      });
      await c.query(
        `insert into engagement (snippet_id, kind, receiver, ip, machine_reason, destination, destination_label)
         select $1, r[1], r[2], r[3]::inet, r[4], r[5], r[6] from jsonb_to_recordset($2::jsonb) as x(r text[])`,
        [snippet, JSON.stringify(rows.map((r) => ({ r })))],
      );
    };
    const visits = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await c.query(`insert into viewer_visit (snippet_id, page, receiver, ip, machine_reason) values ($1, 'live', $2, $3, $4)`, [snippet, pick(receivers), pick(ips), machine()]);
      }
    };
    const plays = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await c.query(
          `insert into video_play (play_id, snippet_id, started_at, updated_at, receiver, ip, machine_reason, counted)
           values (gen_random_uuid(), $1, now(), now(), $2, $3, $4, $5)`,
          [snippet, pick(receivers), pick(ips), machine(), rnd() < 0.6],
        );
      }
    };
    // A share of a table's rows, in one statement.
    const some = (table: string, key: string, share: number, where = 'true') =>
      `${key} in (select ${key} from ${table} where snippet_id = $1 and ${where} and random() < ${share})`;
    const steps: [string, () => Promise<unknown>][] = [
      ['a batch of opens and clicks', () => events(1 + Math.floor(rnd() * 12))],
      ['visits', () => visits(1 + Math.floor(rnd() * 3))],
      ['plays', () => plays(1 + Math.floor(rnd() * 3))],
      ['events marked machine', () => c.query(`update engagement set machine_reason = 'flood' where ${some('engagement', 'id', 0.3, 'machine_reason is null')}`, [snippet])],
      ['machine marks taken back', () => c.query(`update engagement set machine_reason = null where ${some('engagement', 'id', 0.3)}`, [snippet])],
      ['visits marked machine', () => c.query(`update viewer_visit set machine_reason = 'flood' where ${some('viewer_visit', 'id', 0.5)}`, [snippet])],
      ['plays becoming counted', () => c.query(`update video_play set counted = true, reports = reports + 1 where ${some('video_play', 'play_id', 0.5)}`, [snippet])],
      ['plays merged, nothing counted changes', () => c.query(`update video_play set reports = reports + 1 where snippet_id = $1`, [snippet])],
      ['events deleted', () => c.query(`delete from engagement where ${some('engagement', 'id', 0.2)}`, [snippet])],
      ['visits and plays deleted', () => c.query(`delete from viewer_visit where ${some('viewer_visit', 'id', 0.2)}`, [snippet])],
      ['plays deleted', () => c.query(`delete from video_play where ${some('video_play', 'play_id', 0.2)}`, [snippet])],
    ];
    await c.query('select setseed(0.17)');
    for (let i = 0; i < 80; i++) {
      const [what, run] = i < 10 ? steps[i % 3] : pick(steps);
      await run();
      const [kept, recount] = [(await c.query(KEPT, [snippet])).rows, (await c.query(RECOUNT, [snippet])).rows];
      expect({ step: i, what, people: kept }).toEqual({ step: i, what, people: recount });
    }
    // Something of every kind was counted on the way.
    const kinds = new Set((await c.query(KEPT, [snippet])).rows.map((r) => `${r.kind}:${r.scope}`));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['click:human', 'click:machine', 'open:all', 'open:human', 'open:machine', 'play:all', 'visit:all']));
  });

  it('put every instant in the 15-minute UTC bucket it fell in, before 1970 too', async () => {
    // Around bucket edges (a microsecond either side), at odd offsets, and across 1950-2050.
    const { rows } = await c.query(`
      with t as (
        select e + d * interval '1 microsecond' as t
        from unnest(array[timestamptz '2026-01-01 10:15:00+00', '2026-03-29 01:00:00+00', '1969-12-31 23:45:00+00', '1950-06-01 00:00:00+00', '2049-12-31 23:59:59.999999+00']) e,
             generate_series(-2, 2) d
        union all select timestamptz '1950-01-01 00:00:00+00' + g * interval '7 hours 3 minutes 17.123457 seconds' from generate_series(0, 124000) g
      )
      select count(*)::int as instants,
        count(*) filter (where engagement_bucket(t) <> to_timestamp(floor(extract(epoch from t) / 900) * 900))::int as misplaced,
        count(*) filter (where engagement_bucket(t) > t or t - engagement_bucket(t) >= interval '15 minutes')::int as outside
      from t`);
    expect(rows).toEqual([{ instants: 124026, misplaced: 0, outside: 0 }]);
  });

  it('count a person once when two writers store their first events at the same time', async () => {
    const [a, b] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([a.connect(), b.connect()]);
    try {
      // The second writer's events an hour earlier (another 15-minute counter row): only the
      // people's own rows make it wait.
      const open = (x: pg.Client, receiver: string | null, ip: string | null) =>
        x.query(`insert into engagement (snippet_id, kind, receiver, ip, occurred_at) values ($1, 'open', $2, $3, now() - $4::interval)`, [
          snippet,
          receiver,
          ip,
          x === b ? '1 hour' : '0 s',
        ]);
      const bPid = (await b.query('select pg_backend_pid() as pid')).rows[0].pid;
      // Someone opened before (the counts' rows exist). Two instances' batches then carry the same
      // new reader (and the same new address-only opener); the second waits for the first to
      // commit, then finds its events.
      await open(c, 'ann@example.com', '10.0.0.1');
      await a.query('begin');
      await b.query('begin');
      await open(a, 'dee@example.com', '10.0.0.4');
      await open(a, null, '10.0.0.5');
      const second = open(b, 'dee@example.com', '10.0.0.9').then(() => open(b, null, '10.0.0.5'));
      await waitFor(async () => (await c.query(`select wait_event_type from pg_stat_activity where pid = $1`, [bPid])).rows[0]?.wait_event_type === 'Lock', 'the second writer to wait');
      await a.query('commit');
      await second;
      await b.query('commit');
      expect((await c.query(KEPT, [snippet])).rows).toEqual([
        { kind: 'open', destination: '', label: '', scope: 'all', people: 3, events: 5 },
        { kind: 'open', destination: '', label: '', scope: 'human', people: 3, events: 5 },
      ]);

      // One writer marks dee's first open machine traffic while another stores dee's third:
      // dee stays a human opener and becomes a machine one.
      await a.query('begin');
      await b.query('begin');
      await a.query(`update engagement set machine_reason = 'flood' where id = (select min(id) from engagement where snippet_id = $1 and receiver = 'dee@example.com')`, [snippet]);
      const third = open(b, 'dee@example.com', '10.0.0.4');
      await waitFor(async () => (await c.query(`select wait_event_type from pg_stat_activity where pid = $1`, [bPid])).rows[0]?.wait_event_type === 'Lock', 'the second writer to wait');
      await a.query('commit');
      await third;
      await b.query('commit');
      expect((await c.query(KEPT, [snippet])).rows).toEqual((await c.query(RECOUNT, [snippet])).rows);
      expect((await c.query(KEPT, [snippet])).rows.find((r) => r.scope === 'machine')).toEqual({ kind: 'open', destination: '', label: '', scope: 'machine', people: 1, events: 1 });
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});

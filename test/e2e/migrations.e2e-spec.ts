import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/config.js';
import { migrationsList } from '../../migrations/index.js';
import { freshDatabaseUrl } from '../support/fresh-database.js';

const base = process.env.DATABASE_URL;
const describeWithPostgres = base ? describe : describe.skip;

// Several instances booting at once against one empty database must apply each migration once
// and all come up.
describeWithPostgres('start-up migrations against a shared PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabaseUrl('eyemail_mig');
    url = db.url!;
    drop = db.drop;
  });

  afterAll(async () => {
    await drop();
  });

  it('applies pending migrations exactly once when three instances start together', async () => {
    const dirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-mig-')));
    const apps = await Promise.all(
      dirs.map((dir) => createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: dir, DATABASE_URL: url }))),
    );
    try {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query('select name from mikro_orm_migrations order by id');
      // The engagement table's columns are a contract between the ingest and report sides.
      const cols = await c.query(
        `select column_name, data_type from information_schema.columns where table_name = 'engagement' order by ordinal_position`,
      );
      await c.end();
      expect(rows.map((r) => r.name)).toEqual(migrationsList.map((m) => m.name));
      expect(cols.rows.map((r) => `${r.column_name}:${r.data_type}`)).toEqual([
        'id:bigint', 'snippet_id:uuid', 'kind:text', 'occurred_at:timestamp with time zone', 'receiver:text', 'ip:inet',
        'country_code:text', 'country_name:text', 'region:text', 'city:text', 'device_type:text', 'platform:text',
        'client:text', 'user_agent:text', 'target:text', 'duration_secs:double precision',
        'video_duration_secs:double precision', 'click_id:bigint', 'machine_reason:text', 'destination:text', 'destination_label:text',
        'play_id:uuid',
      ]);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
      dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
    }
  });
});

// A database made before the tiers were stored by their own names upgrades in place: its users
// keep their tier, and the legacy names can no longer be stored.
describeWithPostgres('upgrading the stored tier names', () => {
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabaseUrl('eyemail_tier');
    url = db.url!;
    drop = db.drop;
  });

  afterAll(async () => {
    await drop();
  });

  it('rewrites standard and enterprise as premium and express', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-tier-'));
    const start = () => createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: dir, DATABASE_URL: url }));
    const c = new pg.Client({ connectionString: url });
    try {
      // The schema as it was before 0009-tier-names, with an account of each tier.
      await (await start()).close();
      await c.connect();
      await c.query('alter table app_user drop constraint app_user_tier_check');
      await c.query(`alter table app_user add constraint app_user_tier_check check (tier in ('standard', 'enterprise'))`);
      await c.query(`delete from mikro_orm_migrations where name = '0009-tier-names'`);
      await c.query(
        `insert into app_user (id, email, password_hash, first_name, tier) values
           ('00000000-0000-4000-8000-000000000001', 'old.premium@example.com', 'x', 'Pre', 'standard'),
           ('00000000-0000-4000-8000-000000000002', 'old.express@example.com', 'x', 'Exp', 'enterprise')`,
      );

      const app = await start();
      try {
        const { rows } = await c.query(`select email, tier from app_user where email like 'old.%' order by email`);
        expect(rows).toEqual([
          { email: 'old.express@example.com', tier: 'express' },
          { email: 'old.premium@example.com', tier: 'premium' },
        ]);
        await expect(c.query(`update app_user set tier = 'enterprise' where email = 'old.express@example.com'`)).rejects.toThrow(/app_user_tier_check/);
      } finally {
        await app.close();
      }
    } finally {
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A database made before clicks recorded where they went upgrades in place: its clicks are filled
// in from their target and their snippet (no target: the web view).
describeWithPostgres('upgrading stored clicks with their destination', () => {
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabaseUrl('eyemail_dest');
    url = db.url!;
    drop = db.drop;
  });

  afterAll(async () => {
    await drop();
  });

  it('fills in the landing page, the web view, the video link and buttons by their label', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-dest-'));
    const start = () => createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: dir, DATABASE_URL: url }));
    const c = new pg.Client({ connectionString: url });
    const user = '00000000-0000-4000-8000-0000000000a1';
    const video = '00000000-0000-4000-8000-0000000000b1';
    const snippet = '00000000-0000-4000-8000-0000000000c1';
    try {
      // The schema as it was before 0011-click-destination, with a snippet and its clicks.
      await (await start()).close();
      await c.connect();
      await c.query('alter table engagement drop column destination_label, drop column destination');
      await c.query(`delete from mikro_orm_migrations where name = '0011-click-destination'`);
      await c.query(`insert into app_user (id, email, password_hash, first_name, tier) values ($1, 'old.clicks@example.com', 'x', 'Old', 'premium')`, [user]);
      // The snippet's media rows do not matter here: foreign keys are not checked for this insert.
      await c.query(`set session_replication_role = replica`);
      await c.query(
        `insert into snippet (id, owner_id, workspace_id, title, video_file_id, encoding_id, landing_page_url, video_link_url, cta_buttons) values ($1, $2, $2, 'Old', $3, $3, $4, $5, $6)`,
        [snippet, user, video, 'https://shop.example.com/', 'https://youtu.be/x', JSON.stringify([{ title: 'Book a demo', url: 'https://shop.example.com/demo' }])],
      );
      await c.query(
        `insert into engagement (snippet_id, kind, target) values
           ($1, 'click', null), ($1, 'click', 'https://shop.example.com/'), ($1, 'click', 'https://youtu.be/x'),
           ($1, 'click', 'https://shop.example.com/demo'), ($1, 'click', 'https://gone.example/'), ($1, 'open', null)`,
        [snippet],
      );
      await c.query(`set session_replication_role = origin`);

      const app = await start();
      try {
        const { rows } = await c.query(`select kind, target, destination, destination_label as label from engagement order by id`);
        expect(rows).toEqual([
          { kind: 'click', target: null, destination: 'web-view', label: null },
          { kind: 'click', target: 'https://shop.example.com/', destination: 'landing-page', label: null },
          { kind: 'click', target: 'https://youtu.be/x', destination: 'video-link', label: null },
          { kind: 'click', target: 'https://shop.example.com/demo', destination: 'button', label: 'Book a demo' },
          // a target the snippet no longer has: unknown, the report says "Link"
          { kind: 'click', target: 'https://gone.example/', destination: null, label: null },
          { kind: 'open', target: null, destination: null, label: null },
        ]);
        await expect(c.query(`update engagement set destination = 'elsewhere'`)).rejects.toThrow(/check/);
      } finally {
        await app.close();
      }
    } finally {
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A database with plays stored before the per-second histogram upgrades in place: the histogram is
// added up from the counted plays' segments, machine traffic apart, every second of the video a row.
describeWithPostgres('upgrading stored plays with their per-second histogram', () => {
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabaseUrl('eyemail_seconds');
    url = db.url!;
    drop = db.drop;
  });

  afterAll(async () => {
    await drop();
  });

  it('adds up watching plays and rewatches per second', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-seconds-'));
    const start = () => createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: dir, DATABASE_URL: url }));
    const c = new pg.Client({ connectionString: url });
    const snippet = '00000000-0000-4000-8000-0000000000c2';
    try {
      // The schema as it was before 0014-second-stats, with a snippet and its plays.
      await (await start()).close();
      await c.connect();
      await c.query('drop table video_second_stats');
      await c.query(`delete from mikro_orm_migrations where name = '0014-second-stats'`);
      await c.query(`set session_replication_role = replica`);
      await c.query(`insert into snippet (id, owner_id, workspace_id, title, video_file_id, encoding_id) values ($1, $2, $2, 'Old', $2, $2)`, [snippet, '00000000-0000-4000-8000-0000000000a2']);
      const play = (segments: number[][], counted: boolean, machine: string | null) =>
        c.query(
          `insert into video_play (play_id, snippet_id, started_at, updated_at, video_duration_secs, segments, watched_secs, counted, machine_reason)
           values (gen_random_uuid(), $1, now(), now(), 4, $2::jsonb, 0, $3, $4)`,
          [snippet, JSON.stringify(segments), counted, machine],
        );
      // 0-4 s with 1-3 s again; 0-2 s; 0-1 s (not a play); a machine's 2-4 s
      await play([[0, 0, 4], [1, 1, 3]], true, null);
      await play([[0, 0, 2]], true, null);
      await play([[0, 0, 1]], false, null);
      await play([[0, 2, 4]], true, 'bot');
      await c.query(`set session_replication_role = origin`);

      const app = await start();
      try {
        const { rows } = await c.query(`select machine, second, watching, rewatches from video_second_stats where snippet_id = $1 order by machine, second`, [snippet]);
        expect(rows).toEqual([
          { machine: false, second: 0, watching: 2, rewatches: 0 },
          { machine: false, second: 1, watching: 2, rewatches: 1 },
          { machine: false, second: 2, watching: 1, rewatches: 1 },
          { machine: false, second: 3, watching: 1, rewatches: 0 },
          { machine: true, second: 0, watching: 0, rewatches: 0 },
          { machine: true, second: 1, watching: 0, rewatches: 0 },
          { machine: true, second: 2, watching: 1, rewatches: 0 },
          { machine: true, second: 3, watching: 1, rewatches: 0 },
        ]);
      } finally {
        await app.close();
      }
    } finally {
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A database with events stored before the 15-minute counters upgrades in place: the counters are
// added up from the stored opens, clicks, visits and counted plays, machine traffic apart; from
// then on every write (an insert, a later machine marking, a play's merge) keeps them.
describeWithPostgres('upgrading stored events with their 15-minute counters', () => {
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabaseUrl('eyemail_counters');
    url = db.url!;
    drop = db.drop;
  });

  afterAll(async () => {
    await drop();
  });

  it('adds up what was stored, then keeps up with inserts, machine marks and merged plays', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-counters-'));
    const start = () => createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: dir, DATABASE_URL: url }));
    const c = new pg.Client({ connectionString: url });
    const snippet = '00000000-0000-4000-8000-0000000000c3';
    const counters = async () =>
      (
        await c.query(
          `select to_char(bucket at time zone 'UTC', 'HH24:MI') as at, machine, opens, clicks, visits, plays, sound_on_plays as "soundOn",
             complete_plays as complete, played_secs as secs, share_sum as share
           from engagement_counter where snippet_id = $1 and (opens, clicks, visits, plays) <> (0, 0, 0, 0) order by bucket, machine`,
          [snippet],
        )
      ).rows;
    // How many people of a kind (a click's destination, or '*' for any) have events, and how many events.
    const people = async () =>
      (await c.query(`select kind, destination, scope, people, events from engagement_people where snippet_id = $1 order by kind, destination, scope`, [snippet])).rows;
    try {
      // The schema as it was before 0018-engagement-counters (and 0022, which keeps its people
      // without a row per person), with a snippet and its events.
      await (await start()).close();
      await c.connect();
      for (const t of ['viewer_visit', 'video_play']) for (const i of ['receiver', 'ip']) await c.query(`drop index ${t}_snippet_${i}_idx`);
      await c.query(`delete from mikro_orm_migrations where name = '0022-people-by-probe'`);
      for (const t of ['engagement', 'viewer_visit', 'video_play']) {
        for (const op of ['insert', 'update', 'delete']) await c.query(`drop trigger ${t}_counter_${op} on ${t}`);
        await c.query(`drop function ${t}_counter_apply()`);
      }
      await c.query('drop function engagement_bucket(timestamptz)');
      await c.query('drop table engagement_counter');
      await c.query('drop table engagement_people');
      await c.query(`delete from mikro_orm_migrations where name = '0018-engagement-counters'`);
      await c.query(`set session_replication_role = replica`);
      await c.query(`insert into snippet (id, owner_id, workspace_id, title, video_file_id, encoding_id) values ($1, $2, $2, 'Old', $2, $2)`, [snippet, '00000000-0000-4000-8000-0000000000a3']);
      const event = (kind: string, at: string, machine: string | null = null, receiver: string | null = 'ann@example.com', destination: string | null = null) =>
        c.query(`insert into engagement (snippet_id, kind, occurred_at, machine_reason, receiver, ip, destination) values ($1, $2, $3, $4, $5, '10.0.0.9', $6)`, [
          snippet,
          kind,
          at,
          machine,
          receiver,
          destination,
        ]);
      await event('open', '2026-01-01T10:00:00Z');
      await event('open', '2026-01-01T10:14:59Z', null, 'bob@example.com');
      await event('open', '2026-01-01T10:15:00Z', null, null);
      await event('click', '2026-01-01T10:05:00Z', null, 'ann@example.com', 'landing-page');
      await event('click', '2026-01-01T10:06:00Z', 'link-scanner', 'ann@example.com', 'landing-page');
      await event('play', '2026-01-01T10:07:00Z');
      await c.query(`insert into viewer_visit (snippet_id, occurred_at, page) values ($1, '2026-01-01T10:01:00Z', 'live')`, [snippet]);
      const play = (at: string, watched: number, counted: boolean, soundOn: boolean) =>
        c.query(
          `insert into video_play (play_id, snippet_id, started_at, updated_at, video_duration_secs, segments, watched_secs, counted, sound_on)
           values (gen_random_uuid(), $1, $2, $2, 10, '[]'::jsonb, $3, $4, $5) returning play_id`,
          [snippet, at, watched, counted, soundOn],
        );
      await play('2026-01-01T10:02:00Z', 9, true, true);
      await play('2026-01-01T10:03:00Z', 4, true, false);
      const unplayed = (await play('2026-01-01T10:04:00Z', 1, false, false)).rows[0].play_id;
      await c.query(`set session_replication_role = origin`);

      const app = await start();
      try {
        const quarter = { visits: 0, plays: 0, soundOn: 0, complete: 0, secs: 0, share: 0 };
        expect(await counters()).toEqual([
          { at: '10:00', machine: false, opens: 2, clicks: 1, visits: 1, plays: 2, soundOn: 1, complete: 1, secs: 13, share: 1.3 },
          { at: '10:00', machine: true, opens: 0, clicks: 1, ...quarter },
          { at: '10:15', machine: false, opens: 1, clicks: 0, ...quarter },
        ]);
        // The people: by receiver, else by address (visits and plays here have neither: not people).
        expect(await people()).toEqual([
          { kind: 'click', destination: '*', scope: 'all', people: 1, events: 2 },
          { kind: 'click', destination: '*', scope: 'human', people: 1, events: 1 },
          { kind: 'click', destination: '*', scope: 'machine', people: 1, events: 1 },
          { kind: 'click', destination: 'landing-page', scope: 'all', people: 1, events: 2 },
          { kind: 'click', destination: 'landing-page', scope: 'human', people: 1, events: 1 },
          { kind: 'click', destination: 'landing-page', scope: 'machine', people: 1, events: 1 },
          { kind: 'open', destination: '', scope: 'all', people: 3, events: 3 },
          { kind: 'open', destination: '', scope: 'human', people: 3, events: 3 },
        ]);

        // From now on the writes keep them: a new open, an open marked machine, a play merged into a counted one.
        await event('open', '2026-01-01T10:20:00Z');
        await c.query(`update engagement set machine_reason = 'flood' where snippet_id = $1 and occurred_at = '2026-01-01T10:15:00Z'`, [snippet]);
        await c.query(`update video_play set counted = true, watched_secs = 10, sound_on = true where play_id = $1`, [unplayed]);
        expect(await counters()).toEqual([
          { at: '10:00', machine: false, opens: 2, clicks: 1, visits: 1, plays: 3, soundOn: 2, complete: 2, secs: 23, share: 2.3 },
          { at: '10:00', machine: true, opens: 0, clicks: 1, ...quarter },
          { at: '10:15', machine: false, opens: 1, clicks: 0, ...quarter },
          { at: '10:15', machine: true, opens: 1, clicks: 0, ...quarter },
        ]);
        // ann opened again; the address-only opener is machine traffic now, no longer a human opener
        expect(await people()).toEqual([
          { kind: 'click', destination: '*', scope: 'all', people: 1, events: 2 },
          { kind: 'click', destination: '*', scope: 'human', people: 1, events: 1 },
          { kind: 'click', destination: '*', scope: 'machine', people: 1, events: 1 },
          { kind: 'click', destination: 'landing-page', scope: 'all', people: 1, events: 2 },
          { kind: 'click', destination: 'landing-page', scope: 'human', people: 1, events: 1 },
          { kind: 'click', destination: 'landing-page', scope: 'machine', people: 1, events: 1 },
          { kind: 'open', destination: '', scope: 'all', people: 3, events: 4 },
          { kind: 'open', destination: '', scope: 'human', people: 2, events: 3 },
          { kind: 'open', destination: '', scope: 'machine', people: 1, events: 1 },
        ]);

        // A deleted event is taken off: ann's second open.
        await c.query(`delete from engagement where snippet_id = $1 and occurred_at = '2026-01-01T10:20:00Z'`, [snippet]);
        expect((await counters()).filter((r) => r.at === '10:15')).toEqual([{ at: '10:15', machine: true, opens: 1, clicks: 0, ...quarter }]);
        expect((await people()).filter((r) => r.kind === 'open')).toEqual([
          { kind: 'open', destination: '', scope: 'all', people: 3, events: 3 },
          { kind: 'open', destination: '', scope: 'human', people: 2, events: 2 },
          { kind: 'open', destination: '', scope: 'machine', people: 1, events: 1 },
        ]);

        // Deleting the EyeMail takes its events, counters and people with it.
        await c.query('delete from snippet where id = $1', [snippet]);
        expect([await counters(), await people()]).toEqual([[], []]);
      } finally {
        await app.close();
      }
    } finally {
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeWithPostgres("upgrading stored events with the records' summary kept at ingest", () => {
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabaseUrl('eyemail_record_summary');
    url = db.url!;
    drop = db.drop;
  });

  afterAll(async () => {
    await drop();
  });

  it('works out first views, counted clicks and view time from what was stored, then keeps up with inserts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-record-summary-'));
    const start = () => createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: dir, DATABASE_URL: url }));
    const c = new pg.Client({ connectionString: url });
    const snippet = '00000000-0000-4000-8000-0000000000d3';
    const counters = async () =>
      (
        await c.query(
          `select to_char(bucket at time zone 'UTC', 'HH24:MI') as at, machine, records, views, clicks, first_views as firsts, first_views_all as "firstsAll"
           from report_counter where snippet_id = $1 order by bucket, machine`,
          [snippet],
        )
      ).rows;
    const firsts = async () =>
      (await c.query(`select scope, who, first_id::text as id from report_viewer where snippet_id = $1 and first_id is not null order by scope, who`, [snippet])).rows;
    const totals = async () =>
      (await c.query(`select scope, viewers, secs::float8 as secs from report_viewer_total where snippet_id = $1 order by scope`, [snippet])).rows;
    try {
      // The schema as it was before 0023-record-summary, with a snippet and its events.
      await (await start()).close();
      await c.connect();
      for (const op of ['insert', 'update', 'delete']) await c.query(`drop trigger engagement_report_${op} on engagement`);
      await c.query('drop function report_summary_apply()');
      await c.query('drop function report_summary_rebuild(uuid[])');
      await c.query('drop function report_people_refresh(uuid[], text[], text[], inet[], bigint[])');
      await c.query('drop function report_people_lock(uuid[], text[])');
      await c.query('drop table report_viewer_total, report_viewer, report_counter');
      await c.query(`delete from mikro_orm_migrations where name = '0023-record-summary'`);
      await c.query(`set session_replication_role = replica`);
      await c.query(`insert into snippet (id, owner_id, workspace_id, title, video_file_id, encoding_id) values ($1, $2, $2, 'Old', $2, $2)`, [snippet, '00000000-0000-4000-8000-0000000000a3']);
      await c.query(`set session_replication_role = origin`);
      const event = async (kind: string, at: string, o: { receiver?: string | null; machine?: string; secs?: number; click?: string; target?: string } = {}) =>
        (
          await c.query(
            `insert into engagement (snippet_id, kind, occurred_at, receiver, ip, machine_reason, duration_secs, video_duration_secs, click_id, target)
             values ($1, $2, $3, $4, '10.0.0.9', $5, $6, case when $2 = 'open' then null else 30 end, $7, $8) returning id::text as id`,
            [snippet, kind, at, o.receiver === undefined ? 'ann@example.com' : o.receiver, o.machine ?? null, o.secs ?? null, o.click ?? null, o.target ?? null],
          )
        ).rows[0].id as string;
      // ann: a machine open first, then a human one; a web-view click with 40 s of plays (capped
      // at 30); bob: an un-joined play of 12 s; someone known by address: an open; a click to a target
      const machineOpen = await event('open', '2026-01-01T10:00:00Z', { machine: 'apple-privacy' });
      const annOpen = await event('open', '2026-01-01T10:05:00Z');
      const click = await event('click', '2026-01-01T10:06:00Z');
      await event('play', '2026-01-01T10:07:00Z', { secs: 25, click });
      await event('play', '2026-01-01T10:08:00Z', { secs: 15, click });
      const bobPlay = await event('play', '2026-01-01T10:20:00Z', { receiver: 'bob@example.com', secs: 12 });
      const ipOpen = await event('open', '2026-01-01T10:21:00Z', { receiver: null });
      await event('click', '2026-01-01T10:22:00Z', { receiver: null, target: 'https://shop.example.com' });

      const app = await start();
      try {
        expect(await counters()).toEqual([
          { at: '10:00', machine: false, records: 2, views: 1, clicks: 1, firsts: 1, firstsAll: 1 },
          { at: '10:00', machine: true, records: 1, views: 1, clicks: 0, firsts: 0, firstsAll: 0 },
          { at: '10:15', machine: false, records: 3, views: 2, clicks: 1, firsts: 2, firstsAll: 2 },
        ]);
        expect(await firsts()).toEqual([
          { scope: 'all', who: 'i:10.0.0.9', id: ipOpen },
          { scope: 'all', who: 'r:ann@example.com', id: machineOpen },
          { scope: 'all', who: 'r:bob@example.com', id: bobPlay },
          { scope: 'human', who: 'i:10.0.0.9', id: ipOpen },
          { scope: 'human', who: 'r:ann@example.com', id: annOpen },
          { scope: 'human', who: 'r:bob@example.com', id: bobPlay },
        ]);
        // ann 30 s (40 capped), bob 12 s
        expect(await totals()).toEqual([
          { scope: 'all', viewers: 2, secs: 42 },
          { scope: 'human', viewers: 2, secs: 42 },
        ]);

        // From now on the writes keep them: bob's second play of 20 s (32 s in all, capped at 30).
        await event('play', '2026-01-01T10:30:00Z', { receiver: 'bob@example.com', secs: 20 });
        expect((await counters()).find((r) => r.at === '10:30')).toEqual({ at: '10:30', machine: false, records: 1, views: 1, clicks: 0, firsts: 0, firstsAll: 0 });
        expect(await totals()).toEqual([
          { scope: 'all', viewers: 2, secs: 60 },
          { scope: 'human', viewers: 2, secs: 60 },
        ]);
      } finally {
        await app.close();
      }
    } finally {
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

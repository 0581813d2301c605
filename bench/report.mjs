// Report benchmark (run by people: `npm run bench`, or `node bench/report.mjs`).
//
// On real PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the local default), in a database
// of its own (eyemail_bench_report_<pid>, dropped afterwards): starts the built app in its own
// process, signs a user up and makes a snippet through the API, copies it into BENCH_OTHERS other
// EyeMails (default 1,000), then generates engagement rows in SQL, a million a statement: for the
// measured snippet (opens, clicks to the target and to the web view with their plays, un-joined
// plays, machine traffic, repeat receivers and IP-only viewers, countries and devices, spread over
// 8 weeks, with viewer visits and plays) and as many again spread over the others, with the
// tables' triggers disabled (a bulk load), then builds what the ingest's triggers keep (migrations
// 0014, 0018 and 0023's backfills, once over every row, and 0039's totals from them) and runs
// ANALYZE.
// Then, at 1 M events of the measured snippet:
// (a) the summary API against the SQL it runs, executed directly with pg (same text, same
//     parameters): p50/p95 over BENCH_RUNS runs each, interleaved; target API p50 <= 2x the SQL;
//     and the summary and the records' total against plain SQL over the raw rows (each person's
//     first view by a sort, each click's seconds from its plays), equal for five filters;
// (b) the records API, page 1 (records and count, as the app runs them) of 10 (the dashboard's
//     table) and of 1000 (the API's default), against its SQL;
// (d) the video engagement (issue 17): GET reports/{id}/engagement (totals and rates, funnel,
//     graph, timeline) and GET reports/{id}/plays page 1 (the per-viewer table) against their SQL,
//     and every engagement figure also computed by plain SQL over the raw rows (written apart from
//     the app's), equal for five filters, else the bench fails;
// (c) the CSV download of every record: rows/s, rows received, and the server's RSS growth
//     (process.memoryUsage() in the app's process, sampled every 20 ms there) against its RSS
//     just before; targets >= 100,000 rows/s and < 50 MB. The SQL read through a database cursor
//     with nothing written is the floor.
// (w) the company-wide report (GET reports/workspace: every EyeMail of the workspace, the measured
//     one and the others, added up from the per-EyeMail counters; the top 10 EyeMails and the
//     creators), p50 through HTTP against its own SQL run directly and against a plain-SQL twin over
//     the raw rows of the workspace (each person's first view by a sort, each click's seconds from
//     its plays, per EyeMail), whose totals, top 10 and creators must be equal, else the bench
//     fails; target API p50 <= 100 ms at 1,000 EyeMails and 10 M events. BENCH_ONLY=workspace
//     measures this row alone (no per-EyeMail rows, no CSV): for the issue's figures,
//     BENCH_ONLY=workspace BENCH_EVENTS=1000000 BENCH_OTHER_EVENTS=9000000 BENCH_OTHERS=999
//     (1,000 EyeMails, 10 M events).
// With BENCH_EVENTS above 1 M (10000000 for the issue's figures: 20 M rows in all), the tables then grow to BENCH_EVENTS and (a), (b) and (d) run
// again, with the issue's targets at 10 M and
// each p50 against its own at 1 M (target <= 1.5x: flat as events grow).
// Options: BENCH_RUNS (default 10), BENCH_EVENTS (default 1000000; BENCH_ROWS is the old name),
// BENCH_OTHER_EVENTS (default as BENCH_EVENTS), BENCH_OTHERS (default 1000), BENCH_FIRST_STAGE
// (default 1000000: the first measured size), BENCH_KEEP=1 keeps the database, BENCH_ONLY=workspace
// (the workspace row alone).
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureServerBuilt, root } from './_build.mjs';

const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 10));
// Events of the measured EyeMail: BENCH_EVENTS (BENCH_ROWS before it), default 1 M. Above 1 M the
// bench measures twice in one run: at 1 M, then again once grown to BENCH_EVENTS (the issue's
// "flat as events grow": the same figures at 10 M against their own at 1 M).
const ROWS = Math.max(10_000, Number(process.env.BENCH_EVENTS ?? process.env.BENCH_ROWS ?? 1_000_000));
const FIRST_STAGE = Math.min(ROWS, Number(process.env.BENCH_FIRST_STAGE ?? 1_000_000));
// Events of the other EyeMails (BENCH_OTHER_EVENTS, default as many as the measured one's),
// spread over BENCH_OTHERS of them (default 1,000): the tables and indexes hold them too.
const OTHER_ROWS = Math.max(0, Number(process.env.BENCH_OTHER_EVENTS ?? ROWS));
const OTHERS = Math.max(1, Number(process.env.BENCH_OTHERS ?? 1000));
// Rows an INSERT ... SELECT writes at most.
const CHUNK = 1_000_000;
// The tables the ingest's triggers keep aggregates of (migrations 0018 and 0023).
const TRIGGERED = ['engagement', 'viewer_visit', 'video_play'];
const BASE_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const TIME_ZONE = 'America/New_York';
const ONLY_WORKSPACE = process.env.BENCH_ONLY === 'workspace';

ensureServerBuilt();
const dist = (p) => import(path.join(root, 'dist/server/src', p));
const { summarySql, recordsSql, recordCountSql } = await dist('reports/report-sql.js');
const { csvLinesSql } = await dist('reports/report-csv-sql.js');
const { CSV_COLUMNS } = await dist('reports/report-csv.js');
const { parseReportQuery } = await dist('reports/report-filter.js');
const { todayIn } = await dist('reports/report-feed.js');
const { weekWindow } = await dist('shared/report-rules.js');
const { engagementTotalsSql, secondStatsGraphSql, counterTotalsSql, counterTimelineSql, counterPlayCountSql } = await dist('reports/report-engagement-sql.js');
const { BACKFILL_SECOND_STATS_SQL } = await import(path.join(root, 'dist/server/migrations/0014-second-stats.js'));
const { BACKFILL_COUNTERS_SQL, ENGAGEMENT_PERSON, VISIT_PERSON, PLAY_PERSON, expand } = await import(path.join(root, 'dist/server/migrations/0018-engagement-counters.js'));
// engagement_people (0018, kept by probes since 0022) from every row at once: per EyeMail, kind,
// destination, label and scope, the events and the people with any (a person '' is none).
const BACKFILL_PEOPLE_SQL = `
  insert into engagement_people (snippet_id, kind, destination, label, scope, events, people)
  select snippet_id, kind, destination, label, scope, sum(events)::int, (count(distinct who) filter (where who <> ''))::int
  from (${expand(`${ENGAGEMENT_PERSON('engagement', 1)} union all ${VISIT_PERSON('viewer_visit', 1)} union all ${PLAY_PERSON('video_play', 1)}`)}) d
  group by snippet_id, kind, destination, label, scope`;
const { playsSql } = await dist('reports/report-plays-sql.js');
const { workspaceEyeMailsSql } = await dist('reports/workspace-report-sql.js');

// ---- the app, in its own process ---------------------------------------------------------------

function startServer(env) {
  const child = fork(path.join(root, 'bench/_report-server.mjs'), [], {
    env: { ...process.env, ...env },
    // As the product runs (scripts/start.mjs, Dockerfile).
    execArgv: ['--expose-gc', '--max-semi-space-size=32'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`the app exited with ${code}`)));
  });
  return {
    ready,
    // Memory as the app's process sees it (process.memoryUsage(), sampled every 20 ms in there).
    watchMemory: () => child.send('watch'),
    memoryPeak: () => new Promise((resolve) => (child.once('message', resolve), child.send('peak'))),
    unwatchMemory: () => child.send('unwatch'),
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.send('stop'))),
  };
}

// A browser-like API client: keeps cookies, echoes the XSRF token.
function apiClient(base) {
  const jar = new Map();
  const call = async (method, url, body) => {
    const headers = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = decodeURIComponent(jar.get('XSRF-TOKEN'));
    if (body && !(body instanceof FormData)) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(body);
    }
    const res = await fetch(base + url, { method, headers, body });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  };
  const json = async (method, url, body, expect = [200, 201, 202]) => {
    const res = await call(method, url, body);
    const text = await res.text();
    if (!expect.includes(res.status)) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text).body;
  };
  return { call, json };
}

// Sign-up, time zone, a 1 s clip uploaded and encoded, and a snippet: all through the API.
async function makeSnippet(api, tmp) {
  const clip = path.join(tmp, 'clip.mp4');
  const ff = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]);
  if (ff.error?.code === 'ENOENT') throw new Error('ffmpeg not found (apt-get install ffmpeg)');
  if (ff.status !== 0) throw new Error(`ffmpeg failed: ${ff.error?.message ?? ff.stderr}`);
  await api.json('GET', '/api/health');
  const password = 'Bench-secret-123';
  await api.json('POST', '/api/accounts/signup', { fullName: 'Bench Owner', email: `bench-${process.pid}@example.com`, password, confirmPassword: password, tier: 'standard' });
  const zones = await api.json('GET', '/api/timezones');
  const zone = zones.find((z) => z.timezoneName === TIME_ZONE);
  await api.json('PUT', '/api/users/profile', { firstName: 'Bench', lastName: 'Owner', email: `bench-${process.pid}@example.com`, country: null, timezone: zone?.timezoneId ?? null });
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(clip)], { type: 'video/mp4' }), 'clip.mp4');
  const file = await api.json('POST', '/api/files?type=video', form);
  let enc = await api.json('POST', `/api/videos/${file.fileId}?overlay=none&width=600`);
  for (let i = 0; enc.state !== 'completed'; i++) {
    if (enc.state === 'failed' || i > 600) throw new Error(`encoding did not complete: ${JSON.stringify(enc)}`);
    await new Promise((r) => setTimeout(r, 100));
    enc = await api.json('GET', `/api/videos/encodings/${enc.encodingId}`);
  }
  const snippet = await api.json('POST', '/api/snippets', {
    title: 'Bench launch', videoId: file.fileId, videoOverlay: 'none', addVideoOverlay: false, coverImagePlacement: 'below', coverImageSpacing: 1,
    logoImageAlignment: 'left', logoImageWidth: 120, width: 600, landingPageUrl: 'https://shop.example.com/spring',
  });
  return { snippetId: snippet.snippet, timeZone: zone ? TIME_ZONE : 'UTC' };
}

// ---- 1 M engagement rows, in SQL ----------------------------------------------------------------

// 90% of the rows: opens (74%), clicks (16%: half to the target, half to the web view) and plays of
// the web view no click took (10%); 88% with a receiver (200,000 of them, a few reading often),
// the rest known by IP alone (30,000 addresses); machine traffic as the ingest marks it.
const BASE_ROWS_SQL = `
insert into engagement (snippet_id, kind, occurred_at, receiver, ip, country_code, country_name, region, city,
  device_type, platform, client, user_agent, target, duration_secs, video_duration_secs, machine_reason)
select x.snippet_id, x.kind, x.at, x.receiver, x.ip, geo[gi][1], geo[gi][2], geo[gi][3], geo[gi][4], dev[di][1], dev[di][2], dev[di][3], dev[di][4],
  case when x.kind = 'click' and r_target < 0.5 then 'https://shop.example.com/spring' end,
  case when x.kind = 'play' then round((r_dur * 30)::numeric, 2)::float8 end,
  case when x.kind = 'play' or (x.kind = 'click' and r_target >= 0.5) then 30 end,
  case when x.kind = 'open' and r_machine < 0.09 then 'apple-privacy'
       when x.kind = 'click' and r_machine < 0.03 then 'link-scanner'
       when x.kind <> 'play' and r_machine > 0.995 then 'head-request'
       when r_machine between 0.99 and 0.995 then 'bot' end
from (
  select r.*,
    -- $1: the measured EyeMail, or an array of others to pick from at random
    case when $3::uuid[] is null then $1::uuid else ($3::uuid[])[1 + floor(random() * cardinality($3::uuid[]))::int] end as snippet_id,
    case when r_kind < 0.74 then 'open' when r_kind < 0.90 then 'click' else 'play' end as kind,
    now() - r_at * interval '56 days' as at,
    case when r_recv < 0.88 then 'reader-' || floor(200000 * r_who ^ 2)::int || '@example.com' end as receiver,
    case when r_recv < 0.88 then '198.18.0.0'::inet + floor(r_ip * 131072)::int else '100.64.0.0'::inet + floor(30000 * r_who ^ 2)::int end as ip,
    1 + floor(8 * r_geo ^ 1.5)::int as gi,
    1 + floor(8 * r_dev)::int as di
  from (select random() r_kind, random() r_at, random() r_recv, random() r_who, random() r_ip, random() r_geo, random() r_dev,
          random() r_target, random() r_dur, random() r_machine
        from generate_series(1, $2::int)) r
) x
cross join (select
  array[['US','United States','California','San Francisco'], ['GB','United Kingdom','England','London'], ['DE','Germany','Berlin','Berlin'],
        ['IN','India','Maharashtra','Mumbai'], ['BR','Brazil','Sao Paulo','Sao Paulo'], ['CA','Canada','Ontario','Toronto'],
        ['FR','France','Ile-de-France','Paris'], ['AU','Australia','New South Wales','Sydney']] as geo,
  array[['desktop','Windows','Outlook','Mozilla/5.0 (Windows NT 10.0; Win64; x64) Microsoft Outlook 16.0.17328'],
        ['desktop','Mac','Apple Mail','Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)'],
        ['smartphone','iOS','Apple Mail','Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'],
        ['smartphone','Android','Gmail','Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36'],
        ['tablet','iOS','Apple Mail','Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'],
        ['desktop','Windows','Chrome','Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Safari/537.36'],
        ['smartphone','Android','Samsung Email','Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0'],
        ['desktop','GNU/Linux','Thunderbird','Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Thunderbird/115.4.1']] as dev) c`;

// The rest: plays of web-view clicks (one or two each, minutes after the click, joined to it).
const JOINED_PLAYS_SQL = `
insert into engagement (snippet_id, kind, occurred_at, receiver, ip, country_code, country_name, region, city,
  device_type, platform, client, user_agent, duration_secs, video_duration_secs, click_id)
select c.snippet_id, 'play', c.occurred_at + (g * 5 + random() * 4) * interval '1 minute', c.receiver, c.ip, c.country_code, c.country_name,
  c.region, c.city, c.device_type, c.platform, c.client, c.user_agent, round((random() * 30)::numeric, 2)::float8, 30, c.id
from engagement c cross join generate_series(0, 1) g
where c.snippet_id = $1::uuid and c.kind = 'click' and c.target is null and c.id > $3::bigint
limit $2::int`;

// Visits: a third of the people's opens led to the web view a minute or two later (bots among them
// as the opens' machines); plays: 60% of the visits, watched a skewed share of the 30 s video, a
// fifth with a rewatched stretch, 30% with sound.
const VISITS_SQL = `
insert into viewer_visit (snippet_id, occurred_at, page, receiver, ip, country_code, country_name, region, city, device_type, platform, client, user_agent, machine_reason)
select snippet_id, occurred_at + random() * interval '2 minutes', 'web-view', receiver, ip, country_code, country_name, region, city,
  device_type, platform, client, user_agent, case when machine_reason is not null then 'bot' end
from engagement where snippet_id = $1::uuid and kind = 'open' and id > $2::bigint and random() < 0.33`;

const PLAYS_SQL = `
insert into video_play (play_id, snippet_id, started_at, updated_at, receiver, ip, country_code, country_name, region, city, device_type, platform,
  client, user_agent, machine_reason, video_duration_secs, segments, ranges, watched_secs, counted, sound_on, reports)
select gen_random_uuid(), snippet_id, at, at + w * interval '1 second', receiver, ip, country_code, country_name, region, city, device_type, platform,
  client, user_agent, machine_reason, 30,
  jsonb_build_array(jsonb_build_array(0, 0, w)) || case when rw and w > 4 then jsonb_build_array(jsonb_build_array(1, s2, s2 + 3)) else '[]'::jsonb end,
  jsonb_build_array(jsonb_build_array(0, w)), w, w >= 2, random() < 0.3, 3
from (
  select v.*, v.occurred_at + interval '5 seconds' as at, round((30 * random() ^ 0.6)::numeric, 2)::float8 as w, random() < 0.2 as rw,
    round((random() * 20)::numeric, 2)::float8 as s0
  from viewer_visit v where v.snippet_id = $1::uuid and v.id > $2::bigint and random() < 0.6
) x cross join lateral (select least(x.s0, greatest(0, x.w - 3)) as s2) y`;

// Every engagement figure by plain SQL over the raw rows, written apart from the app's
// (report-engagement-sql.ts): the filter as a plain where clause per table.
function plainEngagementSql(where) {
  const person = "case when receiver is not null then 'r' || receiver else 'i' || host(ip) end";
  return `select
    (select count(*) from engagement where kind = 'open' and ${where})::int as opens,
    (select count(distinct ${person}) from engagement where kind = 'open' and ${where})::int as "uniqueOpeners",
    (select count(*) from viewer_visit where ${where})::int as visits,
    (select count(distinct ${person}) from viewer_visit where ${where})::int as "uniqueVisitors",
    (select count(*) from (select *, started_at as occurred_at from video_play) p where counted and ${where})::int as plays,
    (select count(distinct ${person}) from (select *, started_at as occurred_at from video_play) p where counted and ${where})::int as "uniquePlayers",
    (select count(*) from (select *, started_at as occurred_at from video_play) p where counted and sound_on and ${where})::int as "soundOnPlays",
    (select count(*) from (select *, started_at as occurred_at from video_play) p where counted and watched_secs >= 0.9 * video_duration_secs and ${where})::int as "completePlays",
    (select count(*) from engagement where kind = 'click' and ${where})::int as clicks,
    (select count(distinct ${person}) from engagement where kind = 'click' and ${where})::int as "uniqueClickers",
    (select round(sum(watched_secs)::numeric, 1)::float8 from (select *, started_at as occurred_at from video_play) p where counted and ${where}) as "timePlayedSecs"`;
}

// The records' summary and total by plain SQL over the raw rows, written apart from the app's
// (report-sql.ts, which reads the counters and first views kept at ingest): each person's first
// counted view found by sorting the views, each click's seconds by adding up its plays.
function plainSummarySql(snippetId, where, includeMachine) {
  const human = includeMachine ? 'true' : 'machine_reason is null';
  return `with r as materialized (
      select e.*, coalesce('r:' || receiver, 'i:' || host(ip), '#' || id) as who, d.dur, d.vlen,
        (kind = 'open' or (kind = 'click' and target is not null) or coalesce(d.dur, 0) > 1) as counted
      from engagement e
      left join (select click_id, sum(duration_secs) as secs, max(video_duration_secs) as vlen from engagement
                 where snippet_id = '${snippetId}' and kind = 'play' and click_id is not null group by click_id) p on e.kind = 'click' and p.click_id = e.id
      cross join lateral (select
        case when e.kind = 'click' and p.secs is not null then least(p.secs, coalesce(e.video_duration_secs, p.vlen))
             when e.kind = 'play' then least(e.duration_secs, coalesce(e.video_duration_secs, e.duration_secs)) end as dur,
        case when e.kind = 'click' then coalesce(e.video_duration_secs, p.vlen) else e.video_duration_secs end as vlen) d
      where e.snippet_id = '${snippetId}' and not (e.kind = 'play' and e.click_id is not null)
    )
    select
      (select count(*) from r where kind <> 'click' and counted and ${human} and ${where})::int as "totalViews",
      (select count(*) from (select distinct on (who) * from r where kind <> 'click' and counted and ${human} order by who, occurred_at, id) f where ${where})::int as "uniqueViews",
      (select count(*) from r where kind = 'click' and counted and ${human} and ${where})::int as "totalClicks",
      (select coalesce(avg(s), 0) from (select least(sum(dur), coalesce(max(vlen), sum(dur))) as s from r
         where counted and dur > 1 and ${human} and ${where} group by who) v)::float8 as "averageViewTime",
      (select count(*) from r where machine_reason is not null and ${where})::int as "machineEvents",
      (select count(*) from r where ${human} and ${where})::int as "records"`;
}

// The company-wide report's figures per EyeMail of the workspace by plain SQL over the raw rows,
// written apart from the app's (workspace-report-sql.ts, which reads the counters kept at ingest):
// records, their counted views and clicks, each person's first view found by sorting the views,
// each click's seconds by adding up its plays; machine traffic left out. The bench adds them up.
function plainWorkspaceSql(workspaceId) {
  return `with ws as materialized (select id, title, owner_id from snippet where workspace_id = '${workspaceId}'),
    r as materialized (
      select e.snippet_id, e.id, e.kind, e.occurred_at, e.machine_reason is null as human,
        coalesce('r:' || e.receiver, 'i:' || host(e.ip), '#' || e.id) as who, d.dur, d.vlen,
        (e.kind = 'open' or (e.kind = 'click' and e.target is not null) or coalesce(d.dur, 0) > 1) as counted
      from engagement e
      join ws on ws.id = e.snippet_id
      left join (select click_id, sum(duration_secs) as secs, max(video_duration_secs) as vlen from engagement
                 where kind = 'play' and click_id is not null group by click_id) p on e.kind = 'click' and p.click_id = e.id
      cross join lateral (select
        case when e.kind = 'click' and p.secs is not null then least(p.secs, coalesce(e.video_duration_secs, p.vlen))
             when e.kind = 'play' then least(e.duration_secs, coalesce(e.video_duration_secs, e.duration_secs)) end as dur,
        case when e.kind = 'click' then coalesce(e.video_duration_secs, p.vlen) else e.video_duration_secs end as vlen) d
      where not (e.kind = 'play' and e.click_id is not null)
    ),
    per as (
      select snippet_id,
        count(*) filter (where human and counted and kind <> 'click')::int as "totalViews",
        count(*) filter (where human and counted and kind = 'click')::int as "totalClicks",
        count(*) filter (where human and kind = 'open')::int as opens,
        count(*) filter (where human and kind = 'click')::int as clicks,
        count(*) filter (where not human)::int as "machineEvents"
      from r group by snippet_id
    ),
    firsts as (
      select snippet_id, count(*)::int as n from (
        select distinct on (snippet_id, who) snippet_id from r where human and counted and kind <> 'click' order by snippet_id, who, occurred_at, id) f
      group by snippet_id
    ),
    secs as (
      select snippet_id, count(*)::int as viewers, sum(s)::float8 as secs from (
        select snippet_id, least(sum(dur), coalesce(max(vlen), sum(dur))) as s from r where human and counted and dur > 1 group by snippet_id, who) v
      group by snippet_id
    )
    select ws.id::text as "snippetId", ws.title, ws.owner_id::text as "creatorId", coalesce(per."totalViews", 0) as "totalViews",
      coalesce(firsts.n, 0) as "uniqueViews", coalesce(per."totalClicks", 0) as "totalClicks", coalesce(per.opens, 0) as opens,
      coalesce(per.clicks, 0) as clicks, coalesce(per."machineEvents", 0) as "machineEvents", coalesce(secs.viewers, 0) as viewers,
      coalesce(secs.secs, 0) as secs
    from ws left join per on per.snippet_id = ws.id left join firsts on firsts.snippet_id = ws.id left join secs on secs.snippet_id = ws.id`;
}

// The plain twin's rows added up as the issue defines the report (docs/analytics.md "Company-wide
// report"): totals, the 10 EyeMails with hits with the most opens (then Total Views, Total Clicks,
// title), each creator's EyeMails; the average view time over every EyeMail's people.
function plainWorkspaceFigures(rows) {
  const figures = (xs) => {
    const sum = (k) => xs.reduce((n, x) => n + x[k], 0);
    const viewers = sum('viewers');
    return {
      totalViews: sum('totalViews'), uniqueViews: sum('uniqueViews'), totalClicks: sum('totalClicks'), opens: sum('opens'),
      playsWithoutClick: sum('totalViews') - sum('opens'), clicks: sum('clicks'), averageViewTime: viewers ? sum('secs') / viewers : 0, machineEvents: sum('machineEvents'),
    };
  };
  const order = (a, b) => b.opens - a.opens || b.totalViews - a.totalViews || b.totalClicks - a.totalClicks || a.title.localeCompare(b.title) || a.snippetId.localeCompare(b.snippetId);
  const top = rows
    .filter((r) => r.opens + r.clicks + r.totalViews + r.totalClicks > 0)
    .sort(order)
    .slice(0, 10)
    .map((r) => ({ snippetId: r.snippetId, creatorId: r.creatorId, ...figures([r]) }));
  const creators = [...new Set(rows.map((r) => r.creatorId))].map((id) => ({ creatorId: id, eyeMails: rows.filter((r) => r.creatorId === id).length, ...figures(rows.filter((r) => r.creatorId === id)) }));
  return { eyeMails: rows.length, totals: figures(rows), top, creators };
}

// Plays watching second s (a segment over its middle), for a few seconds, by plain SQL.
function plainClicksByDestinationSql(where) {
  const person = "case when receiver is not null then 'r' || receiver else 'i' || host(ip) end";
  return `select destination, destination_label as label, count(*)::int as clicks, count(distinct ${person})::int as "uniqueClickers"
    from engagement where kind = 'click' and ${where}
    group by destination, destination_label order by 3 desc, destination, destination_label`;
}

function plainGraphSql(where, seconds) {
  return `select s.sec as second, (select count(*) from (select *, started_at as occurred_at from video_play) p where counted and ${where}
      and exists (select 1 from jsonb_array_elements(p.segments) seg where (seg->>1)::float8 <= s.sec + 0.5 and s.sec + 0.5 < (seg->>2)::float8))::int as watching
    from unnest(array[${seconds.join(',')}]) as s(sec) order by 1`;
}

// ---- measuring -----------------------------------------------------------------------------------

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x) => `${x.toFixed(0)} ms`;
const mb = (x) => `${(x / 1048576).toFixed(1)} MB`;

// The app's ? placeholders as pg's $n.
function toPg(q) {
  let i = 0;
  return { text: q.text.replace(/\?/g, () => `$${++i}`), values: q.params };
}

async function timed(fn) {
  const t0 = performance.now();
  const out = await fn();
  return { ms: performance.now() - t0, out };
}

const dbName = `eyemail_bench_report_${process.pid}`;
const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(BASE_URL);
dbUrl.pathname = `/${dbName}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-bench-report-'));
let server;
const db = new pg.Client({ connectionString: dbUrl.toString() });
const db2 = new pg.Client({ connectionString: dbUrl.toString() });

try {
  server = startServer({ DATABASE_URL: dbUrl.toString(), DATA_DIR: tmp, REDIS_URL: '' });
  const port = await server.ready;
  const base = `http://127.0.0.1:${port}`;
  const api = apiClient(base);
  const { snippetId, timeZone } = await makeSnippet(api, tmp);
  await db.connect();
  await db2.connect();

  // The other EyeMails: copies of the measured one's row, their events spread over them at random.
  const { rows: otherRows } = await db.query(
    `insert into snippet select (jsonb_populate_record(s, jsonb_build_object('id', gen_random_uuid(), 'title', 'Other ' || g))).*
     from snippet s cross join generate_series(1, $2::int) g where s.id = $1 returning id::text as id`,
    [snippetId, OTHERS],
  );
  const otherIds = otherRows.map((r) => r.id);
  let seeded = 0;
  let seededOthers = 0;
  await db.query('select setseed(0.42)');
  // Grows the measured EyeMail to `target` events and the others in proportion, a chunk a
  // statement; each chunk's clicks get their plays, its opens their visits, its visits their plays.
  async function grow(target) {
    const others = Math.round((OTHER_ROWS * target) / ROWS);
    console.log(`generating: ${target.toLocaleString('en')} engagement rows for the measured EyeMail, ${others.toLocaleString('en')} over ${OTHERS} others...`);
    const rebuilt = {};
    const { ms: ms_ } = await timed(async () => {
      // A bulk load: without the row-keeping triggers (they cost 3-4x the insert itself), then the
      // aggregates built once over every row, as the migrations' backfills do.
      for (const t of TRIGGERED) await db.query(`alter table ${t} disable trigger user`);
      for (let n = Math.min(CHUNK, others - seededOthers); n > 0; n = Math.min(CHUNK, others - seededOthers)) {
        await db.query(BASE_ROWS_SQL, [null, n, otherIds]);
        seededOthers += n;
      }
      for (let n = Math.min(CHUNK, target - seeded); n > 0; n = Math.min(CHUNK, target - seeded)) {
        const { rows: [w] } = await db.query('select (select coalesce(max(id), 0) from engagement) as e, (select coalesce(max(id), 0) from viewer_visit) as v');
        const baseRows = Math.round(n * 0.9);
        await db.query(BASE_ROWS_SQL, [snippetId, baseRows, null]);
        await db.query(JOINED_PLAYS_SQL, [snippetId, n - baseRows, w.e]);
        await db.query(VISITS_SQL, [snippetId, w.e]);
        await db.query(PLAYS_SQL, [snippetId, w.v]);
        seeded += n;
      }
      for (const t of TRIGGERED) await db.query(`alter table ${t} enable trigger user`);
      rebuilt.insertMs = performance.now();
      // What the ingest keeps as it writes, built once as the upgrades do: the per-second histogram
      // (0014), the 15-minute counters and people (0018, 0022), the records' counters and first views (0023).
      await db.query('delete from video_second_stats');
      await db.query(BACKFILL_SECOND_STATS_SQL);
      await db.query('delete from engagement_counter');
      await db.query('delete from engagement_people');
      await db.query(BACKFILL_COUNTERS_SQL);
      await db.query(BACKFILL_PEOPLE_SQL);
      await db.query('select report_summary_rebuild(null)');
      // the records' all-time totals (0039) follow the counters by their triggers; the ingest folds
      // their deltas after each load
      await db.query('select report_total_fold()');
      rebuilt.doneMs = performance.now();
      // (the snippet table too: autovacuum would after the 1,000 EyeMails' rows; the workspace
      // report's plan depends on knowing a workspace holds 1,000 of them, not the 2 of no statistics)
      await db.query('analyze snippet');
      await db.query('analyze engagement');
      await db.query('analyze viewer_visit');
      await db.query('analyze video_play');
      await db.query('analyze report_total');
    });
    const { rows: mix } = await db.query(
      `select count(*)::int as n, count(*) filter (where kind = 'open')::int as opens, count(*) filter (where kind = 'click')::int as clicks,
         count(*) filter (where kind = 'play' and click_id is null)::int as plays, count(*) filter (where click_id is not null)::int as joined,
         count(*) filter (where machine_reason is not null)::int as machine, count(distinct receiver)::int as receivers,
         count(distinct ip) filter (where receiver is null)::int as ips, min(occurred_at)::date::text as first, max(occurred_at)::date::text as last
       from engagement where snippet_id = $1`,
      [snippetId],
    );
    const m = mix[0];
    console.log(
      `${m.n.toLocaleString('en')} rows in ${(ms_ / 1000).toFixed(1)} s (aggregates built in ${((rebuilt.doneMs - rebuilt.insertMs) / 1000).toFixed(1)} s of it): ${m.opens} opens, ${m.clicks} clicks, ${m.plays} un-joined plays, ${m.joined} plays joined to clicks, ` +
        `${m.machine} machine; ${m.receivers} receivers, ${m.ips} IP-only viewers; ${m.first} to ${m.last}; owner's zone ${timeZone}`,
    );
  }

  const { value: q } = parseReportQuery({});
  const getJson = async (url) => {
    const res = await api.call('GET', url);
    const body = await res.json();
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body)}`);
    return body.body;
  };

  // Everything but the CSV, at the events stored now: timings of RUNS runs (fewer for what
  // reads every row above 1 M), and the cross-check.
  async function measureStage(events) {
    const slowRuns = RUNS;
    // What the app runs for a request without filters.
    const week = weekWindow(todayIn(timeZone));
    const summaryQ = toPg(summarySql(snippetId, q.filter, timeZone, week));
    const recordsQ = toPg(recordsSql(snippetId, q.filter, timeZone, q.page));
    const tableQ = toPg(recordsSql(snippetId, q.filter, timeZone, { page: 1, size: 10 }));
    const countQ = toPg(recordCountSql(snippetId, q.filter, timeZone));

    // Warm-up: each once (plans, caches, the app's first-call work).
    const check = await getJson(`/api/reports/${snippetId}/summary`);
    await db.query(summaryQ);
    await getJson(`/api/reports/${snippetId}`);
    await Promise.all([db.query(recordsQ), db2.query(countQ)]);
    const { rows: vp } = await db.query(
      `select (select count(*) from viewer_visit where snippet_id = $1)::int as visits, (select count(*) from video_play where snippet_id = $1)::int as plays`,
      [snippetId],
    );
    console.log(`${vp[0].visits.toLocaleString('en')} viewer visits, ${vp[0].plays.toLocaleString('en')} plays with their segments`);
    const sqlRow = (await db.query(summaryQ)).rows[0];
    if (sqlRow.totalViews !== check.totalViews || sqlRow.uniqueViews !== check.uniqueViews || sqlRow.opens !== check.opens || sqlRow.clicks !== check.clicks) throw new Error('the API and the SQL disagree');

    // (a) summary, (b) records page 1: API and SQL interleaved, RUNS each.
    const t = { summaryApi: [], summarySql: [], recordsApi: [], recordsSql: [], tableApi: [], tableSql: [], runs: { summary: slowRuns } };
    for (let i = 0; i < slowRuns; i++) {
      t.summaryApi.push((await timed(() => getJson(`/api/reports/${snippetId}/summary`))).ms);
      t.summarySql.push((await timed(() => db.query(summaryQ))).ms);
      t.recordsApi.push((await timed(() => getJson(`/api/reports/${snippetId}`))).ms);
      t.recordsSql.push((await timed(() => Promise.all([db.query(recordsQ), db2.query(countQ)]))).ms);
      t.tableApi.push((await timed(() => getJson(`/api/reports/${snippetId}?page=1&size=10`))).ms);
      t.tableSql.push((await timed(() => Promise.all([db.query(tableQ), db2.query(countQ)]))).ms);
    }

    // (d) the video engagement: the cross-check first (three filters), then the timings.
    const today = todayIn(timeZone);
    const monthAgo = new Date(Date.now() - 28 * 86_400_000).toISOString().slice(0, 10);
    const filters = [
      { label: 'no filter', query: {}, where: 'machine_reason is null' },
      { label: 'country GB', query: { country: 'GB' }, where: "machine_reason is null and upper(country_code) = 'GB'" },
      {
        label: 'last 28 days, smartphones, with machines',
        query: { dateFrom: monthAgo, dateTill: today, devicescsv: 'smartphone', includeMachine: 'true' },
        where: `occurred_at >= ('${monthAgo}'::date::timestamp at time zone '${timeZone}') and occurred_at < (('${today}'::date + 1)::timestamp at time zone '${timeZone}')
          and lower(device_type) = any(array['smartphone', 'phablet', 'feature phone', 'mobile'])`,
      },
      // served by the 15-minute counters (dates only) and the people kept at ingest (all time)
      {
        label: 'last 28 days',
        query: { dateFrom: monthAgo, dateTill: today },
        where: `machine_reason is null and occurred_at >= ('${monthAgo}'::date::timestamp at time zone '${timeZone}') and occurred_at < (('${today}'::date + 1)::timestamp at time zone '${timeZone}')`,
      },
      { label: 'all time, with machines', query: { includeMachine: 'true' }, where: 'true' },
    ];
    for (const f of filters) {
      const qs = new URLSearchParams(f.query).toString();
      const got = await getJson(`/api/reports/${snippetId}/engagement${qs ? `?${qs}` : ''}`);
      const plain = (await db.query(plainEngagementSql(`snippet_id = '${snippetId}' and ${f.where}`))).rows[0];
      const seen = {
        opens: got.opens.total, uniqueOpeners: got.opens.unique, visits: got.visits.total, uniqueVisitors: got.visits.unique, plays: got.plays.total,
        uniquePlayers: got.plays.uniqueViewers, soundOnPlays: got.plays.soundOn, completePlays: got.plays.complete, clicks: got.clicks.total,
        uniqueClickers: got.clicks.unique, timePlayedSecs: got.timePlayedSecs,
      };
      // Clicks by destination, and the timeline's buckets added up (every event of its range).
      const byDestination = (await db.query(plainClicksByDestinationSql(`snippet_id = '${snippetId}' and ${f.where}`))).rows;
      const tl = got.timeline;
      // (the timeline keeps the filter but its own dates: checked for the filters without other terms)
      const tlWhere = `snippet_id = '${snippetId}' and ${f.query.includeMachine ? 'true' : 'machine_reason is null'}
        and occurred_at >= ('${tl.from}'::date::timestamp at time zone '${timeZone}') and occurred_at < (('${tl.till}'::date + 1)::timestamp at time zone '${timeZone}')`;
      const plainTl = f.query.country || f.query.devicescsv ? null : (await db.query(plainEngagementSql(tlWhere))).rows[0];
      const sum = (k) => tl.buckets.reduce((n, b) => n + b[k], 0);
      const timelineSame = !plainTl || (sum('opens') === plainTl.opens && sum('visits') === plainTl.visits && sum('plays') === plainTl.plays && sum('clicks') === plainTl.clicks);
      if (JSON.stringify(got.clicks.byDestination) !== JSON.stringify(byDestination) || !timelineSame) {
        throw new Error(`engagement clicks by destination or timeline differ for ${f.label}: API ${JSON.stringify(got.clicks.byDestination)} plain SQL ${JSON.stringify(byDestination)}; timeline ${timelineSame}`);
      }
      const secs = [0, 5, 15, 29];
      const plainGraph = (await db.query(plainGraphSql(`snippet_id = '${snippetId}' and ${f.where}`, secs))).rows;
      const graph = secs.map((sec) => ({ second: sec, watching: got.graph.seconds[sec]?.watching }));
      // Time played is summed in float8 by one and numeric by the other, each rounded to 0.1 s.
      const time = Math.abs(seen.timePlayedSecs - (plain.timePlayedSecs ?? 0)) <= 0.1 + 1e-6;
      const same = time && JSON.stringify({ ...seen, timePlayedSecs: 0 }) === JSON.stringify({ ...plain, timePlayedSecs: 0 }) && JSON.stringify(graph) === JSON.stringify(plainGraph);
      console.log(`cross-check (${f.label}): ${same ? 'API = plain SQL' : 'DIFFERENT'} (${seen.opens} opens, ${seen.visits} visits, ${seen.plays} plays, ${seen.clicks} clicks)`);
      if (!same) throw new Error(`engagement figures differ for ${f.label}: API ${JSON.stringify({ seen, graph })} plain SQL ${JSON.stringify({ plain, plainGraph })}`);
      // The records' summary and total (served from the counters and first views kept at ingest for
      // all time and dates, from the rows for the others) against plain SQL over the raw rows.
      const rowWhere = f.where.replace(/^machine_reason is null( and )?/, '') || 'true';
      const summaryGot = await getJson(`/api/reports/${snippetId}/summary${qs ? `?${qs}` : ''}`);
      const totalRes = await api.call('GET', `/api/reports/${snippetId}?${qs ? `${qs}&` : ''}size=1`);
      await totalRes.arrayBuffer();
      const plainSum = (await db.query(plainSummarySql(snippetId, rowWhere, Boolean(f.query.includeMachine)))).rows[0];
      const apiSum = { totalViews: summaryGot.totalViews, uniqueViews: summaryGot.uniqueViews, totalClicks: summaryGot.totalClicks, machineEvents: summaryGot.machineEvents, records: Number(totalRes.headers.get('x-total-count')) };
      const plainKeys = { totalViews: plainSum.totalViews, uniqueViews: plainSum.uniqueViews, totalClicks: plainSum.totalClicks, machineEvents: plainSum.machineEvents, records: plainSum.records };
      // the average is rounded to 0.1 s by the API; summed in numeric by the counters, float8 here
      const sameSum = JSON.stringify(apiSum) === JSON.stringify(plainKeys) && Math.abs(summaryGot.averageViewTime - plainSum.averageViewTime) <= 0.05 + 1e-6;
      console.log(`cross-check summary (${f.label}): ${sameSum ? 'API = plain SQL' : 'DIFFERENT'} (${apiSum.totalViews} views, ${apiSum.uniqueViews} unique, ${apiSum.totalClicks} clicks, average ${summaryGot.averageViewTime} s, ${apiSum.records} records)`);
      if (!sameSum) throw new Error(`summary differs for ${f.label}: API ${JSON.stringify({ ...apiSum, averageViewTime: summaryGot.averageViewTime })} plain SQL ${JSON.stringify(plainSum)}`);
    }
    // What the app runs without filters: totals from the counters and the people, the graph from the
    // per-second histogram.
    const totalsQ = toPg(counterTotalsSql(snippetId, q.filter, timeZone));
    const timelineQ = toPg(counterTimelineSql(snippetId, q.filter, timeZone, { from: monthAgo, till: today, grain: 'day' }));
    const rawTotalsQ = toPg(engagementTotalsSql(snippetId, q.filter, timeZone));
    const graphQ = toPg(secondStatsGraphSql(snippetId, q.filter.includeMachine));
    const playsQ = toPg(playsSql(snippetId, q.filter, timeZone, { page: 1, size: 10 }));
    // the total as the app gets it without filters: from the counters
    const playCountQ = toPg(counterPlayCountSql(snippetId, q.filter, timeZone));
    for (let i = 0; i < RUNS; i++) {
      (t.engagementApi ??= []).push((await timed(() => getJson(`/api/reports/${snippetId}/engagement`))).ms);
      (t.totalsSql ??= []).push((await timed(() => db.query(totalsQ))).ms);
      (t.graphSql ??= []).push((await timed(() => db.query(graphQ))).ms);
      (t.timelineSql ??= []).push((await timed(() => db.query(timelineQ))).ms);
      if (i < (events > FIRST_STAGE ? 1 : 3)) (t.rawTotalsSql ??= []).push((await timed(() => db.query(rawTotalsQ))).ms);
      (t.playsApi ??= []).push((await timed(() => getJson(`/api/reports/${snippetId}/plays?page=1&size=10`))).ms);
      (t.playsSql ??= []).push((await timed(() => Promise.all([db.query(playsQ), db2.query(playCountQ)]))).ms);
    }
    return t;
  }

  // (w) the company-wide report: the cross-check against the plain twin, then the timings (the
  // twin reads every row of the workspace: a few runs).
  async function measureWorkspace() {
    const { rows: [ws] } = await db.query(
      `select s.workspace_id::text as id, count(*)::int as eyemails, (select count(*) from engagement e where e.snippet_id in (select id from snippet where workspace_id = s.workspace_id))::int as events
       from snippet s where s.workspace_id = (select workspace_id from snippet where id = $1) group by s.workspace_id`,
      [snippetId],
    );
    const appQ = toPg(workspaceEyeMailsSql(ws.id, q.filter, timeZone));
    const plainQ = plainWorkspaceSql(ws.id);
    // warm-up, and the cross-check
    const got = await getJson('/api/reports/workspace');
    await db.query(appQ);
    const plainRun = await timed(() => db.query(plainQ));
    const plain = plainWorkspaceFigures(plainRun.out.rows);
    const round = (f) => ({ ...f, averageViewTime: Math.round(f.averageViewTime * 10) / 10 });
    const keys = ['snippetId', 'creatorId', 'eyeMails', 'totalViews', 'uniqueViews', 'totalClicks', 'opens', 'playsWithoutClick', 'clicks', 'machineEvents'];
    const strip = (f) => Object.fromEntries(keys.filter((k) => k in f).map((k) => [k, f[k]]));
    // the average: one decimal by the app, summed in numeric by the counters and float8 here
    const near = (a, b) => Math.abs(a.averageViewTime - b.averageViewTime) <= 0.05 + 1e-6;
    const parts = {
      eyeMails: got.eyeMails === plain.eyeMails,
      totals: JSON.stringify(strip(got.totals)) === JSON.stringify(strip(plain.totals)) && near(got.totals, plain.totals),
      top: JSON.stringify(got.topEyeMails.map(strip)) === JSON.stringify(plain.top.map(strip)) && got.topEyeMails.every((e, i) => near(e, plain.top[i])),
      creators: JSON.stringify(got.creators.map(strip)) === JSON.stringify(plain.creators.map(strip)) && got.creators.every((c, i) => near(c, plain.creators[i])),
    };
    const same = Object.values(parts).every(Boolean);
    console.log(
      `cross-check workspace report (${ws.eyemails.toLocaleString('en')} EyeMails, ${ws.events.toLocaleString('en')} events): ${same ? 'API = plain SQL' : 'DIFFERENT'} ` +
        `(${got.totals.opens} opens, ${got.totals.totalViews} views, ${got.totals.uniqueViews} unique, ${got.totals.totalClicks} clicks, average ${got.totals.averageViewTime} s; top ${got.topEyeMails.length}, ${got.creators.length} creator(s))`,
    );
    if (!same) throw new Error(`workspace report differs (${JSON.stringify(parts)}): API ${JSON.stringify({ totals: got.totals, top: got.topEyeMails.map(strip), creators: got.creators })} plain SQL ${JSON.stringify({ totals: round(plain.totals), top: plain.top.map(strip), creators: plain.creators })}`);
    const t = { api: [], sql: [], plain: [plainRun.ms] };
    for (let i = 0; i < RUNS; i++) {
      t.api.push((await timed(() => getJson('/api/reports/workspace'))).ms);
      t.sql.push((await timed(() => db.query(appQ))).ms);
      if (t.plain.length < 3) t.plain.push((await timed(() => db.query(plainQ))).ms);
    }
    return { ...ws, t };
  }

  // (c) at 1 M events: the CSV.
  async function measureCsv() {
    // (c) the CSV: the SQL through a cursor (the floor), then the download with the app's RSS sampled.
    const csvFloor = await timed(async () => {
      // the app's query: each record as its finished CSV line
      const all = toPg(csvLinesSql(snippetId, q.filter, timeZone, CSV_COLUMNS.map((c) => c.key)));
      // in a transaction with the app's settings for it (report.repository.ts)
      await db.query('begin');
      await db.query('set local jit = off');
      await db.query("set local work_mem = '64MB'");
      // planned for every row, as the app's cursor (a protocol-level one) is, not for the first tenth
      await db.query('set local cursor_tuple_fraction = 1');
      await db.query({ text: `declare bench_csv no scroll cursor for ${all.text}`, values: all.values });
      let n = 0;
      for (let r = await db.query('fetch 1000 from bench_csv'); r.rows.length; r = await db.query('fetch 1000 from bench_csv')) n += r.rows.length;
      await db.query('commit');
      return n;
    });
    server.watchMemory();
    const csv = await timed(async () => {
      const res = await api.call('GET', `/api/reports/${snippetId}/download`);
      if (res.status !== 200) throw new Error(`CSV: ${res.status} ${await res.text()}`);
      let lines = 0;
      let bytes = 0;
      let early = null;
      for await (const chunk of res.body) {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        // The server's peak once a tenth of the file is out: streaming holds it flat from there.
        if (!early && lines > csvFloor.out / 10) early = await server.memoryPeak();
      }
      return { rows: lines - 1, bytes, early };
    });
    const mem = await server.memoryPeak();
    server.unwatchMemory();
    return { csv, csvFloor, mem };
  }

  const stages = [];
  let csvRun;
  const workspaceRows = [];
  const printWorkspace = () => {
    for (const w of workspaceRows) {
      const api = pct(w.t.api, 50);
      console.log(
        `workspace report (${w.eyemails.toLocaleString('en')} EyeMails, ${w.events.toLocaleString('en')} events) | API ${ms(api)} / ${ms(pct(w.t.api, 95))} | its SQL ${ms(pct(w.t.sql, 50))} / ${ms(pct(w.t.sql, 95))} | ` +
          `plain SQL over the raw rows (${w.t.plain.length} runs) ${ms(pct(w.t.plain, 50))} | plain / API ${(pct(w.t.plain, 50) / api).toFixed(1)}x, API / its SQL ${(api / pct(w.t.sql, 50)).toFixed(2)}x | ` +
          `target API p50 <= 100 ms: ${api <= 100 ? 'met' : 'MISSED'}`,
      );
    }
  };
  for (const events of ROWS > FIRST_STAGE ? [FIRST_STAGE, ROWS] : [ROWS]) {
    await grow(events);
    if (!ONLY_WORKSPACE) stages.push({ events, t: await measureStage(events) });
    workspaceRows.push(await measureWorkspace());
    if (events === FIRST_STAGE && !ONLY_WORKSPACE) csvRun = await measureCsv();
  }
  if (ONLY_WORKSPACE) {
    const [load1] = os.loadavg();
    console.log(`\nPostgreSQL, ${os.cpus().length} CPUs, load ${load1.toFixed(2)} at the end; ${RUNS} runs each (p50 / p95)`);
    printWorkspace();
  } else {
    const { csv, csvFloor, mem } = csvRun;
    const growth = mem.peak.rss - mem.start.rss;
    const [load1] = os.loadavg();
    console.log(`\nPostgreSQL, ${os.cpus().length} CPUs, load ${load1.toFixed(2)} at the end; ${RUNS} runs each (p50 / p95)`);
    const line = (label, api, sql, target) => {
      const ratio = pct(api, 50) / pct(sql, 50);
      console.log(`${label.padEnd(24)} | API ${ms(pct(api, 50)).padStart(8)} / ${ms(pct(api, 95)).padStart(8)} | SQL ${ms(pct(sql, 50)).padStart(8)} / ${ms(pct(sql, 95)).padStart(8)} | ratio ${ratio.toFixed(2)}x${target ? ` (target <= ${target}x: ${ratio <= target ? 'met' : 'MISSED'})` : ''}`);
      return ratio;
    };
    const verdict = (ok) => (ok ? 'met' : 'MISSED');
    for (const { events, t } of stages) {
      const at10M = events >= 10_000_000;
      console.log(`-- at ${events.toLocaleString('en')} events of the measured EyeMail (${t.runs.summary} runs of the summary, ${RUNS} of the rest)`);
      line('summary', t.summaryApi, t.summarySql, 2);
      line('records page 1 of 10', t.tableApi, t.tableSql);
      line('records page 1 of 1000', t.recordsApi, t.recordsSql);
      line('engagement (all of it)', t.engagementApi, t.totalsSql.map((x, i) => x + t.graphSql[i]));
      console.log(
        `  of its SQL: totals and funnel p50 ${ms(pct(t.totalsSql, 50))}, graph p50 ${ms(pct(t.graphSql, 50))}, 28-day timeline p50 ${ms(pct(t.timelineSql, 50))}; ` +
          `the same totals over the raw rows (count distinct, ${t.rawTotalsSql.length} runs) p50 ${ms(pct(t.rawTotalsSql, 50))}`,
      );
      line('plays page 1 of 10', t.playsApi, t.playsSql);
      // The issue's targets, at 10 M events (shown at any size, said so below 10 M).
      const p50 = { summary: pct(t.summaryApi, 50), engagement: pct(t.engagementApi, 50), plays: pct(t.playsApi, 50) };
      console.log(
        `  targets${at10M ? '' : ' (set for 10 M events)'}: summary API p50 <= 100 ms: ${verdict(p50.summary <= 100)}; engagement (totals, funnel, graph) API p50 <= 100 ms: ` +
          `${verdict(p50.engagement <= 100)}; per-viewer plays page 1 API p50 <= 50 ms: ${verdict(p50.plays <= 50)}`,
      );
    }
    printWorkspace();
    if (stages.length > 1) {
      const [one, big] = stages;
      const flat = (label, key) => {
        const r = pct(big.t[key], 50) / pct(one.t[key], 50);
        return `${label} ${ms(pct(one.t[key], 50))} -> ${ms(pct(big.t[key], 50))} (${r.toFixed(2)}x: ${verdict(r <= 1.5)})`;
      };
      console.log(`flat as events grow (p50 at ${big.events.toLocaleString('en')} against ${one.events.toLocaleString('en')}, target <= 1.5x): ${flat('summary', 'summaryApi')}; ${flat('engagement', 'engagementApi')}; ${flat('plays page 1', 'playsApi')}`);
    }
    const rate = csv.out.rows / (csv.ms / 1000);
    console.log(`-- CSV at ${FIRST_STAGE.toLocaleString('en')} events: ${Math.round(rate).toLocaleString('en')} rows/s (target >= 100,000: ${verdict(rate >= 100_000)}), RSS growth ${mb(growth)} (target < 50 MB: ${verdict(growth < 50 * 1048576)})`);
    console.log(
      `CSV download             | ${(csv.ms / 1000).toFixed(1)} s, ${csv.out.rows.toLocaleString('en')} rows (${mb(csv.out.bytes)}) | SQL through a cursor ${(csvFloor.ms / 1000).toFixed(1)} s, ${csvFloor.out.toLocaleString('en')} rows | ratio ${(csv.ms / csvFloor.ms).toFixed(2)}x`,
    );
    console.log(
      `CSV server RSS           | ${mb(mem.start.rss)} before, ${mb(mem.peak.rss)} at most: growth ${mb(growth)} (target < 50 MB: ${growth < 50 * 1048576 ? 'met' : 'MISSED'}); ` +
        `${mb(csv.out.early.peak.rss - mem.start.rss)} of it by the first tenth of the file; ` +
        `JS heap used ${mb(mem.start.heapUsed)} -> at most ${mb(mem.peak.heapUsed)} (heap reserved ${mb(mem.start.heapTotal)} -> ${mb(mem.peak.heapTotal)}), external ${mb(mem.start.external)} -> ${mb(mem.peak.external)}; ` +
        `rows received = records: ${csv.out.rows === csvFloor.out ? 'yes' : 'NO'}`,
    );
  }
} finally {
  await server?.stop().catch(() => {});
  await db.end().catch(() => {});
  await db2.end().catch(() => {});
  if (process.env.BENCH_KEEP === '1') console.log(`kept database ${dbName}`);
  else await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  fs.rmSync(tmp, { recursive: true, force: true });
}

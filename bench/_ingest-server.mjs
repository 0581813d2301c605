// The app under test for bench/ingest.mjs, in its own process (so the load generator does not
// share its CPU): starts the built app with the given environment, seeds one snippet through
// SQL, and answers row counts over IPC. Skipped by bench/run.mjs (leading underscore).
import 'reflect-metadata';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { createApp } = await import(path.join(root, 'dist/server/src/app.factory.js'));
const { loadConfig } = await import(path.join(root, 'dist/server/src/config/config.js'));
const { MikroORM } = await import('@mikro-orm/postgresql');

const app = await createApp(loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'error', PORT: '0', HOST: '127.0.0.1' }));
await app.listen(0, '127.0.0.1');
const orm = app.get(MikroORM);
const sql = (q, params = []) => orm.em.fork().getConnection().execute(q, params, 'all');

const [user, file, encoding, snippet] = [0, 1, 2, 3].map(() => crypto.randomUUID());
await sql(`insert into app_user (id, email, password_hash, first_name, tier) values (?, ?, 'x', 'Bench', 'premium')`, [user, `bench-${user}@example.com`]);
await sql(`insert into media_file (id, owner_id, kind, file_name, content_type, size, storage_key) values (?, ?, 'video', 'clip.mp4', 'video/mp4', 1000, ?)`, [file, user, `bench/${file}.mp4`]);
await sql(
  `insert into video_encoding (id, owner_id, source_file_id, overlay, width, state, mp4_key, poster_key, gif_key, duration_secs)
   values (?, ?, ?, 'none', 600, 'completed', ?, ?, ?, 30)`,
  // Keys of their own: one bench run starts this server more than once on the same database.
  [encoding, user, file, `bench/${encoding}.mp4`, `bench/${encoding}.jpg`, `bench/${encoding}.gif`],
);
await sql(`insert into snippet (id, owner_id, title, video_file_id, encoding_id) values (?, ?, 'Bench', ?, ?)`, [snippet, user, file, encoding]);
// The encoding's GIF on the local disk (the media route's row streams it): a 43-byte GIF.
if (process.env.DATA_DIR) {
  const gif = path.join(process.env.DATA_DIR, 'media', 'bench', `${encoding}.gif`);
  fs.mkdirSync(path.dirname(gif), { recursive: true });
  fs.writeFileSync(gif, Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));
}
// BENCH_FANOUT=<receiver URL>: the owner has one webhook endpoint (opens and clicks, to that URL)
// and the notifications on (the default); otherwise no endpoint and the notifications off, so the
// hits pay for the ingest alone.
if (process.env.BENCH_FANOUT) {
  const secret = `whsec_${crypto.randomBytes(24).toString('base64')}`;
  await sql(`insert into webhook_endpoint (id, user_id, url, events, secret) values (?, ?, ?, '{eyemail.opened,eyemail.clicked}', ?)`, [crypto.randomUUID(), user, process.env.BENCH_FANOUT, secret]);
  // As the API does when an endpoint is made (the app checked for endpoints when it started).
  const { WebhookDispatcher } = await import(path.join(root, 'dist/server/src/webhooks/webhook-dispatcher.service.js'));
  app.get(WebhookDispatcher).endpointEnabled();
} else {
  await sql(`insert into notification_setting (user_id, snippet_id, events) values (?, null, '{}')`, [user]);
}

// The resident set's peak between two 'rss' questions, sampled every 50 ms (the kernel keeps only
// the process's lifetime peak, which start-up may hold).
let peakRss = process.memoryUsage.rss();
setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50).unref();

process.on('message', async (m) => {
  if (m === 'count') {
    // Opens and clicks, and the viewer page's visits.
    const [row] = await sql('select (select count(*)::int from engagement where snippet_id = ?) + (select count(*)::int from viewer_visit where snippet_id = ?) as n', [snippet, snippet]);
    process.send({ count: row.n });
  } else if (m === 'fanout') {
    // What the fan-out made of the stored hits so far: webhook messages delivered and pending,
    // notification events recorded, jobs still queued.
    const [row] = await sql(
      `select (select count(*)::int from webhook_delivery where state = 'delivered') as delivered,
              (select count(*)::int from webhook_delivery where state = 'pending') as pending,
              (select count(*)::int from notification_event where snippet_id = ?) as notified`,
      [snippet],
    );
    process.send({ fanout: row });
  } else if (m === 'writer') {
    // The open pixel's and click's group-commit writer: rows stored and batches written so far.
    const { EngagementWriter } = await import(path.join(root, 'dist/server/src/tracking/engagement-writer.service.js'));
    const { stored, batches } = app.get(EngagementWriter).stats;
    process.send({ writer: { stored, batches } });
  } else if (m === 'journal') {
    // Events answered and waiting in the ingest's journal for the loader (0 once all are loaded).
    const { IngestLoader } = await import(path.join(root, 'dist/server/src/ingest/ingest-loader.service.js'));
    process.send({ journal: (await app.get(IngestLoader).backlog()).events });
  } else if (m && typeof m === 'object' && 'asyncCommit' in m) {
    // INGEST_ASYNC_COMMIT for the runs that follow (the journal's writer reads it each batch).
    const { APP_CONFIG } = await import(path.join(root, 'dist/server/src/config/config.js'));
    app.get(APP_CONFIG).ingestAsyncCommit = m.asyncCommit;
    process.send({ asyncCommit: m.asyncCommit });
  } else if (m === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ cpu: user + system });
  } else if (m === 'rss') {
    // The resident set now and its peak since the last question, the V8 heap, memory outside it
    // (external: Buffers and other off-heap objects V8 knows of; arrayBuffers part of it), and each
    // heap space's size (what the process holds for it).
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const peak = Math.max(peakRss, rss);
    peakRss = rss;
    const v8 = await import('node:v8');
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
    process.send({ rss, peak, heapTotal, heapUsed, external, arrayBuffers, young: spaces.new_space ?? 0, spaces });
  } else if (m === 'stop') {
    await app.close();
    process.exit(0);
  }
});
process.send({ port: app.getHttpServer().address().port, snippet });

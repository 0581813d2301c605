// The app under test for bench/report.mjs, in its own process (its memory is measured alone and
// the load generator does not share its event loop): the built app with the given environment.
// Skipped by bench/run.mjs (leading underscore).
import 'reflect-metadata';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { createApp } = await import(path.join(root, 'dist/server/src/app.factory.js'));
const { loadConfig } = await import(path.join(root, 'dist/server/src/config/config.js'));

const app = await createApp(loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'error', PORT: '0', HOST: '127.0.0.1' }));
await app.listen(0, '127.0.0.1');

process.on('message', async (m) => {
  if (m === 'rss') process.send({ rss: process.memoryUsage().rss });
  else if (m === 'stop') {
    await app.close();
    process.exit(0);
  }
});
process.send({ port: app.getHttpServer().address().port });

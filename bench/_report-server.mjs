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

// 'watch' collects garbage (the bench starts this process with --expose-gc), then starts sampling process.memoryUsage() every 20 ms; 'peak' answers the highest of each
// figure so far (and the figures at 'watch'); 'unwatch' stops.
let watch = null;
process.on('message', async (m) => {
  if (m === 'watch') {
    // From the live memory: what earlier requests left for the collector is not the download's.
    globalThis.gc?.();
    const start = process.memoryUsage();
    const peak = { ...start };
    const sample = () => Object.entries(process.memoryUsage()).forEach(([k, v]) => (peak[k] = Math.max(peak[k], v)));
    watch = { start, peak, timer: setInterval(sample, 20), sample };
  } else if (m === 'peak') {
    watch.sample();
    process.send({ start: watch.start, peak: { ...watch.peak } });
  } else if (m === 'unwatch') {
    clearInterval(watch.timer);
  } else if (m === 'stop') {
    await app.close();
    process.exit(0);
  }
});
process.send({ port: app.getHttpServer().address().port });

// A BullMQ worker in its own process, for the kill-the-worker test (run through ts-hooks.mjs).
// MODE=hang: the job starts, reports progress, then never finishes (the test kills us).
// MODE=finish: jobs run to completion.
import fs from 'node:fs';
import path from 'node:path';
import { BullMqQueue } from '../../src/queue/bullmq-queue.js';

const KILL_TEST_JOB = 'slow-encode';

const { REDIS_URL, QUEUE_PREFIX, TEMP_ROOT, MODE } = process.env;
const send = (message: Record<string, unknown>) => process.send?.(message);

const queue = new BullMqQueue({
  redisUrl: REDIS_URL!,
  prefix: QUEUE_PREFIX!,
  tempRoot: TEMP_ROOT!,
  processJobs: true,
  // Short lock and stalled checks so a dead worker's job comes back within seconds.
  lockDurationMs: 1000,
  stalledIntervalMs: 500,
  shutdownGraceMs: 2000,
  logger: { log: () => undefined, warn: (m) => console.error(m), error: (m) => console.error(m) },
});

queue.register(
  KILL_TEST_JOB,
  async (job) => {
    const dir = await job.tempDir();
    fs.writeFileSync(path.join(dir, 'partial.mp4'), 'half an encode');
    await job.progress(30);
    send({ event: 'started', jobId: job.id, attempt: job.attempt, pid: process.pid, tempDir: dir });
    if (MODE === 'hang') await new Promise(() => undefined);
    await job.progress(90);
    return { finishedBy: process.pid, attempt: job.attempt, input: job.data };
  },
  { attempts: 3, backoff: { type: 'fixed', delayMs: 10 } },
);

await queue.start();
send({ event: 'ready', pid: process.pid });
process.on('SIGTERM', () => {
  void queue.stop().then(() => process.exit(0));
});

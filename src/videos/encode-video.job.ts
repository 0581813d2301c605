import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { EncodingError, FAILED_MESSAGE } from '../encoding/encoding-error.js';
import { EncodingService } from '../encoding/encoding.service.js';
import { sourceContainerOf } from '../encoding/recording.js';
import { FilesService } from '../files/files.service.js';
import { isCancellation, JOB_QUEUE, PermanentJobError, type JobContext, type JobQueue } from '../queue/job-queue.js';
import { contentTypeForKey } from '../storage/storage-keys.js';
import { IMMUTABLE_CACHE_CONTROL, STORAGE, type StorageAdapter } from '../storage/storage.adapter.js';
import { ENCODE_JOB, outputKeys, ProgressThrottle, scaleEncodeProgress, STORING_PROGRESS, VIDEO_MESSAGES } from './encode-rules.js';
import type { VideoEncoding } from './video-encoding.entity.js';
import { VideosService, type EncodeJobData } from './videos.service.js';

class SourceMissingError extends PermanentJobError {
  constructor() {
    super(VIDEO_MESSAGES.sourceMissing);
  }
}

// The encode-video job, registered on the queue in the app and in `npm run worker` alike:
// fetches the uploaded video, encodes it (EncodingService), stores the MP4, poster and GIF under
// fresh keys and records them only once all three are stored.
@Injectable()
export class EncodeVideoJob implements OnModuleInit {
  private readonly logger = new Logger('EncodeVideo');

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(STORAGE) private readonly storage: StorageAdapter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly videos: VideosService,
    private readonly files: FilesService,
    private readonly encoding: EncodingService,
  ) {}

  onModuleInit(): void {
    this.queue.register<EncodeJobData, unknown>(ENCODE_JOB, (job) => this.handle(job), {
      concurrency: this.config.encodeConcurrency,
      attempts: 3,
      backoff: { type: 'exponential', delayMs: 5_000 },
    });
  }

  async handle(job: JobContext<EncodeJobData>): Promise<unknown> {
    const encodingId = job.data?.encodingId;
    if (typeof encodingId !== 'string') throw new PermanentJobError('The job names no encoding.');
    const runToken = randomUUID();
    const row = await this.videos.claimForJob(encodingId, runToken);
    // Deleted with its video, or already finished by an earlier attempt.
    if (!row) return { encodingId, skipped: true };
    // Stops the attempt when its encoding is no longer wanted (a new cut dropped it): cancelled
    // through the queue, or found gone at a progress write.
    const unwanted = new AbortController();
    const signal = AbortSignal.any([job.signal, unwanted.signal]);
    try {
      return await this.run(job, signal, () => unwanted.abort(), encodingId, runToken, row);
    } catch (e) {
      if (unwanted.signal.aborted || (job.signal.aborted && isCancellation(job.signal.reason))) return { encodingId, cancelled: true };
      // Shutting down, or another worker took the job over: the queue runs it again.
      if (job.signal.aborted) {
        await this.videos.requeue(encodingId, runToken);
        throw e;
      }
      const permanent = e instanceof PermanentJobError || (e instanceof EncodingError && !e.retryable);
      const message = e instanceof EncodingError || e instanceof PermanentJobError ? e.message : FAILED_MESSAGE;
      if (!(e instanceof EncodingError && e.inputProblem) && !(e instanceof SourceMissingError)) {
        this.logger.warn(`Encoding ${encodingId}, attempt ${job.attempt}: ${e instanceof Error ? e.message : String(e)}${e instanceof EncodingError && e.detail ? ` (${e.detail})` : ''}`);
      }
      if (permanent || job.attempt >= job.maxAttempts) {
        await this.videos.markFailed(encodingId, runToken, message);
        throw permanent ? (e instanceof PermanentJobError ? e : new PermanentJobError(message)) : e;
      }
      await this.videos.requeue(encodingId, runToken);
      throw e;
    }
  }

  private async run(
    job: JobContext<EncodeJobData>,
    signal: AbortSignal,
    unwanted: () => void,
    encodingId: string,
    runToken: string,
    row: Pick<VideoEncoding, 'sourceFileId' | 'width' | 'overlay' | 'trimStart' | 'trimEnd'>,
  ): Promise<unknown> {
    const source = await this.files.sourceOf(row.sourceFileId);
    if (!source || !(await this.storage.stat(source.storageKey))) throw new SourceMissingError();
    const dir = await job.tempDir();
    const input = path.join(dir, `source${path.extname(source.storageKey)}`);
    await pipeline(this.storage.createReadStream(source.storageKey), createWriteStream(input), { signal });

    // Progress writes go one after another, throttled; the encoder never waits for them.
    const throttle = new ProgressThrottle(500);
    let writes = Promise.resolve();
    const report = (percent: number) => {
      if (!throttle.shouldWrite(percent, Date.now())) return;
      writes = writes
        .then(() => this.videos.setProgress(encodingId, runToken, percent))
        .then((held) => (held ? job.progress(percent) : unwanted()))
        .catch((e: unknown) => this.logger.warn(`Could not record progress of encoding ${encodingId}: ${String(e)}`));
    };
    const options = {
      width: row.width,
      overlay: row.overlay,
      trim: { start: Number(row.trimStart ?? 0), end: Number(row.trimEnd ?? 0) },
      // WebM only ever comes from the recorder
      container: sourceContainerOf(`${source.contentType} ${source.storageKey}`),
      signal,
    };
    const result = await this.encoding.encode(input, path.join(dir, 'out'), options, ({ percent }) => report(scaleEncodeProgress(percent)));
    await fs.rm(input, { force: true });
    report(STORING_PROGRESS);
    await writes;

    const keys = outputKeys(encodingId, randomUUID);
    const stored: string[] = [];
    try {
      const emailMp4Key = result.emailMp4 ? keys.emailMp4 : null;
      for (const [key, file] of [
        [keys.poster, result.poster],
        [keys.gif, result.gif],
        ...(result.emailMp4 ? [[keys.emailMp4, result.emailMp4] as const] : []),
        [keys.mp4, result.mp4],
      ] as const) {
        signal.throwIfAborted();
        await this.storage.putFile(key, file, { contentType: contentTypeForKey(key), cacheControl: IMMUTABLE_CACHE_CONTROL });
        stored.push(key);
      }
      const recorded = await this.videos.complete(encodingId, runToken, {
        mp4Key: keys.mp4,
        emailMp4Key,
        posterKey: keys.poster,
        gifKey: keys.gif,
        outWidth: result.width,
        outHeight: result.height,
        durationSecs: result.durationSecs,
        hasAudio: result.hasAudio,
        gifBytes: result.bytes.gif,
      });
      if (!recorded) {
        await this.deleteObjects(stored);
        return { encodingId, skipped: true };
      }
      return { encodingId, mp4Key: keys.mp4 };
    } catch (e) {
      await this.deleteObjects(stored);
      throw e;
    }
  }

  private async deleteObjects(keys: string[]): Promise<void> {
    await Promise.all(keys.map((k) => this.storage.delete(k).catch((e: unknown) => this.logger.warn(`Could not delete ${k}: ${String(e)}`))));
  }
}

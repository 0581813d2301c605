import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { ApiError, badRequest, notFound } from '../common/api-response.js';
import { FAILED_MESSAGE } from '../encoding/encoding-error.js';
import type { OverlayVariant } from '../encoding/encode-plan.js';
import { FilesService } from '../files/files.service.js';
import { isUuid } from '../files/file.mapper.js';
import { JOB_QUEUE, type JobQueue } from '../queue/job-queue.js';
import { STORAGE, type StorageAdapter } from '../storage/storage.adapter.js';
import { toEncodingView, type EncodingFields, type EncodingView } from './encoding.mapper.js';
import { ENCODE_JOB, encodeJobId, parseEncodeRequest, VIDEO_MESSAGES } from './encode-rules.js';
import type { EncodingState } from './video-encoding.entity.js';

export interface EncodeJobData {
  encodingId: string;
}

interface EncodingRow {
  id: string;
  owner_id: string;
  source_file_id: string;
  overlay: OverlayVariant;
  width: number;
  state: EncodingState;
  progress: number;
  error: string | null;
  mp4_key: string | null;
  poster_key: string | null;
  gif_key: string | null;
  out_width: number | null;
  out_height: number | null;
  duration_secs: number | null;
  has_audio: boolean | null;
  job_id: string | null;
  run_token: string | null;
}

export interface EncodeOutputs {
  mp4Key: string;
  posterKey: string;
  gifKey: string;
  outWidth: number;
  outHeight: number;
  durationSecs: number;
  hasAudio: boolean;
  gifBytes: number;
}

function fields(r: EncodingRow): EncodingFields {
  return {
    id: r.id,
    sourceFileId: r.source_file_id,
    overlay: r.overlay,
    width: r.width,
    state: r.state,
    progress: Number(r.progress),
    error: r.error,
    mp4Key: r.mp4_key,
    posterKey: r.poster_key,
    gifKey: r.gif_key,
    outWidth: r.out_width,
    outHeight: r.out_height,
    durationSecs: r.duration_secs === null ? null : Number(r.duration_secs),
    hasAudio: r.has_audio,
  };
}

// Email encodings of uploaded videos: requested through the API, run by the encode-video job
// (encode-video.job.ts), read by the dashboard and the snippets module. One encoding per
// (video, overlay, width) is shared by every identical request unless it failed.
@Injectable()
export class VideosService {
  private readonly logger = new Logger('Videos');

  constructor(
    private readonly orm: MikroORM,
    private readonly files: FilesService,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(STORAGE) private readonly storage: StorageAdapter,
  ) {}

  private sql<T = EncodingRow>(query: string, params: unknown[]): Promise<T[]> {
    return this.orm.em.fork().getConnection().execute(query, params as never[], 'all') as Promise<T[]>;
  }

  private view(row: EncodingRow): EncodingView {
    return toEncodingView(fields(row), (key) => this.storage.publicUrl(key));
  }

  // ---- API ----

  // POST videos/{id}: the finished encoding at once (200), or the queued/running one (202).
  async requestEncode(userId: string, fileId: string, overlayRaw: unknown, widthRaw: unknown): Promise<{ status: 200 | 202; view: EncodingView }> {
    const options = parseEncodeRequest(overlayRaw, widthRaw);
    if ('field' in options) throw badRequest(options.message, { [options.field]: options.message });
    try {
      await this.files.getOwned(userId, fileId, ['video']);
    } catch (e) {
      // Missing, someone else's, or not a video: all the same to the caller.
      if (e instanceof ApiError && e.getStatus() === HttpStatus.NOT_FOUND) throw notFound(VIDEO_MESSAGES.notFound);
      throw e;
    }

    let row = await this.findLive(fileId, options.overlay, options.width);
    if (row && row.state !== 'completed') row = await this.reconcile(row);
    if (!row || row.state === 'failed') {
      const id = randomUUID();
      await this.sql(
        `insert into video_encoding (id, owner_id, source_file_id, overlay, width, state, progress, job_id)
         values (?, ?, ?, ?, ?, 'queued', 0, ?)
         on conflict (source_file_id, overlay, width) where state <> 'failed' do nothing`,
        [id, userId, fileId, options.overlay, options.width, encodeJobId(id)],
      );
      // Whoever won a race for the same options, this is the one encoding of them.
      row = (await this.findLive(fileId, options.overlay, options.width))!;
      await this.enqueue(row);
    }
    return { status: row.state === 'completed' ? 200 : 202, view: this.view(row) };
  }

  // GET videos/encodings/{id}: state and real progress, URLs once completed.
  async getEncoding(userId: string, encodingId: string): Promise<EncodingView> {
    let row = await this.findOwned(userId, encodingId);
    if (!row) throw notFound(VIDEO_MESSAGES.notFound);
    if (row.state === 'queued' || row.state === 'active') row = await this.reconcile(row);
    return this.view(row);
  }

  // For the snippets module: the finished encoding of these options, if there is one.
  async findCompleted(userId: string, sourceFileId: string, overlay: OverlayVariant, width: number): Promise<EncodingView | null> {
    if (!isUuid(sourceFileId)) return null;
    const [row] = await this.sql(
      `select * from video_encoding where owner_id = ? and source_file_id = ? and overlay = ? and width = ? and state = 'completed'`,
      [userId, sourceFileId, overlay, width],
    );
    return row ? this.view(row) : null;
  }

  private async findOwned(userId: string, encodingId: string): Promise<EncodingRow | null> {
    if (!isUuid(encodingId)) return null;
    const [row] = await this.sql('select * from video_encoding where id = ? and owner_id = ?', [encodingId, userId]);
    return row ?? null;
  }

  private async findLive(fileId: string, overlay: OverlayVariant, width: number): Promise<EncodingRow | null> {
    const [row] = await this.sql(`select * from video_encoding where source_file_id = ? and overlay = ? and width = ? and state <> 'failed'`, [
      fileId,
      overlay,
      width,
    ]);
    return row ?? null;
  }

  private async reload(id: string): Promise<EncodingRow> {
    const [row] = await this.sql('select * from video_encoding where id = ?', [id]);
    return row;
  }

  private async enqueue(row: EncodingRow): Promise<void> {
    try {
      await this.queue.enqueue<EncodeJobData>(ENCODE_JOB, { encodingId: row.id }, { jobId: row.job_id ?? encodeJobId(row.id) });
    } catch (e) {
      this.logger.error(`Could not queue encoding ${row.id}: ${e instanceof Error ? e.message : String(e)}`);
      await this.markFailed(row.id, null, VIDEO_MESSAGES.queueDown);
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, VIDEO_MESSAGES.queueDown);
    }
  }

  // A queued or running encoding agrees with its job: a job the queue no longer knows is added
  // again; a job that failed without its handler saying so (its workers kept dying) fails the row.
  private async reconcile(row: EncodingRow): Promise<EncodingRow> {
    const jobId = row.job_id ?? encodeJobId(row.id);
    const status = await this.queue.getStatus(jobId);
    if (!status) {
      this.logger.warn(`The job of encoding ${row.id} was lost; queuing it again`);
      await this.enqueue(row);
      return this.reload(row.id);
    }
    if (status.state === 'failed') {
      await this.markFailed(row.id, null, status.error ?? FAILED_MESSAGE);
      return this.reload(row.id);
    }
    return row;
  }

  // ---- state changes made by the encode job (each guarded by the attempt's run token) ----

  // Starts an attempt: returns the row, or null when there is nothing to do (deleted, finished).
  async claimForJob(encodingId: string, runToken: string): Promise<EncodingRow | null> {
    const [row] = await this.sql(
      `update video_encoding set state = 'active', progress = 0, error = null, run_token = ?, updated_at = now()
       where id = ? and state in ('queued', 'active') returning *`,
      [runToken, encodingId],
    );
    return row ?? null;
  }

  async setProgress(encodingId: string, runToken: string, percent: number): Promise<void> {
    await this.sql(
      `update video_encoding set progress = ?, updated_at = now()
       where id = ? and run_token = ? and state = 'active' and progress < ?`,
      [percent, encodingId, runToken, percent],
    );
  }

  // Records the three stored outputs together; false when the attempt no longer owns the row
  // (the video was deleted, or another worker took the job over): the caller removes its files.
  async complete(encodingId: string, runToken: string, o: EncodeOutputs): Promise<boolean> {
    const rows = await this.sql(
      `update video_encoding set state = 'completed', progress = 100, error = null, mp4_key = ?, poster_key = ?, gif_key = ?,
         out_width = ?, out_height = ?, duration_secs = ?, has_audio = ?, gif_bytes = ?, completed_at = now(), updated_at = now()
       where id = ? and run_token = ? and state = 'active' returning id`,
      [o.mp4Key, o.posterKey, o.gifKey, o.outWidth, o.outHeight, o.durationSecs, o.hasAudio, o.gifBytes, encodingId, runToken],
    );
    return rows.length > 0;
  }

  // Waiting for another try (after a failed attempt, or handed back at shutdown).
  async requeue(encodingId: string, runToken: string): Promise<void> {
    await this.sql(`update video_encoding set state = 'queued', progress = 0, updated_at = now() where id = ? and run_token = ? and state = 'active'`, [
      encodingId,
      runToken,
    ]);
  }

  async markFailed(encodingId: string, runToken: string | null, message: string): Promise<void> {
    await this.sql(
      `update video_encoding set state = 'failed', error = ?, updated_at = now()
       where id = ? and state in ('queued', 'active') and (?::uuid is null or run_token = ?::uuid)`,
      [message, encodingId, runToken, runToken],
    );
  }
}

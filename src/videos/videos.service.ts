import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InvalidInputError, NotFoundError, RateLimitedError, UnavailableError } from '../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { FAILED_MESSAGE } from '../encoding/encoding-error.js';
import type { OverlayVariant } from '../encoding/encode-plan.js';
import { checkTrim, NO_TRIM, trimmedDuration, type Trim } from '../encoding/recording.js';
import { assertCanEdit, FilesService, type LibraryCaller } from '../files/files.service.js';
import { isUuid } from '../shared/uuid.js';
import { JOB_QUEUE, type JobQueue } from '../queue/job-queue.js';
import { STORAGE, type StorageAdapter } from '../storage/storage.adapter.js';
import { toEncodingView, type EncodingView } from './encoding.mapper.js';
import { ENCODE_CAP_RETRY_AFTER_SECONDS, ENCODE_JOB, encodeCapRefusal, encodeJobId, parseEncodeRequest, VIDEO_MESSAGES } from './encode-rules.js';
import type { VideoEncoding } from './video-encoding.entity.js';
import { VideoEncodingRepository, type EncodeOutputs } from './video-encoding.repository.js';

export interface EncodeJobData {
  encodingId: string;
}

export type { EncodeOutputs } from './video-encoding.repository.js';

// Email encodings of uploaded videos: requested through the API, run by the encode-video job
// (encode-video.job.ts), read by the dashboard and the snippets module. One encoding per
// (video, overlay, width) is shared by every identical request unless it failed; each account,
// and each workspace, has at most ENCODES_PER_ACCOUNT queued or running, and an account's jobs
// share the encoder fairly with other accounts' (the queue's fairShare). An encoding is its
// video's workspace's: every read of the API filters by the workspace the caller acts in.
@Injectable()
export class VideosService implements OnModuleInit {
  private readonly logger = new Logger('Videos');

  constructor(
    private readonly encodings: VideoEncodingRepository,
    private readonly files: FilesService,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(STORAGE) private readonly storage: StorageAdapter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // Deleting a video deletes its encodings (locked first) and their stored outputs; the video
    // library shows the poster of the latest encoding for videos stored without an upload poster.
    this.files.registerDerivedMedia({
      lockKeysMadeFrom: (em, fileId) => this.encodings.lockOutputKeysOfSource(em, fileId),
      posterKeysOf: (fileIds) => this.encodings.latestPosterKeys(fileIds),
      cutViewsOf: (files) => this.cutViewsOf(files),
    });
  }

  // My Videos shows a cut video as its EyeMails use it: the cut's finished MP4 and length, or while
  // the cut encodes, the upload played from the cut's start to its end (a media fragment).
  private async cutViewsOf(files: { fileId: string; url: string; durationSecs: number | null }[]): Promise<Map<string, { url: string; durationSecs: number | null }>> {
    const byId = new Map(files.map((f) => [f.fileId, f]));
    const views = new Map<string, { url: string; durationSecs: number | null }>();
    for (const c of await this.encodings.cutsWithOutputs([...byId.keys()])) {
      const file = byId.get(c.fileId)!;
      if (c.mp4Key) views.set(c.fileId, { url: this.storage.publicUrl(c.mp4Key), durationSecs: c.durationSecs });
      else views.set(c.fileId, { url: `${file.url}#t=${c.trim.start}${c.trim.end > 0 ? `,${c.trim.end}` : ''}`, durationSecs: file.durationSecs === null ? null : trimmedDuration(file.durationSecs, c.trim) });
    }
    return views;
  }

  private view(row: VideoEncoding): EncodingView {
    return toEncodingView(row, (key) => this.storage.publicUrl(key));
  }

  // ---- API ----

  // POST videos/{id}: the finished encoding at once (200), or the queued/running one (202).
  // A cut in the request (trimStart/trimEnd) becomes the video's chosen cut; without one, the
  // video's chosen cut (if any) applies. The video is one of the caller's workspace's (else 404),
  // and encoding it is an editor's work (403 below).
  async requestEncode(
    caller: LibraryCaller,
    fileId: string,
    overlayRaw: unknown,
    widthRaw: unknown,
    trimStartRaw?: unknown,
    trimEndRaw?: unknown,
  ): Promise<{ status: 200 | 202; view: EncodingView }> {
    const options = parseEncodeRequest(overlayRaw, widthRaw, trimStartRaw, trimEndRaw);
    if ('field' in options) throw new InvalidInputError(options.message, { [options.field]: options.message });
    // Missing, another workspace's, or not a video: all the same to the caller.
    const file = await this.files.findOwned(caller.workspaceId, fileId, ['video']);
    if (!file) throw new NotFoundError(VIDEO_MESSAGES.notFound);
    assertCanEdit(caller);

    const id = fileId.toLowerCase();
    let trim: Trim;
    if (options.cut) {
      // checked against the length when it is known (the upload's, or a finished encode's); else
      // the encoder checks it once it has read the file
      const duration = file.durationSecs ?? (await this.encodings.uncutDuration(id));
      const checked = checkTrim(options.cut.start, options.cut.end, duration);
      if ('message' in checked) throw new InvalidInputError(checked.message, { trimEnd: checked.message });
      trim = checked.trim;
      await this.chooseCut(id, trim);
    } else {
      trim = (await this.encodings.cutOf(id)) ?? NO_TRIM;
    }
    // Another request may choose a new cut while this one adds its encoding (the recorder asks for
    // the whole recording and for the cut at the same moment when Save comes before the last
    // bytes): the new cut wins, and this request answers with the encoding of the video's cut.
    for (let attempt = 1; ; attempt++) {
      const answer = await this.encodingOf(caller, id, options.overlay, options.width, trim);
      if (answer !== 'cut-changed') return answer;
      if (attempt >= 5) throw new UnavailableError(VIDEO_MESSAGES.queueDown);
      trim = (await this.encodings.cutOf(id)) ?? NO_TRIM;
    }
  }

  // The live or finished encoding of these options, added and queued when there is none;
  // 'cut-changed' when the video's cut is no longer `trim` (its encoding was not added, or was
  // dropped before it could be answered).
  // The encoding is the workspace's (the video's), asked for by the caller.
  private async encodingOf(caller: LibraryCaller, id: string, overlay: OverlayVariant, width: number, trim: Trim): Promise<{ status: 200 | 202; view: EncodingView } | 'cut-changed'> {
    let row = await this.encodings.findLive(id, overlay, width, trim);
    if (row && row.state !== 'completed') row = await this.reconcile(row);
    if (!row || row.state === 'failed') {
      const encodingId = randomUUID();
      const wanted = { id: encodingId, ownerId: caller.userId, workspaceId: caller.workspaceId, sourceFileId: id, overlay, width, trim, jobId: encodeJobId(encodingId) };
      const cap = this.config.encodesPerAccount;
      let added = await this.encodings.insertQueuedWithinCap(wanted, cap);
      // At the cap: encodings whose jobs failed or were lost unnoticed are settled first, so
      // they never hold the account's or the workspace's places for good.
      if (added.outcome === 'over-cap' && (await this.settleLiveOf(caller))) added = await this.encodings.insertQueuedWithinCap(wanted, cap);
      if (added.outcome === 'cut-changed') return 'cut-changed';
      if (added.outcome === 'over-cap') {
        throw new RateLimitedError(encodeCapRefusal(added.live, cap, added.holder)!, ENCODE_CAP_RETRY_AFTER_SECONDS);
      }
      // Whoever won a race for the same options, this is the one encoding of them; none when a
      // new cut dropped it meanwhile.
      row = await this.encodings.findLive(id, overlay, width, trim);
      if (!row || !(await this.enqueue(row))) return 'cut-changed';
    }
    return { status: row.state === 'completed' ? 200 : 202, view: this.view(row) };
  }

  // A new cut makes the encodings of any other cut still queued or running useless (the recorder
  // asks for the whole recording when its last bytes are in, and for the cut at Save): their rows
  // go with the choice of the cut (one statement under the video's lock, so an encoding of the old
  // cut added at the same moment goes too, or is never added), and their jobs are cancelled
  // (ffmpeg stopped, temp files removed). One running in another worker stops at its next
  // progress write, finding its row gone; one queued after its row went finds nothing to claim.
  private async chooseCut(fileId: string, trim: Trim): Promise<void> {
    for (const row of await this.encodings.chooseCut(fileId, trim)) {
      await this.queue.cancel(row.jobId ?? encodeJobId(row.id)).catch((e: unknown) => this.logger.warn(`Could not cancel the job of encoding ${row.id}: ${String(e)}`));
    }
  }

  // GET videos/encodings/{id}: state and real progress, URLs once completed; one of the
  // workspace's encodings (another workspace's: 404).
  async getEncoding(workspaceId: string, encodingId: string): Promise<EncodingView> {
    let row = isUuid(encodingId) ? await this.encodings.findInWorkspace(workspaceId, encodingId.toLowerCase()) : null;
    if (!row) throw new NotFoundError(VIDEO_MESSAGES.notFound);
    if (row.state === 'queued' || row.state === 'active') row = await this.reconcile(row);
    return this.view(row);
  }

  // For the snippets module: the encodings with these ids in one query (unfinished ones checked
  // against their jobs, as getEncoding does). Missing ids are absent from the map; the caller
  // passes only ids it read from its own owner-checked records.
  async outputsOf(encodingIds: readonly (string | null | undefined)[]): Promise<Map<string, EncodingView>> {
    const ids = [...new Set(encodingIds.filter(isUuid).map((id) => id.toLowerCase()))];
    const out = new Map<string, EncodingView>();
    if (!ids.length) return out;
    const rows = await this.encodings.findByIds(ids);
    for (let row of rows) {
      if (row.state === 'queued' || row.state === 'active') row = await this.reconcile(row);
      out.set(row.id, this.view(row));
    }
    return out;
  }

  // For the reports ingest (through the snippets module), batched: the length in seconds of each
  // encoding that knows it.
  async durationsOf(encodingIds: readonly string[]): Promise<Map<string, number>> {
    const ids = [...new Set(encodingIds.filter(isUuid).map((id) => id.toLowerCase()))];
    const lengths = new Map<string, number>();
    if (!ids.length) return lengths;
    for (const row of await this.encodings.findByIds(ids)) {
      if (row.durationSecs !== null && row.durationSecs !== undefined) lengths.set(row.id, Number(row.durationSecs));
    }
    return lengths;
  }

  // For the snippets module: the workspace's finished encoding of these options and the video's
  // chosen cut, if there is one.
  async findCompleted(workspaceId: string, sourceFileId: string, overlay: OverlayVariant, width: number): Promise<EncodingView | null> {
    if (!isUuid(sourceFileId)) return null;
    const id = sourceFileId.toLowerCase();
    const row = await this.encodings.findCompleted(workspaceId, id, overlay, width, (await this.encodings.cutOf(id)) ?? NO_TRIM);
    return row ? this.view(row) : null;
  }

  // Checks the caller's and the workspace's queued and running encodings against their jobs; true
  // when one of them turned out to have failed (a place freed).
  private async settleLiveOf(caller: LibraryCaller): Promise<boolean> {
    let freed = false;
    for (const row of await this.encodings.findLiveOf(caller.userId, caller.workspaceId)) {
      if ((await this.reconcile(row)).state === 'failed') freed = true;
    }
    return freed;
  }

  // False when the encoding was dropped meanwhile by a new cut (whose cancel can remove the job
  // while it is being added): there is nothing to queue.
  private async enqueue(row: VideoEncoding): Promise<boolean> {
    try {
      // Fair share: the account is the group; its encodings asked for earlier go first.
      const fairShare = { group: row.ownerId, ahead: await this.encodings.countLiveBefore(row) };
      await this.queue.enqueue<EncodeJobData>(ENCODE_JOB, { encodingId: row.id }, { jobId: row.jobId ?? encodeJobId(row.id), fairShare });
      return true;
    } catch (e) {
      if (!(await this.encodings.findById(row.id))) return false;
      this.logger.error(`Could not queue encoding ${row.id}: ${e instanceof Error ? e.message : String(e)}`);
      await this.markFailed(row.id, null, VIDEO_MESSAGES.queueDown);
      throw new UnavailableError(VIDEO_MESSAGES.queueDown);
    }
  }

  // A queued or running encoding agrees with its job: a job the queue no longer knows is added
  // again; a job that failed without its handler saying so (its workers kept dying) fails the row.
  private async reconcile(row: VideoEncoding): Promise<VideoEncoding> {
    const jobId = row.jobId ?? encodeJobId(row.id);
    const status = await this.queue.findStatus(jobId);
    if (!status) {
      // A request for the same options may be adding it right now (enqueue is idempotent);
      // only an older one is worth a warning.
      if (Date.now() - new Date(row.createdAt).getTime() > 60_000) this.logger.warn(`The job of encoding ${row.id} was lost; queuing it again`);
      if (!(await this.enqueue(row))) return row;
      return (await this.encodings.findById(row.id))!;
    }
    if (status.state === 'failed') {
      await this.markFailed(row.id, null, status.error ?? FAILED_MESSAGE);
      return (await this.encodings.findById(row.id))!;
    }
    return row;
  }

  // ---- state changes made by the encode job (each guarded by the attempt's run token) ----

  // Starts an attempt: returns the row, or null when there is nothing to do (deleted, finished).
  claimForJob(encodingId: string, runToken: string): Promise<VideoEncoding | null> {
    return this.encodings.claim(encodingId, runToken);
  }

  // False when the attempt no longer holds the encoding (deleted, dropped for a new cut).
  setProgress(encodingId: string, runToken: string, percent: number): Promise<boolean> {
    return this.encodings.setProgress(encodingId, runToken, percent);
  }

  // Records the three stored outputs together; false when the attempt no longer owns the row
  // (the video was deleted, or another worker took the job over): the caller removes its files.
  complete(encodingId: string, runToken: string, outputs: EncodeOutputs): Promise<boolean> {
    return this.encodings.complete(encodingId, runToken, outputs);
  }

  // Waiting for another try (after a failed attempt, or handed back at shutdown).
  requeue(encodingId: string, runToken: string): Promise<void> {
    return this.encodings.requeue(encodingId, runToken);
  }

  markFailed(encodingId: string, runToken: string | null, message: string): Promise<void> {
    return this.encodings.markFailed(encodingId, runToken, message);
  }
}

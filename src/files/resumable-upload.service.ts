import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DomainError, InvalidInputError, ConflictError, NotFoundError, RateLimitedError, TooLargeError, UnsupportedTypeError } from '../common/domain-error.js';
import { DOMAIN_ERROR_STATUS } from '../common/http-exception.filter.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { FileView } from './file.mapper.js';
import { FileUploadService } from './file-upload.service.js';
import { assertCanEdit, isPersonalWorkspace, type LibraryCaller } from './library-scope.js';
import { discardRequestBody } from './multipart-upload.js';
import { ResumableUploadRepository, type ResumableUploadRow } from './resumable-upload.repository.js';
import { checkCreation, contentAllowed, MAX_UNFINISHED_UPLOADS, RESUMABLE_MESSAGES, uploadIdOfAddress, type ResumableCreation } from './resumable-rules.js';
import { StorageQuotaService } from './storage-quota.service.js';
import { TusAdapter, type TusHookResult } from './tus.adapter.js';
import { UPLOAD_MESSAGES, UPLOAD_RULES } from './upload-rules.js';

export const RESUMABLE_UPLOAD_PATH = '/api/files/uploads';
// Told to a finished upload's HEAD (and on the last PATCH): the file it became.
export const FILE_ID_HEADER = 'EyeMail-File-Id';
const SWEEP_EVERY_MS = 15 * 60 * 1000;
// A partial with no record (its creation failed half-way) is removed once it is this old.
const ORPHAN_GRACE_MS = 60 * 1000;

// What one request to the tus endpoint carries to the hooks.
interface RequestState {
  caller: LibraryCaller;
  creation: ResumableCreation | null;
  row: ResumableUploadRow | null;
  // The partial (bytes and record) goes once the answer is out: refused or failed.
  discard: boolean;
  // The upload became a file: its bytes go, its record stays (for HEAD).
  finished: boolean;
}

// The tus library ends its answers with res.end(callback); the session and compression
// middlewares wrap res.end as end(chunk, encoding) and would take the callback for a chunk.
function endWithCallbackAsListener(res: ServerResponse): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    if (typeof args[0] !== 'function') return end(...args);
    const done = args[0] as () => void;
    let called = false;
    const once = () => {
      if (!called) (called = true), done();
    };
    res.once('finish', once).once('close', once);
    return end();
  }) as ServerResponse['end'];
}

const envelope = (result: boolean, message: string, body: unknown = null) => JSON.stringify({ result, message, body, errors: null });

// Resumable uploads (tus 1.0.0 at /api/files/uploads) for videos: each is the workspace's it was
// started in (another workspace's is not found), the per-account, per-workspace and hourly limits, the same checks as POST /files once the last byte arrived, and the sweep of
// partials left behind. The protocol itself is tus.adapter.ts's.
@Injectable()
export class ResumableUploadService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('ResumableUploads');
  private readonly tus: TusAdapter;
  private readonly resumeMs: number;
  private readonly states = new WeakMap<IncomingMessage, RequestState>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: ResumableUploadRepository,
    private readonly uploads: FileUploadService,
    private readonly quota: StorageQuotaService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.resumeMs = config.uploadResumeHours * 3600_000;
    this.tus = new TusAdapter(path.join(config.dataDir, 'tmp', 'tus'), {
      path: RESUMABLE_UPLOAD_PATH,
      maxSize: UPLOAD_RULES.video.maxBytes,
      hooks: {
        onCreate: (req, id, _meta, size) => this.created(req, id, size),
        onFinish: (req, id, file) => this.finished(req, id, file),
        onError: (req, status, reason) => this.errorBody(req, status, reason),
      },
    });
  }

  async onModuleInit(): Promise<void> {
    await this.sweep().catch((e: unknown) => this.logger.warn(`Sweep of partial uploads failed: ${String(e)}`));
    this.timer = setInterval(() => void this.sweep().catch((e: unknown) => this.logger.warn(`Sweep of partial uploads failed: ${String(e)}`)), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  get partialsDir(): string {
    return this.tus.directory;
  }

  // Creation (POST, no id) or one upload's HEAD, PATCH or DELETE, in the workspace the caller
  // acts in (an editor's work: uploading a video).
  async handle(caller: LibraryCaller, req: IncomingMessage, res: ServerResponse, id: string | null): Promise<void> {
    const state: RequestState = { caller, creation: null, row: null, discard: false, finished: false };
    try {
      assertCanEdit(caller);
      if (id === null) state.creation = await this.checkCreation(caller, req);
      else {
        // The address names the upload, nothing more (no query string, no encoded "/", 32 hex
        // digits): anything else names no upload of the workspace's.
        const address = uploadIdOfAddress((req as { originalUrl?: string }).originalUrl ?? req.url ?? '', RESUMABLE_UPLOAD_PATH);
        if ('refused' in address && address.refused === 'query') throw new InvalidInputError(RESUMABLE_MESSAGES.queryString);
        state.row = 'id' in address && address.id === id ? await this.repo.findInWorkspace(caller.workspaceId, id) : null;
        // Another workspace's upload is not found, exactly like one that never was.
        if (!state.row) throw new NotFoundError(RESUMABLE_MESSAGES.notFound);
        if (state.row.finishedAt) return this.answerFinished(req, res, state.row);
        // Expired (before the sweep came by), or its bytes are gone (swept, or the folder was
        // emptied): a new upload is the way on.
        if (state.row.touchedAt.getTime() <= Date.now() - this.resumeMs || (await this.tus.offset(id)) === null) {
          await this.discard(id);
          throw new NotFoundError(RESUMABLE_MESSAGES.notFound);
        }
      }
    } catch (e) {
      discardRequestBody(req);
      throw e;
    }

    // A cancelled upload's record goes first; should tus fail to delete its bytes, the sweep
    // removes bytes no record points at.
    if (req.method === 'DELETE' && state.row) await this.repo.delete(state.row.id);
    res.setHeader('Cache-Control', 'no-store');
    // An unfinished upload expires UPLOAD_RESUME_HOURS after it was created or last took bytes
    // (the sweep then deletes it); a HEAD does not put that off.
    const touched = req.method === 'HEAD' && state.row ? state.row.touchedAt.getTime() : Date.now();
    res.setHeader('Upload-Expires', new Date(touched + this.resumeMs).toUTCString());
    this.states.set(req, state);
    endWithCallbackAsListener(res);
    // tus acts on the upload checked above (none for a creation), whatever the URL says.
    await this.tus.handle(req, res, state.row?.id ?? null);

    // (Refused and finished uploads were cleared in the hooks, before their answer went out.)
    const uploadId = id ?? state.row?.id ?? null;
    if (!uploadId || state.discard || state.finished) return;
    if (req.method === 'PATCH' && res.statusCode === 204) {
      const declared = req.headers['upload-length'];
      await this.repo.touch(uploadId, typeof declared === 'string' && /^\d+$/.test(declared) ? Number(declared) : undefined);
    }
  }

  private async checkCreation(caller: LibraryCaller, req: IncomingMessage): Promise<ResumableCreation> {
    // Counted before anything else, as POST /files does: refused uploads count too.
    await this.uploads.countUpload(caller.userId);
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : (v ?? null);
    };
    const check = checkCreation({ metadata: header('upload-metadata'), uploadLength: header('upload-length'), deferLength: header('upload-defer-length') });
    if ('refused' in check) {
      const { code, message } = check.refused;
      if (code === 'too_large') throw new TooLargeError(message);
      if (code === 'unsupported_type') throw new UnsupportedTypeError(message);
      throw new InvalidInputError(message);
    }
    // The caller's own unfinished uploads (in every workspace), then the workspace's (whoever
    // started them; a personal workspace's are its user's).
    const unfinished = await this.repo.countUnfinished(caller.userId, caller.workspaceId, new Date(Date.now() - this.resumeMs));
    if (unfinished.own >= MAX_UNFINISHED_UPLOADS) throw new RateLimitedError(RESUMABLE_MESSAGES.tooManyUnfinished, 60);
    if (!isPersonalWorkspace(caller) && unfinished.workspace >= MAX_UNFINISHED_UPLOADS) {
      throw new RateLimitedError(RESUMABLE_MESSAGES.tooManyUnfinishedInWorkspace, 60);
    }
    // The storage quotas, counting the declared length (a deferred one is checked on the last byte).
    await this.quota.assertRoom(caller, check.ok.length ?? 0, { pending: true });
    return check.ok;
  }

  // A finished upload: HEAD tells its full offset and the file it became; nothing more to send.
  private answerFinished(req: IncomingMessage, res: ServerResponse, row: ResumableUploadRow): void {
    if (req.method === 'PATCH') throw new ConflictError(RESUMABLE_MESSAGES.finished);
    if (req.method === 'DELETE') throw new InvalidInputError(RESUMABLE_MESSAGES.finished);
    res.statusCode = 200;
    res.setHeader('Tus-Resumable', '1.0.0');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Upload-Offset', String(row.uploadLength ?? 0));
    res.setHeader('Upload-Length', String(row.uploadLength ?? 0));
    res.setHeader('Access-Control-Expose-Headers', FILE_ID_HEADER);
    if (row.mediaFileId) res.setHeader(FILE_ID_HEADER, row.mediaFileId);
    res.end();
  }

  private state(req: IncomingMessage): RequestState {
    const s = this.states.get(req);
    if (!s) throw new Error('tus hook outside a handled request');
    return s;
  }

  private async created(req: IncomingMessage, id: string, size: number | undefined): Promise<void> {
    const s = this.state(req);
    const c = s.creation!;
    const where = { ownerId: s.caller.userId, workspaceId: s.caller.workspaceId };
    await this.repo.insert({ id, ...where, source: c.source, fileName: c.fileName, fileType: c.fileType, uploadLength: size ?? null });
    s.row = { id, ...where, source: c.source, fileName: c.fileName, fileType: c.fileType, uploadLength: size ?? null, mediaFileId: null, finishedAt: null, touchedAt: new Date() };
  }

  // The last byte arrived: the checks and storing of POST /files, then the answer. The file is the
  // workspace's the upload was started in, uploaded by whoever started it.
  private async finished(req: IncomingMessage, id: string, filePath: string): Promise<TusHookResult> {
    const s = this.state(req);
    const row = s.row!;
    let view: FileView;
    try {
      view = await this.uploads.storeReceived({ userId: row.ownerId, workspaceId: row.workspaceId }, 'video', filePath, row.fileName, { accepts: (sniffed) => contentAllowed(row.source, sniffed) });
    } catch (e) {
      s.discard = true;
      await this.discard(id);
      if (e instanceof DomainError) return { status: DOMAIN_ERROR_STATUS[e.code], body: envelope(false, e.message) };
      this.logger.error(`A finished resumable upload could not be stored: ${e instanceof Error ? e.message : String(e)}`);
      return { status: 500, body: envelope(false, UPLOAD_MESSAGES.failed) };
    }
    s.finished = true;
    await this.repo.markFinished(id, view.fileId);
    await this.tus.remove(id);
    // A creation that carried every byte keeps tus's 201 (and its Location); a PATCH answers 200.
    return { status: req.method === 'POST' ? 201 : 200, body: envelope(true, UPLOAD_MESSAGES.uploaded, view), headers: { [FILE_ID_HEADER]: view.fileId } };
  }

  // tus refused the request (its reason is plain text): the envelope, with the spec's messages.
  private async errorBody(req: IncomingMessage, status: number, reason: string): Promise<string> {
    const s = this.states.get(req);
    if (status === 413) {
      // Past the declared length or the limit: the partial is of no use any more.
      if (s?.row) {
        s.discard = true;
        await this.discard(s.row.id);
      }
      return envelope(false, UPLOAD_RULES.video.tooLarge);
    }
    if (status === 409) return envelope(false, 'Upload-Offset does not match the bytes received. Ask for the offset (HEAD) and go on from there.');
    if (status === 404 || status === 410) return envelope(false, RESUMABLE_MESSAGES.notFound);
    if (status >= 500) return envelope(false, UPLOAD_MESSAGES.failed);
    return envelope(false, reason || UPLOAD_MESSAGES.failed);
  }

  private async discard(id: string): Promise<void> {
    await this.tus.remove(id);
    await this.repo.delete(id);
  }

  // Unfinished uploads not touched for UPLOAD_RESUME_HOURS (bytes and record), records of
  // finished ones as old, and bytes no record points at.
  async sweep(now = new Date()): Promise<number> {
    const stale = await this.repo.deleteStale(new Date(now.getTime() - this.resumeMs));
    for (const id of stale) await this.tus.remove(id);
    const held = await this.tus.list();
    const known = await this.repo.existing(held.map((u) => u.id));
    let removed = stale.length;
    for (const u of held) {
      if (known.has(u.id) || now.getTime() - u.modifiedAt.getTime() < ORPHAN_GRACE_MS) continue;
      await this.tus.remove(u.id);
      removed++;
    }
    if (removed) this.logger.log(`Removed ${removed} partial upload(s) left behind`);
    return removed;
  }
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  InvalidInputError,
  RequestTimeoutError,
  TooLargeError,
  UnavailableError,
  UnprocessableError,
  UnsupportedTypeError,
} from '../common/domain-error.js';
import type { RateLimitPolicy } from '../common/rate-limit.js';
import { RateLimiter } from '../common/rate-limit.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { EncodingService } from '../encoding/encoding.service.js';
import { EncodingError, UNDECODABLE_MESSAGE } from '../encoding/encoding-error.js';
import { FfmpegAdapter } from '../encoding/ffmpeg.adapter.js';
import type { MediaInfo } from '../encoding/probe.js';
import { contentTypeForKey } from '../storage/storage-keys.js';
import { IMMUTABLE_CACHE_CONTROL, STORAGE, type StorageAdapter } from '../storage/storage.adapter.js';
import { sniffFileType } from './file-sniff.js';
import { toFileView, type FileView } from './file.mapper.js';
import { parseFileKind } from './file-kind.js';
import { ImageAdapter, ImageTooManyPixelsError, type ImageFormatChoice } from '../images/image.adapter.js';
import { MediaFileRepository } from './media-file.repository.js';
import { discardRequestBody, receiveSingleFile, UploadError } from './multipart-upload.js';
import {
  checkContent,
  checkDeclared,
  contentRefusal,
  cleanFileName,
  declaredLengthTooLarge,
  storedImageFormat,
  gifWithinLimits,
  treatmentFor,
  UPLOAD_MESSAGES,
  UPLOAD_RULES,
  uploadsPerHourPolicy,
  type FileKind,
  type UploadRule,
} from './upload-rules.js';
import { posterArgs } from './video-poster.js';
import { storedVideoExtension } from './resumable-rules.js';
import { declaredBytes } from './storage-quota.js';
import { StorageQuotaService } from './storage-quota.service.js';
import { assertCanEdit, uploadTarget, type LibraryCaller } from './library-scope.js';

// Where a stored upload goes: who uploaded it (owner_id) and the workspace it belongs to.
export interface UploadPlace {
  userId: string;
  workspaceId: string;
}

interface StoredUpload {
  contentType: string;
  size: number;
  storageKey: string;
  posterKey: string | null;
  width: number | null;
  height: number | null;
  durationSecs: number | null;
}

// Unfinished uploads older than this (left by a process that died) are removed at start-up.
const STALE_UPLOAD_MS = 6 * 60 * 60 * 1000;

// The upload pipeline: a file streamed to a temp file, checked by size, name and content,
// normalised (videos probed with a poster cut, images re-encoded), stored, then recorded. Nothing
// half-done stays behind when any step refuses it.
@Injectable()
export class FileUploadService implements OnModuleInit {
  private readonly logger = new Logger('Files');
  readonly uploadDir: string;
  private readonly perHour: RateLimitPolicy;
  private readonly idleTimeoutMs: number;

  constructor(
    private readonly repo: MediaFileRepository,
    @Inject(STORAGE) private readonly storage: StorageAdapter,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly encoding: EncodingService,
    private readonly ffmpeg: FfmpegAdapter,
    private readonly images: ImageAdapter,
    private readonly limiter: RateLimiter,
    private readonly quota: StorageQuotaService,
  ) {
    this.uploadDir = path.join(config.dataDir, 'tmp', 'uploads');
    this.perHour = uploadsPerHourPolicy(config.uploadsPerHour);
    this.idleTimeoutMs = config.uploadIdleTimeoutMs;
  }

  async onModuleInit(): Promise<void> {
    await fs.mkdir(this.uploadDir, { recursive: true });
    for (const name of await fs.readdir(this.uploadDir)) {
      const full = path.join(this.uploadDir, name);
      const stat = await fs.stat(full).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > STALE_UPLOAD_MS) await fs.rm(full, { recursive: true, force: true });
    }
  }

  // One upload counted against UPLOADS_PER_HOUR (429 with Retry-After past it): resumable uploads
  // count at creation, as POST /files does before reading a byte.
  async countUpload(userId: string): Promise<void> {
    await this.limiter.consume([this.perHour, userId]);
  }

  // POST /files in the workspace the caller acts in, an editor's work there; a personal file (a
  // profile picture, a support attachment) goes to the caller's personal workspace
  // (library-scope.ts).
  async upload(caller: LibraryCaller, kindParam: unknown, req: IncomingMessage): Promise<FileView> {
    let kind: FileKind;
    let place: LibraryCaller;
    try {
      // Counted before a byte is read: past the hourly limit nothing is received or stored.
      await this.limiter.consume([this.perHour, caller.userId]);
      kind = parseFileKind(kindParam);
      place = uploadTarget(caller, kind);
      assertCanEdit(place);
    } catch (e) {
      discardRequestBody(req, this.idleTimeoutMs);
      throw e;
    }
    const rule = UPLOAD_RULES[kind];
    if (declaredLengthTooLarge(kind, req.headers['content-length'])) {
      discardRequestBody(req, this.idleTimeoutMs);
      throw new TooLargeError(rule.tooLarge);
    }
    try {
      // The storage quota, on the declared length before a byte is read (and on the bytes
      // received before they are stored, in storeReceived).
      await this.quota.assertRoom(place, declaredBytes(req.headers['content-length']), { pending: true });
    } catch (e) {
      discardRequestBody(req, this.idleTimeoutMs);
      throw e;
    }

    const fileId = randomUUID();
    const temp = path.join(this.uploadDir, `${fileId}.upload`);
    try {
      const received = await receiveSingleFile(req, {
        tempFile: temp,
        maxBytes: rule.maxBytes,
        idleTimeoutMs: this.idleTimeoutMs,
        check: (name, type) => checkDeclared(kind, name, type),
      }).catch((e: unknown) => {
        throw this.uploadFailure(e, rule);
      });
      return await this.storeReceived(place, kind, temp, received.fileName, { fileId });
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  // The checks and storing after the bytes arrived, for POST /files and for a finished resumable
  // upload alike: the real content (magic bytes; `accepts` widens what a kind allows, for
  // recordings), then the video probed with a poster cut, or the image normalised, stored and
  // recorded. The caller removes `temp`; whatever was stored of a refused file is removed here.
  // `place`: the uploader and the workspace the file goes to (their quotas both apply).
  async storeReceived(
    place: UploadPlace,
    kind: FileKind,
    temp: string,
    fileName: string,
    opts: { fileId?: string; accepts?: (sniffed: string | null) => boolean } = {},
  ): Promise<FileView> {
    const fileId = opts.fileId ?? randomUUID();
    const rule = UPLOAD_RULES[kind];
    const stored: string[] = [];
    try {
      // The bytes received, against the quota: a length declared late (or not at all) is known now.
      await this.quota.assertRoom(place, (await fs.stat(temp)).size, { pending: false });
      const sniffed = await sniffFileType(temp);
      const refusal = opts.accepts ? (opts.accepts(sniffed) ? null : contentRefusal(kind)) : checkContent(kind, sniffed);
      if (refusal) throw new UnsupportedTypeError(refusal);

      let upload: StoredUpload;
      const treatment = treatmentFor(kind, sniffed!);
      if (treatment === 'video') upload = await this.storeVideo(fileId, temp, sniffed!, rule, stored);
      else if (treatment === 'gif') upload = await this.storeGif(fileId, temp, rule, stored);
      else upload = await this.storeImage(fileId, temp, rule, storedImageFormat(kind, sniffed!), stored);

      const file = await this.repo.insert({ id: fileId, ownerId: place.userId, workspaceId: place.workspaceId, kind, fileName: cleanFileName(fileName, kind), ...upload });
      return toFileView(file, this.storage.publicUrl(file.storageKey));
    } catch (e) {
      // Nothing half-done stays behind: stored objects of a refused or failed upload go too.
      await this.deleteObjects(stored);
      throw e;
    } finally {
      await fs.rm(`${temp}.jpg`, { force: true });
    }
  }

  private uploadFailure(e: unknown, rule: UploadRule): Error {
    if (!(e instanceof UploadError)) return e as Error;
    if (e.reason === 'too-large') return new TooLargeError(rule.tooLarge);
    if (e.reason === 'refused') return new UnsupportedTypeError(e.message);
    if (e.reason === 'stalled') return new RequestTimeoutError(UPLOAD_MESSAGES.stalled);
    return new InvalidInputError(UPLOAD_MESSAGES.failed);
  }

  private async put(key: string, file: string, maxBytes: number, stored: string[]): Promise<number> {
    const { size } = await this.storage.putFile(key, file, { contentType: contentTypeForKey(key), cacheControl: IMMUTABLE_CACHE_CONTROL, maxBytes });
    stored.push(key);
    return size;
  }

  // ffprobe decides whether it is a video we can read; a poster frame proves it decodes.
  private async storeVideo(fileId: string, temp: string, sniffed: string, rule: UploadRule, stored: string[]): Promise<StoredUpload> {
    let info: MediaInfo;
    try {
      // WebM reaches here only from the recorder (its length is read from the packets)
      info = await this.encoding.inspect(temp, undefined, sniffed === 'webm' ? 'webm' : 'mov');
    } catch (e) {
      if (e instanceof EncodingError && e.inputProblem) throw new UnprocessableError(e.message);
      this.logger.error(`Could not inspect an uploaded video: ${e instanceof EncodingError ? `${e.message} ${e.detail}` : String(e)}`);
      throw new UnavailableError('We could not process videos right now. Please try again in a few minutes.');
    }
    const poster = `${temp}.jpg`;
    await this.cutPoster(info, temp, poster);

    const key = `f/${fileId}/${randomUUID()}.${storedVideoExtension(sniffed)}`;
    const size = await this.put(key, temp, rule.maxBytes, stored);
    const posterKey = `f/${fileId}/${randomUUID()}.jpg`;
    await this.put(posterKey, poster, rule.maxBytes, stored);
    return {
      contentType: contentTypeForKey(key),
      size,
      storageKey: key,
      posterKey,
      width: info.video!.displayWidth,
      height: info.video!.displayHeight,
      durationSecs: info.durationSecs,
    };
  }

  private async cutPoster(info: MediaInfo, input: string, output: string): Promise<void> {
    const hasFrame = async () => ((await fs.stat(output).catch(() => null))?.size ?? 0) > 0;
    // From a little way in; from the very start when the seek finds no frame (a short clip).
    for (const seek of [undefined, 0]) {
      try {
        await this.ffmpeg.run(posterArgs(info, input, output, seek), { timeoutMs: 60_000, redact: [input, output] });
        if (await hasFrame()) return;
      } catch (e) {
        this.logger.warn(`Poster of an uploaded video failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    throw new UnprocessableError(UNDECODABLE_MESSAGE);
  }

  // GIFs are kept as uploaded (animation intact), after their frames are checked.
  private async storeGif(fileId: string, temp: string, rule: UploadRule, stored: string[]): Promise<StoredUpload> {
    let facts;
    try {
      facts = await this.images.gifFacts(temp);
    } catch {
      throw new UnprocessableError(UPLOAD_MESSAGES.gifUnreadable);
    }
    if (!gifWithinLimits(facts)) throw new UnprocessableError(UPLOAD_MESSAGES.gifTooManyPixels);
    const key = `f/${fileId}/${randomUUID()}.gif`;
    const size = await this.put(key, temp, rule.maxBytes, stored);
    return { contentType: 'image/gif', size, storageKey: key, posterKey: null, width: facts.width, height: facts.height, durationSecs: null };
  }

  // Other images are re-encoded on the server whatever the browser did: bounded size, no
  // metadata, JPEG (or PNG for an attachment sent as PNG).
  private async storeImage(fileId: string, temp: string, rule: UploadRule, format: ImageFormatChoice, stored: string[]): Promise<StoredUpload> {
    let image;
    try {
      image = await this.images.normalise(temp, rule.maxSide, format);
    } catch (e) {
      const message = e instanceof ImageTooManyPixelsError ? UPLOAD_MESSAGES.tooManyPixels : UPLOAD_MESSAGES.imageUnreadable;
      throw new UnprocessableError(message);
    }
    // the format written (a logo's decided by its transparency)
    const key = `f/${fileId}/${randomUUID()}.${image.format === 'png' ? 'png' : 'jpg'}`;
    const contentType = contentTypeForKey(key);
    const { size } = await this.storage.putStream(key, Readable.from([image.data]), {
      contentType,
      cacheControl: IMMUTABLE_CACHE_CONTROL,
      maxBytes: rule.maxBytes,
    });
    stored.push(key);
    return { contentType, size, storageKey: key, posterKey: null, width: image.width, height: image.height, durationSecs: null };
  }

  private async deleteObjects(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((k) =>
        this.storage.delete(k).catch((e: unknown) => this.logger.warn(`Could not delete stored object ${k}: ${e instanceof Error ? e.message : String(e)}`)),
      ),
    );
  }
}

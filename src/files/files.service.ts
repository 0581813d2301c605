import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { HttpStatus, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { ApiError, badRequest, conflict, notFound } from '../common/api-response.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { UsersService } from '../accounts/users.service.js';
import { EncodingService } from '../encoding/encoding.service.js';
import { EncodingError, UNDECODABLE_MESSAGE } from '../encoding/encoding-error.js';
import { FfmpegAdapter } from '../encoding/ffmpeg.adapter.js';
import type { MediaInfo } from '../encoding/probe.js';
import { contentTypeForKey } from '../storage/storage-keys.js';
import { IMMUTABLE_CACHE_CONTROL, STORAGE, type StorageAdapter } from '../storage/storage.adapter.js';
import { sniffFileType } from './file-sniff.js';
import { isUuid, toFileView, toListItem, type FileListItem, type FileView, type MediaFileFields } from './file.mapper.js';
import { ImageAdapter, ImageTooManyPixelsError } from './image.adapter.js';
import { MediaFile } from './media-file.entity.js';
import { discardRequestBody, receiveSingleFile, UploadError } from './multipart-upload.js';
import {
  checkContent,
  checkDeclared,
  cleanFileName,
  declaredLengthTooLarge,
  gifWithinLimits,
  isFileKind,
  treatmentFor,
  UPLOAD_MESSAGES,
  UPLOAD_RULES,
  type FileKind,
  type UploadRule,
} from './upload-rules.js';
import { posterArgs } from './video-poster.js';

// Returns a refusal message when the file is in use (e.g. by an EyeMail), else null.
export type UsageCheck = (fileId: string) => Promise<string | null>;

// Where an uploaded file's bytes are, for modules that process them (the encode job).
export interface StoredSource {
  fileId: string;
  ownerId: string;
  storageKey: string;
  contentType: string;
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

interface FileRow {
  id: string;
  owner_id: string;
  kind: FileKind;
  file_name: string;
  content_type: string;
  size: string | number;
  storage_key: string;
  poster_key: string | null;
  width: number | null;
  height: number | null;
  duration_secs: number | null;
  created_at: Date | string;
  thumbnail_key?: string | null;
}

// Unfinished uploads older than this (left by a process that died) are removed at start-up.
const STALE_UPLOAD_MS = 6 * 60 * 60 * 1000;

// 23503 foreign_key_violation (NO ACTION), 23001 restrict_violation (ON DELETE RESTRICT).
function isForeignKeyViolation(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return e instanceof ForeignKeyConstraintViolationException || code === '23503' || code === '23001';
}

function rowFields(r: FileRow): MediaFileFields {
  return {
    id: r.id,
    kind: r.kind,
    fileName: r.file_name,
    contentType: r.content_type,
    size: Number(r.size),
    width: r.width,
    height: r.height,
    durationSecs: r.duration_secs === null ? null : Number(r.duration_secs),
    createdAt: new Date(r.created_at),
  };
}

// Uploads (checked, normalised, stored), the user's file lists, deletion and the profile
// picture. Every call is for the signed-in user's own files: ownership is checked first, and a
// file of someone else answers exactly like a missing one.
@Injectable()
export class FilesService implements OnModuleInit {
  private readonly logger = new Logger('Files');
  private readonly usageChecks = new Map<FileKind, UsageCheck[]>();
  readonly uploadDir: string;

  constructor(
    private readonly orm: MikroORM,
    @Inject(STORAGE) private readonly storage: StorageAdapter,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
    private readonly encoding: EncodingService,
    private readonly ffmpeg: FfmpegAdapter,
    private readonly images: ImageAdapter,
  ) {
    this.uploadDir = path.join(config.dataDir, 'tmp', 'uploads');
  }

  async onModuleInit(): Promise<void> {
    await fs.mkdir(this.uploadDir, { recursive: true });
    for (const name of await fs.readdir(this.uploadDir)) {
      const full = path.join(this.uploadDir, name);
      const stat = await fs.stat(full).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > STALE_UPLOAD_MS) await fs.rm(full, { recursive: true, force: true });
    }
  }

  // Other modules say when a file of a kind is in use; DELETE files/{id} then answers 409.
  registerUsageCheck(kind: FileKind, check: UsageCheck): void {
    const list = this.usageChecks.get(kind) ?? [];
    list.push(check);
    this.usageChecks.set(kind, list);
  }

  parseKind(value: unknown): FileKind {
    if (!isFileKind(value)) throw badRequest(UPLOAD_MESSAGES.unknownKind, { type: UPLOAD_MESSAGES.unknownKind });
    return value;
  }

  // ---- upload ----

  async upload(userId: string, kindParam: unknown, req: IncomingMessage): Promise<FileView> {
    let kind: FileKind;
    try {
      kind = this.parseKind(kindParam);
    } catch (e) {
      discardRequestBody(req);
      throw e;
    }
    const rule = UPLOAD_RULES[kind];
    if (declaredLengthTooLarge(kind, req.headers['content-length'])) {
      discardRequestBody(req);
      throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, rule.tooLarge);
    }

    const fileId = randomUUID();
    const temp = path.join(this.uploadDir, `${fileId}.upload`);
    const stored: string[] = [];
    try {
      const received = await receiveSingleFile(req, {
        tempFile: temp,
        maxBytes: rule.maxBytes,
        check: (name, type) => checkDeclared(kind, name, type),
      }).catch((e: unknown) => {
        throw this.uploadFailure(e, rule);
      });
      const sniffed = await sniffFileType(temp);
      const refusal = checkContent(kind, sniffed);
      if (refusal) throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, refusal);

      let upload: StoredUpload;
      const treatment = treatmentFor(kind, sniffed!);
      if (treatment === 'video') upload = await this.storeVideo(fileId, temp, sniffed!, rule, stored);
      else if (treatment === 'gif') upload = await this.storeGif(fileId, temp, rule, stored);
      else upload = await this.storeImage(fileId, temp, rule, stored);

      const em = this.orm.em.fork();
      const file = em.create(MediaFile, {
        id: fileId,
        ownerId: userId,
        kind,
        fileName: cleanFileName(received.fileName, kind),
        ...upload,
      });
      await em.flush();
      return toFileView(file, this.storage.publicUrl(file.storageKey));
    } catch (e) {
      // Nothing half-done stays behind: stored objects of a refused or failed upload go too.
      await this.deleteObjects(stored);
      throw e;
    } finally {
      await fs.rm(temp, { force: true });
      await fs.rm(`${temp}.jpg`, { force: true });
    }
  }

  private uploadFailure(e: unknown, rule: UploadRule): Error {
    if (!(e instanceof UploadError)) return e as Error;
    if (e.reason === 'too-large') return new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, rule.tooLarge);
    if (e.reason === 'refused') return new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, e.message);
    return badRequest(UPLOAD_MESSAGES.failed);
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
      info = await this.encoding.inspect(temp);
    } catch (e) {
      if (e instanceof EncodingError && e.inputProblem) throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, e.message);
      this.logger.error(`Could not inspect an uploaded video: ${e instanceof EncodingError ? `${e.message} ${e.detail}` : String(e)}`);
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'We could not process videos right now. Please try again in a few minutes.');
    }
    const poster = `${temp}.jpg`;
    await this.cutPoster(info, temp, poster);

    const key = `f/${fileId}/${randomUUID()}.${sniffed === 'mov' ? 'mov' : 'mp4'}`;
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
    throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, UNDECODABLE_MESSAGE);
  }

  // GIFs are kept as uploaded (animation intact), after their frames are checked.
  private async storeGif(fileId: string, temp: string, rule: UploadRule, stored: string[]): Promise<StoredUpload> {
    let facts;
    try {
      facts = await this.images.gifFacts(temp);
    } catch {
      throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, UPLOAD_MESSAGES.gifUnreadable);
    }
    if (!gifWithinLimits(facts)) throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, UPLOAD_MESSAGES.gifTooManyPixels);
    const key = `f/${fileId}/${randomUUID()}.gif`;
    const size = await this.put(key, temp, rule.maxBytes, stored);
    return { contentType: 'image/gif', size, storageKey: key, posterKey: null, width: facts.width, height: facts.height, durationSecs: null };
  }

  // Other images are re-encoded on the server whatever the browser did: bounded size, JPEG,
  // no metadata.
  private async storeImage(fileId: string, temp: string, rule: UploadRule, stored: string[]): Promise<StoredUpload> {
    let image;
    try {
      image = await this.images.normaliseToJpeg(temp, rule.maxSide);
    } catch (e) {
      const message = e instanceof ImageTooManyPixelsError ? UPLOAD_MESSAGES.tooManyPixels : UPLOAD_MESSAGES.imageUnreadable;
      throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, message);
    }
    const key = `f/${fileId}/${randomUUID()}.jpg`;
    const { size } = await this.storage.putStream(key, Readable.from([image.data]), {
      contentType: 'image/jpeg',
      cacheControl: IMMUTABLE_CACHE_CONTROL,
      maxBytes: rule.maxBytes,
    });
    stored.push(key);
    return { contentType: 'image/jpeg', size, storageKey: key, posterKey: null, width: image.width, height: image.height, durationSecs: null };
  }

  // ---- reading ----

  private sql<T>(query: string, params: unknown[]): Promise<T[]> {
    return this.orm.em.fork().getConnection().execute(query, params as never[], 'all') as Promise<T[]>;
  }

  private async findOwnedRow(userId: string, fileId: unknown): Promise<FileRow | null> {
    if (!isUuid(fileId)) return null;
    const [row] = await this.sql<FileRow>('select * from media_file where id = ? and owner_id = ?', [fileId, userId]);
    return row ?? null;
  }

  // The caller's own file, optionally of given kinds; 404 'File not found.' otherwise.
  async getOwned(userId: string, fileId: string, kinds?: readonly string[]): Promise<FileView> {
    const row = await this.findOwnedRow(userId, fileId);
    if (!row || (kinds && !kinds.includes(row.kind))) throw notFound(UPLOAD_MESSAGES.notFound);
    return toFileView(rowFields(row), this.storage.publicUrl(row.storage_key));
  }

  // Newest first. A video's thumbnail is the poster of its latest finished encoding, else the
  // frame cut at upload; an image is its own thumbnail.
  async list(userId: string, kindParam: unknown): Promise<FileListItem[]> {
    const kind = this.parseKind(kindParam);
    const rows = await this.sql<FileRow>(
      `select f.*, coalesce(e.poster_key, f.poster_key) as thumbnail_key
       from media_file f
       left join lateral (
         select poster_key from video_encoding
         where source_file_id = f.id and state = 'completed'
         order by completed_at desc
         limit 1
       ) e on true
       where f.owner_id = ? and f.kind = ?
       order by f.created_at desc, f.id desc`,
      [userId, kind],
    );
    return rows.map((r) => {
      const view = toFileView(rowFields(r), this.storage.publicUrl(r.storage_key));
      const thumbKey = r.thumbnail_key ?? (r.kind === 'video' ? null : r.storage_key);
      return toListItem(view, thumbKey ? this.storage.publicUrl(thumbKey) : null);
    });
  }

  // For the encode job: the stored bytes of a file, whoever owns it (the job checked ownership
  // when it was requested).
  async sourceOf(fileId: string): Promise<StoredSource | null> {
    if (!isUuid(fileId)) return null;
    const [row] = await this.sql<FileRow>('select id, owner_id, storage_key, content_type from media_file where id = ?', [fileId]);
    return row ? { fileId: row.id, ownerId: row.owner_id, storageKey: row.storage_key, contentType: row.content_type } : null;
  }

  // ---- deleting ----

  async delete(userId: string, fileId: string): Promise<void> {
    const row = await this.findOwnedRow(userId, fileId);
    if (!row) throw notFound(UPLOAD_MESSAGES.notFound);
    for (const check of this.usageChecks.get(row.kind) ?? []) {
      const refusal = await check(row.id);
      if (refusal) throw conflict(refusal);
    }
    // The profile never points at a deleted picture.
    const url = this.storage.publicUrl(row.storage_key);
    const isProfilePicture = (await this.users.getView(userId))?.profilePictureUrl === url;
    await this.remove(userId, row);
    if (isProfilePicture) await this.users.setProfilePicture(userId, null);
  }

  // Deletes the record (its encodings go with it), then the stored objects.
  private async remove(userId: string, row: FileRow): Promise<void> {
    let keys: string[] | null;
    try {
      keys = await this.orm.em.fork().transactional(async (em) => {
        // Locks the encodings first: one finishing right now either is seen here with its
        // outputs, or finds its row gone afterwards and removes what it wrote itself.
        const encodings = (await em.execute('select mp4_key, poster_key, gif_key from video_encoding where source_file_id = ? for update', [row.id], 'all')) as {
          mp4_key: string | null;
          poster_key: string | null;
          gif_key: string | null;
        }[];
        const deleted = (await em.execute('delete from media_file where id = ? and owner_id = ? returning storage_key, poster_key', [row.id, userId], 'all')) as {
          storage_key: string;
          poster_key: string | null;
        }[];
        if (!deleted.length) return null;
        return [deleted[0].storage_key, deleted[0].poster_key, ...encodings.flatMap((e) => [e.mp4_key, e.poster_key, e.gif_key])].filter(
          (k): k is string => !!k,
        );
      });
    } catch (e) {
      // A snippet refers to it (the database keeps that promise even if no check was registered).
      if (isForeignKeyViolation(e)) throw conflict(row.kind === 'video' ? UPLOAD_MESSAGES.videoInUse : UPLOAD_MESSAGES.inUse);
      throw e;
    }
    if (keys === null) throw notFound(UPLOAD_MESSAGES.notFound);
    await this.deleteObjects(keys);
  }

  private async deleteObjects(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((k) =>
        this.storage.delete(k).catch((e: unknown) => this.logger.warn(`Could not delete stored object ${k}: ${e instanceof Error ? e.message : String(e)}`)),
      ),
    );
  }

  // ---- profile picture ----

  // PUT users/profile-picture: one of the caller's uploaded pictures becomes the profile picture;
  // the picture it replaces (uploaded for the profile) is deleted.
  async setProfilePicture(userId: string, fileId: unknown): Promise<{ profilePictureUrl: string }> {
    if (typeof fileId !== 'string' || fileId.trim() === '') {
      throw badRequest('Please choose a picture to upload.', { profilePicture: 'Please choose a picture to upload.' });
    }
    if (!isUuid(fileId.trim())) throw badRequest('profilePicture must be the id of an uploaded picture', { profilePicture: 'Invalid Field' });
    const file = await this.getOwned(userId, fileId.trim(), ['profile', 'image']);
    const before = (await this.users.getView(userId))?.profilePictureUrl ?? null;
    await this.users.setProfilePicture(userId, { fileId: file.fileId, url: file.url });
    if (before && before !== file.url) await this.removeProfileUpload(userId, before);
    return { profilePictureUrl: file.url };
  }

  async removeProfilePicture(userId: string): Promise<void> {
    const before = (await this.users.getView(userId))?.profilePictureUrl ?? null;
    await this.users.setProfilePicture(userId, null);
    if (before) await this.removeProfileUpload(userId, before);
  }

  private async removeProfileUpload(userId: string, url: string): Promise<void> {
    const rows = await this.sql<FileRow>(`select * from media_file where owner_id = ? and kind = 'profile'`, [userId]);
    for (const row of rows) {
      if (this.storage.publicUrl(row.storage_key) !== url) continue;
      await this.remove(userId, row).catch((e: unknown) => this.logger.warn(`Could not delete a replaced profile picture: ${String(e)}`));
    }
  }
}

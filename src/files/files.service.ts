import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConflictError, NotFoundError } from '../common/domain-error.js';
import { isUuid } from '../shared/uuid.js';
import { renamedFileName } from '../shared/video-name.js';
import { STORAGE, type StorageAdapter } from '../storage/storage.adapter.js';
import { toFileView, toListItem, type FileListItem, type FileView } from './file.mapper.js';
import { parseFileKind } from './file-kind.js';
import type { MediaFile } from './media-file.entity.js';
import { MediaFileRepository } from './media-file.repository.js';
import { deleteWorkspaceFiles, isForeignKeyViolation } from './workspace-files-deletion.js';
import { assertCanEdit, isPersonalKind, personalCaller, PERSONAL_FILE_KINDS, type LibraryCaller } from './library-scope.js';
import { nameWithoutExtension, UPLOAD_MESSAGES, UPLOAD_RULES, type FileKind } from './upload-rules.js';
import type { AdminVideoItem, DeletionListener, DerivedMedia, StoredSource, UsageCheck, VideoUser, VideoUsersOf } from './library-contracts.js';

// Who acts on the library and in which workspace, for the videos module's routes too.
export { assertCanEdit, libraryCallerOf, type LibraryCaller } from './library-scope.js';
// A refused delete or insert (a key still in use, or pointing at a row gone), for the modules above.
export { isForeignKeyViolation } from './workspace-files-deletion.js';
export type { AdminVideoItem, DeletionListener, DerivedMedia, StoredSource, UsageCheck, VideoUser, VideoUsersOf } from './library-contracts.js';

// Kinds that hold a still image of the user's (what may be attached to a support inquiry).
export const IMAGE_FILE_KINDS: readonly FileKind[] = ['attachment', 'image', 'logo', 'cover', 'videoIcon', 'profile'];

const ownIds = (fileIds: readonly (string | null | undefined)[]) => [...new Set(fileIds.filter(isUuid).map((id) => id.toLowerCase()))];

// The file library: a workspace's files, batched lookups for other modules, and deletion. Every
// call is for one workspace's files (workspace_id; a user's id names their personal workspace):
// a file of another workspace answers exactly like a missing one. The routes' calls take the
// caller (library-scope.ts): their workspace and role there, and their own personal files (a
// profile picture, a support attachment) wherever they act. Uploads are FileUploadService's.
@Injectable()
export class FilesService {
  private readonly logger = new Logger('Files');
  private readonly usageChecks = new Map<FileKind, UsageCheck[]>();
  private readonly deletionListeners: DeletionListener[] = [];
  private derived: DerivedMedia | null = null;
  private videoUsers: VideoUsersOf | null = null;

  constructor(
    private readonly repo: MediaFileRepository,
    @Inject(STORAGE) private readonly storage: StorageAdapter,
  ) {}

  // Other modules say when a file of a kind is in use; DELETE files/{id} then answers 409.
  registerUsageCheck(kind: FileKind, check: UsageCheck): void {
    const list = this.usageChecks.get(kind) ?? [];
    list.push(check);
    this.usageChecks.set(kind, list);
  }

  registerDerivedMedia(derived: DerivedMedia): void {
    this.derived = derived;
  }

  registerVideoUsers(usersOf: VideoUsersOf): void {
    this.videoUsers = usersOf;
  }

  registerDeletionListener(listener: DeletionListener): void {
    this.deletionListeners.push(listener);
  }

  private view(file: MediaFile): FileView {
    return toFileView(file, this.storage.publicUrl(file.storageKey));
  }

  private async findRecord(workspaceId: string, fileId: unknown): Promise<MediaFile | null> {
    return isUuid(fileId) ? this.repo.findInWorkspace(workspaceId, fileId.toLowerCase()) : null;
  }

  // One of the workspace's files, or one of the caller's own personal files.
  private async findVisibleRecord(caller: LibraryCaller, fileId: unknown): Promise<MediaFile | null> {
    return isUuid(fileId) ? this.repo.findVisible(caller.workspaceId, caller.userId, fileId.toLowerCase(), PERSONAL_FILE_KINDS) : null;
  }

  // The caller as they act on this file: their own personal file is theirs alone (they own their
  // personal workspace), a workspace's file takes their role there.
  private actingOn(caller: LibraryCaller, file: MediaFile): LibraryCaller {
    return file.workspaceId === caller.workspaceId ? caller : personalCaller(caller.userId);
  }

  // ---- reading (other modules: one workspace's files) ----

  // One of the workspace's files (a user's id: their personal workspace, where their profile
  // pictures and support attachments are), optionally of given kinds; null when missing, another
  // workspace's or of another kind.
  async findOwned(workspaceId: string, fileId: unknown, kinds?: readonly string[]): Promise<FileView | null> {
    const file = await this.findRecord(workspaceId, fileId);
    if (!file || (kinds && !kinds.includes(file.kind))) return null;
    return this.view(file);
  }

  // The same, or 'File not found.' (404).
  async getOwned(workspaceId: string, fileId: unknown, kinds?: readonly string[]): Promise<FileView> {
    const file = await this.findOwned(workspaceId, fileId, kinds);
    if (!file) throw new NotFoundError(UPLOAD_MESSAGES.notFound);
    return file;
  }

  // GET files/{id}: one of the workspace's files, or one of the caller's own personal files.
  async getForCaller(caller: LibraryCaller, fileId: unknown): Promise<FileView> {
    const file = await this.findVisibleRecord(caller, fileId);
    if (!file) throw new NotFoundError(UPLOAD_MESSAGES.notFound);
    return this.view(file);
  }

  // The URL and pixel size of the workspace's files among these ids, in one query; ids that are
  // missing, not ids or another workspace's are absent from the map (the email export states the
  // size of every picture).
  async picturesOf(
    workspaceId: string,
    fileIds: readonly (string | null | undefined)[],
  ): Promise<Map<string, { url: string; width: number | null; height: number | null }>> {
    const ids = ownIds(fileIds);
    const out = new Map<string, { url: string; width: number | null; height: number | null }>();
    if (!ids.length) return out;
    for (const f of await this.repo.findInWorkspaceByIds(workspaceId, ids)) {
      out.set(f.id, { url: this.storage.publicUrl(f.storageKey), width: f.width ?? null, height: f.height ?? null });
    }
    return out;
  }

  // The public URLs of the workspace's files among these ids, in one query, like picturesOf.
  async urlsOf(workspaceId: string, fileIds: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
    const pictures = await this.picturesOf(workspaceId, fileIds);
    return new Map([...pictures].map(([id, p]) => [id, p.url]));
  }

  // Newest first. A video's thumbnail is the clean frame cut at upload (an email encode's
  // poster has the mute icon burnt in), else, for a video stored before upload posters were
  // cut, the poster of its latest finished encoding; an image is its own thumbnail. The
  // workspace's files (a user's id: their personal workspace).
  async list(workspaceId: string, kindParam: unknown): Promise<FileListItem[]> {
    const kind = parseFileKind(kindParam);
    const files = await this.repo.listInWorkspace(workspaceId, kind);
    const withoutPoster = files.filter((f) => f.kind === 'video' && !f.posterKey).map((f) => f.id);
    const posters = withoutPoster.length && this.derived ? await this.derived.posterKeysOf(withoutPoster) : new Map<string, string>();
    const views = files.map((f) => this.view(f));
    const videos = views.filter((v) => v.fileType === 'video');
    const cuts = videos.length && this.derived?.cutViewsOf ? await this.derived.cutViewsOf(videos) : new Map<string, { url: string; durationSecs: number | null }>();
    const users = videos.length && this.videoUsers ? await this.videoUsers(workspaceId, videos.map((v) => v.fileId)) : new Map<string, VideoUser[]>();
    return files.map((f, i) => {
      const thumbKey = f.posterKey ?? posters.get(f.id) ?? (f.kind === 'video' ? null : f.storageKey);
      const item = toListItem({ ...views[i], ...cuts.get(f.id) }, thumbKey ? this.storage.publicUrl(thumbKey) : null);
      return f.kind === 'video' ? { ...item, usedBy: users.get(f.id) ?? [] } : item;
    });
  }

  // GET files?type=: the library of the workspace the caller acts in; the caller's own personal
  // files for a personal kind (their profile pictures, their attachments).
  async listForCaller(caller: LibraryCaller, kindParam: unknown): Promise<FileListItem[]> {
    const kind = parseFileKind(kindParam);
    return this.list(isPersonalKind(kind) ? caller.userId : caller.workspaceId, kind);
  }

  // For the encode job: the stored bytes of a file, whichever workspace holds it (the workspace
  // was checked when the encode was requested).
  async sourceOf(fileId: string): Promise<StoredSource | null> {
    if (!isUuid(fileId)) return null;
    const f = await this.repo.findById(fileId.toLowerCase());
    return f ? { fileId: f.id, ownerId: f.ownerId, workspaceId: f.workspaceId, storageKey: f.storageKey, contentType: f.contentType } : null;
  }

  // ---- a whole workspace's, for the companies module ----

  // The workspace a file of one of `kinds` belongs to (a shared link to a video opens in it for
  // its members), null for a missing file, another kind or a malformed id.
  async workspaceOf(fileId: unknown, kinds: readonly FileKind[] = ['video']): Promise<string | null> {
    if (!isUuid(fileId)) return null;
    const f = await this.repo.findById(fileId.toLowerCase());
    return f && kinds.includes(f.kind) ? f.workspaceId : null;
  }

  // Deletes every file of the workspace (a company being deleted) with what was made from them
  // and their stored objects (workspace-files-deletion.ts); the number of files deleted.
  deleteAllInWorkspace(workspaceId: string): Promise<number> {
    return deleteWorkspaceFiles(this.repo, this.storage, this.derived, workspaceId);
  }

  // ---- admin and support ----

  // Uploaded videos of every user (the admin dashboard's Media tile).
  // SQL counting the videos of the owner in `ownerIdColumn` (see MediaFileRepository).
  videoCountSql(ownerIdColumn: string): string {
    return MediaFileRepository.videoCountSql(ownerIdColumn);
  }

  // SQL of the videos and the stored bytes (the workspace quota's) of the workspace in `column`.
  workspaceCountSql(column: string): { videos: string; storedBytes: string } {
    return MediaFileRepository.workspaceCountSql(column);
  }

  countVideos(): Promise<number> {
    return this.repo.countOfKind('video');
  }

  // Uploaded videos, newest first, a page at a time; of one owner when ownerId is given.
  async listVideosForAdmin(opts: { ownerId: string | null; page: number; size: number }): Promise<{ total: number; items: AdminVideoItem[] }> {
    const [files, total] = await this.repo.pageOfKind('video', { ownerId: opts.ownerId, limit: opts.size, offset: (opts.page - 1) * opts.size });
    return {
      total,
      // AdminVideo's fields in its order (the admin module passes them on as they are), then the owner
      items: files.map((f) => ({
        url: this.storage.publicUrl(f.storageKey),
        createdDate: new Date(f.createdAt).toISOString(),
        fileId: f.id,
        fileName: f.fileName,
        thumbnailUrl: f.posterKey ? this.storage.publicUrl(f.posterKey) : null,
        durationSecs: f.durationSecs ?? null,
        ownerId: f.ownerId,
      })),
    };
  }

  // The bytes of one of the workspace's images (support mail attachments: a user's id, their
  // personal workspace), or null when the file is gone or is not an image. Attachments are
  // normalised JPEGs of at most 10 MB.
  async readOwnedImage(workspaceId: string, fileId: string): Promise<{ fileName: string; contentType: string; content: Buffer } | null> {
    const file = await this.findRecord(workspaceId, fileId);
    if (!file || !IMAGE_FILE_KINDS.includes(file.kind)) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.storage.createReadStream(file.storageKey)) {
      size += (chunk as Buffer).length;
      if (size > UPLOAD_RULES.image.maxBytes) throw new Error(`Stored image ${file.id} is larger than any upload may be`);
      chunks.push(chunk as Buffer);
    }
    // Stored images are re-encoded (GIF kept, PNG attachments stay PNG, JPEG otherwise): name the
    // attachment after what it holds.
    const ext = file.contentType === 'image/gif' ? 'gif' : file.contentType === 'image/png' ? 'png' : 'jpg';
    return { fileName: `${nameWithoutExtension(file.fileName)}.${ext}`, contentType: file.contentType, content: Buffer.concat(chunks) };
  }

  // ---- renaming ----

  // A new name for one of the workspace's videos (the extension kept); another workspace's is 404,
  // a role below editor 403.
  async renameVideo(caller: LibraryCaller, fileId: string, name: string): Promise<FileView> {
    const file = await this.findRecord(caller.workspaceId, fileId);
    if (!file || file.kind !== 'video') throw new NotFoundError(UPLOAD_MESSAGES.notFound);
    assertCanEdit(caller);
    const fileName = renamedFileName(file.fileName, name);
    if (!(await this.repo.renameInWorkspace(caller.workspaceId, file.id, fileName))) throw new NotFoundError(UPLOAD_MESSAGES.notFound);
    return this.view({ ...file, fileName });
  }

  // ---- deleting ----

  // One of the workspace's files (a user's id: their personal workspace; the profile picture's
  // replaced uploads).
  async delete(workspaceId: string, fileId: string): Promise<void> {
    const file = await this.findRecord(workspaceId, fileId);
    if (!file) throw new NotFoundError(UPLOAD_MESSAGES.notFound);
    await this.deleteFile(file);
  }

  // DELETE files/{id}: one of the workspace's files (an editor's work: 403 below), or one of the
  // caller's own personal files.
  async deleteForCaller(caller: LibraryCaller, fileId: string): Promise<void> {
    const file = await this.findVisibleRecord(caller, fileId);
    if (!file) throw new NotFoundError(UPLOAD_MESSAGES.notFound);
    assertCanEdit(this.actingOn(caller, file));
    await this.deleteFile(file);
  }

  private async deleteFile(file: MediaFile): Promise<void> {
    for (const check of this.usageChecks.get(file.kind) ?? []) {
      const refusal = await check(file.id);
      if (refusal) throw new ConflictError(refusal);
    }
    await this.remove(file);
    const view = this.view(file);
    for (const listener of this.deletionListeners) await listener(file.ownerId, view);
  }

  // Deletes the record (what was made from it goes with it), then the stored objects.
  private async remove(file: MediaFile): Promise<void> {
    let keys: string[] | null;
    try {
      keys = await this.repo.transactional(async (em) => {
        // What was made from a video goes with it (locked first, see DerivedMedia).
        const derivedKeys = file.kind === 'video' && this.derived ? await this.derived.lockKeysMadeFrom(em, file.id) : [];
        if (!(await this.repo.deleteInWorkspace(em, file.workspaceId, file.id))) return null;
        return [file.storageKey, file.posterKey, ...derivedKeys].filter((k): k is string => !!k);
      });
    } catch (e) {
      // A snippet refers to it (the database keeps that promise even if no check was registered).
      if (isForeignKeyViolation(e)) throw new ConflictError(file.kind === 'video' ? UPLOAD_MESSAGES.videoInUse : UPLOAD_MESSAGES.inUse);
      throw e;
    }
    if (keys === null) throw new NotFoundError(UPLOAD_MESSAGES.notFound);
    await Promise.all(
      keys.map((k) =>
        this.storage.delete(k).catch((e: unknown) => this.logger.warn(`Could not delete stored object ${k}: ${e instanceof Error ? e.message : String(e)}`)),
      ),
    );
  }
}

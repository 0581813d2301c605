import { Injectable } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';
import { MediaFile } from './media-file.entity.js';
import type { FileKind } from './upload-rules.js';

export type NewMediaFile = Pick<
  MediaFile,
  'id' | 'ownerId' | 'workspaceId' | 'kind' | 'fileName' | 'contentType' | 'size' | 'storageKey' | 'posterKey' | 'width' | 'height' | 'durationSecs'
>;

// The media_file table, only here. Each call runs on its own fork (API requests and queue jobs
// alike) unless it is handed the entity manager of a transaction. What the library reads and
// changes is one workspace's (workspace_id); owner_id is who uploaded it (the uploader's quota,
// the admin's lists).
@Injectable()
export class MediaFileRepository {
  constructor(private readonly orm: MikroORM) {}

  private get em(): EntityManager {
    return this.orm.em.fork();
  }

  findById(id: string): Promise<MediaFile | null> {
    return this.em.findOne(MediaFile, { id });
  }

  findInWorkspace(workspaceId: string, id: string): Promise<MediaFile | null> {
    return this.em.findOne(MediaFile, { id, workspaceId });
  }

  // One of the workspace's files, or one of the user's own personal files (`personalKinds`, kept
  // in their personal workspace, whose id is theirs) whatever workspace they act in.
  findVisible(workspaceId: string, userId: string, id: string, personalKinds: readonly FileKind[]): Promise<MediaFile | null> {
    return this.em.findOne(MediaFile, {
      id,
      $or: [{ workspaceId }, { workspaceId: userId, ownerId: userId, kind: { $in: [...personalKinds] } }],
    });
  }

  findInWorkspaceByIds(workspaceId: string, ids: readonly string[]): Promise<MediaFile[]> {
    return this.em.find(MediaFile, { workspaceId, id: { $in: [...ids] } });
  }

  // Newest first.
  listInWorkspace(workspaceId: string, kind: FileKind): Promise<MediaFile[]> {
    return this.em.find(MediaFile, { workspaceId, kind }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  // The number of videos of the owner whose id is in `ownerIdColumn`, as a correlated subquery
  // for a statement of another module that sorts by it (the admin user list): that module
  // embeds this SQL, written here with the table's other SQL, instead of naming media_file.
  static videoCountSql(ownerIdColumn: string): string {
    return `(select count(*) from media_file f where f.owner_id = ${ownerIdColumn} and f.kind = 'video')::int`;
  }

  // The videos, and the bytes of all the files, of the workspace whose id is in
  // `workspaceIdColumn`, as correlated subqueries (the admin company list sorts by them).
  static workspaceCountSql(workspaceIdColumn: string): { videos: string; storedBytes: string } {
    return {
      videos: `(select count(*) from media_file f where f.workspace_id = ${workspaceIdColumn} and f.kind = 'video')::int`,
      storedBytes: `(select coalesce(sum(f.size), 0) from media_file f where f.workspace_id = ${workspaceIdColumn})::bigint`,
    };
  }

  // Bytes of all the files the user uploaded, in every workspace (the user's storage quota).
  async storedBytesOf(ownerId: string): Promise<number> {
    const [row] = await rawSql<{ n: string | number }>(this.orm, 'select coalesce(sum(size), 0)::bigint as n from media_file where owner_id = ?', [ownerId]);
    return Number(row?.n ?? 0);
  }

  // Bytes of all the workspace's files, whoever uploaded them (the workspace's storage quota).
  async storedBytesInWorkspace(workspaceId: string): Promise<number> {
    const [row] = await rawSql<{ n: string | number }>(this.orm, 'select coalesce(sum(size), 0)::bigint as n from media_file where workspace_id = ?', [workspaceId]);
    return Number(row?.n ?? 0);
  }

  countOfKind(kind: FileKind): Promise<number> {
    return this.em.count(MediaFile, { kind });
  }

  // A page of one kind, newest first, with the total; of one owner when ownerId is given.
  pageOfKind(kind: FileKind, opts: { ownerId: string | null; limit: number; offset: number }): Promise<[MediaFile[], number]> {
    return this.em.findAndCount(MediaFile, { kind, ...(opts.ownerId ? { ownerId: opts.ownerId } : {}) }, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: opts.limit,
      offset: opts.offset,
    });
  }

  async insert(file: NewMediaFile): Promise<MediaFile> {
    const em = this.em;
    const entity = em.create(MediaFile, file);
    await em.flush();
    return entity;
  }

  // A guarded one-statement update: true when the workspace's row was there to rename.
  async renameInWorkspace(workspaceId: string, id: string, fileName: string): Promise<boolean> {
    return (await this.em.nativeUpdate(MediaFile, { id, workspaceId }, { fileName })) > 0;
  }

  // Up to `limit` of the workspace's files, oldest first (a workspace deleted a batch at a time).
  firstInWorkspace(workspaceId: string, limit: number): Promise<MediaFile[]> {
    return this.em.find(MediaFile, { workspaceId }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit });
  }

  // Inside `fn`'s transaction; deleteInWorkspace below runs in it.
  transactional<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.em.transactional(fn);
  }

  // true when the row was there to delete.
  async deleteInWorkspace(em: EntityManager, workspaceId: string, id: string): Promise<boolean> {
    return (await em.nativeDelete(MediaFile, { id, workspaceId })) > 0;
  }
}

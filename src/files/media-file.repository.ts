import { Injectable } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';
import { MediaFile } from './media-file.entity.js';
import type { FileKind } from './upload-rules.js';

export type NewMediaFile = Pick<
  MediaFile,
  'id' | 'ownerId' | 'kind' | 'fileName' | 'contentType' | 'size' | 'storageKey' | 'posterKey' | 'width' | 'height' | 'durationSecs'
>;

// The media_file table, only here. Each call runs on its own fork (API requests and queue jobs
// alike) unless it is handed the entity manager of a transaction.
@Injectable()
export class MediaFileRepository {
  constructor(private readonly orm: MikroORM) {}

  private get em(): EntityManager {
    return this.orm.em.fork();
  }

  findById(id: string): Promise<MediaFile | null> {
    return this.em.findOne(MediaFile, { id });
  }

  findOwned(ownerId: string, id: string): Promise<MediaFile | null> {
    return this.em.findOne(MediaFile, { id, ownerId });
  }

  findOwnedByIds(ownerId: string, ids: readonly string[]): Promise<MediaFile[]> {
    return this.em.find(MediaFile, { ownerId, id: { $in: [...ids] } });
  }

  // Newest first.
  listOwned(ownerId: string, kind: FileKind): Promise<MediaFile[]> {
    return this.em.find(MediaFile, { ownerId, kind }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  // The number of videos of the owner whose id is in `ownerIdColumn`, as a correlated subquery
  // for a statement of another module that sorts by it (the admin user list): that module
  // embeds this SQL, written here with the table's other SQL, instead of naming media_file.
  static videoCountSql(ownerIdColumn: string): string {
    return `(select count(*) from media_file f where f.owner_id = ${ownerIdColumn} and f.kind = 'video')::int`;
  }

  // Bytes of all the owner's stored files (the storage quota).
  async storedBytesOf(ownerId: string): Promise<number> {
    const [row] = await rawSql<{ n: string | number }>(this.orm, 'select coalesce(sum(size), 0)::bigint as n from media_file where owner_id = ?', [ownerId]);
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

  // A guarded one-statement update: true when the owner's row was there to rename.
  async renameOwned(ownerId: string, id: string, fileName: string): Promise<boolean> {
    return (await this.em.nativeUpdate(MediaFile, { id, ownerId }, { fileName })) > 0;
  }

  // Inside `fn`'s transaction; deleteOwned below runs in it.
  transactional<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.em.transactional(fn);
  }

  // true when the row was there to delete.
  async deleteOwned(em: EntityManager, ownerId: string, id: string): Promise<boolean> {
    return (await em.nativeDelete(MediaFile, { id, ownerId })) > 0;
  }
}

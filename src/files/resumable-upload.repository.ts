import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';
import type { ResumableSource } from './resumable-rules.js';

export interface ResumableUploadRow {
  id: string;
  // who started it (the file it becomes is theirs)
  ownerId: string;
  // the workspace it uploads to (the file it becomes is that workspace's)
  workspaceId: string;
  source: ResumableSource;
  fileName: string;
  fileType: string;
  uploadLength: number | null;
  mediaFileId: string | null;
  finishedAt: Date | null;
  touchedAt: Date;
}

// What a new upload is stored with (the rest is set as it goes).
export type NewResumableUpload = Omit<ResumableUploadRow, 'mediaFileId' | 'finishedAt' | 'touchedAt'>;

interface DbRow {
  id: string;
  owner_id: string;
  workspace_id: string;
  source: ResumableSource;
  file_name: string;
  file_type: string;
  upload_length: string | number | null;
  media_file_id: string | null;
  finished_at: Date | string | null;
  touched_at: Date | string;
}

const COLUMNS = 'id, owner_id, workspace_id, source, file_name, file_type, upload_length, media_file_id, finished_at, touched_at';

function toRow(r: DbRow): ResumableUploadRow {
  return {
    id: r.id,
    ownerId: r.owner_id,
    workspaceId: r.workspace_id,
    source: r.source,
    fileName: r.file_name,
    fileType: r.file_type,
    uploadLength: r.upload_length === null ? null : Number(r.upload_length),
    mediaFileId: r.media_file_id,
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
    touchedAt: new Date(r.touched_at),
  };
}

// The resumable_upload table, only here: who started each tus upload, the workspace it uploads
// to (what reads of it filter by), and what it became.
@Injectable()
export class ResumableUploadRepository {
  constructor(private readonly orm: MikroORM) {}

  async insert(u: NewResumableUpload): Promise<void> {
    await rawSql(this.orm, 'insert into resumable_upload (id, owner_id, workspace_id, source, file_name, file_type, upload_length) values (?, ?, ?, ?, ?, ?, ?)', [
      u.id,
      u.ownerId,
      u.workspaceId,
      u.source,
      u.fileName,
      u.fileType,
      u.uploadLength,
    ]);
  }

  async findInWorkspace(workspaceId: string, id: string): Promise<ResumableUploadRow | null> {
    const [row] = await rawSql<DbRow>(this.orm, `select ${COLUMNS} from resumable_upload where id = ? and workspace_id = ?`, [id, workspaceId]);
    return row ? toRow(row) : null;
  }

  async findById(id: string): Promise<ResumableUploadRow | null> {
    const [row] = await rawSql<DbRow>(this.orm, `select ${COLUMNS} from resumable_upload where id = ?`, [id]);
    return row ? toRow(row) : null;
  }

  // Unfinished uploads touched since `since` (older ones are as good as swept): the user's (in
  // every workspace) and the workspace's (whoever started them), in one statement.
  async countUnfinished(ownerId: string, workspaceId: string, since: Date): Promise<{ own: number; workspace: number }> {
    const [row] = await rawSql<{ own: number; workspace: number }>(
      this.orm,
      `select count(*) filter (where owner_id = ?)::int as own, count(*) filter (where workspace_id = ?)::int as workspace
       from resumable_upload where (owner_id = ? or workspace_id = ?) and finished_at is null and touched_at > ?`,
      [ownerId, workspaceId, ownerId, workspaceId, since],
    );
    return { own: row?.own ?? 0, workspace: row?.workspace ?? 0 };
  }

  // Declared bytes of the user's unfinished uploads, in every workspace, touched since `since` (the storage quota;
  // a deferred length counts once it is declared).
  pendingBytesOf(ownerId: string, since: Date): Promise<number> {
    return this.pendingBytes('owner_id', ownerId, since);
  }

  // Declared bytes of the workspace's unfinished uploads touched since `since`, whoever started
  // them (the workspace's storage quota).
  pendingBytesInWorkspace(workspaceId: string, since: Date): Promise<number> {
    return this.pendingBytes('workspace_id', workspaceId, since);
  }

  private async pendingBytes(column: 'owner_id' | 'workspace_id', id: string, since: Date): Promise<number> {
    const [row] = await rawSql<{ n: string | number }>(
      this.orm,
      `select coalesce(sum(upload_length), 0)::bigint as n from resumable_upload where ${column} = ? and finished_at is null and touched_at > ?`,
      [id, since],
    );
    return Number(row?.n ?? 0);
  }

  async touch(id: string, uploadLength?: number): Promise<void> {
    if (uploadLength === undefined) await rawSql(this.orm, 'update resumable_upload set touched_at = now() where id = ?', [id]);
    else await rawSql(this.orm, 'update resumable_upload set touched_at = now(), upload_length = coalesce(upload_length, ?) where id = ?', [uploadLength, id]);
  }

  async markFinished(id: string, mediaFileId: string): Promise<void> {
    await rawSql(this.orm, 'update resumable_upload set finished_at = now(), touched_at = now(), media_file_id = ? where id = ?', [mediaFileId, id]);
  }

  async delete(id: string): Promise<void> {
    await rawSql(this.orm, 'delete from resumable_upload where id = ?', [id]);
  }

  // Rows not touched since `before` (unfinished ones abandoned, finished ones no client will
  // ask about any more), deleted; their ids returned so their bytes go too.
  async deleteStale(before: Date): Promise<string[]> {
    const rows = await rawSql<{ id: string }>(this.orm, 'delete from resumable_upload where touched_at < ? returning id', [before]);
    return rows.map((r) => r.id);
  }

  async existing(ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await rawSql<{ id: string }>(this.orm, `select id from resumable_upload where id in (${ids.map(() => '?').join(', ')})`, [...ids]);
    return new Set(rows.map((r) => r.id));
  }
}

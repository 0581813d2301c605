import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Snippet } from './snippet.entity.js';
import { containsPattern } from '../database/like-pattern.js';
import type { SnippetListFilters } from './snippet-list-query.js';

export type NewSnippet = Omit<Snippet, 'id' | 'createdAt' | 'updatedAt'>;

// The snippet table, only here. It works on the request's entity manager (a unit of work: a
// loaded snippet is changed and then saved with one flush), so checks join the caller's
// transaction when there is one.
@Injectable()
export class SnippetRepository {
  constructor(private readonly em: EntityManager) {}

  findById(id: string): Promise<Snippet | null> {
    return this.em.findOne(Snippet, { id });
  }

  // One of the workspace's snippets, whoever made it.
  findInWorkspace(workspaceId: string, id: string): Promise<Snippet | null> {
    return this.em.findOne(Snippet, { id, workspaceId });
  }

  // At most `limit` snippets whose id lies in [lo, hi] (a slug's short id).
  findInIdRange(lo: string, hi: string, limit: number): Promise<Snippet[]> {
    return this.em.find(Snippet, { id: { $gte: lo, $lte: hi } }, { limit });
  }

  // The workspace's snippets, newest updated first.
  listInWorkspace(workspaceId: string, filters: SnippetListFilters): Promise<Snippet[]> {
    return this.em.find(
      Snippet,
      {
        workspaceId,
        ...(filters.status !== null ? { status: filters.status } : {}),
        ...(filters.query ? { title: { $ilike: containsPattern(filters.query) } } : {}),
      },
      { orderBy: { updatedAt: 'desc', createdAt: 'desc', id: 'asc' } },
    );
  }

  // The encoding each of these snippets plays. For the reports ingest, which runs outside any
  // request: its own fork, so nothing piles up in a request's unit of work.
  async encodingIdsOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.em.fork().find(Snippet, { id: { $in: [...ids] } }, { fields: ['id', 'encodingId'] });
    return new Map(rows.map((r) => [r.id, r.encodingId]));
  }

  // The EyeMails (only the active ones when `activeOnly`) of the workspace whose id is in
  // `workspaceIdColumn`, as a correlated subquery (the admin company list sorts by it).
  static workspaceCountSql(workspaceIdColumn: string, activeOnly: boolean): string {
    return `(select count(*) from snippet s where s.workspace_id = ${workspaceIdColumn}${activeOnly ? ' and s.status' : ''})::int`;
  }

  async usesVideo(fileId: string): Promise<boolean> {
    return (await this.em.count(Snippet, { videoFileId: fileId })) > 0;
  }

  // The workspace's snippets using each of these videos, newest updated first, in one query.
  async usersOfVideos(workspaceId: string, fileIds: readonly string[]): Promise<Map<string, { snippetId: string; title: string }[]>> {
    const out = new Map<string, { snippetId: string; title: string }[]>();
    if (!fileIds.length) return out;
    const rows = await this.em.find(
      Snippet,
      { workspaceId, videoFileId: { $in: [...fileIds] } },
      { fields: ['id', 'title', 'videoFileId'], orderBy: { updatedAt: 'desc', id: 'asc' } },
    );
    for (const r of rows) {
      const list = out.get(r.videoFileId) ?? [];
      list.push({ snippetId: r.id, title: r.title });
      out.set(r.videoFileId, list);
    }
    return out;
  }

  async usesImage(fileId: string): Promise<boolean> {
    return (await this.em.count(Snippet, { $or: [{ gifFileId: fileId }, { logoFileId: fileId }, { coverFileId: fileId }, { videoIconFileId: fileId }] })) > 0;
  }

  // The workspace a snippet belongs to, null when there is none (which workspace a shared link
  // to it opens in).
  async workspaceOf(id: string): Promise<string | null> {
    const rows = await this.em.fork().find(Snippet, { id }, { fields: ['id', 'workspaceId'], limit: 1 });
    return rows[0]?.workspaceId ?? null;
  }

  countActiveInWorkspace(workspaceId: string): Promise<number> {
    return this.em.fork().count(Snippet, { workspaceId, status: true });
  }

  // Deletes the workspace's inactive snippets in one statement (what was recorded of them goes
  // with them, by the database's cascades); the number deleted.
  deleteInactiveInWorkspace(workspaceId: string): Promise<number> {
    return this.em.fork().nativeDelete(Snippet, { workspaceId, status: false });
  }

  // Runs `fn` in one transaction: the calls made meanwhile (this repository's included, through
  // the request's entity manager) join it; `em` is the transaction's, for other modules' steps.
  transactional<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.em.transactional(fn);
  }

  async insert(fields: NewSnippet): Promise<Snippet> {
    const s = this.em.create(Snippet, fields);
    await this.em.flush();
    return s;
  }

  // Writes the changes made to loaded snippets.
  async save(s: Snippet, changes: Partial<NewSnippet> & { updatedAt?: Date } = {}): Promise<void> {
    this.em.assign(s, changes);
    await this.em.flush();
  }

  async remove(s: Snippet): Promise<void> {
    await this.em.remove(s).flush();
  }
}

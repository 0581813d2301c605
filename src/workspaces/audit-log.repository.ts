import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';
import type { AuditAction, AuditEntry } from '../shared/workspace-audit.js';

export interface NewAuditEntry {
  workspaceId: string;
  actorId: string | null;
  actorName: string;
  action: AuditAction;
  subject?: string | null;
  detail?: string | null;
}

// The workspace_audit table, only here.
@Injectable()
export class AuditLogRepository {
  constructor(private readonly orm: MikroORM) {}

  async insert(e: NewAuditEntry): Promise<void> {
    await rawSql(this.orm, 'insert into workspace_audit (workspace_id, actor_id, actor_name, action, subject, detail) values (?, ?, ?, ?, ?, ?)', [
      e.workspaceId,
      e.actorId,
      e.actorName.slice(0, 200),
      e.action,
      e.subject?.slice(0, 320) ?? null,
      e.detail?.slice(0, 500) ?? null,
    ]);
  }

  // Newest first; `before` is the id of the last entry of the page before (keyset paging).
  async page(workspaceId: string, before: number | null, limit: number): Promise<AuditEntry[]> {
    const rows = await rawSql<Omit<AuditEntry, 'createdAt' | 'id'> & { id: string; createdAt: Date }>(
      this.orm,
      `select id, action, actor_name as "actorName", subject, detail, created_at as "createdAt" from workspace_audit
       where workspace_id = ? and (?::bigint is null or id < ?::bigint) order by id desc limit ?`,
      [workspaceId, before, before, limit],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id), createdAt: new Date(r.createdAt).toISOString() }));
  }
}

import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';
import type { WorkspaceKind, WorkspaceRole } from '../shared/workspace-roles.js';

export interface Membership {
  workspaceId: string;
  kind: WorkspaceKind;
  role: WorkspaceRole;
  // the company of a company workspace (its id is the workspace's), null for a personal one
  companyId: string | null;
  joinedAt: Date;
}

export interface MemberRow {
  userId: string;
  role: WorkspaceRole;
  joinedAt: Date;
}

const MEMBERSHIP = `w.id as "workspaceId", w.kind, m.role, w.company_id as "companyId", m.created_at as "joinedAt"`;

// The workspace and workspace_member tables, only here. Their rows for a new user or company are
// written by the database itself (migration 0034), whatever inserts the user or the company.
@Injectable()
export class WorkspaceRepository {
  constructor(private readonly orm: MikroORM) {}

  async membership(userId: string, workspaceId: string): Promise<Membership | null> {
    const rows = await rawSql<Membership>(
      this.orm,
      `select ${MEMBERSHIP} from workspace_member m join workspace w on w.id = m.workspace_id where m.user_id = ? and m.workspace_id = ?`,
      [userId, workspaceId],
    );
    return rows[0] ?? null;
  }

  // The personal workspace first, then companies by when the user joined them.
  membershipsOf(userId: string): Promise<Membership[]> {
    return rawSql<Membership>(
      this.orm,
      `select ${MEMBERSHIP} from workspace_member m join workspace w on w.id = m.workspace_id
       where m.user_id = ? order by (w.kind = 'personal') desc, m.created_at, w.id`,
      [userId],
    );
  }

  membersOf(workspaceId: string): Promise<MemberRow[]> {
    return rawSql<MemberRow>(
      this.orm,
      `select user_id as "userId", role, created_at as "joinedAt" from workspace_member where workspace_id = ?
       order by array_position(array['owner','admin','editor','viewer'], role), created_at, user_id`,
      [workspaceId],
    );
  }

  // The members of the workspace whose id is in `workspaceIdColumn`, as a correlated subquery
  // for another module's statement that sorts by it (the admin company list).
  static memberCountSql(workspaceIdColumn: string): string {
    return `(select count(*) from workspace_member wm where wm.workspace_id = ${workspaceIdColumn})::int`;
  }

  async memberCounts(workspaceIds: readonly string[]): Promise<Map<string, number>> {
    if (!workspaceIds.length) return new Map();
    const rows = await rawSql<{ id: string; n: string }>(
      this.orm,
      `select workspace_id as id, count(*) as n from workspace_member where workspace_id = any(?::uuid[]) group by workspace_id`,
      [`{${workspaceIds.join(',')}}`],
    );
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  // Adds a member, or leaves an existing one as they are; true when added.
  async addMember(workspaceId: string, userId: string, role: Exclude<WorkspaceRole, 'owner'>): Promise<boolean> {
    const rows = await rawSql<{ userId: string }>(
      this.orm,
      `insert into workspace_member (workspace_id, user_id, role) values (?, ?, ?) on conflict do nothing returning user_id as "userId"`,
      [workspaceId, userId, role],
    );
    return rows.length > 0;
  }

  // Changes a member's role, never the owner's (a transfer does that); true when changed.
  async setRole(workspaceId: string, userId: string, role: Exclude<WorkspaceRole, 'owner'>): Promise<boolean> {
    const rows = await rawSql<{ userId: string }>(
      this.orm,
      `update workspace_member set role = ? where workspace_id = ? and user_id = ? and role <> 'owner' returning user_id as "userId"`,
      [role, workspaceId, userId],
    );
    return rows.length > 0;
  }

  // Removes a member who is not the owner; true when removed.
  async removeMember(workspaceId: string, userId: string): Promise<boolean> {
    const rows = await rawSql<{ userId: string }>(
      this.orm,
      `delete from workspace_member where workspace_id = ? and user_id = ? and role <> 'owner' returning user_id as "userId"`,
      [workspaceId, userId],
    );
    return rows.length > 0;
  }
}

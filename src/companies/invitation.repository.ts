import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';
import type { InvitableRole } from '../shared/invitation-types.js';

export interface InvitationRow {
  id: string;
  workspaceId: string;
  email: string;
  role: InvitableRole;
  invitedBy: string | null;
  createdAt: Date;
  sentAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

const ROW = `id, workspace_id as "workspaceId", email, role, invited_by as "invitedBy", created_at as "createdAt", sent_at as "sentAt",
  expires_at as "expiresAt", accepted_at as "acceptedAt", revoked_at as "revokedAt"`;
const OPEN = 'accepted_at is null and revoked_at is null';

// The statements of one locked unit of work on a company's invitations (see InvitationRepository.locked).
export class InvitationTx {
  constructor(private readonly em: EntityManager) {}

  private sql<T>(query: string, params: unknown[]): Promise<T[]> {
    return rawSql<T>(this.em, query, params);
  }

  // Open invitations of the company for these addresses, expired or not.
  openFor(workspaceId: string, emails: readonly string[]): Promise<InvitationRow[]> {
    if (!emails.length) return Promise.resolve([]);
    return this.sql(`select ${ROW} from invitation where workspace_id = ? and ${OPEN} and email = any(?::text[])`, [workspaceId, pgArray(emails)]);
  }

  async open(workspaceId: string, id: string): Promise<InvitationRow | null> {
    const rows = await this.sql<InvitationRow>(`select ${ROW} from invitation where workspace_id = ? and id = ? and ${OPEN}`, [workspaceId, id]);
    return rows[0] ?? null;
  }

  // Pending (open and unexpired) invitations: each holds a seat.
  async pendingCount(workspaceId: string): Promise<number> {
    const [r] = await this.sql<{ n: string }>(`select count(*) as n from invitation where workspace_id = ? and ${OPEN} and expires_at > now()`, [workspaceId]);
    return Number(r.n);
  }

  // Invitation mails of the last hour, by the company and by the sender, and when the oldest of
  // each leaves the hour.
  async sentWithinHour(workspaceId: string, senderId: string): Promise<{ company: number; sender: number; companyFreesAt: Date | null; senderFreesAt: Date | null }> {
    await this.sql(`delete from invitation_send where (workspace_id = ? or sender_id = ?) and sent_at <= now() - interval '1 hour'`, [workspaceId, senderId]);
    const [r] = await this.sql<{ company: string; sender: string; companyOldest: Date | null; senderOldest: Date | null }>(
      `select count(*) filter (where workspace_id = ?) as company, count(*) filter (where sender_id = ?) as sender,
         min(sent_at) filter (where workspace_id = ?) as "companyOldest", min(sent_at) filter (where sender_id = ?) as "senderOldest"
       from invitation_send where (workspace_id = ? or sender_id = ?) and sent_at > now() - interval '1 hour'`,
      [workspaceId, senderId, workspaceId, senderId, workspaceId, senderId],
    );
    const plusHour = (d: Date | null) => (d ? new Date(new Date(d).getTime() + 3_600_000) : null);
    return { company: Number(r.company), sender: Number(r.sender), companyFreesAt: plusHour(r.companyOldest), senderFreesAt: plusHour(r.senderOldest) };
  }

  async countSends(workspaceId: string, senderId: string, n: number): Promise<void> {
    if (n > 0) await this.sql('insert into invitation_send (workspace_id, sender_id) select ?, ? from generate_series(1, ?)', [workspaceId, senderId, n]);
  }

  async insert(fields: { workspaceId: string; email: string; role: InvitableRole; invitedBy: string; tokenHash: string; expiresAt: Date }): Promise<InvitationRow> {
    const [row] = await this.sql<InvitationRow>(
      `insert into invitation (id, workspace_id, email, role, invited_by, token_hash, expires_at) values (?, ?, ?, ?, ?, ?, ?) returning ${ROW}`,
      [randomUUID(), fields.workspaceId, fields.email, fields.role, fields.invitedBy, fields.tokenHash, fields.expiresAt],
    );
    return row;
  }

  // A new link (the old one stops), a new expiry, and who sent it; the role too when re-inviting.
  async renew(id: string, fields: { invitedBy: string; tokenHash: string; expiresAt: Date; role?: InvitableRole }): Promise<InvitationRow> {
    const [row] = await this.sql<InvitationRow>(
      `update invitation set token_hash = ?, expires_at = ?, sent_at = now(), invited_by = ?, role = coalesce(?, role) where id = ? returning ${ROW}`,
      [fields.tokenHash, fields.expiresAt, fields.invitedBy, fields.role ?? null, id],
    );
    return row;
  }
}

// The invitation and invitation_send tables, only here. Accepting writes, in the same
// transaction, the new membership (workspace_member) and, for an account made from the link, its
// verified address (app_user.email_verified_at): the invitation is used up exactly when they are.
@Injectable()
export class InvitationRepository {
  constructor(private readonly orm: MikroORM) {}

  // A transaction holding the company's invitation lock and the sender's, so the seat and hourly
  // counts it reads stay true until it commits (two admins inviting at once cannot both take the
  // last seat). Always the company first, then the sender: no two transactions wait on each other.
  locked<T>(workspaceId: string, senderId: string, work: (tx: InvitationTx) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(async (em) => {
      await rawSql(em, `select pg_advisory_xact_lock(hashtext('invitation:' || ?)), pg_advisory_xact_lock(hashtext('invitation-sender:' || ?))`, [
        workspaceId,
        senderId,
      ]);
      return work(new InvitationTx(em));
    });
  }

  async findByHash(tokenHash: string): Promise<InvitationRow | null> {
    const rows = await rawSql<InvitationRow>(this.orm, `select ${ROW} from invitation where token_hash = ?`, [tokenHash]);
    return rows[0] ?? null;
  }

  // Open invitations of a company, expired ones too, the newest first.
  listOpen(workspaceId: string): Promise<InvitationRow[]> {
    return rawSql<InvitationRow>(this.orm, `select ${ROW} from invitation where workspace_id = ? and ${OPEN} order by sent_at desc, email`, [workspaceId]);
  }

  async revoke(workspaceId: string, id: string): Promise<InvitationRow | null> {
    const rows = await rawSql<InvitationRow>(this.orm, `update invitation set revoked_at = now() where workspace_id = ? and id = ? and ${OPEN} returning ${ROW}`, [
      workspaceId,
      id,
    ]);
    return rows[0] ?? null;
  }

  // Uses the invitation up and adds its member, in one transaction; null when the invitation was
  // used, revoked or expired in the meantime (of two requests racing with one link, one wins).
  // `verify`: the account's address is marked verified too.
  accept(id: string, userId: string, verify: boolean): Promise<{ row: InvitationRow; added: boolean } | null> {
    return this.orm.em.fork().transactional(async (em) => {
      const [row] = await rawSql<InvitationRow>(
        em,
        `update invitation set accepted_at = now(), accepted_by = ? where id = ? and ${OPEN} and expires_at > now() returning ${ROW}`,
        [userId, id],
      );
      if (!row) return null;
      const added = await rawSql(em, `insert into workspace_member (workspace_id, user_id, role) values (?, ?, ?) on conflict do nothing returning user_id`, [
        row.workspaceId,
        userId,
        row.role,
      ]);
      if (verify) await rawSql(em, 'update app_user set email_verified_at = coalesce(email_verified_at, now()) where id = ?', [userId]);
      return { row, added: added.length > 0 };
    });
  }
}

// An array literal: one parameter whatever the driver does with arrays.
function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

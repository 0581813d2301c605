import { Inject, Injectable, Logger } from '@nestjs/common';
import { HttpStatus } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ApiError } from '../common/api-response.js';
import { ConflictError, ForbiddenError, NotFoundError, RateLimitedError } from '../common/domain-error.js';
import type { AuthUser } from '../common/auth/auth-user.js';
import { UsersService } from '../accounts/users.service.js';
import { MailService } from '../mail/mail.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { isUuid } from '../shared/uuid.js';
import type { WorkspaceRole } from '../shared/workspace-roles.js';
import { normalizeEmail } from '../shared/account-rules.js';
import {
  INVITATION_DAYS,
  INVITATION_MESSAGES as M,
  INVITATIONS_PER_COMPANY_HOUR,
  INVITATIONS_PER_INVITER_HOUR,
  maskEmail,
  seatsMessage,
  wrongAccountMessage,
  type AcceptedInvitation,
  type InvitableRole,
  type InvitationPreview,
  type InvitationView,
  type InviteResult,
  type SkippedAddress,
} from '../shared/invitation-types.js';
import { InvitationAudit, type InvitationEventKind } from './invitation-audit.js';
import { invitationLink, invitationMail } from './invitation-mail.js';
import { hashToken, isWellFormedToken, newRawToken } from '../common/link-token.js';
import { InvitationRepository, type InvitationRow, type InvitationTx } from './invitation.repository.js';

const DAY_MS = 24 * 3600 * 1000;
const gone = (message: string) => new ApiError(HttpStatus.GONE, message);

interface Issued {
  row: InvitationRow;
  token: string;
  kind: InvitationEventKind;
}

// Invitations to the caller's company workspace: sending (with the seat and hourly limits),
// the pending list, resending, revoking; and the link's side: what it shows, and accepting it.
// Tokens are random, stored only as a hash, single-use and expire after INVITATION_DAYS; a resend
// replaces the token, so the older link stops working.
@Injectable()
export class InvitationsService {
  private readonly logger = new Logger('Invitations');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: InvitationRepository,
    private readonly users: UsersService,
    private readonly workspaces: WorkspacesService,
    private readonly mail: MailService,
    private readonly audit: InvitationAudit,
  ) {}

  async invite(caller: AuthUser, emails: readonly string[], role: InvitableRole): Promise<InviteResult> {
    this.refusePersonal(caller);
    const wsId = caller.workspace.id;
    const addresses = [...new Set(emails.map(normalizeEmail))];
    const memberEmails = await this.memberEmails(wsId);
    const skipped: SkippedAddress[] = [];
    const issued = await this.repo.locked(wsId, caller.id, async (tx) => {
      const open = new Map((await tx.openFor(wsId, addresses)).map((r) => [r.email, r]));
      const fresh: string[] = [];
      const renewed: InvitationRow[] = [];
      const now = Date.now();
      for (const email of addresses) {
        const existing = open.get(email);
        if (memberEmails.has(email)) skipped.push({ email, reason: 'member', message: M.member });
        else if (existing && new Date(existing.expiresAt).getTime() > now) skipped.push({ email, reason: 'pending', message: M.pending });
        // An expired invitation to the same address is sent again, with the role asked now.
        else if (existing) renewed.push(existing);
        else fresh.push(email);
      }
      const count = fresh.length + renewed.length;
      if (!count) return [];
      await this.checkLimits(tx, caller, count, count);
      const out: Issued[] = [];
      for (const email of fresh) {
        const token = newRawToken();
        out.push({ row: await tx.insert({ workspaceId: wsId, email, role, invitedBy: caller.id, tokenHash: hashToken(token), expiresAt: this.expiry() }), token, kind: 'sent' });
      }
      for (const r of renewed) {
        const token = newRawToken();
        out.push({ row: await tx.renew(r.id, { invitedBy: caller.id, tokenHash: hashToken(token), expiresAt: this.expiry(), role }), token, kind: 'sent' });
      }
      await tx.countSends(wsId, caller.id, count);
      return out;
    });
    const mailFailed = await this.deliver(caller, issued);
    const order = new Map(addresses.map((a, i) => [a, i]));
    issued.sort((a, b) => order.get(a.row.email)! - order.get(b.row.email)!);
    return { invited: issued.map((i) => this.view(i.row, caller.fullName)), skipped, mailFailed };
  }

  async list(caller: AuthUser): Promise<InvitationView[]> {
    this.refusePersonal(caller);
    const rows = await this.repo.listOpen(caller.workspace.id);
    const people = await this.users.peopleOf([...new Set(rows.flatMap((r) => (r.invitedBy ? [r.invitedBy] : [])))]);
    return rows.map((r) => this.view(r, (r.invitedBy && people.get(r.invitedBy)?.fullName) || ''));
  }

  // A new link and a new expiry; the older link stops working. Counts as one invitation mail.
  async resend(caller: AuthUser, id: string): Promise<InvitationView> {
    this.refusePersonal(caller);
    if (!isUuid(id)) throw new NotFoundError(M.notFound);
    const wsId = caller.workspace.id;
    const issued = await this.repo.locked(wsId, caller.id, async (tx) => {
      const row = await tx.open(wsId, id);
      if (!row) throw new NotFoundError(M.notFound);
      // An expired invitation holds no seat: sending it again takes one.
      const expired = new Date(row.expiresAt).getTime() <= Date.now();
      await this.checkLimits(tx, caller, 1, expired ? 1 : 0);
      const token = newRawToken();
      const renewed = await tx.renew(row.id, { invitedBy: caller.id, tokenHash: hashToken(token), expiresAt: this.expiry() });
      await tx.countSends(wsId, caller.id, 1);
      return { row: renewed, token, kind: 'resent' as const };
    });
    const failed = await this.deliver(caller, [issued]);
    if (failed.length) throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'The invitation was renewed, but we could not send the email just now. Please resend it in a few minutes.');
    return this.view(issued.row, caller.fullName);
  }

  async revoke(caller: AuthUser, id: string): Promise<void> {
    this.refusePersonal(caller);
    const row = isUuid(id) ? await this.repo.revoke(caller.workspace.id, id) : null;
    if (!row) throw new NotFoundError(M.notFound);
    await this.record('revoked', row, caller, caller.workspace.role);
  }

  // What the link shows, for anyone holding it. A token that names no invitation (random, or
  // replaced by a resend) is 404 and says nothing more; a used, revoked or expired one is 410.
  async preview(raw: unknown): Promise<InvitationPreview> {
    const row = await this.usable(raw);
    const [companies, people] = await Promise.all([this.users.companiesOf([row.workspaceId]), this.users.peopleOf(row.invitedBy ? [row.invitedBy] : [])]);
    return {
      companyName: companies.get(row.workspaceId)?.name ?? '',
      inviterName: (row.invitedBy && people.get(row.invitedBy)?.fullName) || '',
      role: row.role,
      email: row.email,
      expiresAt: new Date(row.expiresAt).toISOString(),
    };
  }

  // Only the account with the invited address may accept, once that address is verified. The
  // link came to that mailbox, which proves the address as a verification link would: an account
  // made after the invitation was sent (the invited person signing up from the link) has its
  // address verified by accepting. An older account verifies the usual way first.
  async accept(caller: AuthUser, raw: unknown): Promise<AcceptedInvitation> {
    const row = await this.usable(raw);
    if (normalizeEmail(caller.email) !== row.email) throw new ForbiddenError(wrongAccountMessage(maskEmail(row.email)));
    const account = await this.users.findById(caller.id);
    if (!account) throw new NotFoundError(M.notFound);
    const verifiedBefore = !!account.emailVerifiedAt;
    const madeFromLink = new Date(account.createdAt).getTime() >= new Date(row.createdAt).getTime();
    if (!verifiedBefore && !madeFromLink) throw new ForbiddenError(M.notVerified);
    const alreadyMember = (await this.workspaces.roleIn(caller.id, row.workspaceId)) !== null;
    if (!alreadyMember) {
      // The pending invitation held a seat; should the setting have been lowered since, it is full.
      const members = (await this.workspaces.memberCounts([row.workspaceId])).get(row.workspaceId) ?? 0;
      if (members >= this.config.companySeats) throw new ConflictError(seatsMessage(this.config.companySeats, 0));
    }
    const done = await this.repo.accept(row.id, caller.id, !verifiedBefore);
    if (!done) throw gone(M.linkUsed);
    const role = (await this.workspaces.roleIn(caller.id, row.workspaceId)) ?? row.role;
    await this.record('accepted', done.row, caller, role);
    const companies = await this.users.companiesOf([row.workspaceId]);
    return {
      workspaceId: row.workspaceId,
      companyName: companies.get(row.workspaceId)?.name ?? '',
      // already a member (by another invitation): the role they hold, never lowered or raised here
      role,
      emailVerified: !verifiedBefore,
    };
  }

  private async usable(raw: unknown): Promise<InvitationRow> {
    const row = isWellFormedToken(raw) ? await this.repo.findByHash(hashToken(raw)) : null;
    if (!row) throw new NotFoundError(M.linkInvalid);
    if (row.acceptedAt) throw gone(M.linkUsed);
    if (row.revokedAt) throw gone(M.linkRevoked);
    if (new Date(row.expiresAt).getTime() <= Date.now()) throw gone(M.linkExpired);
    return row;
  }

  // The seats (members plus pending invitations, `seats` new ones asked) and the hourly limits
  // (`mails` new mails), read under the company's lock.
  private async checkLimits(tx: InvitationTx, caller: AuthUser, mails: number, seats: number): Promise<void> {
    const wsId = caller.workspace.id;
    const sent = await tx.sentWithinHour(wsId, caller.id);
    const retry = (at: Date | null) => Math.max(1, Math.ceil(((at?.getTime() ?? Date.now() + 3_600_000) - Date.now()) / 1000));
    if (sent.company + mails > INVITATIONS_PER_COMPANY_HOUR) throw new RateLimitedError(M.tooManyForCompany, retry(sent.companyFreesAt));
    if (sent.sender + mails > INVITATIONS_PER_INVITER_HOUR) throw new RateLimitedError(M.tooManyForInviter, retry(sent.senderFreesAt));
    if (!seats) return;
    const members = (await this.workspaces.memberCounts([wsId])).get(wsId) ?? 0;
    const free = this.config.companySeats - members - (await tx.pendingCount(wsId));
    if (seats > free) throw new ConflictError(seatsMessage(this.config.companySeats, free));
  }

  // Mails each issued invitation (after its transaction committed); the addresses whose mail
  // could not be sent (logged: the invitation stands and can be resent).
  private async deliver(caller: AuthUser, issued: readonly Issued[]): Promise<string[]> {
    if (!issued.length) return [];
    const companyName = (await this.users.companiesOf([caller.workspace.id])).get(caller.workspace.id)?.name ?? '';
    const failed: string[] = [];
    for (const { row, token, kind } of issued) {
      await this.record(kind, row, caller, caller.workspace.role);
      const link = invitationLink(this.config.publicBaseUrl, token);
      try {
        await this.mail.send(row.email, invitationMail({ inviterName: caller.fullName, companyName, role: row.role, email: row.email, link }));
      } catch (e) {
        this.logger.error(`Could not send the mail of invitation ${row.id}: ${(e as Error).message}`);
        failed.push(row.email);
      }
    }
    return failed;
  }

  private record(kind: InvitationEventKind, row: InvitationRow, actor: AuthUser, actorRole: WorkspaceRole): Promise<void> {
    return this.audit.record({ kind, workspaceId: row.workspaceId, invitationId: row.id, actor: { id: actor.id, fullName: actor.fullName, role: actorRole }, email: row.email, role: row.role });
  }

  private async memberEmails(workspaceId: string): Promise<Set<string>> {
    const members = await this.workspaces.membersOf(workspaceId);
    const people = await this.users.peopleOf(members.map((m) => m.userId));
    return new Set([...people.values()].map((p) => normalizeEmail(p.email)));
  }

  private refusePersonal(caller: AuthUser): void {
    if (caller.workspace.kind === 'personal') throw new ForbiddenError(M.personal);
  }

  private expiry(): Date {
    return new Date(Date.now() + INVITATION_DAYS * DAY_MS);
  }

  private view(r: InvitationRow, inviterName: string): InvitationView {
    const expiresAt = new Date(r.expiresAt);
    return {
      id: r.id,
      email: r.email,
      role: r.role,
      inviterName,
      sentAt: new Date(r.sentAt).toISOString(),
      expiresAt: expiresAt.toISOString(),
      expired: expiresAt.getTime() <= Date.now(),
    };
  }
}

// Invitations to a company workspace: what the API answers, its limits and messages, and the
// address list rule the invite dialog and the server share.
import { emailError, EMAIL_MAX, normalizeEmail } from './account-rules.js';
import type { WorkspaceRole } from './workspace-roles.js';

export type InvitableRole = Exclude<WorkspaceRole, 'owner'>;
export const INVITABLE_ROLES: readonly InvitableRole[] = ['admin', 'editor', 'viewer'];

// Addresses one request may invite.
export const INVITE_BATCH_MAX = 20;
// How long an invitation link works.
export const INVITATION_DAYS = 7;
// Invitation mails (new and resent) per company and per inviter (all their companies together)
// within any hour: nobody uses EyeMail to send mail to strangers in bulk.
export const INVITATIONS_PER_COMPANY_HOUR = 50;
export const INVITATIONS_PER_INVITER_HOUR = 30;

// A pending invitation, as GET /api/workspace/invitations lists it (an expired one stays listed,
// to be resent or revoked).
export interface InvitationView {
  id: string;
  email: string;
  role: InvitableRole;
  inviterName: string;
  sentAt: string;
  expiresAt: string;
  expired: boolean;
}

// Why an address of an invite request was not invited.
export type SkipReason = 'member' | 'pending';
export interface SkippedAddress {
  email: string;
  reason: SkipReason;
  message: string;
}

// The answer to POST /api/workspace/invitations.
export interface InviteResult {
  invited: InvitationView[];
  skipped: SkippedAddress[];
  // Invited, but the mail could not be sent (resend it later).
  mailFailed: string[];
}

// What an invitation link shows before it is accepted (GET /api/invitations/:token).
export interface InvitationPreview {
  companyName: string;
  inviterName: string;
  role: InvitableRole;
  // the invited address: only an account with it may accept
  email: string;
  expiresAt: string;
}

// The answer to accepting: the workspace the dashboard switches to.
export interface AcceptedInvitation {
  workspaceId: string;
  companyName: string;
  // the role they now hold (one they held already, should they have been a member)
  role: WorkspaceRole;
  // the account's address was verified by this acceptance (an account made from the link)
  emailVerified: boolean;
}

export const INVITATION_MESSAGES = {
  personal: 'Invitations are for companies: your personal workspace is yours alone. Switch to a company (or make one on My Companies) to invite people.',
  addresses: `Enter one to ${INVITE_BATCH_MAX} email addresses.`,
  invalidEmail: 'Invalid email',
  member: 'Already a member of this company.',
  pending: 'Already invited: resend the pending invitation instead.',
  notFound: 'Invitation not found.',
  revoked: 'The invitation was revoked: its link no longer works.',
  linkInvalid: 'This invitation link is not valid. If you were invited more than once, use the link in the latest invitation mail.',
  linkUsed: 'This invitation has already been accepted.',
  linkRevoked: 'This invitation was withdrawn by the company. Ask the person who invited you for a new one.',
  linkExpired: `This invitation has expired: invitations work for ${INVITATION_DAYS} days. Ask the person who invited you to send it again.`,
  notVerified:
    'Verify your email address first: open the link in the verification mail we sent when you signed up (or ask for a new one on your profile), then accept the invitation again.',
  tooManyForCompany: `This company has sent ${INVITATIONS_PER_COMPANY_HOUR} invitations within the last hour, the most allowed. Please wait a while before inviting more people.`,
  tooManyForInviter: `You have sent ${INVITATIONS_PER_INVITER_HOUR} invitations within the last hour, the most allowed. Please wait a while before inviting more people.`,
} as const;

export function wrongAccountMessage(maskedEmail: string): string {
  return `This invitation is for ${maskedEmail}. Sign out, then sign in or create an account with that address to accept it.`;
}

export function seatsMessage(seats: number, free: number): string {
  return free <= 0
    ? `This company has all its ${seats} seats taken (members and pending invitations). Revoke a pending invitation or remove a member to invite someone new.`
    : `This company has ${seats} seats and only ${free} free (members and pending invitations count). Invite at most ${free} more, or revoke a pending invitation or remove a member first.`;
}

export function invitedMessage(invited: number, skipped: number): string {
  const sent = invited === 1 ? '1 invitation sent.' : `${invited} invitations sent.`;
  if (!skipped) return invited ? sent : 'Nobody was invited.';
  return `${invited ? sent : 'Nobody was invited.'} ${skipped === 1 ? '1 address was' : `${skipped} addresses were`} skipped.`;
}

export function joinedMessage(companyName: string, role: WorkspaceRole): string {
  return `Welcome to ${companyName}! You joined as ${ROLE_WITH_ARTICLE[role]}.`;
}

export const ROLE_WITH_ARTICLE: Record<WorkspaceRole, string> = { owner: 'the owner', admin: 'an admin', editor: 'an editor', viewer: 'a viewer' };

// "an***@example.com": enough to recognise one's own address, not to read someone else's.
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}***${email.slice(at)}`;
}

// The invite dialog's text (one address a line, or separated by commas, semicolons or spaces)
// as a list: trimmed, lower-cased, duplicates once, in the order typed.
export function parseAddresses(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const e = normalizeEmail(part);
    if (e) seen.add(e);
  }
  return [...seen];
}

// The emails field's messages: '' for the list as a whole, else the index of each bad address.
export function addressErrors(value: unknown): Record<string, string> {
  if (!Array.isArray(value) || value.length === 0 || value.length > INVITE_BATCH_MAX) return { '': INVITATION_MESSAGES.addresses };
  const out: Record<string, string> = {};
  value.forEach((v, i) => {
    if (typeof v !== 'string' || v.length > EMAIL_MAX || emailError(v, INVITATION_MESSAGES.invalidEmail)) out[String(i)] = INVITATION_MESSAGES.invalidEmail;
  });
  return out;
}

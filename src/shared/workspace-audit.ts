// What the audit log of a company records, with the words the dashboard shows for each.
export const AUDIT_ACTIONS = {
  'company.created': 'made the company',
  'member.role_changed': 'changed the role of',
  'member.removed': 'removed',
  'member.left': 'left the company',
  'ownership.transferred': 'transferred the ownership to',
  'invitation.sent': 'invited',
  'invitation.resent': 'sent the invitation again to',
  'invitation.accepted': 'accepted the invitation',
  'invitation.revoked': 'revoked the invitation of',
  'token.created': 'made the API token',
  'token.revoked': 'revoked the API token',
  'webhook.created': 'added the webhook',
  'webhook.deleted': 'deleted the webhook',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

// One line of the log, as GET /api/workspace/audit lists it, newest first.
export interface AuditEntry {
  id: number;
  action: AuditAction;
  // who did it, as they were named then
  actorName: string;
  // whom or what it was done to: an address, a token's or webhook's name
  subject: string | null;
  // e.g. "viewer → editor"
  detail: string | null;
  createdAt: string;
}

export const AUDIT_PAGE_SIZE = 50;

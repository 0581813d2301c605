import type { MailContent } from '../mail/mail-views.js';
import { INVITATION_DAYS, ROLE_WITH_ARTICLE, type InvitableRole } from '../shared/invitation-types.js';
import { WORKSPACE_ROLE_SUMMARY } from '../shared/workspace-roles.js';

// The invitation mail's view model (templates views/mail/invitation.*). The inviter's name and
// the company's are text people typed: on one line and bounded here, escaped by Handlebars in the
// HTML part.
const oneLine = (t: string) => t.replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/gu, ' ').replace(/\s+/g, ' ').trim();
const cut = (t: string, max: number) => (t.length > max ? `${t.slice(0, max - 1)}…` : t);

// The dashboard's accept page for a token: <PUBLIC_URL>/invitations/<token>.
export function invitationLink(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/invitations/${encodeURIComponent(token)}`;
}

export function invitationMail(input: { inviterName: string; companyName: string; role: InvitableRole; email: string; link: string }): MailContent {
  const inviterName = cut(oneLine(input.inviterName), 80) || 'Someone';
  const companyName = cut(oneLine(input.companyName), 80) || 'a company';
  return {
    template: 'invitation',
    subject: `${inviterName} invited you to ${companyName} on EyeMail as ${ROLE_WITH_ARTICLE[input.role]}`,
    model: {
      inviterName,
      companyName,
      roleText: ROLE_WITH_ARTICLE[input.role],
      roleSummary: `What you can do there: ${WORKSPACE_ROLE_SUMMARY[input.role]}`,
      email: input.email,
      link: input.link,
      days: INVITATION_DAYS,
    },
    links: [input.link],
  };
}

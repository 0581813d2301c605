import type { MailContent } from '../mail/mail-views.js';
import { digestSummary, EVENT_TEXT, type NotifyEvent } from './notification-rules.js';

// The notification mails' view models (templates views/mail/notify-*; Handlebars escapes every
// value in the HTML part, the recipient and the title being text someone else typed). Each
// carries List-Unsubscribe headers for one-click unsubscribing (RFC 8058).

export interface MailLinks {
  reportLink: string;
  unsubscribeLink: string;
  unsubscribeAllLink: string;
}

const oneLine = (t: string) => t.replace(/\s+/g, ' ').trim();
const cut = (t: string, max: number) => (t.length > max ? `${t.slice(0, max - 1)}…` : t);
const stamp = (d: Date) => `${new Date(d).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function unsubscribeHeaders(links: MailLinks): Record<string, string> {
  return { 'List-Unsubscribe': `<${links.unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function eventMail(input: { firstName: string | null; receiver: string; snippetTitle: string; kind: NotifyEvent; occurredAt: Date } & MailLinks): MailContent {
  const receiver = cut(oneLine(input.receiver), 120);
  const title = cut(oneLine(input.snippetTitle), 120);
  return {
    template: 'notify-event',
    subject: `${receiver} ${EVENT_TEXT[input.kind]} ${title}`,
    model: {
      name: oneLine(input.firstName ?? '') || 'there',
      receiver,
      what: EVENT_TEXT[input.kind],
      snippetTitle: title,
      when: stamp(input.occurredAt),
      reportLink: input.reportLink,
      unsubscribeLink: input.unsubscribeLink,
      unsubscribeAllLink: input.unsubscribeAllLink,
    },
    links: [input.reportLink, input.unsubscribeLink, input.unsubscribeAllLink],
    headers: unsubscribeHeaders(input),
  };
}

export function digestMail(input: { firstName: string | null; receiver: string; snippetTitle: string; events: { kind: string; occurredAt: Date }[] } & MailLinks): MailContent {
  const receiver = cut(oneLine(input.receiver), 120);
  const title = cut(oneLine(input.snippetTitle), 120);
  const summary = digestSummary(input.events);
  return {
    template: 'notify-digest',
    subject: `Digest: ${receiver} and ${title} (${summary})`,
    model: {
      name: oneLine(input.firstName ?? '') || 'there',
      receiver,
      snippetTitle: title,
      summary,
      lines: input.events.map((e) => `${stamp(e.occurredAt)}: ${EVENT_TEXT[e.kind as NotifyEvent] ?? e.kind}`).join('\n'),
      reportLink: input.reportLink,
      unsubscribeLink: input.unsubscribeLink,
      unsubscribeAllLink: input.unsubscribeAllLink,
    },
    links: [input.reportLink, input.unsubscribeLink, input.unsubscribeAllLink],
    headers: unsubscribeHeaders(input),
  };
}

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

// Text someone else wrote (the v= of a hit; an EyeMail's title) on one line: controls, line and
// paragraph separators and invisible format characters (bidi overrides, which can reverse what a
// subject seems to say) become spaces, runs of space one.
const oneLine = (t: string) => t.replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/gu, ' ').replace(/\s+/g, ' ').trim();
const cut = (t: string, max: number) => (t.length > max ? `${t.slice(0, max - 1)}…` : t);
// The recipient as the subject names them: bounded, and quoted unless it reads as an address, so
// a v= like "Your account is locked, sign in at ..." reads as a quoted name, not as the message.
const RECEIVER_MAX = 80;
const ADDRESS = /^[^\s@"]+@[^\s@"]+\.[^\s@"]+$/;
export function subjectReceiver(receiver: string): string {
  const r = cut(oneLine(receiver), RECEIVER_MAX);
  return ADDRESS.test(r) ? r : `"${r.replace(/"/g, "'")}"`;
}
const stamp = (d: Date) => `${new Date(d).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function unsubscribeHeaders(links: MailLinks): Record<string, string> {
  return { 'List-Unsubscribe': `<${links.unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function eventMail(input: { firstName: string | null; receiver: string; snippetTitle: string; kind: NotifyEvent; occurredAt: Date } & MailLinks): MailContent {
  const receiver = cut(oneLine(input.receiver), 120);
  const title = cut(oneLine(input.snippetTitle), 120);
  return {
    template: 'notify-event',
    subject: `${subjectReceiver(input.receiver)} ${EVENT_TEXT[input.kind]} ${title}`,
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
    subject: `Digest: ${subjectReceiver(input.receiver)} and ${title} (${summary})`,
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

// The cap's summary (notification-cap.ts): how many more people did what, counted, none named
// (they may be one sender's made-up recipients).
export function summaryMail(input: { firstName: string | null; snippetTitle: string; lines: string[] } & MailLinks): MailContent {
  const title = cut(oneLine(input.snippetTitle), 120);
  return {
    template: 'notify-summary',
    subject: `And ${input.lines.join(', ')} ${title}`,
    model: {
      name: oneLine(input.firstName ?? '') || 'there',
      snippetTitle: title,
      lines: input.lines.map((l) => `And ${l} "${title}".`).join('\n'),
      reportLink: input.reportLink,
      unsubscribeLink: input.unsubscribeLink,
      unsubscribeAllLink: input.unsubscribeAllLink,
    },
    links: [input.reportLink, input.unsubscribeLink, input.unsubscribeAllLink],
    headers: unsubscribeHeaders(input),
  };
}

// View models for outgoing mail, built by pure functions so what a mail says is unit-tested.
// Templates (views/mail) receive only these; Handlebars escapes every value in the HTML part.

export type MailTemplateName = 'verify-email' | 'reset-password' | 'support-inquiry' | 'feedback' | 'webhook-disabled' | 'notify-event' | 'notify-digest' | 'notify-summary' | 'invitation';

export interface MailContent {
  template: MailTemplateName;
  subject: string;
  model: Record<string, string | number | boolean>;
  links: string[];
  // Extra headers (List-Unsubscribe of the notifications).
  headers?: Record<string, string>;
}

// A header's value as the transport gets it, whoever built it: one line (no CR, LF or other
// control character can start a header of its own) and bounded (a subject is read in a list,
// and RFC 5322 lines stop at 998 characters).
export const SUBJECT_MAX = 200;
export function headerValue(value: string, max = SUBJECT_MAX): string {
  const line = value.replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

// A dashboard page link with a one-time token, e.g. https://app.example.com/resetpassword?token=...
export function accountLink(publicBaseUrl: string, page: 'resetpassword' | 'emailverification', token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/${page}?token=${encodeURIComponent(token)}`;
}

function greetingName(firstName: string | null | undefined): string {
  return (firstName ?? '').trim() || 'there';
}

export function verificationMail(input: { firstName: string | null; link: string; hours: number; addressChanged?: boolean }): MailContent {
  return {
    template: 'verify-email',
    subject: 'Verify your email address for EyeMail',
    model: {
      name: greetingName(input.firstName),
      link: input.link,
      hours: input.hours,
      intro: input.addressChanged
        ? 'You changed the email address of your EyeMail account. Please confirm the new address.'
        : 'Welcome to EyeMail! Please confirm your email address to finish setting up your account.',
    },
    links: [input.link],
  };
}

export function passwordResetMail(input: { firstName: string | null; link: string; minutes: number }): MailContent {
  return {
    template: 'reset-password',
    subject: 'Reset your EyeMail password',
    model: { name: greetingName(input.firstName), link: input.link, minutes: input.minutes },
    links: [input.link],
  };
}

// A contact inquiry, as the support team reads it. Everything in it was written by the user, so
// the HTML part relies on Handlebars escaping; the subject is one line, cut short.
export function supportInquiryMail(input: {
  senderName: string;
  senderEmail: string;
  type: string;
  snippetTitle: string | null;
  snippetUrl: string | null;
  message: string;
  attachmentCount: number;
  missingAttachments: number;
}): MailContent {
  const name = oneLine(input.senderName) || input.senderEmail;
  return {
    template: 'support-inquiry',
    subject: `[${input.type}] Support inquiry from ${cut(name, 80)}`,
    model: {
      senderName: name,
      senderEmail: input.senderEmail,
      type: input.type,
      hasSnippet: !!input.snippetTitle,
      snippetTitle: input.snippetTitle ?? '',
      snippetUrl: input.snippetUrl ?? '',
      message: input.message,
      attachmentCount: input.attachmentCount,
      missingNote:
        input.missingAttachments > 0
          ? `${input.missingAttachments} attached image${input.missingAttachments === 1 ? ' was' : 's were'} deleted by the sender before this mail went out.`
          : '',
    },
    links: input.snippetUrl ? [input.snippetUrl] : [],
  };
}

export function feedbackMail(input: { senderName: string; senderEmail: string; text: string }): MailContent {
  const name = oneLine(input.senderName) || input.senderEmail;
  return {
    template: 'feedback',
    subject: `Feedback from ${cut(name, 80)}`,
    model: { senderName: name, senderEmail: input.senderEmail, message: input.text },
    links: [],
  };
}

// A webhook endpoint turned off after days of failed deliveries (webhooks module).
export function webhookDisabledMail(input: { firstName: string | null; endpointUrl: string; failingSince: string; lastError: string; link: string }): MailContent {
  return {
    template: 'webhook-disabled',
    subject: 'An EyeMail webhook endpoint was turned off',
    model: {
      name: greetingName(input.firstName),
      endpointUrl: input.endpointUrl,
      failingSince: input.failingSince,
      lastError: cut(oneLine(input.lastError), 300) || 'no answer',
      link: input.link,
    },
    links: [input.link],
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

// Pure rules of the support calls (POST support, POST sys/feedback): what a payload must be and
// what people are told when it is not.
import type { RateLimitPolicy } from '../common/rate-limit.js';
import { isUuid } from '../shared/uuid.js';

export const INQUIRY_TYPES = ['General Inquiry', 'Feature Suggestion', 'Bug / Issues'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

export const MAIL_STATES = ['pending', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MESSAGE_MAX = 5000;
export const ATTACHMENTS_MAX = 3;

export const SUPPORT_MESSAGES = {
  type: 'Please select an inquiry type: General Inquiry, Feature Suggestion or Bug / Issues.',
  messageRequired: 'Please type your message.',
  messageTooLong: `Your message can be at most ${MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  tooManyAttachments: `You can attach at most ${ATTACHMENTS_MAX} images.`,
  attachmentInvalid: 'Attachments must be images you uploaded (.png, .jpg or .jpeg).',
  attachmentNotFound: 'An attached image could not be found. Please remove it and upload it again.',
  snippetInvalid: 'Please choose one of your EyeMails.',
  sent: 'Thank you for your inquiry. A team member will be in touch with you shortly.',
  tooMany: 'You have sent a lot of messages in a short time. Please wait a while before sending another.',
  feedbackBlank: 'Please write something to submit.',
  feedbackTooLong: `Your feedback can be at most ${MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  feedbackSent: "Thank you for your feedback. We'll be processing your request as fast as we can.",
} as const;

// Per user: enough for a real conversation, too few to flood the support inbox.
export const INQUIRY_PER_USER: RateLimitPolicy = { name: 'support:user', limit: 10, windowSeconds: 3600, message: SUPPORT_MESSAGES.tooMany };
export const FEEDBACK_PER_USER: RateLimitPolicy = { name: 'feedback:user', limit: 10, windowSeconds: 3600, message: SUPPORT_MESSAGES.tooMany };

export interface InquiryInput {
  type: InquiryType;
  snippetId: string | null;
  message: string;
  attachments: string[];
}

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

// ---- the fields of an inquiry and of feedback: how each is read, then its rule ----------------

// One of the three types, in any case and spacing; anything else is left as sent (and refused).
export function inquiryTypeOf(v: unknown): unknown {
  return (typeof v === 'string' && INQUIRY_TYPES.find((t) => t.toLowerCase() === v.trim().toLowerCase())) || v;
}

export const inquiryTypeError = (v: unknown): string | null => ((INQUIRY_TYPES as readonly unknown[]).includes(v) ? null : SUPPORT_MESSAGES.type);

// Text as typed in a textarea: one kind of line break, no surrounding space.
export const supportText = (v: unknown): unknown => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : v);

export function textError(v: unknown, blank: string, tooLong: string): string | null {
  if (typeof v !== 'string' || v === '') return blank;
  return v.length > MESSAGE_MAX ? tooLong : null;
}

// Only meaningful for bugs, and optional there (spec 02, contact form); a blank or 0 is none.
export function inquirySnippetOf(v: unknown): unknown {
  if (isBlank(v) || v === 0 || v === '0') return null;
  return typeof v === 'string' ? v.trim().toLowerCase() : v;
}

export const inquirySnippetError = (v: unknown): string | null => (v === null || v === undefined || isUuid(v) ? null : SUPPORT_MESSAGES.snippetInvalid);

export function attachmentsError(v: unknown): string | null {
  if (isBlank(v)) return null;
  if (!Array.isArray(v)) return SUPPORT_MESSAGES.attachmentInvalid;
  if (v.length > ATTACHMENTS_MAX) return SUPPORT_MESSAGES.tooManyAttachments;
  return v.every((a) => typeof a === 'string' && isUuid(a.trim())) ? null : SUPPORT_MESSAGES.attachmentInvalid;
}

// What the service stores from a checked inquiry: the snippet for bugs only, each image once.
export function inquiryInputOf(checked: { type: unknown; message: unknown; snippetId?: unknown; attachments?: unknown }): InquiryInput {
  const type = checked.type as InquiryType;
  const attachments = Array.isArray(checked.attachments) ? [...new Set((checked.attachments as string[]).map((a) => a.trim().toLowerCase()))] : [];
  return { type, snippetId: type === 'Bug / Issues' ? ((checked.snippetId as string | null | undefined) ?? null) : null, message: checked.message as string, attachments };
}

// The mail job's name and how it retries: a mail server that is down for hours still gets the
// message once it is back (30 s, 1 min, 2 min ... about 8.5 hours over 10 tries).
export const SUPPORT_MAIL_JOB = 'support-mail';
export const SUPPORT_MAIL_ATTEMPTS = 10;
export const SUPPORT_MAIL_BACKOFF_MS = 30_000;

export type SupportMailKind = 'inquiry' | 'feedback';

export interface SupportMailJobData {
  kind: SupportMailKind;
  id: string;
}

// Idempotent job ids: storing twice or sweeping a pending row never queues a second mail.
export function supportMailJobId(kind: SupportMailKind, id: string): string {
  return `support-${kind}-${id}`;
}

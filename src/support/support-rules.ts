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
  invalidRequest: 'Please send the inquiry as JSON.',
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

// Checks every field; returns the cleaned value, or the first message per field.
export function validateInquiry(raw: unknown): { value: InquiryInput | null; errors: Record<string, string> } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { value: null, errors: { body: SUPPORT_MESSAGES.invalidRequest } };
  const r = raw as Record<string, unknown>;
  const errors: Record<string, string> = {};

  const type = typeof r.type === 'string' ? INQUIRY_TYPES.find((t) => t.toLowerCase() === (r.type as string).trim().toLowerCase()) : undefined;
  if (!type) errors.type = SUPPORT_MESSAGES.type;

  const message = typeof r.message === 'string' ? r.message.replace(/\r\n?/g, '\n').trim() : '';
  if (!message) errors.message = SUPPORT_MESSAGES.messageRequired;
  else if (message.length > MESSAGE_MAX) errors.message = SUPPORT_MESSAGES.messageTooLong;

  // Only meaningful for bugs, and optional there (spec 02, contact form); a blank or 0 is none.
  let snippetId: string | null = null;
  if (!isBlank(r.snippetId) && r.snippetId !== 0 && r.snippetId !== '0') {
    if (typeof r.snippetId === 'string' && isUuid(r.snippetId.trim())) snippetId = r.snippetId.trim().toLowerCase();
    else errors.snippetId = SUPPORT_MESSAGES.snippetInvalid;
  }

  let attachments: string[] = [];
  if (!isBlank(r.attachments)) {
    if (!Array.isArray(r.attachments)) errors.attachments = SUPPORT_MESSAGES.attachmentInvalid;
    else if (r.attachments.length > ATTACHMENTS_MAX) errors.attachments = SUPPORT_MESSAGES.tooManyAttachments;
    else if (!r.attachments.every((a) => typeof a === 'string' && isUuid(a.trim()))) errors.attachments = SUPPORT_MESSAGES.attachmentInvalid;
    else attachments = [...new Set(r.attachments.map((a: string) => a.trim().toLowerCase()))];
  }

  if (Object.keys(errors).length) return { value: null, errors };
  return { value: { type: type!, snippetId: type === 'Bug / Issues' ? snippetId : null, message, attachments }, errors: {} };
}

export function validateFeedback(raw: unknown): { value: string | null; errors: Record<string, string> } {
  const r = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const text = typeof r.text === 'string' ? r.text.replace(/\r\n?/g, '\n').trim() : '';
  if (!text) return { value: null, errors: { text: SUPPORT_MESSAGES.feedbackBlank } };
  if (text.length > MESSAGE_MAX) return { value: null, errors: { text: SUPPORT_MESSAGES.feedbackTooLong } };
  return { value: text, errors: {} };
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

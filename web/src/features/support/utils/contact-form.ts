// The contact form's rules (spec 02, Contact form): Inquiry Type and Message required, at most
// 3 image attachments, 'Invalid Field' under a bad field. Pure, so they are unit-tested.
import { INQUIRY_TYPES, type InquiryPayload, type InquiryType } from '@/features/support/api/support-api';

export const INVALID_FIELD = 'Invalid Field';
export const MESSAGE_MAX = 5000;
export const ATTACHMENTS_MAX = 3;
export const BUG_TYPE: InquiryType = 'Bug / Issues';
export const SUCCESS_TEXT = 'Thank you for your inquiry. A team member will be in touch with you shortly.';

export interface ContactFormValues {
  type: string | null;
  snippetId: string | null;
  message: string;
  attachments: string[];
}

export type ContactFormErrors = Partial<Record<'type' | 'message' | 'attachments', string>>;

export function validateContactForm(v: ContactFormValues): ContactFormErrors {
  const errors: ContactFormErrors = {};
  if (!v.type || !(INQUIRY_TYPES as readonly string[]).includes(v.type)) errors.type = INVALID_FIELD;
  const message = v.message.trim();
  if (!message || message.length > MESSAGE_MAX) errors.message = INVALID_FIELD;
  if (v.attachments.length > ATTACHMENTS_MAX) errors.attachments = INVALID_FIELD;
  return errors;
}

// What is sent: the EyeMail only for a bug report.
export function toPayload(v: ContactFormValues): InquiryPayload {
  return {
    type: v.type as InquiryType,
    snippetId: v.type === BUG_TYPE ? v.snippetId || null : null,
    message: v.message.trim(),
    attachments: v.attachments.slice(0, ATTACHMENTS_MAX),
  };
}

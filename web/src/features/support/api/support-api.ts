// The support page's calls: the inquiry and feedback (the user's EyeMails for the Specific Issue
// select: get-snippet-briefs). Attachments go through the shared upload component (POST files?type=attachment).
import { api } from '@/lib/api-client';

export const INQUIRY_TYPES = ['General Inquiry', 'Feature Suggestion', 'Bug / Issues'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

export interface InquiryPayload {
  type: InquiryType;
  snippetId: string | null;
  message: string;
  attachments: string[];
}

export const supportApi = {
  sendInquiry: (body: InquiryPayload) => api.post<{ inquiryId: string }>('support', { body }),
  sendFeedback: (text: string) => api.post<{ feedbackId: string }>('sys/feedback', { body: { text } }),
};

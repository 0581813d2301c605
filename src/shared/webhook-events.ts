// The events a webhook endpoint may ask for, with the words the dashboard shows (read by the
// server's webhooks module and the dashboard alike).
export const WEBHOOK_EVENTS = ['eyemail.opened', 'eyemail.clicked'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'eyemail.opened': 'A recipient opened an EyeMail',
  'eyemail.clicked': 'A recipient clicked in an EyeMail',
};

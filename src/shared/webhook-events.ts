// The events a webhook endpoint may ask for, with the words the dashboard shows (read by the
// server's webhooks module and the dashboard alike). A play's events come once per play:
// eyemail.played when it counts, eyemail.watched at each of 25, 50, 75 and 100 % watched (one
// type, the milestone in its data, as CRM workflows filter on a property), eyemail.sound_on.
export const WEBHOOK_EVENTS = ['eyemail.opened', 'eyemail.clicked', 'eyemail.played', 'eyemail.watched', 'eyemail.sound_on'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'eyemail.opened': 'A recipient opened an EyeMail',
  'eyemail.clicked': 'A recipient clicked in an EyeMail',
  'eyemail.played': 'A recipient played the video (2 s watched)',
  'eyemail.watched': 'A recipient watched 25, 50, 75 or 100 % of the video',
  'eyemail.sound_on': 'A recipient turned the sound on',
};

import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { MAIL_STATES } from './support-rules.js';

// Feedback (POST sys/feedback), stored before it is mailed to the support address.
export const SupportFeedback = defineEntity({
  name: 'SupportFeedback',
  tableName: 'support_feedback',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    senderEmail: p.text(),
    senderName: p.text(),
    text: p.text(),
    mailState: p.enum(MAIL_STATES).default('pending'),
    mailAttempts: p.integer().default(0),
    mailError: p.text().nullable(),
    mailedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type SupportFeedback = InferEntity<typeof SupportFeedback>;

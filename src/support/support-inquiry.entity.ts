import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { INQUIRY_TYPES, MAIL_STATES } from './support-rules.js';

// A contact inquiry, stored before it is mailed to the support address. The sender and the
// EyeMail it names are copied in, so a retried mail says what the user saw when they sent it.
export const SupportInquiry = defineEntity({
  name: 'SupportInquiry',
  tableName: 'support_inquiry',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    senderEmail: p.text(),
    senderName: p.text(),
    type: p.enum(INQUIRY_TYPES),
    snippetId: p.uuid().nullable(),
    snippetTitle: p.text().nullable(),
    snippetUrl: p.text().nullable(),
    message: p.text(),
    // media_file ids (the files module's); read back through FilesService when mailing.
    attachmentIds: p.array().columnType('uuid[]'),
    mailState: p.enum(MAIL_STATES).default('pending'),
    mailAttempts: p.integer().default(0),
    mailError: p.text().nullable(),
    mailedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type SupportInquiry = InferEntity<typeof SupportInquiry>;

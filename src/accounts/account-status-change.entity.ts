import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

// The audit log of admin status changes: who changed whose account, when, and from what to what.
// Addresses are copied so an entry still reads after either account is gone.
export const AccountStatusChange = defineEntity({
  name: 'AccountStatusChange',
  tableName: 'account_status_change',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    actorId: p.uuid().nullable(),
    actorEmail: p.text(),
    userId: p.uuid().nullable(),
    userEmail: p.text(),
    wasActive: p.boolean(),
    isActive: p.boolean(),
    changedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AccountStatusChange = InferEntity<typeof AccountStatusChange>;

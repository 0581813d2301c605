import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

// A company created by company sign-up; its first user is the owner.
export const Company = defineEntity({
  name: 'Company',
  tableName: 'company',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    name: p.text(),
    domain: p.text(),
    department: p.text(),
    inviteCode: p.text().nullable(),
    ownerUserId: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Company = InferEntity<typeof Company>;

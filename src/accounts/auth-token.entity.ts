import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { TOKEN_PURPOSES } from './account.rules.js';

// A one-time link token (email verification, password reset). Only its hash is stored.
export const AuthToken = defineEntity({
  name: 'AuthToken',
  tableName: 'auth_token',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    purpose: p.enum(TOKEN_PURPOSES),
    tokenHash: p.text().hidden(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export type AuthToken = InferEntity<typeof AuthToken>;

import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { USER_ROLES } from '../common/auth/auth-user.js';

// Stored as the internal names; the API's standard/enterprise are translated in user.mapper.ts
// and the sign-up DTO (dto/sign-up.dto.ts).
export const USER_TIERS = ['premium', 'express'] as const;
export type UserTier = (typeof USER_TIERS)[number];
export { USER_ROLES, type UserRole } from '../common/auth/auth-user.js';

// A person who signs in. Never returned from a controller: see user.mapper.ts.
export const User = defineEntity({
  name: 'User',
  tableName: 'app_user',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    email: p.text(),
    passwordHash: p.text().hidden(),
    firstName: p.text(),
    lastName: p.text().nullable(),
    phoneNumber: p.text().nullable(),
    tier: p.enum(USER_TIERS),
    role: p.enum(USER_ROLES).default('user'),
    isActive: p.boolean().default(true),
    emailVerifiedAt: p.datetime().nullable(),
    profilePictureFileId: p.uuid().nullable(),
    profilePictureUrl: p.text().nullable(),
    companyId: p.uuid().nullable(),
    countryId: p.integer().nullable(),
    timezoneId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    lastActivityAt: p.datetime().nullable(),
    lastSignInAt: p.datetime().nullable(),
    passwordChangedAt: p.datetime().nullable(),
  },
});
export type User = InferEntity<typeof User>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

// IANA time zone, seeded by migration 0002 from migrations/data/timezones.json.
export const Timezone = defineEntity({
  name: 'Timezone',
  tableName: 'timezone',
  properties: {
    id: p.integer().primary().autoincrement(false),
    name: p.text(),
  },
});
export type Timezone = InferEntity<typeof Timezone>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

// ISO 3166-1 country, seeded by migration 0002 from migrations/data/countries.json.
export const Country = defineEntity({
  name: 'Country',
  tableName: 'country',
  properties: {
    id: p.integer().primary().autoincrement(false),
    code: p.string().length(2),
    name: p.text(),
  },
});
export type Country = InferEntity<typeof Country>;

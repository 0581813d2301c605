import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Foundation } from './0001-foundation.js';

// Every migration, in order. Listed explicitly (not discovered from disk) so the same list runs
// from TypeScript in tests and from the compiled build in production.
export const migrationsList: MigrationObject[] = [
  { name: '0001-foundation', class: Migration0001Foundation },
];

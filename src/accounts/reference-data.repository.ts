import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Country } from './country.entity.js';
import { Timezone } from './timezone.entity.js';

// The country and timezone tables (seeded by a migration, read-only), only here. Read on a fork
// of their own: the service keeps them for the life of the process, not of one request.
@Injectable()
export class ReferenceDataRepository {
  constructor(private readonly em: EntityManager) {}

  allCountries(): Promise<Country[]> {
    return this.em.fork().find(Country, {});
  }

  allTimezones(): Promise<Timezone[]> {
    return this.em.fork().find(Timezone, {});
  }
}

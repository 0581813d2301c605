import { Injectable } from '@nestjs/common';
import type { CountryItem, TimezoneItem } from '../shared/account-types.js';
import { ReferenceDataRepository } from './reference-data.repository.js';

export type { CountryItem, TimezoneItem } from '../shared/account-types.js';

const byName = new Intl.Collator('en', { sensitivity: 'base' });

// Countries and time zones are seeded by a migration and never change while the app runs, so
// they are read once and kept. Sorted here, not in SQL, so Åland sorts the same on every database.
@Injectable()
export class ReferenceDataService {
  private countryList: Promise<CountryItem[]> | null = null;
  private timezoneList: Promise<TimezoneItem[]> | null = null;

  constructor(private readonly repository: ReferenceDataRepository) {}

  countries(): Promise<CountryItem[]> {
    this.countryList ??= this.repository
      .allCountries()
      .then((rows) =>
        rows.map((c) => ({ countryId: c.id, countryName: c.name, countryCode: c.code })).sort((a, b) => byName.compare(a.countryName, b.countryName)),
      );
    this.countryList.catch(() => (this.countryList = null));
    return this.countryList;
  }

  timezones(): Promise<TimezoneItem[]> {
    this.timezoneList ??= this.repository
      .allTimezones()
      .then((rows) => rows.map((z) => ({ timezoneId: z.id, timezoneName: z.name })).sort((a, b) => byName.compare(a.timezoneName, b.timezoneName)));
    this.timezoneList.catch(() => (this.timezoneList = null));
    return this.timezoneList;
  }

  async hasCountry(id: number): Promise<boolean> {
    return (await this.countries()).some((c) => c.countryId === id);
  }

  async hasTimezone(id: number): Promise<boolean> {
    return (await this.timezones()).some((z) => z.timezoneId === id);
  }
}

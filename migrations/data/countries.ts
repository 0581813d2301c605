// ISO 3166-1 countries: every alpha-2 code of the IANA tz database's iso3166.tab (tzdata 2025b),
// named by the Unicode CLDR English names (Node's Intl.DisplayNames), as [id, code, name] rows in
// countries.json. Ids are fixed there, in code order from 1, so every database gets the same ids;
// new countries get new ids in a later migration (never renumber or remove a row: migration 0002
// seeds from this file).
import rows from './countries.json' with { type: 'json' };

export const COUNTRIES: readonly (readonly [id: number, code: string, name: string])[] = rows.map(([id, code, name], i) => {
  if (id !== i + 1 || typeof code !== 'string' || !/^[A-Z]{2}$/.test(code) || typeof name !== 'string') {
    throw new Error(`countries.json row ${i + 1}: expected [${i + 1}, "<alpha-2 code>", "<name>"]`);
  }
  return [id, code, name] as const;
});

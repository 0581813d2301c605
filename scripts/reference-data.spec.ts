import { COUNTRIES } from '../migrations/data/countries.js';
import { TIMEZONES } from '../migrations/data/timezones.js';

// The rows migration 0002 seeds: ids fixed from 1 in order, names and codes unique.
describe('reference data files', () => {
  it('lists every time zone once, by current name, ids in name order from 1', () => {
    expect(TIMEZONES).toHaveLength(419);
    expect(TIMEZONES.map(([id]) => id)).toEqual(TIMEZONES.map((_, i) => i + 1));
    const names = TIMEZONES.map(([, name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['Europe/Kyiv', 'Asia/Kolkata', 'America/New_York', 'UTC']));
    expect(names).not.toContain('Europe/Kiev');
    expect(TIMEZONES[0]).toEqual([1, 'Africa/Abidjan']);
  });

  it('lists every country once by its alpha-2 code, ids in code order from 1', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(COUNTRIES.map(([id]) => id)).toEqual(COUNTRIES.map((_, i) => i + 1));
    const codes = COUNTRIES.map(([, code]) => code);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(codes.length);
    expect(COUNTRIES).toContainEqual([15, 'AX', 'Åland Islands']);
    expect(COUNTRIES).toContainEqual([249, 'ZW', 'Zimbabwe']);
  });
});

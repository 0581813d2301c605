import { countryName, GeoIpAdapter, NO_LOCATION } from './geo-ip.adapter.js';

// The shipped DB-IP Lite data, read through the adapter (the first lookup loads the file).
describe('GeoIpAdapter', () => {
  const geo = new GeoIpAdapter();

  it('locates public IPv4 and IPv6 addresses', async () => {
    const google = await geo.lookup('8.8.8.8');
    expect(google).toMatchObject({ countryCode: 'US', countryName: 'United States' });
    expect(google.region).toEqual(expect.any(String));
    expect(google.city).toEqual(expect.any(String));
    expect((await geo.lookup('81.2.69.142')).countryCode).toBe('GB');
    // Which country an IPv6 block is in moves between monthly editions; that it is located does not.
    expect(await geo.lookup('2001:4860:4860::8888')).toMatchObject({ countryCode: expect.stringMatching(/^[A-Z]{2}$/), countryName: expect.any(String) });
  });

  it('knows nothing of private, loopback or missing addresses', async () => {
    for (const ip of ['10.0.0.1', '127.0.0.1', '::1', null]) expect(await geo.lookup(ip)).toEqual(NO_LOCATION);
  });

  it('names countries from their ISO codes', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('zz')).toBeNull();
    expect(countryName(null)).toBeNull();
  });
});

import { HSTS_VALUE, strictTransportHeader } from './strict-transport.js';

describe('strictTransportHeader', () => {
  it('is sent over https only', () => {
    expect(strictTransportHeader(true)).toBe(HSTS_VALUE);
    expect(strictTransportHeader(false)).toBeNull();
  });

  it('asks for a year of https, subdomains included', () => {
    expect(HSTS_VALUE).toBe('max-age=31536000; includeSubDomains');
  });
});

import { isAppleAddress, isPublicIp, isScannerAddress, normaliseIp } from './ip-ranges.js';

describe('ip ranges', () => {
  it.each([
    ['::ffff:81.2.69.142', '81.2.69.142'],
    [' 81.2.69.142 ', '81.2.69.142'],
    ['2001:DB8::1', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['not an ip', null],
    ['', null],
    [null, null],
    ['1.2.3.4, 5.6.7.8', null],
  ])('normaliseIp(%p) = %p', (raw, expected) => {
    expect(normaliseIp(raw)).toBe(expected);
  });

  it('knows private and loopback addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '172.20.0.1', '::1', 'fd00::1', '169.254.1.1']) expect(isPublicIp(ip)).toBe(false);
    for (const ip of ['8.8.8.8', '81.2.69.142', '2a00:1450:4001::1']) expect(isPublicIp(ip)).toBe(true);
    expect(isPublicIp(null)).toBe(false);
  });

  it("knows Apple's networks", () => {
    expect(isAppleAddress('17.0.0.1')).toBe(true);
    expect(isAppleAddress('17.255.255.255')).toBe(true);
    expect(isAppleAddress('18.0.0.1')).toBe(false);
    expect(isAppleAddress('2620:149:a::1')).toBe(true);
    expect(isAppleAddress(null)).toBe(false);
  });

  it("knows the gateways' scanning networks", () => {
    expect(isScannerAddress('64.235.144.1')).toBe(true); // Barracuda
    expect(isScannerAddress('207.211.30.5')).toBe(true); // Mimecast
    expect(isScannerAddress('67.231.150.2')).toBe(true); // Proofpoint
    expect(isScannerAddress('81.2.69.142')).toBe(false);
  });
});

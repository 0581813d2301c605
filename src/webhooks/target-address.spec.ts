import { checkTargetUrl, isPrivateAddress, pickAddress, TARGET_MESSAGES } from './target-address.js';

describe('webhook target addresses', () => {
  it.each([
    '127.0.0.1', '127.8.9.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', 'fc00::abcd', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254',
    '64:ff9b::10.0.0.1', '[::1]', 'fe80::1%eth0', 'not-an-ip',
  ])('%s is private', (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '2606:4700::1111', '2a00:1450:4001:80b::200e', '2001:4860:4860::8888', '2620:fe::fe', '3ffe::1'])(
    '%s is public',
    (ip) => expect(isPrivateAddress(ip)).toBe(false),
  );

  // IPv6 is a target only in global unicast (2000::/3) outside the special-purpose blocks: every
  // form that wraps an IPv4 address (which the connection may really reach) is refused whole.
  it.each([
    ['::7f00:1', 'IPv4-compatible (::127.0.0.1)'],
    ['::127.0.0.1', 'IPv4-compatible, dotted'],
    ['::808:808', 'IPv4-compatible, even of a public address'],
    ['::ffff:0:7f00:1', 'IPv4-translated (::ffff:0:127.0.0.1)'],
    ['::ffff:8.8.8.8', 'IPv4-mapped, even of a public address'],
    ['64:ff9b::808:808', 'NAT64 well-known prefix'],
    ['64:ff9b:1::7f00:1', 'NAT64 local-use prefix'],
    ['2002:7f00:1::1', '6to4'],
    ['2002:808:808::1', '6to4, even of a public address'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:2::1', 'benchmarking (IETF protocol assignments)'],
    ['2001:20::1', 'ORCHIDv2 (IETF protocol assignments)'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation (3fff::/20)'],
    ['5f00::1', 'SRv6 segment identifiers'],
    ['100::1', 'discard'],
    ['fec0::1', 'old site-local'],
    ['ff02::1', 'multicast'],
    ['4000::1', 'outside 2000::/3'],
    ['::2', 'outside 2000::/3'],
  ])('%s is refused (%s)', (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it('takes https addresses with a host and without credentials', () => {
    expect(checkTargetUrl('https://hooks.example.com/in?x=1#frag', false)).toEqual({ url: new URL('https://hooks.example.com/in?x=1') });
    expect(checkTargetUrl('http://hooks.example.com/in', false)).toEqual({ error: TARGET_MESSAGES.https });
    expect(checkTargetUrl('ftp://hooks.example.com/', false)).toEqual({ error: TARGET_MESSAGES.invalid });
    expect(checkTargetUrl('https://u:p@hooks.example.com/', false)).toEqual({ error: TARGET_MESSAGES.credentials });
    expect(checkTargetUrl('not a url', false)).toEqual({ error: TARGET_MESSAGES.invalid });
    expect(checkTargetUrl(42, false)).toEqual({ error: TARGET_MESSAGES.invalid });
  });

  it('refuses literal private addresses and local names unless private targets are allowed', () => {
    for (const u of [
      'https://127.0.0.1/',
      'https://[::1]:8443/',
      'https://169.254.169.254/latest',
      'https://localhost/',
      'https://db.internal/',
      'https://2130706433/',
      // IPv6 forms that embed 127.0.0.1 (the URL parser writes the first as [::7f00:1]).
      'https://[::127.0.0.1]/',
      'https://[::ffff:0:127.0.0.1]/',
      'https://[64:ff9b:1::7f00:1]/',
      'https://[2002:7f00:1::1]/',
    ]) {
      expect(checkTargetUrl(u, false)).toEqual({ error: TARGET_MESSAGES.private });
    }
    expect(checkTargetUrl('http://127.0.0.1:8080/hook', true)).toEqual({ url: new URL('http://127.0.0.1:8080/hook') });
    expect(checkTargetUrl('https://[2606:4700::1111]/hook', false)).toEqual({ url: new URL('https://[2606:4700::1111]/hook') });
  });

  it('connects only when every resolved address is public', () => {
    const pub = { address: '93.184.216.34', family: 4 };
    const priv = { address: '10.0.0.5', family: 4 };
    expect(pickAddress([pub], false)).toEqual(pub);
    expect(pickAddress([pub, priv], false)).toBeNull();
    expect(pickAddress([priv], false)).toBeNull();
    expect(pickAddress([priv], true)).toEqual(priv);
    expect(pickAddress([], true)).toBeNull();
    // Every resolved address is checked, an IPv6 answer by the same rule as a literal one.
    expect(pickAddress([pub, { address: '::ffff:7f00:1', family: 6 }], false)).toBeNull();
    expect(pickAddress([{ address: '64:ff9b::a9fe:a9fe', family: 6 }], false)).toBeNull();
    expect(pickAddress([{ address: '2002:a9fe:a9fe::1', family: 6 }], false)).toBeNull();
    expect(pickAddress([{ address: '2606:4700::1111', family: 6 }, pub], false)).toEqual({ address: '2606:4700::1111', family: 6 });
  });
});

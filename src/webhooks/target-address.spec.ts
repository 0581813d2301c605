import { checkTargetUrl, isPrivateAddress, pickAddress, TARGET_MESSAGES } from './target-address.js';

describe('webhook target addresses', () => {
  it.each([
    '127.0.0.1', '127.8.9.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', 'fc00::abcd', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254',
    '64:ff9b::10.0.0.1', '[::1]', 'fe80::1%eth0', 'not-an-ip',
  ])('%s is private', (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (ip) => expect(isPrivateAddress(ip)).toBe(false));

  it('takes https addresses with a host and without credentials', () => {
    expect(checkTargetUrl('https://hooks.example.com/in?x=1#frag', false)).toEqual({ url: new URL('https://hooks.example.com/in?x=1') });
    expect(checkTargetUrl('http://hooks.example.com/in', false)).toEqual({ error: TARGET_MESSAGES.https });
    expect(checkTargetUrl('ftp://hooks.example.com/', false)).toEqual({ error: TARGET_MESSAGES.invalid });
    expect(checkTargetUrl('https://u:p@hooks.example.com/', false)).toEqual({ error: TARGET_MESSAGES.credentials });
    expect(checkTargetUrl('not a url', false)).toEqual({ error: TARGET_MESSAGES.invalid });
    expect(checkTargetUrl(42, false)).toEqual({ error: TARGET_MESSAGES.invalid });
  });

  it('refuses literal private addresses and local names unless private targets are allowed', () => {
    for (const u of ['https://127.0.0.1/', 'https://[::1]:8443/', 'https://169.254.169.254/latest', 'https://localhost/', 'https://db.internal/', 'https://2130706433/']) {
      expect(checkTargetUrl(u, false)).toEqual({ error: TARGET_MESSAGES.private });
    }
    expect(checkTargetUrl('http://127.0.0.1:8080/hook', true)).toEqual({ url: new URL('http://127.0.0.1:8080/hook') });
  });

  it('connects only when every resolved address is public', () => {
    const pub = { address: '93.184.216.34', family: 4 };
    const priv = { address: '10.0.0.5', family: 4 };
    expect(pickAddress([pub], false)).toEqual(pub);
    expect(pickAddress([pub, priv], false)).toBeNull();
    expect(pickAddress([priv], false)).toBeNull();
    expect(pickAddress([priv], true)).toEqual(priv);
    expect(pickAddress([], true)).toBeNull();
  });
});

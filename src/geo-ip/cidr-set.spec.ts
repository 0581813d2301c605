import net from 'node:net';
import { cidrSet, parseAddress } from './ip-ranges.js';

// The networks matched in JavaScript (ip-ranges.ts) against Node's own net.BlockList.
describe('cidrSet', () => {
  const networks = ['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '17.0.0.0/8', '64.235.144.0/20', '148.163.128.0/19', '203.0.113.7/32', '::1/128', '::/128', 'fc00::/7', 'fe80::/10', '2620:149::/32', '2a01:b740::/33', '2001:db8:aa::/48'];
  const ours = cidrSet(networks);
  const node = new net.BlockList();
  for (const n of networks) {
    const [a, p] = n.split('/');
    node.addSubnet(a, Number(p), net.isIPv6(a) ? 'ipv6' : 'ipv4');
  }
  const check = (ip: string) => node.check(ip, net.isIPv6(ip) ? 'ipv6' : 'ipv4');

  it('answers as net.BlockList for random addresses near and inside the networks', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const hex = () => rnd(65536).toString(16);
    const samples: string[] = [];
    for (let i = 0; i < 20000; i++) {
      const firsts = [0, 10, 17, 100, 64, 148, 203, 172, 192, rnd(256)];
      samples.push(`${firsts[rnd(firsts.length)]}.${rnd(256)}.${rnd(256)}.${rnd(256)}`);
      const heads = ['fc00', 'fd12', 'fe80', 'febf', 'fec0', '2620', '2a01', '2001', hex()];
      const second = ['149', '14a', 'b740', 'b7ff', 'db8', hex()][rnd(6)];
      samples.push(`${heads[rnd(heads.length)]}:${second}:${rnd(2) ? 'aa' : hex()}::${hex()}`);
      samples.push(`${heads[rnd(heads.length)]}:${second}:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}`);
    }
    samples.push('::1', '::', '::2', '203.0.113.7', '203.0.113.8', '::ffff:10.0.0.1', '1:2:3:4:5:6:10.0.0.1');
    const differ = samples.filter((ip) => ours.has(ip) !== check(ip));
    expect(differ).toEqual([]);
    expect(samples.filter((ip) => ours.has(ip)).length).toBeGreaterThan(5000);
  });

  it('parses the forms an address is written in, and nothing else', () => {
    expect(parseAddress('1.2.3.4')).toEqual([0x01020304]);
    expect(parseAddress('255.255.255.255')).toEqual([0xffffffff]);
    expect(parseAddress('::')).toEqual([0, 0, 0, 0]);
    expect(parseAddress('2001:db8::1')).toEqual([0x20010db8, 0, 0, 1]);
    expect(parseAddress('::ffff:1.2.3.4')).toEqual([0, 0, 0xffff, 0x01020304]);
    expect(parseAddress('::1.2.3.4')).toEqual([0, 0, 0, 0x01020304]);
    expect(parseAddress('1:2:3:4:5:6:7:8')).toEqual([0x10002, 0x30004, 0x50006, 0x70008]);
    for (const bad of ['', '1.2.3', '1.2.3.4.5', '256.1.1.1', '01.2.3.4', '1.2.3.-4', 'a.b.c.d', ':::', '1:::2', ':1::', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7::8', '12345::', 'g::1', '::1.2.3', '1:2:3:4:5:6::1.2.3.4']) {
      expect([bad, parseAddress(bad)]).toEqual([bad, null]);
    }
  });
});

import net from 'node:net';

// Address rules of the ingest, pure.

// The address as stored: IPv4-mapped IPv6 (::ffff:1.2.3.4, how Node reports IPv4 on a dual-stack
// socket) becomes plain IPv4; anything that is not an address becomes null.
export function normaliseIp(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let ip = raw.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) ip = mapped[1];
  // A zone index (fe80::1%eth0) is local to this machine.
  ip = ip.replace(/%.*$/, '');
  return net.isIP(ip) ? ip.toLowerCase() : null;
}

// Loopback, private, link-local and other addresses no geo database knows.
const NON_PUBLIC = blockList([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '::1/128',
  '::/128',
  'fc00::/7',
  'fe80::/10',
]);

export function isPublicIp(ip: string | null): boolean {
  return ip !== null && !contains(NON_PUBLIC, ip);
}

// Apple's own networks (17.0.0.0/8 and its IPv6 blocks): where Mail Privacy Protection's image
// prefetch comes from.
const APPLE = blockList(['17.0.0.0/8', '2620:149::/32', '2a01:b740::/32', '2403:300::/32']);

export function isAppleAddress(ip: string | null): boolean {
  return ip !== null && contains(APPLE, ip);
}

// Networks the big email security gateways scan links from (Barracuda, Mimecast, Proofpoint), as
// their customers are told to allow-list them.
const SCANNERS = blockList([
  // Barracuda Email Security Service
  '64.235.144.0/20',
  '209.222.80.0/21',
  // Mimecast (US, EU)
  '205.139.110.0/24',
  '207.211.30.0/24',
  '216.205.24.0/24',
  '91.220.42.0/24',
  '195.130.217.0/24',
  // Proofpoint (pphosted)
  '67.231.144.0/20',
  '148.163.128.0/19',
]);

export function isScannerAddress(ip: string | null): boolean {
  return ip !== null && contains(SCANNERS, ip);
}

function blockList(cidrs: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split('/');
    list.addSubnet(address, Number(prefix), net.isIPv6(address) ? 'ipv6' : 'ipv4');
  }
  return list;
}

function contains(list: net.BlockList, ip: string): boolean {
  const family = net.isIP(ip);
  if (!family) return false;
  return list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

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
const NON_PUBLIC = cidrSet([
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
  return ip !== null && !NON_PUBLIC.has(ip);
}

// Apple's own networks (17.0.0.0/8 and its IPv6 blocks): where Mail Privacy Protection's image
// prefetch comes from.
const APPLE = cidrSet(['17.0.0.0/8', '2620:149::/32', '2a01:b740::/32', '2403:300::/32']);

export function isAppleAddress(ip: string | null): boolean {
  return ip !== null && APPLE.has(ip);
}

// Networks the big email security gateways scan links from (Barracuda, Mimecast, Proofpoint), as
// their customers are told to allow-list them.
const SCANNERS = cidrSet([
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
  return ip !== null && SCANNERS.has(ip);
}

// A set of networks, matched in JavaScript on the address's parsed words: net.BlockList parses
// the address again in C++ for every check, which cost the pixel a few per cent of its time.
// cidr-set.spec.ts checks it against net.BlockList address by address.
export interface CidrSet {
  has(ip: string): boolean;
}

interface Network {
  words: number[];
  prefix: number;
}

export function cidrSet(cidrs: readonly string[]): CidrSet {
  const v4: Network[] = [];
  const v6: Network[] = [];
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split('/');
    const words = parseAddress(address);
    if (!words) throw new Error(`Not a network: ${cidr}`);
    (words.length === 1 ? v4 : v6).push({ words, prefix: Number(prefix) });
  }
  return {
    has(ip: string): boolean {
      const words = parseAddress(ip);
      if (!words) return false;
      if (words.length === 1) return v4.some((n) => inNetwork(words, n));
      // An IPv4-mapped address (::ffff:a.b.c.d) is in the IPv4 networks too, as net.BlockList has it.
      const mapped = words[0] === 0 && words[1] === 0 && words[2] === 0xffff ? [words[3]] : null;
      return v6.some((n) => inNetwork(words, n)) || (mapped !== null && v4.some((n) => inNetwork(mapped, n)));
    },
  };
}

// Whether the first `prefix` bits of the address are the network's.
function inNetwork(words: number[], n: Network): boolean {
  let bits = n.prefix;
  for (let i = 0; bits > 0; i++, bits -= 32) {
    const mask = bits >= 32 ? 0xffffffff : (0xffffffff << (32 - bits)) >>> 0;
    if (((words[i] & mask) >>> 0) !== ((n.words[i] & mask) >>> 0)) return false;
  }
  return true;
}

// Pure: an IPv4 address as one 32-bit word, an IPv6 address as four; null when it is neither.
export function parseAddress(ip: string): number[] | null {
  if (ip.includes(':')) return parseIpv6(ip);
  const v4 = parseIpv4(ip);
  return v4 === null ? null : [v4];
}

function parseIpv4(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

function parseIpv6(ip: string): number[] | null {
  // An IPv4 tail (::ffff:1.2.3.4) is the last two groups.
  let text = ip;
  let tail: number[] = [];
  const lastColon = ip.lastIndexOf(':');
  if (ip.includes('.', lastColon)) {
    const v4 = parseIpv4(ip.slice(lastColon + 1));
    if (v4 === null) return null;
    tail = [v4 >>> 16, v4 & 0xffff];
    text = ip.slice(0, lastColon + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = hextets(halves[0]);
  const rest = halves.length === 2 ? hextets(halves[1]) : [];
  if (!head || !rest) return null;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 2 ? known > 7 : known !== 8) return null;
  const groups = [...head, ...new Array<number>(8 - known).fill(0), ...rest, ...tail];
  return [0, 2, 4, 6].map((g) => groups[g] * 65536 + groups[g + 1]);
}

function hextets(part: string): number[] | null {
  if (part === '') return [];
  const out: number[] = [];
  for (const g of part.split(':')) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    out.push(parseInt(g, 16));
  }
  return out;
}

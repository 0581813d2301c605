import { BlockList, isIP } from 'node:net';

// Where a webhook may be sent (server-side request forgery): only to public internet addresses,
// never to this machine, the private network or the cloud's metadata service (in IPv4 or any IPv6
// form) unless the operator allows private targets
// (WEBHOOK_ALLOW_PRIVATE_TARGETS, for self-hosted receivers and tests). Pure.

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
// IPv6: only global unicast (2000::/3) is a target, less the blocks of the IANA IPv6
// Special-Purpose Address Registry inside it. Everything outside 2000::/3 is refused whole:
// loopback and unspecified, every form that wraps an IPv4 address (compatible ::/96, mapped
// ::ffff:0:0/96, translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48), which a
// connection may really deliver to that IPv4 address, discard, unique local, link-local, multicast.
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
const specialV6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32, wraps an IPv4 address), benchmarking, ORCHID...
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: wraps an IPv4 address
  ['3fff::', 20], // documentation
  ['5f00::', 16], // SRv6 segment identifiers
] as const) {
  specialV6.addSubnet(net, prefix, 'ipv6');
}

// True for every address a webhook is not sent to: loopback, private, link-local, shared,
// reserved, multicast, any IPv6 address outside public global unicast (and anything that is not
// an IP address at all).
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) return !globalUnicast.check(bare, 'ipv6') || specialV6.check(bare, 'ipv6');
  return true;
}

export const TARGET_MESSAGES = {
  invalid: 'Enter the full address of your receiver, such as https://hooks.example.com/eyemail.',
  https: 'Webhooks are sent over https only: enter an https:// address.',
  credentials: 'Put no user name or password in the address; check the signature instead.',
  private: 'This address leads to a private, loopback, link-local or reserved network (or wraps such an address in IPv6), which EyeMail does not send webhooks to.',
  unresolved: 'This host name could not be found. Check the address.',
} as const;

// The shape of a webhook address, before any DNS look-up: https (http too when private targets
// are allowed: a self-hosted receiver), no credentials, a host; a literal private IP is refused
// here already. The URL as it will be called, or the reason it cannot be.
export function checkTargetUrl(raw: unknown, allowPrivate: boolean): { url: URL } | { error: string } {
  if (typeof raw !== 'string' || raw.trim().length === 0 || raw.length > 2000) return { error: TARGET_MESSAGES.invalid };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { error: TARGET_MESSAGES.invalid };
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return { error: url.protocol === 'http:' ? TARGET_MESSAGES.https : TARGET_MESSAGES.invalid };
  if (url.username || url.password) return { error: TARGET_MESSAGES.credentials };
  if (!url.hostname) return { error: TARGET_MESSAGES.invalid };
  url.hash = '';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (isIP(host) ? isPrivateAddress(host) : /(^|\.)(localhost|local|internal|localdomain)$/i.test(host))) return { error: TARGET_MESSAGES.private };
  return { url };
}

// Of the addresses a host name resolved to, the one to connect to: the first, provided none of
// them is private (a name with one private address among public ones is refused: the resolver
// could hand out either). null when there is none to use.
export function pickAddress(addresses: readonly { address: string; family: number }[], allowPrivate: boolean): { address: string; family: number } | null {
  if (!addresses.length) return null;
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) return null;
  return addresses[0];
}

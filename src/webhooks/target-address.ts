import { BlockList, isIP } from 'node:net';

// Where a webhook may be sent (server-side request forgery): never to this machine, the private
// network or the cloud's metadata service unless the operator allows private targets
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
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

// The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) or
// IPv4-compatible IPv6 address, which a connection would really reach; null for other addresses.
function embeddedIpv4(ip: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::|::)(?:0+:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (m) return m[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!hex) return null;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

// True for loopback, private, link-local, shared, reserved and multicast addresses (and anything
// that is not an IP address at all).
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare.toLowerCase());
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(bare, 'ipv6');
  }
  return true;
}

export const TARGET_MESSAGES = {
  invalid: 'Enter the full address of your receiver, such as https://hooks.example.com/eyemail.',
  https: 'Webhooks are sent over https only: enter an https:// address.',
  credentials: 'Put no user name or password in the address; check the signature instead.',
  private: 'This address leads to a private, loopback or link-local network, which EyeMail does not send webhooks to.',
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

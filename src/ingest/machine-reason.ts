import type { EngagementKind, MachineReason } from '../engagement/engagement-kinds.js';
import { isAppleAddress, isScannerAddress } from '../geo-ip/ip-ranges.js';

// Machine traffic: which events a machine made, and why. Pure; nothing is ever dropped, the
// reason is stored and reports leave such events out by default.

// Gmail and Yahoo fetch images through their proxies: a real open by a person, but the agent and
// the address are the proxy's.
export function mailProxyOf(userAgent: string | null): 'Gmail' | 'Yahoo Mail' | null {
  if (!userAgent) return null;
  if (/GoogleImageProxy/i.test(userAgent)) return 'Gmail';
  if (/YahooMailProxy/i.test(userAgent)) return 'Yahoo Mail';
  return null;
}

// Apple Mail Privacy Protection fetches every image at delivery with this bare agent.
export function isApplePrefetchAgent(userAgent: string | null): boolean {
  return userAgent?.trim() === 'Mozilla/5.0';
}

// Email security gateways that open every link of a message before the recipient sees it.
const SCANNER_AGENT =
  /barracuda|mimecast|proofpoint|urldefense|ppops|messagelabs|symantec|trend ?micro|sophos|forcepoint|fireeye|trellix|ironport|spamtitan|zscaler|safelinks|avanan|hornetsecurity|libraesva|vade ?secure|bitdefender/i;

export function isScannerAgent(userAgent: string | null): boolean {
  return !!userAgent && SCANNER_AGENT.test(userAgent);
}

export interface MachineInput {
  kind: EngagementKind;
  method: string;
  userAgent: string | null;
  ip: string | null;
  // The user-agent adapter's verdict (node-device-detector's bot list, then isbot).
  agentIsBot: boolean;
  // v= was a merge tag the platform never filled in (shared/merge-tags.ts).
  unfilledTag?: boolean;
}

// A v= left as the platform's merge tag is the marketer testing (a preview, a test send, the
// exported HTML opened by hand), whoever fetched it: a test first. Then the order: plays (only browsers that ran the viewer's script send them) and the Gmail
// and Yahoo proxies are people; then Apple's prefetch, HEAD requests, known scanners, bots. Two
// rules need other rows and are applied once a batch is written, to the events still counted as
// a person's: first floods (flood.ts: beyond what a person can do, plays included), then the
// link-scanner bursts (bursts.ts).
export function machineReason(input: MachineInput): MachineReason | null {
  if (input.unfilledTag) return 'test';
  if (input.kind === 'play') return null;
  if (mailProxyOf(input.userAgent)) return null;
  if (input.kind === 'open' && isApplePrefetchAgent(input.userAgent) && isAppleAddress(input.ip)) return 'apple-privacy';
  if (input.method.toUpperCase() === 'HEAD') return 'head-request';
  if (isScannerAgent(input.userAgent) || isScannerAddress(input.ip)) return 'link-scanner';
  // Every mail client and browser sends an agent; a request without one is a script.
  if (!input.userAgent?.trim() || input.agentIsBot) return 'bot';
  return null;
}

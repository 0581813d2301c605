import { Injectable } from '@nestjs/common';
import DeviceDetectorModule from 'node-device-detector';
import { isbot } from 'isbot';

// What the reports keep of a user agent.
export interface ParsedAgent {
  deviceType: string | null; // node-device-detector's names: desktop, smartphone, tablet, ...
  platform: string | null; // the OS: Windows, Mac, iOS, Android, ...
  client: string | null; // the email client or browser
  isBot: boolean;
}

// The package is CommonJS typed with `export default`: at run time the module is the class itself.
type Detector = InstanceType<typeof DeviceDetectorModule.default>;
const DeviceDetector = ((DeviceDetectorModule as { default?: unknown }).default ?? DeviceDetectorModule) as typeof DeviceDetectorModule.default;

const EMPTY: ParsedAgent = { deviceType: null, platform: null, client: null, isBot: false };
const CACHE_SIZE = 5000;
const UA_MAX = 1000;

// Apple Mail (macOS and iOS) loads images with WebKit's bare agent: no "Safari/" or "Version/"
// token, which every Safari and in-app browser adds. The detector calls it Safari.
export function refineClient(userAgent: string, client: string | null, platform: string | null): string | null {
  if ((platform === 'Mac' || platform === 'iOS' || platform === 'iPadOS') && /AppleWebKit\/[\d.]+ \(KHTML, like Gecko\)(?: Mobile\/\w+)?$/.test(userAgent)) {
    return 'Apple Mail';
  }
  if (client === 'Microsoft Outlook') return 'Outlook';
  return client || null;
}

// The one adapter over the user-agent libraries: node-device-detector (device, OS, client and its
// bot list), isbot as the last word on bots. Parsing one agent costs milliseconds, and a campaign
// sees the same few agents over and over, so results are kept in a bounded cache. The detector's
// tables load on first use.
@Injectable()
export class UserAgentAdapter {
  private detector: Detector | null = null;
  private readonly cache = new Map<string, ParsedAgent>();

  parse(userAgent: string | null): ParsedAgent {
    if (!userAgent) return EMPTY;
    const ua = userAgent.slice(0, UA_MAX);
    const hit = this.cache.get(ua);
    if (hit) {
      // Least recently used goes first: move the hit to the end.
      this.cache.delete(ua);
      this.cache.set(ua, hit);
      return hit;
    }
    const parsed = this.parseUncached(ua);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(ua, parsed);
    return parsed;
  }

  private parseUncached(ua: string): ParsedAgent {
    this.detector ??= new DeviceDetector({ clientIndexes: true, deviceIndexes: true, deviceAliasCode: false });
    const bot = this.detector.parseBot(ua);
    const found = this.detector.detect(ua);
    const platform = found.os?.name || null;
    return {
      deviceType: found.device?.type || null,
      platform,
      client: refineClient(ua, found.client?.name || null, platform),
      isBot: Boolean(bot && bot.name) || isbot(ua),
    };
  }
}

import { Injectable } from '@nestjs/common';
import DeviceDetectorModule from 'node-device-detector';
import { isbot } from 'isbot';
import { RecentCache } from '../common/recent-cache.js';

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

// Every Outlook names itself somewhere in its agent: Outlook for Windows ("Microsoft Outlook
// 16.0...", and the Office token "ms-office; MSOffice 16" that the detector alone would call
// Microsoft Office), Outlook for Mac ("MacOutlook/"), Outlook for iOS and Android
// ("Outlook-iOS/", "Outlook-Android/") and the new Outlook for Windows, Edge's agent with
// "OneOutlook/". Only Outlook, of the Office apps, shows email and fetches its images.
const OUTLOOK_AGENT = /Microsoft Outlook|MacOutlook\/|Outlook-(?:iOS|Android)\/|OneOutlook\/|\bms-office\b|\bMSOffice \d/i;

// Windows Mail (Windows 10 and 11) shows mail in the system's EdgeHTML WebView: "WebView/3.0" and
// "Edge/18.x" in the agent. The detector calls it Microsoft Edge, which never sends "WebView/".
const WINDOWS_MAIL_AGENT = /; WebView\/3\.0\) .* Edge\/1[2-9]\./;

// One name per client whatever the detector's table calls it (the reports filter by it).
const CLIENT_NAMES: Record<string, string> = {
  'Microsoft Outlook': 'Outlook',
  'Yahoo! Mail': 'Yahoo Mail',
};

// The email client, where the detector's name for the agent is not the one a marketer knows.
// Apple Mail (macOS and iOS) loads images with WebKit's bare agent: no "Safari/" or "Version/"
// token, which every Safari and in-app browser adds. The detector calls it Safari.
export function refineClient(userAgent: string, client: string | null, platform: string | null): string | null {
  if ((platform === 'Mac' || platform === 'iOS' || platform === 'iPadOS') && /AppleWebKit\/[\d.]+ \(KHTML, like Gecko\)(?: Mobile\/\w+)?$/.test(userAgent)) {
    return 'Apple Mail';
  }
  if (OUTLOOK_AGENT.test(userAgent)) return 'Outlook';
  if (platform === 'Windows' && WINDOWS_MAIL_AGENT.test(userAgent)) return 'Windows Mail';
  if (client && CLIENT_NAMES[client]) return CLIENT_NAMES[client];
  return client || null;
}

// isbot flags any agent that does not look like a browser, mail apps included ("Outlook-Android/2.0",
// "WindowsMail/17.5"). An agent the detector knows as a mail client (its "pim" type) is a person's
// unless it is on the detector's own bot list.
export function agentIsBot(listedBot: boolean, isbotSays: boolean, clientType: string | null): boolean {
  if (listedBot) return true;
  return clientType === 'pim' ? false : isbotSays;
}

// The one adapter over the user-agent libraries: node-device-detector (device, OS, client and its
// bot list), isbot as the last word on bots. Parsing one agent costs milliseconds, and a campaign
// sees the same few agents over and over, so results are kept in a bounded cache. The detector's
// tables load on first use.
@Injectable()
export class UserAgentAdapter {
  private detector: Detector | null = null;
  private readonly cache = new RecentCache<string, ParsedAgent>(CACHE_SIZE);

  parse(userAgent: string | null): ParsedAgent {
    if (!userAgent) return EMPTY;
    const ua = userAgent.slice(0, UA_MAX);
    const hit = this.cache.get(ua);
    if (hit) return hit;
    const parsed = this.parseUncached(ua);
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
      isBot: agentIsBot(Boolean(bot && bot.name), isbot(ua), found.client?.type || null),
    };
  }
}

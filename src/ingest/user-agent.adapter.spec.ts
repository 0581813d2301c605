import { machineReason, mailProxyOf } from './machine-reason.js';
import { agentIsBot, refineClient, UserAgentAdapter } from './user-agent.adapter.js';
import { EXPECTED_AGENTS, REAL_AGENTS as UA } from './user-agents.fixtures.js';

// The adapter over node-device-detector and isbot, on real agents, and the machine verdict the
// ingest reaches with it (the same steps as IngestService.event).
const agents = new UserAgentAdapter();
const PUBLIC_IP = '81.2.69.142';
const APPLE_IP = '17.58.101.10';
const PROOFPOINT_IP = '148.163.150.20';

function verdict(userAgent: string, opts: { kind?: 'open' | 'click' | 'play'; method?: string; ip?: string } = {}) {
  const proxy = mailProxyOf(userAgent);
  const parsed = proxy ? { deviceType: null, platform: null, client: proxy, isBot: false } : agents.parse(userAgent);
  const reason = machineReason({
    kind: opts.kind ?? 'open',
    method: opts.method ?? 'GET',
    userAgent,
    ip: opts.ip ?? PUBLIC_IP,
    agentIsBot: parsed.isBot,
  });
  return { ...parsed, reason };
}

describe('user agents of mail clients and browsers', () => {
  it('the fixture table holds at least 30 real mail-client, proxy and browser agents', () => {
    expect(EXPECTED_AGENTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(EXPECTED_AGENTS.map(([, agent]) => agent)).size).toBe(EXPECTED_AGENTS.length);
  });

  it.each(EXPECTED_AGENTS)('%s is a person with its device, OS and client', (_name, agent, expected) => {
    expect(verdict(UA[agent])).toEqual({ ...expected, isBot: false, reason: null });
    // A click from the same agent is a person's too.
    expect(verdict(UA[agent], { kind: 'click' }).reason).toBeNull();
  });

  it('Gmail and Yahoo image proxies are real opens, client Gmail / Yahoo Mail, nothing else known', () => {
    expect(verdict(UA.gmailProxy, { ip: '66.102.8.10' })).toEqual({ deviceType: null, platform: null, client: 'Gmail', isBot: false, reason: null });
    expect(verdict(UA.yahooProxy, { ip: '98.137.11.164' })).toEqual({ deviceType: null, platform: null, client: 'Yahoo Mail', isBot: false, reason: null });
    // The detector and isbot both call the proxies bots; the proxy rule comes first.
    expect(agents.parse(UA.gmailProxy).isBot).toBe(true);
    expect(agents.parse(UA.yahooProxy).isBot).toBe(true);
  });

  it("Apple Mail Privacy Protection's prefetch from Apple's network is a machine open", () => {
    expect(verdict(UA.applePrefetch, { ip: APPLE_IP }).reason).toBe('apple-privacy');
    // The same bare agent elsewhere is no Apple prefetch, and no mail client: a bot.
    expect(verdict(UA.applePrefetch, { ip: PUBLIC_IP }).reason).toBe('bot');
    // Apple Mail's full agent from Apple's network is a person reading through Apple's relay.
    expect(verdict(UA.appleMailIphone, { ip: APPLE_IP }).reason).toBeNull();
  });

  it('security gateways are link scanners, by agent or by address', () => {
    expect(verdict(UA.barracuda, { kind: 'click' }).reason).toBe('link-scanner');
    expect(verdict(UA.mimecast, { kind: 'click' }).reason).toBe('link-scanner');
    expect(verdict(UA.proofpointLike, { kind: 'click' }).reason).toBeNull();
    expect(verdict(UA.proofpointLike, { kind: 'click', ip: PROOFPOINT_IP }).reason).toBe('link-scanner');
    expect(verdict(UA.proofpointLike, { kind: 'click', ip: '205.139.110.30' }).reason).toBe('link-scanner'); // Mimecast US
  });

  it('HEAD requests are machine clicks, whatever the agent', () => {
    expect(verdict(UA.chromeWindows, { kind: 'click', method: 'HEAD' }).reason).toBe('head-request');
  });

  it('curl and Googlebot are bots', () => {
    expect(verdict(UA.curl).reason).toBe('bot');
    expect(verdict(UA.googlebot, { kind: 'click' }).reason).toBe('bot');
    expect(agents.parse(UA.googlebot).isBot).toBe(true);
  });

  it('a play is a person, whatever the agent (only browsers running the viewer send plays)', () => {
    expect(verdict(UA.curl, { kind: 'play', method: 'POST' }).reason).toBeNull();
  });

  it('an empty agent parses to nothing', () => {
    expect(agents.parse(null)).toEqual({ deviceType: null, platform: null, client: null, isBot: false });
    expect(agents.parse('')).toEqual({ deviceType: null, platform: null, client: null, isBot: false });
  });

  it('answers repeated agents from its cache with the same result', () => {
    const first = agents.parse(UA.thunderbird);
    expect(agents.parse(UA.thunderbird)).toBe(first);
  });
});

describe('refineClient', () => {
  it('calls WebKit without a Safari token on Apple systems Apple Mail', () => {
    expect(refineClient(UA.appleMailMac, 'Safari', 'Mac')).toBe('Apple Mail');
    expect(refineClient(UA.safariMac, 'Safari', 'Mac')).toBe('Safari');
    expect(refineClient(UA.chromeWindows, 'Chrome', 'Windows')).toBe('Chrome');
  });

  it('names Microsoft Outlook Outlook', () => {
    expect(refineClient(UA.outlookMac, 'Microsoft Outlook', 'Mac')).toBe('Outlook');
  });

  it("names Outlook every agent with an Outlook or Office token, whatever the detector's name", () => {
    expect(refineClient(UA.outlookWindowsMsOffice, 'Microsoft Office', 'Windows')).toBe('Outlook');
    expect(refineClient(UA.outlookWindowsOfficeToken, 'Microsoft Office', 'Windows')).toBe('Outlook');
    expect(refineClient(UA.newOutlook, 'Microsoft Edge', 'Windows')).toBe('Outlook');
    expect(refineClient(UA.edgeWindows, 'Microsoft Edge', 'Windows')).toBe('Microsoft Edge');
  });

  it("names Windows Mail's WebView Windows Mail, and one name for Yahoo Mail", () => {
    expect(refineClient(UA.windowsMail, 'Microsoft Edge', 'Windows')).toBe('Windows Mail');
    expect(refineClient(UA.yahooMailIos, 'Yahoo! Mail', 'iOS')).toBe('Yahoo Mail');
  });
});

describe('agentIsBot', () => {
  it("trusts the detector's bot list first, then isbot, except for agents the detector knows as mail clients", () => {
    expect(agentIsBot(true, false, 'pim')).toBe(true);
    expect(agentIsBot(false, true, 'pim')).toBe(false);
    expect(agentIsBot(false, true, 'browser')).toBe(true);
    expect(agentIsBot(false, true, null)).toBe(true);
    expect(agentIsBot(false, false, null)).toBe(false);
  });
});

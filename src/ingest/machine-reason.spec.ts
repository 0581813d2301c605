import { isApplePrefetchAgent, isScannerAgent, machineReason, mailProxyOf, type MachineInput } from './machine-reason.js';
import { REAL_AGENTS as UA } from './user-agents.fixtures.js';
import { EMAIL_PLATFORMS } from '../snippets/email-platforms.js';
import { receiverFromQuery, unfilledTagIn } from '../shared/receiver.js';

const base: MachineInput = { kind: 'open', method: 'GET', userAgent: UA.chromeWindows, ip: '81.2.69.142', agentIsBot: false };
const reason = (over: Partial<MachineInput>) => machineReason({ ...base, ...over });

describe('machineReason, in the issue order', () => {
  it('a person by default', () => {
    expect(reason({})).toBeNull();
    expect(reason({ kind: 'click' })).toBeNull();
  });

  it('a v= left as a merge tag is a test, before anything else', () => {
    expect(reason({ unfilledTag: true })).toBe('test');
    expect(reason({ kind: 'click', unfilledTag: true, method: 'HEAD', agentIsBot: true })).toBe('test');
    expect(reason({ kind: 'play', unfilledTag: true })).toBe('test');
    expect(reason({ unfilledTag: false })).toBeNull();
  });

  // The export writes each platform's recipient tag into v= (email-platforms.ts): left unfilled, as
  // the browser sends it or URL-encoded, it names no receiver and is a test.
  it.each(EMAIL_PLATFORMS.filter((p) => p.recipientTag).map((p) => [p.code, p.recipientTag] as const))('%s: its unfilled recipient tag is a test', (_code, tag) => {
    for (const v of [tag, encodeURIComponent(tag)]) {
      expect(receiverFromQuery(v)).toBeNull();
      expect(unfilledTagIn(v)).toBe(true);
    }
  });

  it('a real recipient, or no v= at all, is no test', () => {
    for (const v of ['ann@example.com', 'a+b&c%e@example.com', '0031x00000AbCdE', '', undefined, 42]) expect(unfilledTagIn(v)).toBe(false);
    expect(unfilledTagIn(['*|EMAIL|*', 'x'])).toBe(true);
  });

  it('plays are people before anything else', () => {
    expect(reason({ kind: 'play', method: 'HEAD', userAgent: null, agentIsBot: true })).toBeNull();
  });

  it('the Gmail and Yahoo proxies are people before any bot rule', () => {
    expect(reason({ userAgent: UA.gmailProxy, agentIsBot: true })).toBeNull();
    expect(reason({ userAgent: UA.yahooProxy, agentIsBot: true, ip: '148.163.150.20' })).toBeNull();
  });

  it("Apple's prefetch needs the bare agent and an Apple address, and is about opens", () => {
    expect(reason({ userAgent: 'Mozilla/5.0', ip: '17.1.2.3', agentIsBot: true })).toBe('apple-privacy');
    expect(reason({ userAgent: 'Mozilla/5.0', ip: '2620:149:1::1', agentIsBot: true })).toBe('apple-privacy');
    expect(reason({ userAgent: 'Mozilla/5.0', ip: '18.1.2.3', agentIsBot: true })).toBe('bot');
    expect(reason({ kind: 'click', userAgent: 'Mozilla/5.0', ip: '17.1.2.3', agentIsBot: true })).toBe('bot');
  });

  it('HEAD comes before scanner agents and bots', () => {
    expect(reason({ kind: 'click', method: 'HEAD', userAgent: UA.barracuda, agentIsBot: true })).toBe('head-request');
    expect(reason({ kind: 'click', method: 'head' })).toBe('head-request');
  });

  it('scanner agents and addresses come before the bot lists', () => {
    expect(reason({ kind: 'click', userAgent: UA.barracuda, agentIsBot: true })).toBe('link-scanner');
    expect(reason({ kind: 'click', ip: '64.235.150.1' })).toBe('link-scanner');
    expect(reason({ kind: 'open', ip: '148.163.130.9' })).toBe('link-scanner');
  });

  it('bots, and requests with no agent at all', () => {
    expect(reason({ agentIsBot: true })).toBe('bot');
    expect(reason({ userAgent: null })).toBe('bot');
    expect(reason({ userAgent: '   ' })).toBe('bot');
  });
});

describe('agent rules', () => {
  it('mailProxyOf', () => {
    expect(mailProxyOf(UA.gmailProxy)).toBe('Gmail');
    expect(mailProxyOf(UA.yahooProxy)).toBe('Yahoo Mail');
    expect(mailProxyOf(UA.chromeWindows)).toBeNull();
    expect(mailProxyOf(null)).toBeNull();
  });

  it('isApplePrefetchAgent is the bare agent only', () => {
    expect(isApplePrefetchAgent('Mozilla/5.0')).toBe(true);
    expect(isApplePrefetchAgent(UA.appleMailMac)).toBe(false);
  });

  it('isScannerAgent', () => {
    expect(isScannerAgent(UA.barracuda)).toBe(true);
    expect(isScannerAgent(UA.mimecast)).toBe(true);
    expect(isScannerAgent(UA.outlookWindows)).toBe(false);
    expect(isScannerAgent(UA.safariMac)).toBe(false);
  });
});

// Merge tags end to end, on the real app: for every email platform, the exported HTML's open pixel
// and click link with the platform's recipient tag replaced the way the platform replaces it (by
// the address, URL-encoded where the tag is the platform's URL-encoding form), requested as a
// browser sends them (the fragment after "#" never leaves the browser), arrive in the report with
// the address intact, and the click's web view carries it on.
import { jest } from '@jest/globals';
import { EMAIL_PLATFORMS, type EmailPlatform } from '../../src/snippets/email-platforms.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, type Client } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { listen, rawRequest } from '../support/raw-http.js';

jest.setTimeout(180_000);

const decodeAttr = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

// The link as the platform sends it: its recipient tag replaced by the address, URL-encoded where
// the platform's tag encodes it.
function substituted(platform: EmailPlatform, url: string, address: string): string {
  const value = platform.recipientTagUrlEncoded ? encodeURIComponent(address) : address;
  return url.split(platform.recipientTag).join(value);
}

// What a browser (or a mail client fetching the pixel) puts on the wire: path and query, never the
// fragment.
function onTheWire(url: string): string {
  const u = url.indexOf('#');
  const noFragment = u >= 0 ? url.slice(0, u) : url;
  return noFragment.slice(noFragment.indexOf('/', noFragment.indexOf('//') + 2));
}

describe('merge tags: an address with + & # % reaches the report intact', () => {
  let t: TestApp;
  let owner: Client;
  let snippet: Record<string, any>;

  beforeAll(async () => {
    t = await startTestApp();
    owner = (await signUp(t)).client;
    const { videoId } = await readyVideo(owner);
    snippet = await createSnippet(owner, snippetPayload(videoId, { landingPageUrl: 'https://shop.example.com/spring' }));
    await listen(t.app.getHttpServer());
  });
  afterAll(async () => {
    await t?.close();
  });

  const report = async () => {
    const res = await owner.get(`/api/reports/${snippet.snippet}?includeMachine=true`);
    expect(res.status).toBe(200);
    return res.body.body as { receiver: string | null; kind?: string; engagementType?: string }[];
  };

  const platforms = EMAIL_PLATFORMS.filter((p) => p.recipientTag);

  it.each(platforms.map((p) => [p.code, p] as const))('%s: the open and the click carry the address into the report', async (code, platform) => {
    // "#" starts the URL's fragment, which never reaches a server: only a tag the platform
    // URL-encodes can carry it. Every platform carries "+", "&" and "%".
    const address = platform.recipientTagUrlEncoded ? `a+b&c#d%e.${code}@example.com` : `a+b&c%e.${code}@example.com`;
    const res = await owner.get(`/api/snippets/${snippet.snippet}/html?emailPlatform=${code}&includeHeader=true`);
    expect(res.status).toBe(200);
    const html: string = res.body.body.html;
    const pixel = decodeAttr(/<img src="([^"]*\/t\/o\/[^"]*)"/.exec(html)![1]);
    // The header line's click, which always lands on the web view (the video goes to the landing
    // page, which is never told who the recipient is).
    const clicks = [...html.matchAll(/<a [^>]*href="([^"]*\/t\/c\/[^"]*)"/g)].map((m) => decodeAttr(m[1]));
    const click = clicks.find((c) => c.includes(encodeURIComponent('/eyemail/')))!;
    expect(click).toBeDefined();
    expect(pixel).toContain(`v=${platform.recipientTag}`);
    expect(click).toContain(`v=${platform.recipientTag}`);

    const server = t.app.getHttpServer();
    const opened = await rawRequest(server, onTheWire(substituted(platform, pixel, address)), { headers: { 'User-Agent': UA.appleMailIphone } });
    expect(opened.status).toBe(200);
    const clicked = await rawRequest(server, onTheWire(substituted(platform, click, address)), { headers: { 'User-Agent': UA.safariMac } });
    expect(clicked.status).toBe(302);
    // The web view the click lands on knows the recipient, for its play reports.
    expect(new URL(String(clicked.headers.location)).searchParams.get('v')).toBe(address);

    const mine = (await report()).filter((r) => r.receiver === address);
    expect(mine).toHaveLength(2);
  });

  it('without an encoding tag, "#" is lost on the wire: the platforms that have one use it', () => {
    for (const code of ['mailchimp', 'hubspot', 'braze', 'customer-io']) {
      expect(platforms.find((p) => p.code === code)?.recipientTagUrlEncoded).toBe(true);
    }
    const other = platforms.find((p) => !p.recipientTagUrlEncoded)!;
    expect(onTheWire(substituted(other, 'https://x.example/t/o/1.gif?v=' + other.recipientTag, 'a#b@example.com'))).toBe('/t/o/1.gif?v=a');
  });
});

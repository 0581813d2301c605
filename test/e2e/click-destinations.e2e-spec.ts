// Where clicks in an exported EyeMail land, followed through the real export and the real click
// redirect: the video, its GIF and Outlook's poster open the landing page when there is one (else
// the web view), the header line always opens the web view, the web view links on to the landing
// page, and every click is recorded with where it went and shown so in the report and its CSV.
import { jest } from '@jest/globals';
import { findEmailPlatform } from '../../src/snippets/email-platforms.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type Client } from '../support/account-factory.js';
import { buttonsJson, createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';

jest.setTimeout(180_000);

const BASE = 'http://eyemail.test';
const LANDING = 'https://shop.example.com/spring?utm_source=email';

// The links of one exported email, as the recipient's mail client would meet them.
function linksOf(html: string) {
  const decode = (h: string) => h.replace(/&amp;/g, '&');
  const video = /<!--\[if !mso\]><!--><a href="([^"]+)" aria-label="([^"]+)"[^>]*><video /.exec(html);
  const gif = /<a href="([^"]+)"[^>]*>(?:(?!<\/a>).)*<img class="em-f" /.exec(html);
  const poster = /<!--\[if mso\]><a href="([^"]+)"[^>]*><img /.exec(html);
  const header = /<a class="em-d" href="([^"]+)"[^>]*>If Unable to See or Hear, Click Here<\/a>/.exec(html);
  const buttons = [...html.matchAll(/<a href="([^"]+)" target="_blank" style="display:inline-block;[^"]*">([^<]+)<\/a>/g)].map((m) => ({ href: decode(m[1]), label: m[2] }));
  if (!video || !gif || !poster || !header) throw new Error(`links missing from the export: ${html}`);
  return { video: decode(video[1]), videoName: video[2], gif: decode(gif[1]), poster: decode(poster[1]), header: decode(header[1]), buttons };
}

describe('where clicks in an exported EyeMail land', () => {
  let t: TestApp;
  let owner: Client;
  let videoId: string;
  let seq = 0;

  const exportFor = async (snippetId: string, platform: string) => {
    const res = await owner.get(`/api/snippets/${snippetId}/html?emailPlatform=${platform}`);
    expect(res.status).toBe(200);
    return res.body.body as { html: string; blockHtml: string };
  };
  // The platform fills in its merge tag for one recipient, then the recipient clicks.
  const sendAndClick = async (href: string, platform: string, recipient: string) => {
    const tag = findEmailPlatform(platform).recipientTag;
    const sent = tag ? href.replace(tag, encodeURIComponent(recipient)) : href;
    expect(sent.startsWith(`${BASE}/t/c/`)).toBe(true);
    const res = await t.http.get(sent.slice(BASE.length)).set('User-Agent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36');
    expect(res.status).toBe(302);
    return res.headers.location as string;
  };
  const clicksOf = (receiver: string) =>
    sql<{ target: string | null; destination: string | null; destination_label: string | null }>(
      t,
      `select target, destination, destination_label from engagement where kind = 'click' and receiver = ? order by id`,
      [receiver],
    );

  beforeAll(async () => {
    t = await startTestApp();
    owner = (await signUp(t)).client;
    videoId = (await readyVideo(owner)).videoId;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('with a landing page', () => {
    let snippet: Record<string, any>;
    beforeAll(async () => {
      snippet = await createSnippet(
        owner,
        snippetPayload(videoId, {
          landingPageUrl: LANDING,
          // a button to the landing page too: its clicks are still reported as the button
          ctaButtonsJSON: buttonsJson([
            { title: 'Shop now', url: LANDING },
            { title: 'Book a demo', url: 'https://shop.example.com/demo' },
          ]),
        }),
      );
    });

    it.each([['mailchimp'], ['hubspot'], ['salesforce-marketing-cloud'], ['other']])(
      '%s: the video, the GIF and the poster land on the landing page, each click recorded as such',
      async (platform) => {
        const who = `ann-${platform}-${++seq}@example.com`;
        const { html } = await exportFor(snippet.snippet, platform);
        const links = linksOf(html);
        expect(links.videoName).toBe('Play video: Spring launch (opens the landing page)');
        for (const href of [links.video, links.gif, links.poster]) expect(await sendAndClick(href, platform, who)).toBe(LANDING);
        // 'Other' has no merge tag: its clicks come without a receiver.
        if (platform === 'other') return;
        expect(await clicksOf(who)).toEqual(Array(3).fill({ target: LANDING, destination: 'landing-page', destination_label: null }));
      },
    );

    it.each([['mailchimp'], ['hubspot']])('%s: the header line always lands on the web view, recorded as such', async (platform) => {
      const who = `bob-${platform}-${++seq}@example.com`;
      const { html } = await exportFor(snippet.snippet, platform);
      expect(await sendAndClick(linksOf(html).header, platform, who)).toBe(`${BASE}/eyemail/${snippet.snippet}?v=${encodeURIComponent(who)}`);
      expect(await clicksOf(who)).toEqual([{ target: null, destination: 'web-view', destination_label: null }]);
    });

    it('reports a button by its label, even when it leads to the landing page', async () => {
      const who = `cai-${++seq}@example.com`;
      const { buttons } = linksOf((await exportFor(snippet.snippet, 'hubspot')).html);
      expect(buttons.map((b) => b.label)).toEqual(['Shop now', 'Book a demo']);
      expect(await sendAndClick(buttons[0].href, 'hubspot', who)).toBe(LANDING);
      expect(await sendAndClick(buttons[1].href, 'hubspot', who)).toBe('https://shop.example.com/demo');
      expect(await clicksOf(who)).toEqual([
        { target: LANDING, destination: 'button', destination_label: 'Shop now' },
        { target: 'https://shop.example.com/demo', destination: 'button', destination_label: 'Book a demo' },
      ]);
    });

    it('the web view links on to the landing page, through the click redirect', async () => {
      const who = `dee-${++seq}@example.com`;
      const webView = await sendAndClick(linksOf((await exportFor(snippet.snippet, 'hubspot')).html).header, 'hubspot', who);
      const page = await t.http.get(webView.slice(BASE.length));
      expect(page.status).toBe(200);
      const link = /<a class="em-landing-link" href="([^"]+)"[^>]*>Visit shop\.example\.com/.exec(page.text);
      expect(link).not.toBeNull();
      const href = link![1].replace(/&amp;/g, '&').replace(/&#x3D;/g, '=');
      const res = await t.http.get(href.slice(BASE.length));
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(LANDING);
      expect(await clicksOf(who)).toEqual([
        { target: null, destination: 'web-view', destination_label: null },
        { target: LANDING, destination: 'landing-page', destination_label: null },
      ]);
    });

    it('still refuses targets that are not the snippet’s own, sending them to the web view', async () => {
      const who = `eve-${++seq}@example.com`;
      const location = await sendAndClick(`${BASE}/t/c/${snippet.snippet}?v=${encodeURIComponent(who)}&u=${encodeURIComponent('https://evil.example/')}`, 'other', who);
      expect(location).toBe(`${BASE}/eyemail/${snippet.snippet}?v=${encodeURIComponent(who)}`);
      // A button's place (b=) goes to that button's target as it is now, never to the link's u=.
      const viaButton = await sendAndClick(`${BASE}/t/c/${snippet.snippet}?v=${encodeURIComponent(who)}&u=${encodeURIComponent('https://evil.example/')}&b=1`, 'other', who);
      expect(viaButton).toBe(LANDING);
      expect(await clicksOf(who)).toEqual([
        { target: null, destination: 'web-view', destination_label: null },
        { target: LANDING, destination: 'button', destination_label: 'Shop now' },
      ]);
    });

    it('shows where each click went in the report records, its feed and its CSV', async () => {
      const who = `fay-${++seq}@example.com`;
      const links = linksOf((await exportFor(snippet.snippet, 'mailchimp')).html);
      await sendAndClick(links.video, 'mailchimp', who);
      await sendAndClick(links.header, 'mailchimp', who);
      await sendAndClick(links.buttons[1].href, 'mailchimp', who);
      const q = `receiver=${encodeURIComponent(who)}&includeMachine=true`;
      const records = (await owner.get(`/api/reports/${snippet.snippet}?${q}`)).body.body as Record<string, unknown>[];
      expect(records.map((r) => [r.destination, r.destinationLabel])).toEqual([
        ['button', 'Book a demo'],
        ['web-view', null],
        ['landing-page', null],
      ]);
      const feed = (await owner.get(`/api/reports/${snippet.snippet}/feed/json?${q}`)).body;
      expect(JSON.stringify(feed)).toContain('"destination":"landing-page"');
      const csv = (
        await owner
          .get(`/api/reports/${snippet.snippet}/download?${q}`)
          .buffer(true)
          .parse((res, cb) => {
            let data = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (data += c));
            res.on('end', () => cb(null, data));
          })
      ).body as string;
      const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0].endsWith(',Target,Machine Reason,Destination,Share Watched (%),Sound On')).toBe(true);
      const destination = lines[0].split(',').indexOf('Destination');
      expect(lines.slice(1).map((l) => l.split(',')[destination])).toEqual(['Button \u201cBook a demo\u201d', 'Web view', 'Landing page']);
    });
  });

  describe('without a landing page', () => {
    it.each([['mailchimp'], ['klaviyo']])('%s: the video, the GIF and the poster land on the web view, recorded as such', async (platform) => {
      const snippet = await createSnippet(owner, snippetPayload(videoId, { landingPageUrl: '' }));
      const who = `gus-${platform}-${++seq}@example.com`;
      const links = linksOf((await exportFor(snippet.snippet, platform)).html);
      expect(links.videoName).toBe('Play video: Spring launch (opens the web view with sound)');
      const webView = `${BASE}/eyemail/${snippet.snippet}?v=${encodeURIComponent(who)}`;
      for (const href of [links.video, links.gif, links.poster, links.header]) expect(await sendAndClick(href, platform, who)).toBe(webView);
      expect(await clicksOf(who)).toEqual(Array(4).fill({ target: null, destination: 'web-view', destination_label: null }));
      // the web view has no landing page link then: it is where the video goes
      expect((await t.http.get(webView.slice(BASE.length))).text).not.toContain('class="em-landing');
    });
  });

  it('offers the block with its styles beside the whole document, with the same links', async () => {
    const snippet = await createSnippet(owner, snippetPayload(videoId, { landingPageUrl: LANDING }));
    const res = await owner.get(`/api/snippets/${snippet.snippet}/html?emailPlatform=mailchimp&preheader=Hello`);
    const { html, blockHtml, blockSizeBytes } = res.body.body;
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(blockHtml.startsWith('<style')).toBe(true);
    expect(blockHtml).not.toMatch(/<html|<body|<head|<!DOCTYPE/i);
    expect(blockSizeBytes).toBe(Buffer.byteLength(blockHtml, 'utf8'));
    expect(linksOf(blockHtml)).toEqual(linksOf(html));
    const platforms = (await t.http.get('/api/global/email-platforms')).body.body as { code: string; pasteHint: { block: string; document: string } }[];
    expect(platforms.find((p) => p.code === 'mailchimp')!.pasteHint.block).toMatch(/Code block/);
  });
});

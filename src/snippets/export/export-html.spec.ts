import type { CtaButton } from '../../shared/snippet-rules.js';
import { EMAIL_PLATFORMS, type EmailPlatform } from '../email-platforms.js';
import { compactHtml, compileEmailTemplates, renderEmailBlock, renderEmailExport, renderEmailPreviewPage } from './export-html.js';
import { buildEmailViewModel } from './export-view-model.js';
import type { BuildEmailInput, ExportSnippet } from './export-types.js';
import { heaviestButton } from './export.fixtures.js';

const BASE = 'https://app.eyemail.example';
const CDN = 'https://cdn.example.com';
const ID = '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f';
const BUDGET = 15 * 1024;

const button = (i: number): CtaButton => heaviestButton(i, `https://shop.example.com/products/${i}?utm_source=email&utm_campaign=spring`);

// Logo, cover, mute icon overlay and 4 buttons: the biggest export there is.
const fullSnippet = (over: Partial<ExportSnippet> = {}): ExportSnippet => ({
  id: ID,
  title: 'Spring launch: meet the new collection in motion, filmed on location in Lisbon this March',
  width: 600,
  logo: { url: `${CDN}/media/acme/logo-2024-final.png`, alignment: 'center', width: 160 },
  cover: { url: `${CDN}/media/acme/cover-spring-collection.jpg`, placement: 'above', spacing: 2 },
  video: {
    mp4Url: `${CDN}/media/acme/${ID}/video-600.mp4`,
    posterUrl: `${CDN}/media/acme/${ID}/poster.jpg`,
    gifUrl: `${CDN}/media/acme/${ID}/preview.gif`,
  },
  addVideoOverlay: true,
  videoOverlay: 'black',
  landingPageUrl: 'https://shop.example.com/collections/spring?utm_source=email&utm_medium=video',
  videoLinkUrl: 'https://shop.example.com/watch/spring-film',
  buttons: [1, 2, 3, 4].map(button),
  ...over,
});

const render = (platform: EmailPlatform | string, snippet = fullSnippet(), rest: Partial<BuildEmailInput> = {}) =>
  renderEmailExport(
    buildEmailViewModel({
      snippet,
      platform,
      publicBaseUrl: BASE,
      options: { includeUnsubscribeLink: true, ...rest.options },
      ...rest,
    }),
  );

// ---- a small markup checker: what an HTML parser sees, and what Outlook's Word engine sees ------

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

function webView(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, '');
}

function outlookView(html: string): string {
  return html
    .replace(/<!--\[if !mso\]><!-->[\s\S]*?<!--<!\[endif\]-->/g, '')
    .replace(/<!--\[if mso\]>([\s\S]*?)<!\[endif\]-->/g, '$1')
    .replace(/<!--[\s\S]*?-->/g, '');
}

// Problems found: unclosed or stray tags, malformed tags, comments that do not close.
function markupProblems(html: string): string[] {
  const problems: string[] = [];
  const leftover = html.replace(/<!--[\s\S]*?-->/g, '');
  if (leftover.includes('<!--') || leftover.includes('-->')) problems.push('a comment does not close');
  for (const [name, view] of [
    ['web', webView(html)],
    ['outlook', outlookView(html)],
  ] as const) {
    const body = view.replace(/^<!DOCTYPE html>/i, '').replace(/<style[^>]*>[^<]*<\/style>/g, '<style></style>');
    const tagRe = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[a-zA-Z_:][\w:.-]*(?:="[^"<>]*")?)*)\s*(\/?)>/g;
    const stack: string[] = [];
    let matched = 0;
    for (const m of body.matchAll(tagRe)) {
      matched++;
      const [, closing, rawTag, , selfClosing] = m;
      const tag = rawTag.toLowerCase();
      if (closing) {
        const top = stack.pop();
        if (top !== tag) problems.push(`${name}: </${tag}> closes <${top ?? 'nothing'}>`);
      } else if (!VOID.has(tag) && !(selfClosing && tag.includes(':'))) {
        stack.push(tag);
      }
    }
    const lt = (body.match(/</g) ?? []).length;
    if (lt !== matched) problems.push(`${name}: ${lt - matched} malformed tag(s) or stray "<"`);
    if (stack.length) problems.push(`${name}: unclosed ${stack.join(', ')}`);
  }
  return problems;
}

function decode(attr: string): string {
  return attr.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

// Event handler attributes (onclick=, onerror=…) on any tag; text that merely reads so is fine.
function eventHandlers(html: string): string[] {
  const tags = html.replace(/="[^"]*"/g, '=""').match(/<[a-zA-Z][^>]*>/g) ?? [];
  return tags.filter((t) => /\son[a-z]+=/i.test(t));
}

function urlAttributes(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src|poster)="([^"]*)"/g)].map((m) => decode(m[1]));
}

describe('the markup checker', () => {
  it('finds what it is meant to find', () => {
    expect(markupProblems('<table><tr><td>x</td></tr></table>')).toEqual([]);
    expect(markupProblems('<table><tr><td>x</tr></table>')).not.toEqual([]);
    expect(markupProblems('<div><!--[if mso]><table><![endif]--></div>')).toEqual(['outlook: </div> closes <table>', 'outlook: unclosed div']);
    expect(markupProblems('<div><!--[if mso]>x</div>')).toContain('a comment does not close');
    expect(markupProblems('<a href="x"y">z</a>')).not.toEqual([]);
    expect(markupProblems('<p>1 < 2</p>')).not.toEqual([]);
    expect(eventHandlers('<img src="x" onerror="alert(1)">')).toHaveLength(1);
    expect(eventHandlers('<p title="a onload=b">onerror=x</p>')).toEqual([]);
  });
});

describe.each(EMAIL_PLATFORMS.map((p) => [p.code, p] as const))('export for %s', (_code, platform) => {
  const html = render(platform);

  it(`stays under 15 KB with logo, cover, overlay and 4 buttons`, () => {
    expect(Buffer.byteLength(html, 'utf8')).toBeLessThan(BUDGET);
  });

  it('is a well-formed document for browsers and for Outlook, with no script', () => {
    expect(html.startsWith('<!DOCTYPE html><html')).toBe(true);
    expect(html.endsWith('</html>')).toBe(true);
    expect(markupProblems(html)).toEqual([]);
    expect(html).not.toMatch(/<script|javascript:|<link|<iframe|<form/i);
    expect(eventHandlers(html)).toEqual([]);
  });

  it('writes the recipient merge tag literally into every tracked link, never percent-encoded', () => {
    const tracked = urlAttributes(html).filter((u) => u.startsWith(`${BASE}/t/`) || u.startsWith(`${BASE}/eyemail/`));
    // header, logo, cover, video and GIF, Outlook's GIF link, mute icon, 4 buttons (x2 with VML), open pixel
    expect(tracked.length).toBeGreaterThanOrEqual(14);
    for (const u of tracked) {
      if (platform.recipientTag) expect(u).toContain(`?v=${platform.recipientTag}`);
      else expect(u).not.toContain('v=');
    }
    if (platform.recipientTag && encodeURIComponent(platform.recipientTag) !== platform.recipientTag) {
      expect(html).not.toContain(encodeURIComponent(platform.recipientTag));
    }
  });

  it('writes the unsubscribe tag the platform replaces', () => {
    if (platform.unsubscribeStyle === 'href') expect(html).toContain(`<a class="em-d" href="${platform.unsubscribeTag}" target="_blank"`);
    else if (platform.unsubscribeStyle === 'element') expect(html).toMatch(/<unsubscribe class="em-d" style="[^"]*">Unsubscribe<\/unsubscribe>/);
    else expect(html).not.toContain('Unsubscribe');
  });

  it('uses only absolute links on the public base URL, or the media URLs given', () => {
    for (const u of urlAttributes(html)) {
      if (u === platform.unsubscribeTag) continue;
      expect(u.startsWith(`${BASE}/`) || u.startsWith(`${CDN}/media/`)).toBe(true);
    }
    // Clicks go through the tracking redirect, never straight to the landing page.
    expect(html).not.toContain('href="https://shop.example.com');
  });
});

describe('platform specifics', () => {
  it('gives Constant Contact its tracking image tag and none of the character pairs it refuses', () => {
    const html = render('constant-contact', fullSnippet({ title: 'Price: ${price} [#1] <@me>' }));
    expect(html).toMatch(/\[\[trackingImage\]\]\s*<\/body>/);
    for (const banned of ['[#', '${', '<@']) expect(html).not.toContain(banned);
    expect(render('mailchimp')).not.toContain('[[trackingImage]]');
    expect(renderEmailBlock(buildEmailViewModel({ snippet: fullSnippet(), platform: 'constant-contact', publicBaseUrl: BASE }))).not.toContain('[[trackingImage]]');
  });
});

describe('hostile input', () => {
  const hostile = '"><script>alert(1)</script><img src=x onerror=alert(1)>';

  it('escapes a hostile title everywhere it appears', () => {
    const html = render('mailchimp', fullSnippet({ title: hostile }));
    // The text may read "onerror=", but no tag may have such an attribute.
    expect(html).not.toMatch(/<script|<img src=x/i);
    expect(eventHandlers(html)).toEqual([]);
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</title>');
    expect(markupProblems(html)).toEqual([]);
  });

  it('escapes hostile header text', () => {
    const html = render('hubspot', fullSnippet(), { options: { headerText: `</a>${hostile}` } });
    expect(html).not.toMatch(/<script/i);
    expect(eventHandlers(html)).toEqual([]);
    expect(html).toContain('&lt;/a&gt;&quot;&gt;&lt;script&gt;');
    expect(markupProblems(html)).toEqual([]);
  });

  it('never lets text people wrote turn into a merge tag the platform would run', () => {
    const title = '{{contact.secret}} *|UNSUB|* %%emailaddr%% [[EmailAddress]] {% unsubscribe_link %} $[LI:UNSUBSCRIBE]$';
    const html = render('mailchimp', fullSnippet({ title, buttons: [{ ...button(1), title: '{{x}} *|LNAME|*' }] }), { options: { includeUnsubscribeLink: false } });
    for (const tag of ['{{contact.secret}}', '*|UNSUB|*', '%%emailaddr%%', '[[EmailAddress]]', '{% unsubscribe_link %}', '$[LI:UNSUBSCRIBE]$', '{{x}}', '*|LNAME|*']) {
      expect(html).not.toContain(tag);
    }
    expect(html).toContain('&#123;&#123;contact.secret&#125;&#125;');
  });

  it('drops javascript: and data: URLs instead of writing them', () => {
    const html = render(
      'klaviyo',
      fullSnippet({
        landingPageUrl: 'javascript:alert(1)',
        videoLinkUrl: 'data:text/html,<script>alert(1)</script>',
        logo: { url: 'data:image/svg+xml,<svg onload=alert(1)>', alignment: 'left', width: 100 },
        cover: { url: 'javascript:alert(1)', placement: 'below', spacing: 1 },
        buttons: [{ ...button(1), url: 'javascript:alert(1)' }, { ...button(2), url: 'data:text/html,x' }, button(3)],
      }),
    );
    expect(html).not.toMatch(/javascript:|data:|<script|onload/i);
    expect(html).not.toContain('alt="Logo"');
    expect(html.match(/<v:roundrect /g)).toHaveLength(1);
    expect(markupProblems(html)).toEqual([]);
  });

  it('keeps quotes and merge syntax in URLs from breaking out of attributes', () => {
    const html = render(
      'salesforce-marketing-cloud',
      fullSnippet({
        landingPageUrl: 'https://shop.example.com/?q="><script>alert(1)</script>&x=%%emailaddr%%',
        logo: { url: `${CDN}/media/a"onerror="alert(1).png`, alignment: 'right', width: 100 },
      }),
    );
    expect(html).not.toMatch(/<script/i);
    expect(eventHandlers(html)).toEqual([]);
    // Only the platform's own tag, never one smuggled in through a URL.
    expect(html.split('%%emailaddr%%').length - 1).toBe(html.split('?v=%%emailaddr%%').length - 1);
    expect(markupProblems(html)).toEqual([]);
  });
});

describe('the rendered pieces', () => {
  const vm = buildEmailViewModel({ snippet: fullSnippet(), platform: 'hubspot', publicBaseUrl: BASE });

  it('reveals the video only where a <video class="em-v"> right before the GIF survives', () => {
    const html = renderEmailExport(vm);
    // No client-sniffing media query: Outlook.com and the Outlook apps match it but strip <video>.
    expect(html).not.toContain('-webkit-min-device-pixel-ratio');
    expect(html).toContain('@supports (-webkit-backdrop-filter:none){video.em-v{display:block!important}video.em-v+.em-f{display:none!important}}');
    expect(html).toContain('video[class~="x_em-v"]{display:none!important}');
    // The video, the GIF and the poster open the landing page, through the click endpoint.
    const landingClick = `${BASE}/t/c/${ID}?v={{contact.email|urlencode}}&amp;u=${encodeURIComponent(fullSnippet().landingPageUrl!)}&amp;k=landing`;
    const name = `aria-label="Play video: ${fullSnippet().title} (opens the landing page)"`;
    expect(html).toContain(
      `<a href="${landingClick}" ${name} target="_blank" style="display:block;text-decoration:none;"><video class="em-v" width="600" autoplay muted playsinline loop preload="none" poster="${CDN}/media/acme/${ID}/poster.jpg" style="display:none;`,
    );
    expect(html).toContain(`<source src="${CDN}/media/acme/${ID}/video-600.mp4" type="video/mp4"></video><img class="em-f" src="${CDN}/media/acme/${ID}/preview.gif"`);
    // The GIF right after the video and in the same link, and again for Outlook for Windows.
    expect(html.match(new RegExp(`<img [^>]*src="${CDN}/media/acme/${ID}/preview.gif"`, 'g'))).toHaveLength(2);
    expect(html).toContain(`<!--[if mso]><a href="${landingClick}" ${name} target="_blank"><img src="${CDN}/media/acme/${ID}/preview.gif"`);
    expect(html).toContain(`<img src="${BASE}/t/o/${ID}.gif?v={{contact.email|urlencode}}" width="1" height="1" alt=""`);
    expect(html).toContain('Powered by <strong>EyeMail</strong>');
  });

  it('puts the cover above or below the video with spacing x 8 px', () => {
    const above = renderEmailExport(vm);
    expect(above.indexOf('cover-spring-collection.jpg')).toBeLessThan(above.indexOf('class="em-v"'));
    expect(above).toContain('<td style="padding:0 0 16px 0;">');
    const below = renderEmailExport(
      buildEmailViewModel({ snippet: fullSnippet({ cover: { url: `${CDN}/media/c.jpg`, placement: 'below', spacing: 3 } }), platform: 'hubspot', publicBaseUrl: BASE }),
    );
    expect(below.indexOf(`${CDN}/media/c.jpg`)).toBeGreaterThan(below.indexOf('class="em-v"'));
    expect(below).toContain('<td style="padding:24px 0 0 0;">');
  });

  it('renders the block alone with its own style, and a preview page without tracking', () => {
    const block = renderEmailBlock(vm);
    expect(block.startsWith('<style type="text/css">')).toBe(true);
    expect(block).not.toContain('<html');
    expect(markupProblems(block)).toEqual([]);
    const preview = renderEmailPreviewPage(buildEmailViewModel({ snippet: fullSnippet(), platform: 'hubspot', publicBaseUrl: BASE, preview: true }));
    expect(preview).toContain('.em-preview{width:600px;');
    expect(preview).not.toContain('/t/o/');
    expect(preview).not.toContain('/t/c/');
    expect(markupProblems(preview)).toEqual([]);
  });

  it('compiles every template at load and fails loudly on a broken one', () => {
    expect(() => compileEmailTemplates()).not.toThrow();
    expect(() => compileEmailTemplates('/nonexistent')).toThrow();
  });

  it('compacts whitespace between tags only', () => {
    expect(compactHtml('<tr>\n  <td>a b</td>\n</tr>\n')).toBe('<tr><td>a b</td></tr>');
    expect(compactHtml('<a\n href="x">y</a>')).toBe('<a href="x">y</a>');
  });
});

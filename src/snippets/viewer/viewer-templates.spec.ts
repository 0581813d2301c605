import type { PublicSnippetView } from '../snippet-view.js';
import { buildViewerViewModel, type ViewerInput } from './viewer-view-model.js';
import { loadViewerTemplates } from './viewer-templates.js';

const BASE = 'https://app.eyemail.example';
const CDN = 'https://cdn.example.com';
const ID = '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f';
const HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(1)>';

const view = (over: Partial<PublicSnippetView> = {}): PublicSnippetView => ({
  snippet: ID,
  title: 'Spring launch',
  logoImageUrl: `${CDN}/logo.png`,
  logoImageAlignment: 'right',
  logoImageWidth: 150,
  coverImageUrl: `${CDN}/cover.jpg`,
  coverImagePlacement: 'below',
  coverImageSpacing: 3,
  videoUrl: `${CDN}/v.mp4`,
  thumbnailUrl: `${CDN}/p.jpg`,
  gifUrl: `${CDN}/g.gif`,
  video: { url: `${CDN}/v.mp4`, thumbnailUrl: `${CDN}/p.jpg`, gifUrl: `${CDN}/g.gif` },
  videoLogoImgUrl: null,
  videoURLData: null,
  width: 640,
  addVideoOverlay: true,
  videoOverlay: 'white',
  ctaButtonsHTML: '<table><tr><td><a href="https://shop.example.com/">Shop</a></td></tr></table>',
  landingPageUrl: 'https://shop.example.com/',
  ...over,
});

const render = (v: Partial<PublicSnippetView> = {}, input: Partial<ViewerInput> = {}) =>
  loadViewerTemplates().viewer(buildViewerViewModel({ view: view(v), publicBaseUrl: BASE, receiver: 'ann@example.com', reportPlays: true, ...input }));

// Tags with an on...= attribute, once attribute values are blanked out.
const handlers = (html: string) => (html.replace(/="[^"]*"/g, '=""').match(/<[a-z][^>]*>/gi) ?? []).filter((t) => /\son[a-z]+=/i.test(t));

describe('viewer page', () => {
  it('plays the MP4 muted, inline, with controls and the poster', () => {
    const html = render();
    expect(html).toMatch(/<video autoplay muted controls playsinline [^>]*poster="https:\/\/cdn\.example\.com\/p\.jpg"/);
    expect(html).toContain(`<source src="${CDN}/v.mp4" type="video/mp4">`);
    expect(html).toContain('<div class="em-in" style="max-width:640px">');
  });

  it('falls back to the default poster', () => {
    const html = render({ thumbnailUrl: null, video: { url: `${CDN}/v.mp4`, thumbnailUrl: null, gifUrl: null } });
    expect(html).toContain(`poster="${BASE}/static/viewer/poster.svg"`);
  });

  it('places the logo and the cover as chosen, with spacing x 8 px', () => {
    const html = render();
    expect(html).toContain('<div class="em-logo" style="text-align:right">');
    expect(html).toContain('width="150" style="width:150px"');
    const cover = html.indexOf('class="em-cover"');
    expect(cover).toBeGreaterThan(html.indexOf('<video'));
    expect(html).toContain('class="em-cover" style="margin-top:24px"');
    const above = render({ coverImagePlacement: 'above', coverImageSpacing: 0 });
    expect(above.indexOf('class="em-cover"')).toBeLessThan(above.indexOf('<video'));
    expect(above).toContain('style="margin-bottom:0px"');
  });

  it('shows the mute icon only when the snippet has it, in its variant', () => {
    expect(render()).toContain(`<button type="button" class="em-unmute" data-unmute aria-label="Turn sound on"><img src="${BASE}/static/viewer/mute-white.svg"`);
    expect(render({ videoOverlay: 'black' })).toContain('mute-black.svg');
    expect(render({ addVideoOverlay: false })).not.toContain('em-unmute"');
  });

  it('prints the server-generated buttons', () => {
    expect(render()).toContain('<div class="em-buttons"><table><tr><td><a href="https://shop.example.com/">Shop</a>');
    expect(render({ ctaButtonsHTML: '' })).not.toContain('class="em-buttons"');
  });

  it('carries no inline script: one external script from this site', () => {
    const html = render();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^<script src="\/static\/viewer\/viewer\.js\?h=[0-9a-f]{10}" defer>$/);
    expect(html).toContain('<script src="/static/viewer/viewer.js?h=');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(handlers(html)).toEqual([]);
  });

  it('gives the script what play reporting needs, and nothing on a preview', () => {
    const html = render();
    expect(html).toContain(`data-report-url="/api/reports/updateduration" data-snippet-id="${ID}" data-receiver="ann@example.com"`);
    expect(html).toContain('data-ranges-url="/api/reports/updateduration/ranges"');
    expect(render({}, { reportPlays: false })).not.toContain('data-report-url');
    expect(render({}, { reportPlays: false })).not.toContain('data-ranges-url');
  });

  it('escapes a hostile title and receiver everywhere', () => {
    const html = render({ title: HOSTILE }, { receiver: HOSTILE });
    expect(html).not.toMatch(/<script>alert|<img src=x/i);
    expect(handlers(html)).toEqual([]);
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('data-receiver="&quot;&gt;&lt;script&gt;');
  });

  it('drops media and links that are not http(s)', () => {
    const html = render({
      logoImageUrl: 'javascript:alert(1)',
      coverImageUrl: 'data:image/png;base64,AAAA',
      landingPageUrl: 'javascript:alert(1)',
      videoLogoImgUrl: `${CDN}/icon.png`,
      videoURLData: 'vbscript:x',
    });
    expect(html).not.toMatch(/javascript:|data:image|vbscript:/);
    expect(html).not.toContain('class="em-logo"');
    expect(html).toContain(`<div class="em-icon"><img src="${CDN}/icon.png"`);
  });

  it('links logo, cover and video icon through the given link maker', () => {
    const html = render({ videoLogoImgUrl: `${CDN}/icon.png`, videoURLData: 'https://shop.example.com/film' }, { linkTo: (u) => `${BASE}/t/c/${ID}?u=${encodeURIComponent(u)}` });
    expect(html).toContain(`<a href="${BASE}/t/c/${ID}?u&#x3D;${encodeURIComponent('https://shop.example.com/')}" target="_blank" rel="noopener"><img src="${CDN}/logo.png"`);
    expect(html).toContain(`?u&#x3D;${encodeURIComponent('https://shop.example.com/film')}" target="_blank" rel="noopener"><img src="${CDN}/icon.png"`);
  });
});

describe("the web view's landing page link", () => {
  it('shows the landing page as a button right under the video, through the given link maker', () => {
    const html = render({ landingPageUrl: 'https://www.shop.example.com/spring' }, { linkTo: (u) => `${BASE}/t/c/${ID}?u=${encodeURIComponent(u)}` });
    const link = `<a class="em-landing-link" href="${BASE}/t/c/${ID}?u&#x3D;${encodeURIComponent('https://www.shop.example.com/spring')}" target="_blank" rel="noopener">Visit shop.example.com<span aria-hidden="true"> &rarr;</span></a>`;
    expect(html).toContain(link);
    // under the player, above the cover placed below it
    expect(html.indexOf(link)).toBeGreaterThan(html.indexOf('</video>'));
    expect(html.indexOf(link)).toBeLessThan(html.indexOf('class="em-cover"'));
  });

  it('links straight to the landing page without a link maker (the owner preview)', () => {
    expect(render()).toContain('<a class="em-landing-link" href="https://shop.example.com/" target="_blank" rel="noopener">Visit shop.example.com');
  });

  it('is not there without a usable landing page: this page is where the video goes then', () => {
    expect(render({ landingPageUrl: null })).not.toContain('class="em-landing');
    expect(render({ landingPageUrl: 'javascript:alert(1)' })).not.toContain('class="em-landing');
  });
});

describe('message page', () => {
  it('shows the heading and escapes what it prints', () => {
    const html = loadViewerTemplates().message({ heading: 'No active campaign found.', text: HOSTILE, homeUrl: `${BASE}/` });
    expect(html).toContain('<h1>No active campaign found.</h1>');
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('<script');
  });
});

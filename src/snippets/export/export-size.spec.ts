import type { CtaButton } from '../../shared/snippet-rules.js';
import { EMAIL_PLATFORMS } from '../email-platforms.js';
import { renderEmailExport } from './export-html.js';
import { buildEmailViewModel } from './export-view-model.js';
import type { ExportSnippet } from './export-types.js';
import { heaviestButton } from './export.fixtures.js';

// The size budget of the exported email (issue: worst case <= 15 KB on every platform, typical
// <= 10 KB; Gmail clips at 102 KB). Prints the table it checks, so the figures can be quoted.

const KB = 1024;
const WORST_BUDGET = 15 * KB;
const TYPICAL_BUDGET = 10 * KB;
const BASE = 'https://app.eyemail.example';
// Storage URLs as long as Google Cloud Storage makes them.
const CDN = 'https://storage.googleapis.com/eyemail-media-production';
const ID = '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f';
const file = (name: string) => `${CDN}/f/9b1d6a40-2f3c-4e8a-b7d5-0c4e1f2a3b6d/5e7f8a9b-0c1d-4e2f-a3b4-c5d6e7f8a9b0/${name}`;

const bigButton = (i: number): CtaButton => heaviestButton(i, `https://shop.example.com/products/${i}?utm_source=email&utm_campaign=spring-launch-2025`);

// Logo, cover, mute icon overlay, 4 large buttons; header, unsubscribe and branding on.
const worst: ExportSnippet = {
  id: ID,
  title: 'Spring launch: meet the new collection in motion, filmed on location in Lisbon this March',
  width: 800,
  logo: { url: file('logo.png'), alignment: 'center', width: 160, size: { width: 480, height: 120 } },
  cover: { url: file('cover.jpg'), placement: 'above', spacing: 2, size: { width: 1600, height: 500 } },
  video: { mp4Url: file('video.mp4'), posterUrl: file('poster.jpg'), gifUrl: file('preview.gif'), size: { width: 800, height: 450 }, gifSize: { width: 800, height: 450 } },
  addVideoOverlay: true,
  videoOverlay: 'black',
  landingPageUrl: 'https://shop.example.com/collections/spring?utm_source=email&utm_medium=video&utm_campaign=spring-launch-2025',
  videoLinkUrl: 'https://shop.example.com/watch/spring-film?utm_source=email',
  buttons: [1, 2, 3, 4].map(bigButton),
};

// What most EyeMails are: a logo, the video with its mute icon, one button; the header and branding.
const typical: ExportSnippet = {
  id: ID,
  title: 'Spring launch',
  width: 600,
  logo: { url: file('logo.png'), alignment: 'left', width: 120, size: { width: 240, height: 60 } },
  cover: null,
  video: { mp4Url: file('video.mp4'), posterUrl: file('poster.jpg'), gifUrl: file('preview.gif'), size: { width: 600, height: 338 }, gifSize: { width: 600, height: 338 } },
  addVideoOverlay: true,
  videoOverlay: 'black',
  landingPageUrl: 'https://shop.example.com/spring',
  videoLinkUrl: null,
  buttons: [{ ...bigButton(1), title: 'Shop now', url: 'https://shop.example.com/spring', btnSize: 'medium', fontSize: 'medium' }],
};

function size(snippet: ExportSnippet, platform: string, options = {}): number {
  const html = renderEmailExport(buildEmailViewModel({ snippet, platform, publicBaseUrl: BASE, options }));
  return Buffer.byteLength(html, 'utf8');
}

const all = { includeHeader: true, includeUnsubscribeLink: true, removeBranding: false };
const rows = EMAIL_PLATFORMS.map((p) => ({
  platform: p.code,
  worst: size(worst, p.code, all),
  // the worst case with a short preheader (the most filler after it) and the call-to-action video icon as well
  worstPlus: size({ ...worst, videoIcon: { url: file('icon.png'), size: { width: 256, height: 64 } } }, p.code, { ...all, preheader: 'Watch it' }),
  typical: size(typical, p.code, {}),
}));

describe('exported email size', () => {
  it('prints the sizes per platform', () => {
    const kb = (n: number) => `${(n / KB).toFixed(2)} KB`;
    const lines = rows.map((r) => `| ${r.platform} | ${kb(r.worst)} | ${kb(r.worstPlus)} | ${kb(r.typical)} |`);
    console.log(['| platform | worst case | worst + preheader + video icon | typical |', '|---|---|---|---|', ...lines].join('\n'));
  });

  it.each(rows.map((r) => [r.platform, r] as const))('stays within budget for %s', (_code, r) => {
    expect(r.worst).toBeLessThanOrEqual(WORST_BUDGET);
    expect(r.worstPlus).toBeLessThanOrEqual(WORST_BUDGET);
    expect(r.typical).toBeLessThanOrEqual(TYPICAL_BUDGET);
  });
});

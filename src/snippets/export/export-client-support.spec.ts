import { doIUseEmail } from '@jsx-email/doiuse-email';
import { renderEmailExport } from './export-html.js';
import { buildEmailViewModel } from './export-view-model.js';
import type { ExportSnippet } from './export-types.js';

// The exported email checked against caniemail's data (through @jsx-email/doiuse-email) for the
// clients that matter. Each client's unsupported features are listed here with why the email
// still works there; a change that brings in anything else fails this test. doiuse reads the
// HTML as one document, so it also counts what a client never sees (Outlook for Windows skips
// the <!--[if !mso]> part). Its data (1.0.4) has no Outlook.com entry; the Outlook apps stand
// in for that family. Prints each client's notes, for the record.

const snippet: ExportSnippet = {
  id: '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f',
  title: 'Spring launch',
  width: 600,
  logo: { url: 'https://cdn.example.com/logo.png', alignment: 'center', width: 160, size: { width: 320, height: 80 } },
  cover: { url: 'https://cdn.example.com/cover.jpg', placement: 'above', spacing: 2, size: { width: 600, height: 180 } },
  video: { mp4Url: 'https://cdn.example.com/v.mp4', posterUrl: 'https://cdn.example.com/p.jpg', gifUrl: 'https://cdn.example.com/g.gif', size: { width: 600, height: 338 } },
  addVideoOverlay: true,
  videoOverlay: 'black',
  landingPageUrl: 'https://shop.example.com/',
  videoLinkUrl: null,
  buttons: [{ title: 'Shop now', url: 'https://shop.example.com/x', backgroundColor: '#e4572e', fontColor: '#ffffff', btnSize: 'large', fontSize: 'large', radius: 8, bold: true }],
};
const html = renderEmailExport(
  buildEmailViewModel({ snippet, platform: 'hubspot', publicBaseUrl: 'https://app.example.com', options: { includeUnsubscribeLink: true, preheader: 'New this spring' } }),
);

// Why each gap is fine.
const WHY = {
  video: '<video> is stripped or replaced: the reveal rules match nothing and the linked GIF shows',
  target: 'the client opens links in a new window anyway',
  preheader: 'only the hidden preheader uses it; display:none and max-height:0 hide it as well',
  msoSkipped: 'inside <!--[if !mso]>: Outlook for Windows never reads it',
  radius: 'Outlook for Windows gets the VML roundrect buttons instead',
  darkMode: 'the prefers-color-scheme block: no dark mode there, the light design stays',
  body: '<body> is replaced: its only style is margin, padding and the white background the table repeats',
  wrap: 'long unbroken words may not wrap there; normal text does',
  supports: 'the video is revealed only inside @supports: without it the linked GIF stays (client-video.ts)',
  wordSelectors: 'a video rule; Word never sees the video (mso conditional) and gets the GIF',
  ariaLabel: "the video link's name is dropped: the linked GIF's alt text names it there",
} as const;

const EXPECTED: Record<string, Record<string, string>> = {
  'apple-mail.macos': {},
  'apple-mail.ios': {},
  'gmail.desktop-webmail': { '<video> element': WHY.video, '@supports': WHY.supports, 'target attribute': WHY.target },
  'gmail.ios': { '<video> element': WHY.video, '@supports': WHY.supports, 'target attribute': WHY.target },
  'gmail.android': { '<video> element': WHY.video, '@supports': WHY.supports, 'target attribute': WHY.target },
  'outlook.windows': {
    '<video> element': WHY.msoSkipped,
    'Adjacent sibling combinator': WHY.msoSkipped,
    'Chaining selectors': WHY.msoSkipped,
    '@media': WHY.darkMode,
    '@supports': WHY.wordSelectors,
    'Attribute selector': WHY.wordSelectors,
    overflow: WHY.preheader,
    'border-radius': WHY.radius,
  },
  'outlook.macos': { '<body> element': WHY.body },
  'outlook.ios': { '<body> element': WHY.body, '<video> element': WHY.video, '@supports': WHY.supports },
  'outlook.android': { '<body> element': WHY.body, '<video> element': WHY.video, '@supports': WHY.supports, overflow: WHY.preheader },
  'yahoo.desktop-webmail': { '<video> element': WHY.video, 'target attribute': WHY.target, 'word-break': WHY.wrap, 'aria-label attribute': WHY.ariaLabel },
  'yahoo.ios': {
    '<video> element': WHY.video,
    'target attribute': WHY.target,
    'word-break': WHY.wrap,
    '<body> element': WHY.body,
    'aria-label attribute': WHY.ariaLabel,
  },
  'samsung-email.android': {},
  'thunderbird.macos': { '@media': WHY.darkMode, '@supports': WHY.supports, 'aria-label attribute': WHY.ariaLabel },
};

function check(client: string) {
  const r = doIUseEmail(html, { emailClients: [client] });
  const feature = (m: string) => /`([^`]+)`/.exec(m)?.[1] ?? m;
  return {
    unsupported: [...new Set((r.success ? [] : r.errors).map(feature))].sort(),
    notes: [...new Set(r.notes.map((n) => n.replace(/^Note about /, '')))],
  };
}

describe('the export in caniemail data', () => {
  it.each(Object.keys(EXPECTED))('lacks in %s only what the email does without', (client) => {
    const { unsupported, notes } = check(client);
    console.log(
      [`${client}: lacks ${unsupported.length ? unsupported.join(', ') : 'nothing'}`, ...unsupported.map((f) => `  - ${f}: ${EXPECTED[client][f] ?? 'UNEXPECTED'}`), ...notes.map((n) => `  note: ${n}`)].join('\n'),
    );
    expect(unsupported).toEqual(Object.keys(EXPECTED[client]).sort());
  });

  it('finds a feature the email must not use', () => {
    const withFlex = html.replace('<table role="presentation" class="em-bg"', '<table role="presentation" class="em-bg" style="display:flex"');
    expect(doIUseEmail(withFlex, { emailClients: ['outlook.windows'] }).success).toBe(false);
    expect(check('apple-mail.ios').unsupported).toEqual([]);
  });
});

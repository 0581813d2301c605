import { renderEmailBlock, renderEmailExport } from './export-html.js';
import { buildEmailViewModel } from './export-view-model.js';
import type { ExportSnippet } from './export-types.js';

// What Outlook for Windows 2007-2016 sees of the export: those versions ignore max-width and apply
// a CSS width:100%, so only an Outlook-only fixed-width wrapper keeps the email at its width, and
// the media cell is centred like the logo and the buttons.

const BASE = 'https://app.eyemail.example';
const ID = '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f';

const snippet = (over: Partial<ExportSnippet> = {}): ExportSnippet => ({
  id: ID,
  title: 'Spring launch',
  width: 600,
  logo: { url: `${BASE}/media/logo.png`, alignment: 'center', width: 160 },
  video: { mp4Url: `${BASE}/media/v.mp4`, posterUrl: `${BASE}/media/p.jpg`, gifUrl: `${BASE}/media/g.gif` },
  addVideoOverlay: true,
  ...over,
});

const exportOf = (s: ExportSnippet, preheader = '') =>
  renderEmailExport(buildEmailViewModel({ snippet: s, platform: 'mailchimp', publicBaseUrl: BASE, options: { preheader } }));

// What Word renders: the mso conditionals opened, the rest of the comments gone.
const outlookView = (html: string) =>
  html
    .replace(/<!--\[if !mso\]><!-->[\s\S]*?<!--<!\[endif\]-->/g, '')
    .replace(/<!--\[if mso\]>([\s\S]*?)<!\[endif\]-->/g, '$1')
    .replace(/<!--[\s\S]*?-->/g, '');

describe('Outlook for Windows 2007-2016', () => {
  it.each([600, 720, 800])('wraps a %i px EyeMail in an Outlook-only table of its width, centred', (width) => {
    const html = exportOf(snippet({ width }));
    const open = `<!--[if mso]><table role="presentation" width="${width}" align="center" border="0" cellpadding="0" cellspacing="0" style="width:${width}px;"><tr><td><![endif]-->`;
    const close = '<!--[if mso]></td></tr></table><![endif]-->';
    expect(html).toContain(open);
    expect(html).toContain(close);
    // Around the whole block: before its outer table, after its end.
    const outer = html.indexOf('<table role="presentation" class="em-bg"');
    expect(html.indexOf(open)).toBeLessThan(outer);
    expect(html.indexOf(close)).toBeGreaterThan(html.lastIndexOf('</table>', html.indexOf(close) - 1));
    const word = outlookView(html);
    expect(word.indexOf(`<table role="presentation" width="${width}" align="center"`)).toBeLessThan(word.indexOf('class="em-bg" width='));
  });

  it('wraps the block alone too (pasted into an email of its own)', () => {
    const block = renderEmailBlock(buildEmailViewModel({ snippet: snippet(), platform: 'hubspot', publicBaseUrl: BASE }));
    expect(block).toContain('<!--[if mso]><table role="presentation" width="600" align="center"');
    expect(block).toContain('<!--[if mso]></td></tr></table><![endif]-->');
  });

  it('centres the media cell, so the GIF lines up with the centred logo and buttons', () => {
    const word = outlookView(exportOf(snippet()));
    const gif = word.indexOf(`<img src="${BASE}/media/g.gif"`);
    const cell = word.lastIndexOf('<td', gif);
    expect(word.slice(cell, gif)).toMatch(/^<td align="center"/);
  });
});

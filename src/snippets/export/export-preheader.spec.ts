import { renderEmailExport } from './export-html.js';
import { buildEmailViewModel } from './export-view-model.js';

// The preheader is hidden preview text. Hidden by colour (color:transparent, opacity:0) it scores
// SpamAssassin's HTML_FONT_LOW_CONTRAST; hidden by display:none and a zero box it scores nothing.

const BASE = 'https://app.eyemail.example';

const exportWith = (preheader: string) =>
  renderEmailExport(
    buildEmailViewModel({
      snippet: { id: '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f', title: 'Spring', width: 600, video: { mp4Url: `${BASE}/v.mp4`, posterUrl: `${BASE}/p.jpg` } },
      platform: 'mailchimp',
      publicBaseUrl: BASE,
      options: { preheader },
    }),
  );

describe('the preheader', () => {
  it('is hidden the way spam filters score nothing: display:none and no colour or opacity trick', () => {
    const html = exportWith('Watch the spring film');
    const div = /<div style="([^"]*)">Watch the spring film/.exec(html);
    expect(div).not.toBeNull();
    const style = div![1];
    for (const rule of ['display:none', 'max-height:0', 'overflow:hidden', 'mso-hide:all', 'font-size:1px', 'line-height:1px']) expect(style).toContain(rule);
    expect(style).not.toMatch(/color|opacity|transparent/);
  });
});

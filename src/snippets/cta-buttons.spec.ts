import { BUTTON_DEFAULTS, type CtaButton } from '../shared/snippet-rules.js';
import { arcsizeFor, buttonGeometry, vmlHeightFor, parseCtaButtons, renderCtaButtonHtml, renderCtaButtonsHtml, serializeCtaButtons, toCtaButtonDto } from './cta-buttons.js';

const button = (over: Partial<CtaButton> = {}): CtaButton => ({
  title: 'Shop now',
  url: 'https://shop.example.com/sale?a=1&b=2',
  ...BUTTON_DEFAULTS,
  ...over,
});

describe('call-to-action button data', () => {
  it('parses ctaButtonsJSON into clean buttons and drops anything else a client sent', () => {
    const { buttons, errors } = parseCtaButtons(
      JSON.stringify([{ title: 'Go', url: 'example.com', onclick: 'alert(1)', html: '<script>alert(1)</script>' }]),
    );
    expect(errors).toEqual({});
    const stored = JSON.parse(serializeCtaButtons(buttons));
    expect(stored).toEqual([
      { title: 'Go', url: 'https://example.com/', backgroundColor: '#444444', fontColor: '#ffffff', btnSize: 'small', fontSize: 'small', radius: 0, bold: true },
    ]);
  });

  it('shows the CSS values of each size in API answers', () => {
    expect(toCtaButtonDto(button({ btnSize: 'medium', fontSize: 'large' }))).toMatchObject({ padding: '15px 10px', fontValue: '1.4em' });
    expect(toCtaButtonDto(button())).toMatchObject({ padding: '10px', fontValue: '1em' });
  });
});

describe('Outlook geometry', () => {
  it.each([
    [0, '0%'],
    [4, '10%'],
    [8, '20%'],
    [21, '50%'],
    [30, '50%'],
  ])('radius %p px is arcsize %p on the 42 px button (radius / height, rounded up)', (radius, arcsize) => {
    expect(arcsizeFor(radius)).toBe(arcsize);
  });

  it('follows the button size: as high as the HTML button (padding + 1.2 line), at least 42 px', () => {
    // size x font size: small 10 px, medium 15 px, large 20 px padding; fonts 16 / 19 / 22 px
    expect(vmlHeightFor('small', 'small')).toBe(42);
    expect(vmlHeightFor('small', 'large')).toBe(46);
    expect(vmlHeightFor('medium', 'small')).toBe(49);
    expect(vmlHeightFor('medium', 'medium')).toBe(53);
    expect(vmlHeightFor('large', 'small')).toBe(59);
    expect(vmlHeightFor('large', 'large')).toBe(66);
    // the arcsize is taken on that height: 8 px on a 66 px button
    expect(buttonGeometry(button({ btnSize: 'large', fontSize: 'large', radius: 8 }), 600)).toMatchObject({ vmlHeight: 66, arcsize: '13%' });
    expect(buttonGeometry(button({ btnSize: 'large', fontSize: 'large', radius: 30 }), 600).arcsize).toBe('46%');
  });

  it('is 42 px high when small and wide enough for longer and larger text, never wider than the email', () => {
    const small = buttonGeometry(button({ title: 'Go' }), 600);
    const long = buttonGeometry(button({ title: 'Book your seat now' }), 600);
    const large = buttonGeometry(button({ title: 'Book your seat now', fontSize: 'large' }), 600);
    expect(small.vmlHeight).toBe(42);
    expect(long.vmlWidth).toBeGreaterThan(small.vmlWidth);
    expect(large.vmlWidth).toBeGreaterThan(long.vmlWidth);
    expect(buttonGeometry(button({ title: 'W'.repeat(16), fontSize: 'large' }), 150).vmlWidth).toBe(150);
  });
});

describe('button HTML', () => {
  it('is a table-based link with inline styles and a VML roundrect for Outlook', () => {
    const html = renderCtaButtonHtml(button({ btnSize: 'large', fontSize: 'medium', radius: 8, backgroundColor: '#e4572e', bold: false }));
    expect(html).toContain('<!--[if mso]><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml"');
    // large padding with the medium font: 2 x 20 + 19 x 1.2 = 63 px; 8 / 63 = 12.7% -> 13%
    expect(html).toMatch(/style="height:63px;v-text-anchor:middle;width:\d+px;" arcsize="13%" stroke="f" fillcolor="#e4572e"/);
    expect(html).toContain('<!--[if !mso]><!--><table role="presentation"');
    expect(html).toContain('padding:20px 10px;');
    expect(html).toContain('font-size:1.2em;');
    expect(html).toContain('font-size:19px;'); // the same size for Outlook, in pixels
    expect(html).toContain('font-weight:normal;');
    expect(html).toContain('border-radius:8px;');
    expect(html).toContain('href="https://shop.example.com/sale?a=1&amp;b=2"');
  });

  it('sends clicks through the tracking URL when one is given', () => {
    const html = renderCtaButtonHtml(button(), { trackUrl: (u) => `https://app.example.com/t/c/s1?v=*|URL:EMAIL|*&u=${encodeURIComponent(u)}` });
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      'https://app.example.com/t/c/s1?v=*|URL:EMAIL|*&amp;u=https%3A%2F%2Fshop.example.com%2Fsale%3Fa%3D1%26b%3D2',
      'https://app.example.com/t/c/s1?v=*|URL:EMAIL|*&amp;u=https%3A%2F%2Fshop.example.com%2Fsale%3Fa%3D1%26b%3D2',
    ]);
  });

  it('escapes the text and defuses merge syntax people typed', () => {
    const html = renderCtaButtonHtml(button({ title: '<b>"50%" & {{x}}' }));
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('{{x}}');
    expect(html).toContain('&lt;b&gt;&quot;50&#37;&quot; &amp; &#123;&#123;x&#125;&#125;');
  });

  it('never writes a button whose stored data is unsafe', () => {
    const bad = [
      button({ url: 'javascript:alert(1)' }),
      button({ backgroundColor: 'red;background:url(javascript:alert(1))' }),
      button({ radius: 99 }),
      { ...button(), title: 42 } as unknown as CtaButton,
    ];
    for (const b of bad) expect(renderCtaButtonHtml(b)).toBe('');
    expect(renderCtaButtonsHtml([...bad, button({ title: 'Safe' })])).toContain('>Safe</a>');
  });

  it('stacks the buttons in one table and writes nothing without buttons', () => {
    const html = renderCtaButtonsHtml([button({ title: 'One' }), button({ title: 'Two' })]);
    expect(html.match(/<v:roundrect /g)).toHaveLength(2);
    expect(html.indexOf('>One</a>')).toBeLessThan(html.indexOf('>Two</a>'));
    expect(renderCtaButtonsHtml([])).toBe('');
    expect(renderCtaButtonsHtml(null)).toBe('');
  });
});

import type { CtaButton } from '../shared/snippet-rules.js';
import { arcsizeFor, buttonGeometry, parseCtaButtons, renderCtaButtonHtml, renderCtaButtonsHtml, serializeCtaButtons, toCtaButtonDto } from './cta-buttons.js';

const button = (over: Partial<CtaButton> = {}): CtaButton => ({
  title: 'Shop now',
  url: 'https://shop.example.com/sale?a=1&b=2',
  backgroundColor: '#444444',
  fontColor: '#ffffff',
  btnSize: 'small',
  fontSize: 'small',
  radius: 0,
  bold: true,
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
    [8, '19%'],
    [21, '50%'],
    [30, '50%'],
  ])('radius %p px is arcsize %p on the 42 px button', (radius, arcsize) => {
    expect(arcsizeFor(radius)).toBe(arcsize);
  });

  it('is 42 px high and wide enough for longer and larger text, never wider than the email', () => {
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
    expect(html).toMatch(/style="height:42px;v-text-anchor:middle;width:\d+px;" arcsize="19%" stroke="f" fillcolor="#e4572e"/);
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

import { defuseUrl, escapeHtml, escapeUserText } from './email-escape.js';
import { trackingLinks } from './export/tracking-links.js';

describe('escaping for email HTML', () => {
  it('escapes HTML but leaves merge tags in generated attributes alone', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(escapeHtml('https://x.example/?v=%%=v(@key)=%%&u=1')).toBe('https://x.example/?v=%%=v(@key)=%%&amp;u=1');
  });

  it('defuses every merge syntax in text people wrote, and keeps it readable', () => {
    const defused = escapeUserText('Hi {{name}} *|FNAME|* %%emailaddr%% [[x]] $[LI:EMAIL]$ {% tag %} 50% off $5');
    expect(defused).not.toMatch(/[{}[\]|%$]/);
    expect(defused).toContain('50&#37; off &#36;5');
  });

  it('percent-encodes merge syntax in URLs but keeps valid escapes', () => {
    expect(defuseUrl('https://x.example/a%20b/{{c}}?d=%%e%%&f=[g]|$h')).toBe('https://x.example/a%20b/%7B%7Bc%7D%7D?d=%25%25e%25%25&f=%5Bg%5D%7C%24h');
    expect(defuseUrl('https://x.example/plain?a=1')).toBe('https://x.example/plain?a=1');
  });
});

describe('tracking links', () => {
  it('writes the tag verbatim as v= and encodes the target and the id', () => {
    const links = trackingLinks('https://app.example.com/', 'a/b', '{{ contact.EMAIL }}');
    expect(links.open).toBe('https://app.example.com/t/o/a%2Fb.gif?v={{ contact.EMAIL }}');
    expect(links.webView).toBe('https://app.example.com/eyemail/a%2Fb?v={{ contact.EMAIL }}');
    expect(links.click('https://shop.example.com/?a=1&b=2')).toBe(
      'https://app.example.com/t/c/a%2Fb?v={{ contact.EMAIL }}&u=https%3A%2F%2Fshop.example.com%2F%3Fa%3D1%26b%3D2',
    );
  });

  it('leaves v= out when the platform has no recipient tag', () => {
    const links = trackingLinks('https://app.example.com', 's1', '');
    expect(links.open).toBe('https://app.example.com/t/o/s1.gif');
    expect(links.click('https://x.example/')).toBe('https://app.example.com/t/c/s1?u=https%3A%2F%2Fx.example%2F');
  });
});

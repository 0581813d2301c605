import { clickDestination, snippetIdFromPixel, TRANSPARENT_GIF, webViewUrl } from './tracking-rules.js';

const BASE = 'https://app.eyemail.example';
const ID = '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f';
const allowed = ['https://shop.example.com/sale?utm_source=email', 'http://example.org/'];

describe('open pixel', () => {
  it('is a 43-byte GIF89a', () => {
    expect(TRANSPARENT_GIF).toHaveLength(43);
    expect(TRANSPARENT_GIF.subarray(0, 6).toString('latin1')).toBe('GIF89a');
  });

  it.each([
    [`${ID}.gif`, ID],
    [`${ID.toUpperCase()}.GIF`, ID],
    [ID, ID],
  ])('%p names snippet %p', (param, id) => {
    expect(snippetIdFromPixel(param)).toBe(id);
  });

  it.each([['x.gif'], [`${ID}.png`], [`${ID}.gif.gif`], [''], [undefined]])('%p names no snippet', (param) => {
    expect(snippetIdFromPixel(param)).toBeNull();
  });
});

describe('click destination', () => {
  const go = (requested: unknown, receiver: string | null = 'ann@example.com') =>
    clickDestination({ publicBaseUrl: `${BASE}/`, snippetId: ID, requested, allowedTargets: allowed, receiver });

  it("goes to one of the snippet's own targets", () => {
    expect(go('https://shop.example.com/sale?utm_source=email')).toEqual({ location: 'https://shop.example.com/sale?utm_source=email', toTarget: true });
    // compared after normalisation: the export wrote the normalised form
    expect(go('HTTP://EXAMPLE.ORG')).toEqual({ location: 'http://example.org/', toTarget: true });
    expect(go(['http://example.org/', 'https://evil.example/'])).toMatchObject({ toTarget: true });
  });

  it.each([
    ['https://evil.example/'],
    ['https://shop.example.com/sale'],
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//evil.example/'],
    ['https://shop.example.com/sale?utm_source=email\r\nSet-Cookie: x=1'],
    [''],
    [undefined],
  ])('sends %p to the web view instead', (requested) => {
    expect(go(requested)).toEqual({ location: `${BASE}/eyemail/${ID}?v=ann%40example.com`, toTarget: false });
  });

  it('keeps the recipient on the web view, encoded', () => {
    expect(webViewUrl(BASE, ID, 'a+b@x.com')).toBe(`${BASE}/eyemail/${ID}?v=a%2Bb%40x.com`);
    expect(webViewUrl(BASE, ID, null)).toBe(`${BASE}/eyemail/${ID}`);
    expect(webViewUrl(BASE, 'not-an-id', null)).toBe(`${BASE}/`);
  });
});

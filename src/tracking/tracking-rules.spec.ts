import { clickDestination, recordedDestination, snippetIdFromPixel, TRANSPARENT_GIF, webViewUrl } from './tracking-rules.js';

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

describe('recorded destination of a click', () => {
  const snippet = {
    landingPageUrl: 'https://shop.example.com/spring',
    videoLinkUrl: 'https://youtu.be/abc',
    buttons: [
      { title: 'Shop now', url: 'https://shop.example.com/spring' },
      { title: 'Book a demo', url: 'https://example.com/demo' },
    ],
  };
  const rec = (target: string | null, button?: unknown) => recordedDestination({ ...snippet, target, button });

  it('is the web view when the click went there', () => {
    expect(rec(null)).toEqual({ kind: 'web-view', label: null });
    expect(rec(null, '1')).toEqual({ kind: 'web-view', label: null });
  });

  it('is the landing page, the video link or a button by its target', () => {
    expect(rec('https://shop.example.com/spring')).toEqual({ kind: 'landing-page', label: null });
    expect(rec('https://youtu.be/abc')).toEqual({ kind: 'video-link', label: null });
    expect(rec('https://example.com/demo')).toEqual({ kind: 'button', label: 'Book a demo' });
  });

  it('is the button named by b= when its target matches, even when it is also the landing page', () => {
    expect(rec('https://shop.example.com/spring', '1')).toEqual({ kind: 'button', label: 'Shop now' });
    expect(rec('https://example.com/demo', ['2'])).toEqual({ kind: 'button', label: 'Book a demo' });
  });

  it('ignores a b= that does not match the target', () => {
    expect(rec('https://shop.example.com/spring', '2')).toEqual({ kind: 'landing-page', label: null });
    expect(rec('https://shop.example.com/spring', '9')).toEqual({ kind: 'landing-page', label: null });
    expect(rec('https://shop.example.com/spring', '0')).toEqual({ kind: 'landing-page', label: null });
    expect(rec('https://shop.example.com/spring', '1e1')).toEqual({ kind: 'landing-page', label: null });
  });

  it('is null for a target that is none of these', () => {
    expect(rec('https://elsewhere.example/')).toBeNull();
  });
});

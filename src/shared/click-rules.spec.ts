import { clickDestination, currentClickTarget, destinationText } from './click-rules.js';

describe('where a click goes', () => {
  it('takes the video, GIF and poster to the landing page when there is one, normalised as saved', () => {
    expect(clickDestination('video', ' https://Shop.example.com/spring?utm_source=email ')).toEqual({
      kind: 'landing-page',
      url: 'https://shop.example.com/spring?utm_source=email',
    });
  });

  it.each([[null], [undefined], [''], ['   '], ['javascript:alert(1)'], ['ftp://example.com/'], ['not a url']])(
    'takes the video to the web view without a usable landing page (%p)',
    (landing) => {
      expect(clickDestination('video', landing)).toEqual({ kind: 'web-view' });
    },
  );

  it('always takes the header line to the web view', () => {
    expect(clickDestination('header', 'https://shop.example.com/')).toEqual({ kind: 'web-view' });
    expect(clickDestination('header', null)).toEqual({ kind: 'web-view' });
  });
});

describe('how the report names a destination', () => {
  it('names each kind, a button by its label', () => {
    expect(destinationText('landing-page', null, 'https://shop.example.com/')).toBe('Landing page');
    expect(destinationText('web-view', null, null)).toBe('Web view');
    expect(destinationText('video-link', null, 'https://youtu.be/x')).toBe('Video link');
    expect(destinationText('button', 'Shop now', 'https://shop.example.com/')).toBe('Button \u201cShop now\u201d');
    expect(destinationText('button', null, 'https://shop.example.com/')).toBe('Button');
  });

  it('reads clicks stored before destinations were recorded from their target', () => {
    expect(destinationText(null, null, null)).toBe('Web view');
    expect(destinationText(null, null, 'https://shop.example.com/')).toBe('Link');
  });
});

describe('where a click goes now', () => {
  const now: { landingPageUrl: string | null; videoLinkUrl: string | null; buttons: { url: string }[] } = {
    landingPageUrl: 'https://shop.example.com/new',
    videoLinkUrl: null,
    buttons: [{ url: 'https://shop.example.com/b1-new' }, { url: '' }],
  };
  const at = (q: { k?: unknown; b?: unknown; u?: unknown }, snippet = now) => currentClickTarget({ role: q.k, button: q.b, requested: q.u, ...snippet });

  it("sends the video's link to today's landing page, else the web view, whatever it said when exported", () => {
    expect(at({ k: 'landing', u: 'https://shop.example.com/old' })).toBe('https://shop.example.com/new');
    expect(at({ k: ['landing'], u: 'https://x.test/eyemail/1' })).toBe('https://shop.example.com/new');
    expect(at({ k: 'landing' }, { ...now, landingPageUrl: null })).toBeNull();
  });

  it('sends the video icon to the video link, else the landing page', () => {
    expect(at({ k: 'icon' }, { ...now, videoLinkUrl: 'https://shop.example.com/film' })).toBe('https://shop.example.com/film');
    expect(at({ k: 'icon' })).toBe('https://shop.example.com/new');
  });

  it("sends a button to its place's address now; a place no longer there keeps the link's own u=", () => {
    expect(at({ b: '1', u: 'https://shop.example.com/b1-old' })).toBe('https://shop.example.com/b1-new');
    expect(at({ b: '2', u: 'https://shop.example.com/b2' })).toBe('https://shop.example.com/b2');
    expect(at({ b: '7', u: 'https://shop.example.com/b7' })).toBe('https://shop.example.com/b7');
    expect(at({ b: '0x1', u: 'https://shop.example.com/b1-old' })).toBe('https://shop.example.com/b1-old');
  });

  it('keeps the u= of links that name nothing (the header line, exports made before)', () => {
    expect(at({ u: 'https://shop.example.com/old' })).toBe('https://shop.example.com/old');
    expect(at({ k: 'something', u: 'https://shop.example.com/old' })).toBe('https://shop.example.com/old');
  });
});

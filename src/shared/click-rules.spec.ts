import { clickDestination, destinationText } from './click-rules.js';

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

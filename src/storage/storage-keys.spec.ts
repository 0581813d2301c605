import { assertKeyMatchesContentType, contentTypeForKey, isMediaType, isValidStorageKey, StorageKeyError } from './storage-keys.js';

describe('isValidStorageKey', () => {
  it.each(['videos/0b6f2c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b/email.mp4', 'poster.jpg', 'a/b/c/d.gif', 'uploads/x_y-z.1.mov', '_tmp-1'])(
    'accepts %s',
    (key) => expect(isValidStorageKey(key)).toBe(true),
  );

  it.each([
    ['empty', ''],
    ['parent segment', '../etc/passwd'],
    ['parent inside', 'videos/../../etc/passwd'],
    ['dots inside a name', 'videos/a..b.mp4'],
    ['leading slash', '/etc/passwd'],
    ['trailing slash', 'videos/'],
    ['double slash', 'videos//a.mp4'],
    ['hidden segment', 'videos/.partial/a.mp4'],
    ['current dir', './a.mp4'],
    ['backslash', 'videos\\a.mp4'],
    ['uppercase', 'Videos/A.mp4'],
    ['percent encoding', 'videos/%2e%2e/a.mp4'],
    ['space', 'videos/a b.mp4'],
    ['NUL byte', 'videos/a\u0000.mp4'],
    ['unicode', 'videos/é.mp4'],
    ['too long', `a/${'x'.repeat(520)}.mp4`],
  ])('refuses %s', (_why, key) => expect(isValidStorageKey(key)).toBe(false));

  it('refuses non-strings', () => {
    expect(isValidStorageKey(undefined)).toBe(false);
    expect(isValidStorageKey(['a.mp4'])).toBe(false);
  });
});

describe('contentTypeForKey', () => {
  it.each([
    ['v/email.mp4', 'video/mp4'],
    ['v/source.mov', 'video/quicktime'],
    ['v/poster.jpg', 'image/jpeg'],
    ['v/poster.jpeg', 'image/jpeg'],
    ['v/loop.gif', 'image/gif'],
    ['v/logo.png', 'image/png'],
    ['v/logo.webp', 'image/webp'],
    ['v/page.html', 'application/octet-stream'],
    ['v/icon.svg', 'application/octet-stream'],
    ['v/noextension', 'application/octet-stream'],
    ['v.mp4/noextension', 'application/octet-stream'],
  ])('types %s as %s', (key, type) => expect(contentTypeForKey(key)).toBe(type));

  it('recognises media types with parameters and case', () => {
    expect(isMediaType('Video/MP4; codecs="avc1"')).toBe(true);
    expect(isMediaType('text/html')).toBe(false);
  });

  it('insists the declared type matches the extension', () => {
    expect(() => assertKeyMatchesContentType('v/email.mp4', 'video/mp4')).not.toThrow();
    expect(() => assertKeyMatchesContentType('v/email.mp4', 'VIDEO/MP4; charset=binary')).not.toThrow();
    expect(() => assertKeyMatchesContentType('v/email.mp4', 'image/png')).toThrow(StorageKeyError);
    expect(() => assertKeyMatchesContentType('v/page.html', 'text/html')).toThrow(StorageKeyError);
  });
});

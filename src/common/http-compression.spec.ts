import { mayCompress, precompressedVariant } from './http-compression.js';

describe('mayCompress', () => {
  const yes = () => true;
  it('compresses compressible responses', () => {
    expect(mayCompress({ path: '/api/snippets', headers: {} }, yes)).toBe(true);
    expect(mayCompress({ url: '/live/abc?x=1', headers: {} }, yes)).toBe(true);
  });
  it('never a byte range, never stored media, never what the type says is not compressible', () => {
    expect(mayCompress({ path: '/assets/app.js', headers: { range: 'bytes=0-99' } }, yes)).toBe(false);
    expect(mayCompress({ path: '/media/v/1/a.mp4', headers: {} }, yes)).toBe(false);
    expect(mayCompress({ url: '/MEDIA/f/1/a.svg?x', headers: {} }, yes)).toBe(false);
    expect(mayCompress({ path: '/api/snippets', headers: {} }, () => false)).toBe(false);
  });
});

describe('precompressedVariant', () => {
  it('picks the file the client accepts, brotli first', () => {
    expect(precompressedVariant('br')).toEqual({ encoding: 'br', ext: '.br' });
    expect(precompressedVariant('gzip')).toEqual({ encoding: 'gzip', ext: '.gz' });
    expect(precompressedVariant('identity')).toBeNull();
    expect(precompressedVariant(false)).toBeNull();
  });
});

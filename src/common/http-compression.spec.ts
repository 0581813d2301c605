import zlib from 'node:zlib';
import { compressBody, mayCompress, precompressedVariant, wholeBodyEncoding } from './http-compression.js';

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
  it('never the bell’s event stream (its events would wait for a block to fill)', () => {
    expect(mayCompress({ path: '/api/notifications/stream', headers: {} }, yes)).toBe(false);
    expect(mayCompress({ url: '/API/Notifications/Stream/?x=1', headers: {} }, yes)).toBe(false);
    expect(mayCompress({ path: '/api/notifications', headers: {} }, yes)).toBe(true);
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

describe('wholeBodyEncoding', () => {
  const big = 5000;
  it("chooses as the compression middleware does: brotli over gzip when both are taken alike, else the client's best", () => {
    expect(wholeBodyEncoding('GET', 'gzip, deflate, br, zstd', big)).toBe('br');
    expect(wholeBodyEncoding('GET', 'gzip', big)).toBe('gzip');
    expect(wholeBodyEncoding('GET', 'deflate', big)).toBe('deflate');
    expect(wholeBodyEncoding('GET', 'br;q=0.5, gzip', big)).toBe('gzip');
  });
  it('sends the body as it is when the client takes no compression, for HEAD, and under 1 KB', () => {
    expect(wholeBodyEncoding('GET', undefined, big)).toBeNull();
    expect(wholeBodyEncoding('GET', 'identity', big)).toBeNull();
    expect(wholeBodyEncoding('GET', 'zstd', big)).toBeNull();
    expect(wholeBodyEncoding('GET', 'br;q=0, gzip;q=0', big)).toBeNull();
    expect(wholeBodyEncoding('HEAD', 'gzip', big)).toBeNull();
    expect(wholeBodyEncoding('GET', 'gzip', 1023)).toBeNull();
    expect(wholeBodyEncoding('GET', 'gzip', 1024)).toBe('gzip');
  });
});

describe('compressBody', () => {
  const body = Buffer.from('<p>hello</p>'.repeat(200));
  it('gives back the same bytes through each encoding', async () => {
    expect(zlib.brotliDecompressSync(await compressBody(body, 'br')).equals(body)).toBe(true);
    expect(zlib.gunzipSync(await compressBody(body, 'gzip')).equals(body)).toBe(true);
    expect(zlib.inflateSync(await compressBody(body, 'deflate')).equals(body)).toBe(true);
    expect((await compressBody(body, 'br')).length).toBeLessThan(body.length / 10);
  });
});

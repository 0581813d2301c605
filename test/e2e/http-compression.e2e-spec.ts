// Compression and cookies over real HTTP (raw requests, so the bytes on the wire are what is
// checked): HTML, JSON, JS and CSS come gzip- or brotli-encoded to clients that accept it, the
// dashboard's built assets from the files precompressed at build time; media, byte ranges and
// clients that accept nothing come as stored. The public pages, their media and tracking set no
// cookie; the dashboard and the API still set the CSRF cookie.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, type Client } from '../support/account-factory.js';
import { listen, rawRequest } from '../support/raw-http.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { webDistDir } from '../../src/common/paths.js';

jest.setTimeout(120_000);

const decode = (encoding: string | undefined, body: Buffer): Buffer =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

describe('compression and cookies', () => {
  let t: TestApp;
  let owner: Client;
  let snippetId: string;
  let mediaUrl: string;
  let server: Parameters<typeof rawRequest>[0];

  beforeAll(async () => {
    if (!fs.existsSync(path.join(webDistDir, 'index.html'))) throw new Error('Build the dashboard first (npm run build): these tests read its assets');
    t = await startTestApp();
    server = t.app.getHttpServer();
    await listen(server);
    owner = (await signUp(t)).client;
    const { videoId, encodings } = await readyVideo(owner, ['none']);
    snippetId = (await createSnippet(owner, snippetPayload(videoId))).snippet;
    mediaUrl = new URL(encodings[0].videoUrl!).pathname;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['br', 'br, gzip, deflate'],
    ['gzip', 'gzip, deflate'],
  ])('sends HTML pages and API JSON %s-encoded, and the same content', async (encoding, accept) => {
    for (const p of [`/live/${snippetId}`, `/emailpreview/${snippetId}`, '/api/docs', '/api/docs/openapi.json']) {
      const plain = await rawRequest(server, p, { headers: { 'Accept-Encoding': 'identity' } });
      const packed = await rawRequest(server, p, { headers: { 'Accept-Encoding': accept } });
      expect({ p, status: packed.status, encoding: packed.headers['content-encoding'] }).toEqual({ p, status: 200, encoding });
      expect(packed.headers.vary).toMatch(/Accept-Encoding/i);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(decode(encoding, packed.body).toString('utf8')).toBe(plain.body.toString('utf8'));
      expect(packed.body.length).toBeLessThan(plain.body.length * 0.6);
    }
  });

  it('leaves responses under 1 KB as they are (the dashboard page is about half that)', async () => {
    const page = await rawRequest(server, '/videos', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(page.body.length).toBeLessThan(1024);
    expect({ status: page.status, encoding: page.headers['content-encoding'] }).toEqual({ status: 200, encoding: undefined });
  });

  it('serves the built JS and CSS from their precompressed files, with their own type and caching', async () => {
    const html = (await rawRequest(server, '/', { headers: { 'Accept-Encoding': 'identity' } })).body.toString('utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(js|css))"/g)].map((m) => ({ url: m[1], ext: m[2] }));
    expect(assets.map((a) => a.ext).sort()).toEqual(expect.arrayContaining(['css', 'js']));
    for (const { url, ext } of assets) {
      const file = path.join(webDistDir, url);
      for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
        const res = await rawRequest(server, url, { headers: { 'Accept-Encoding': encoding } });
        expect({ url, status: res.status, encoding: res.headers['content-encoding'] }).toEqual({ url, status: 200, encoding });
        expect(res.headers['content-type']).toMatch(ext === 'js' ? /^(text|application)\/javascript/ : /^text\/css/);
        expect(res.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
        expect(res.headers.vary).toMatch(/Accept-Encoding/i);
        // the very bytes the build wrote, not compressed again on the way
        expect(res.body.equals(fs.readFileSync(file + suffix))).toBe(true);
        expect(decode(encoding, res.body).equals(fs.readFileSync(file))).toBe(true);
      }
      const plain = await rawRequest(server, url, { headers: { 'Accept-Encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(fs.readFileSync(file))).toBe(true);
      // a byte range is of the file itself
      const part = await rawRequest(server, url, { headers: { 'Accept-Encoding': 'br, gzip', Range: 'bytes=0-99' } });
      expect({ status: part.status, encoding: part.headers['content-encoding'] }).toEqual({ status: 206, encoding: undefined });
      expect(part.body.equals(fs.readFileSync(file).subarray(0, 100))).toBe(true);
    }
  });

  it('never compresses media, whole or in byte ranges', async () => {
    const whole = await rawRequest(server, mediaUrl, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect({ status: whole.status, type: whole.headers['content-type'], encoding: whole.headers['content-encoding'] }).toEqual({
      status: 200,
      type: 'video/mp4',
      encoding: undefined,
    });
    const part = await rawRequest(server, mediaUrl, { headers: { 'Accept-Encoding': 'br, gzip', Range: 'bytes=100-1099' } });
    expect({ status: part.status, encoding: part.headers['content-encoding'], range: part.headers['content-range'] }).toEqual({
      status: 206,
      encoding: undefined,
      range: `bytes 100-1099/${whole.body.length}`,
    });
    expect(part.body.equals(whole.body.subarray(100, 1100))).toBe(true);
  });

  it('sets no cookie on the public pages, their media and assets, tracking and the play-time beacon', async () => {
    const paths = [`/live/${snippetId}`, `/eyemail/${snippetId}`, `/emailpreview/${snippetId}`, mediaUrl, '/static/viewer/viewer.js'];
    for (const p of paths) {
      const res = await rawRequest(server, p, { headers: { 'Accept-Encoding': 'gzip' } });
      expect({ p, status: res.status, cookies: res.headers['set-cookie'] }).toEqual({ p, status: 200, cookies: undefined });
    }
    // the viewer page itself is compressed too
    const live = await rawRequest(server, `/live/${snippetId}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(live.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(live.body).toString('utf8')).toContain('<video');
    const beacon = await rawRequest(server, '/api/reports/updateduration', { method: 'POST', headers: { 'Content-Type': 'text/plain' } });
    expect(beacon.headers['set-cookie']).toBeUndefined();
  });

  it('renews no cookie for a signed-in owner looking at their public page either', async () => {
    const jar = owner.cookieHeader;
    expect(jar).toMatch(/eyemail\.sid=/);
    const res = await rawRequest(server, `/live/${snippetId}`, { headers: { Cookie: jar } });
    expect({ status: res.status, cookies: res.headers['set-cookie'] }).toEqual({ status: 200, cookies: undefined });
    // the same session still renews on the dashboard's own calls
    const api = await rawRequest(server, '/api/accounts/trysignin', { method: 'POST', headers: { Cookie: jar } });
    expect(api.status).toBe(200);
    expect(String(api.headers['set-cookie'])).toMatch(/eyemail\.sid=/);
  });

  it("serves the dashboard's files without reading or renewing a signed-in owner's session", async () => {
    const jar = owner.cookieHeader;
    const html = (await rawRequest(server, '/', { headers: { Cookie: jar } })).body.toString('utf8');
    const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(files.length).toBeGreaterThan(1);
    for (const p of [...files, '/favicon.svg', '/static/viewer/viewer.js']) {
      const res = await rawRequest(server, p, { headers: { Cookie: jar, 'Accept-Encoding': 'br' } });
      expect({ p, status: res.status, cookies: res.headers['set-cookie'] }).toEqual({ p, status: 200, cookies: undefined });
    }
  });

  it('still gives the dashboard and the API the CSRF cookie', async () => {
    for (const p of ['/', '/api/health']) {
      const res = await rawRequest(server, p);
      expect({ p, cookie: String(res.headers['set-cookie']) }).toEqual({ p, cookie: expect.stringMatching(/^XSRF-TOKEN=/) });
    }
  });
});

// The app's API called from a browser context the way the dashboard calls it: the context's
// session cookie, and its XSRF-TOKEN cookie sent back as the X-XSRF-TOKEN header. For setting up
// what a test needs (accounts, encoded videos, EyeMails) without clicking through it each time.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';

export async function xsrf(ctx: BrowserContext): Promise<Record<string, string>> {
  const token = (await ctx.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(token) };
}

type Method = 'get' | 'post' | 'put' | 'delete';

// One call; fails with the status and the answer unless it succeeded, and returns the envelope's
// `body`. `expect`: the exact status it must answer (201 for a creation, say).
export async function api<T = any>(ctx: BrowserContext, method: Method, url: string, opts: { data?: unknown; multipart?: Record<string, unknown>; expect?: number } = {}): Promise<T> {
  const { expect, ...rest } = opts;
  const res = await ctx.request[method](url, { ...rest, headers: await xsrf(ctx) } as Parameters<BrowserContext['request']['post']>[1]);
  const text = await res.text();
  const what = `${method.toUpperCase()} ${url}: ${res.status()} ${text.slice(0, 500)}`;
  if (expect !== undefined) assert.equal(res.status(), expect, what);
  else assert.ok(res.ok(), what);
  return (JSON.parse(text) as { body: T }).body;
}

export const PASSWORD = 'Byron1815';

// A new account, signed in on this context (the context has no session yet: the health call
// gives it its XSRF cookie first).
export async function signUp(ctx: BrowserContext, fields: { fullName: string; email: string; password?: string; tier?: 'standard' | 'enterprise' }): Promise<void> {
  await ctx.request.get('/api/health');
  const password = fields.password ?? PASSWORD;
  await api(ctx, 'post', '/api/accounts/signup', {
    data: { fullName: fields.fullName, email: fields.email, password, confirmPassword: password, tier: fields.tier ?? 'standard' },
    expect: 201,
  });
}

// Uploads a file from disk (`name`: the file name the server is told, by default the file's own).
export async function upload(ctx: BrowserContext, type: 'video' | 'logo' | 'videoIcon' | 'coverImage', file: string, opts: { name?: string; mimeType?: string } = {}): Promise<string> {
  const name = opts.name ?? path.basename(file);
  const mimeType = opts.mimeType ?? (/\.png$/i.test(file) ? 'image/png' : /\.jpe?g$/i.test(file) ? 'image/jpeg' : /\.mov$/i.test(file) ? 'video/quicktime' : 'video/mp4');
  const up = await api<{ fileId: string }>(ctx, 'post', `/api/files?type=${type}`, { multipart: { file: { name, mimeType, buffer: fs.readFileSync(file) } }, expect: 201 });
  return up.fileId;
}

// Asks the server to encode an uploaded video for email and waits until the server reports it
// done (polling its encoding, as the dashboard does); fails at once if it reports a failure.
export async function encode(ctx: BrowserContext, videoId: string, opts: { overlay?: 'none' | 'black' | 'white'; width?: number } = {}): Promise<void> {
  const res = await ctx.request.post(`/api/videos/${videoId}?overlay=${opts.overlay ?? 'none'}&width=${opts.width ?? 600}`, { headers: await xsrf(ctx) });
  assert.ok([200, 202].includes(res.status()), `encode ${videoId}: ${res.status()} ${await res.text()}`);
  let encoding = (await res.json()).body as { state: string; encodingId: string };
  const until = Date.now() + 90_000;
  while (encoding.state !== 'completed') {
    assert.notEqual(encoding.state, 'failed', 'the encoding failed');
    assert.ok(Date.now() < until, `the encoding did not finish (last state ${encoding.state})`);
    await new Promise((r) => setTimeout(r, 100));
    encoding = await api(ctx, 'get', `/api/videos/encodings/${encoding.encodingId}`);
  }
}

// Upload and encode a clip: a video ready for any number of EyeMails. Returns its id.
export async function readyVideo(ctx: BrowserContext, clip: string, opts: { overlay?: 'none' | 'black' | 'white'; width?: number; name?: string } = {}): Promise<string> {
  const videoId = await upload(ctx, 'video', clip, { name: opts.name });
  await encode(ctx, videoId, opts);
  return videoId;
}

// The fields an EyeMail made in the dashboard has unless the test says otherwise.
export const EYEMAIL_DEFAULTS = { videoOverlay: 'none', addVideoOverlay: false, coverImagePlacement: 'below', coverImageSpacing: 1, logoImageAlignment: 'left', logoImageWidth: 120, width: 600 };

// Creates an EyeMail of a ready video; returns its id.
export async function createEyeMail(ctx: BrowserContext, data: Record<string, unknown> & { title: string; videoId: string }): Promise<string> {
  const created = await api<{ snippet: string }>(ctx, 'post', '/api/snippets', { data, expect: 201 });
  return created.snippet;
}

// Hostile uploads on every kind of upload the app takes (videos, images, GIFs, logos, covers, the
// video icon, profile pictures and support attachments): each is refused with the kind's own
// clear 4xx message, and afterwards nothing of it is in storage, in the upload folder or in the
// database. A 350 MB body is stopped at each kind's limit while it streams in, in bounded memory.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { listen, socketRequest } from '../support/raw-http.js';
import { animatedGif, clip, leftoverUploads, png, pngBomb, storedObjects, truncatedClip, upload } from '../support/upload-fixtures.js';
import { contentRefusal, FILE_KINDS, UPLOAD_MESSAGES, UPLOAD_RULES, type FileKind } from '../../src/files/upload-rules.js';

const MB = 1024 * 1024;
const NOT_A_VIDEO = 'This file is not a video we can read. Please upload an .mp4 or .mov file.';

let t: TestApp;
let ann: SignedUpUser;

beforeAll(async () => {
  // A short idle timeout, so a stalled upload is answered within the test.
  // This file sends over a hundred bodies from one account, each a different shape; the hourly
  // upload limit has its own test (videos-fair-use.e2e-spec.ts), so it is set out of the way here.
  t = await startTestApp({ UPLOAD_IDLE_TIMEOUT_SECONDS: '2', UPLOADS_PER_HOUR: '10000' });
  await listen(t.app.getHttpServer());
  ann = await signUp(t, { fullName: 'Ann Lee' });
}, 120_000);
afterAll(async () => t?.close());

// Everything an upload can leave: stored objects, unfinished uploads, rows.
async function traces() {
  const [rows] = await sql<{ n: number }>(t, 'select count(*)::int as n from media_file');
  return { stored: storedObjects(t), unfinished: leftoverUploads(t), rows: rows.n };
}

// A GIF whose screen and one frame claim width x height pixels, a few dozen bytes long.
function gifBomb(width: number, height: number): Buffer {
  const le = (n: number) => [n & 0xff, n >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a'), ...le(width), ...le(height), 0x80, 0, 0, // global table of 2 colours
    0, 0, 0, 0xff, 0xff, 0xff,
    0x2c, 0, 0, 0, 0, ...le(width), ...le(height), 0, // image descriptor
    2, 2, 0x4c, 0x01, 0, // LZW data: one pixel
    0x3b,
  ]);
}

const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="window.__pwned=1"><script>alert(document.cookie)</script><rect width="100" height="100"/></svg>\n',
);
const TEXT = Buffer.from('Shopping list\n- eggs\n- milk\n'.repeat(50));
// A ZIP's opening bytes (an .docx, an .apk...) with a picture's name.
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]), crypto.randomBytes(2000)]);

interface Hostile {
  what: string;
  data: () => Buffer | Promise<Buffer>;
  // the file name's extension, per treatment (video, gif-only, picture)
  name: string;
  type?: string;
  status: number;
  message: string;
}

function hostileFiles(kind: FileKind): Hostile[] {
  const rule = UPLOAD_RULES[kind];
  const ext = kind === 'video' ? 'mp4' : kind === 'gif' ? 'gif' : 'png';
  // A wrong name gets the kind's type message; bytes that are not what the name says, the
  // content's (for a video: not a video we can read).
  const wrong = rule.wrongType;
  const content = contentRefusal(kind);
  const list: Hostile[] = [
    { what: 'a text file renamed', data: () => TEXT, name: `notes.${ext}`, status: 415, message: content },
    { what: 'a zero-byte file', data: () => Buffer.alloc(0), name: `empty.${ext}`, status: 400, message: UPLOAD_MESSAGES.failed },
    { what: 'a ZIP with a picture’s name (wrong magic)', data: () => ZIP, name: `photo.${ext}`, status: 415, message: content },
    { what: 'an SVG with a script, as .svg', data: () => SVG_WITH_SCRIPT, name: 'logo.svg', type: 'image/svg+xml', status: 415, message: wrong },
    { what: 'an SVG with a script, renamed', data: () => SVG_WITH_SCRIPT, name: `logo.${ext}`, status: 415, message: content },
  ];
  if (kind === 'video') {
    list.push(
      { what: 'a truncated MP4', data: () => fs.readFileSync(truncatedClip()), name: 'cut.mp4', status: 422, message: NOT_A_VIDEO },
      { what: 'a PNG renamed .mp4', data: () => png(64, 64), name: 'still.mp4', status: 415, message: content },
      { what: 'a 30000x30000 PNG renamed .mp4', data: () => pngBomb(30_000, 30_000), name: 'bomb.mp4', status: 415, message: content },
    );
  } else if (kind === 'gif') {
    list.push(
      { what: 'a PNG renamed .gif (wrong magic)', data: () => png(64, 64), name: 'still.gif', status: 415, message: content },
      { what: 'a GIF of 30000x30000 pixels', data: () => gifBomb(30_000, 30_000), name: 'bomb.gif', status: 422, message: UPLOAD_MESSAGES.gifTooManyPixels },
      { what: 'a truncated GIF', data: () => fs.readFileSync(animatedGif()).subarray(0, 400), name: 'cut.gif', status: 422, message: UPLOAD_MESSAGES.gifUnreadable },
    );
  } else {
    list.push(
      { what: 'an MP4 renamed .png', data: () => fs.readFileSync(clip('mp4')), name: 'clip.png', status: 415, message: content },
      { what: 'a 30000x30000 PNG (decompression bomb)', data: () => pngBomb(30_000, 30_000), name: 'bomb.png', status: 422, message: UPLOAD_MESSAGES.tooManyPixels },
      { what: 'a truncated PNG', data: async () => (await png(400, 400, '#123456')).subarray(0, 120), name: 'half.png', status: 422, message: UPLOAD_MESSAGES.imageUnreadable },
    );
  }
  if (kind === 'cover') {
    list.push({ what: 'a GIF of 30000x30000 pixels', data: () => gifBomb(30_000, 30_000), name: 'bomb.gif', status: 422, message: UPLOAD_MESSAGES.gifTooManyPixels });
  }
  return list;
}

describe.each(FILE_KINDS.map((k) => [k]))('hostile %s uploads', (kind) => {
  it.each(hostileFiles(kind).map((h) => [h.what, h]))('refuses %s with a clear 4xx, leaving nothing behind', async (_what, h) => {
    const before = await traces();
    const res = await upload(ann.client, kind, await h.data(), h.name, h.type);
    expect({ status: res.status, body: res.body }).toEqual({ status: h.status, body: { result: false, message: h.message, body: null, errors: null } });
    expect(await traces()).toEqual(before);
  });
});

describe('names with folders in them', () => {
  it.each([['../../../../etc/evil.png'], ['..\\..\\windows\\evil.png'], ['/tmp/evil.png'], ['..']])('keep only the base name of %p, and store under a name of the server’s own', async (name) => {
    const res = await upload(ann.client, 'logo', await png(40, 40), name, 'image/png');
    if (name === '..') {
      // No extension left: not a picture's name.
      expect(res.status).toBe(415);
      return;
    }
    expect(res.status).toBe(201);
    expect(res.body.body.fileName).toBe('evil.png');
    const [row] = await sql<{ storage_key: string; file_name: string }>(t, 'select storage_key, file_name from media_file where id = ?', [res.body.body.fileId]);
    expect(row.file_name).toBe('evil.png');
    expect(row.storage_key).toMatch(/^f\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.jpg$/);
    // Nothing was written next to the data folder.
    for (const p of ['etc/evil.png', 'windows/evil.png', '../etc/evil.png', 'evil.png']) expect(fs.existsSync(path.join(t.config.dataDir, p))).toBe(false);
    await ann.client.delete(`/api/files/${res.body.body.fileId}`).expect(200);
  });
});

// Streams `total` bytes of a file part without declaring a length (as a client that hides its
// size would), stopping when the server answers; the answer and the peak memory of the process.
async function streamUpload(kind: FileKind, fileName: string, total: number) {
  const boundary = `b${crypto.randomBytes(8).toString('hex')}`;
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/files?type=${kind}`,
    agent: false,
    headers: {
      Cookie: `${ann.sessionCookie}; XSRF-TOKEN=${encodeURIComponent(ann.client.xsrfToken)}`,
      'X-XSRF-TOKEN': ann.client.xsrfToken,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Transfer-Encoding': 'chunked',
    },
  });
  let answered = false;
  // A reset connection (the answer lost) fails the test instead of leaving a write waiting.
  let reset: Error | null = null;
  const response = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    req.on('error', (e) => {
      reset = e;
      req.emit('drain');
      if (!answered) reject(new Error(`The connection was reset before an answer: ${e.message}`));
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      res.on('error', reject);
    });
  });
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  // A write the socket cannot take yet waits for room, or for the answer or the end of the
  // connection (a server that has answered and closes takes no more).
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve) => {
      if (req.write(chunk)) return resolve();
      const go = () => {
        req.off('drain', go).off('response', go).off('close', go);
        resolve();
      };
      req.on('drain', go).on('response', go).on('close', go);
    });
  // A PNG's opening bytes, then the same megabyte over and over (the client holds 1 MB).
  const chunk = Buffer.alloc(MB, 0x41);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(chunk);
  await write(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  let sent = 0;
  while (sent < total && !answered && !reset) {
    await write(chunk);
    sent += chunk.length;
  }
  if (!answered && !reset) req.end(`\r\n--${boundary}--\r\n`);
  const res = await response;
  clearInterval(sampler);
  req.destroy();
  return { ...res, sent, peakGrowth: peak - baseline };
}

// Found by this review: a body streamed without a length was cut 16 MB past the limit whether or
// not the 413 had gone out, so the client saw a reset connection instead of the answer.
describe('a 350 MB body', () => {
  it.each(FILE_KINDS.map((k) => [k]))('is stopped at the %s limit while it streams in, in bounded memory, leaving nothing', async (kind) => {
    const before = await traces();
    const rule = UPLOAD_RULES[kind];
    const ext = kind === 'video' ? 'mp4' : kind === 'gif' ? 'gif' : 'png';
    const res = await streamUpload(kind, `huge.${ext}`, 350 * MB);
    expect({ status: res.status, body: res.body }).toEqual({ status: 413, body: { result: false, message: rule.tooLarge, body: null, errors: null } });
    // The body went to a temporary file, never into memory.
    expect(res.peakGrowth).toBeLessThan(150 * MB);
    expect(await traces()).toEqual(before);
  }, 300_000);
});

// Found in review: the refusal was sent with `Connection: close`, so the server closed the socket
// as soon as the answer was written, with the client's bytes still unread; the close reset the
// connection, and a client whose next write met the reset lost the answer it had not read yet.
describe('a client that reads the answer only after it has finished sending', () => {
  it('still gets the 413 and the end of the stream, never a reset', async () => {
    const before = await traces();
    const boundary = `b${crypto.randomBytes(8).toString('hex')}`;
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    // The client reads nothing until it is done writing.
    socket.pause();
    let failure: Error | null = null;
    socket.on('error', (e) => (failure = e));
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const chunked = (data: Buffer) => Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    const write = (data: Buffer) => new Promise<void>((resolve) => socket.write(data, () => resolve()));
    await write(
      Buffer.from(
        [
          'POST /api/files?type=logo HTTP/1.1',
          'Host: 127.0.0.1',
          `Cookie: ${ann.sessionCookie}; XSRF-TOKEN=${encodeURIComponent(ann.client.xsrfToken)}`,
          `X-XSRF-TOKEN: ${ann.client.xsrfToken}`,
          `Content-Type: multipart/form-data; boundary=${boundary}`,
          'Transfer-Encoding: chunked',
          '',
          '',
        ].join('\r\n'),
      ),
    );
    await write(chunked(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`)));
    const megabyte = Buffer.alloc(MB, 0x41);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(megabyte);
    // Past the logo limit: the server refuses while the client goes on.
    for (let sent = 0; sent <= UPLOAD_RULES.logo.maxBytes + MB && !failure; sent += MB) await write(chunked(megabyte));
    // The client is busy elsewhere for a moment (the answer has long gone out), then sends its
    // last megabyte and only then reads.
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (!failure) await write(chunked(megabyte));
    socket.resume();
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    await new Promise((resolve) => socket.once('close', resolve));
    const text = Buffer.concat(chunks).toString('utf8');
    expect(failure).toBeNull();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ result: false, message: UPLOAD_RULES.logo.tooLarge, body: null, errors: null });
    expect(await traces()).toEqual(before);
  }, 60_000);
});

// Found in review: an upload with two file parts was never answered and kept a descriptor and a
// temporary file open each time, so any account could exhaust the server's descriptors.
describe('malformed multipart bodies', () => {
  const boundary = 'malformed-boundary-7d1f';
  const filePart = (field: string, name: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
      data,
      Buffer.from('\r\n'),
    ]);
  const textPart = (field: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`);
  const closing = Buffer.from(`--${boundary}--\r\n`);

  // The request's head; `length` null streams the body chunked (the client hides its size).
  const head = (length: number | null) =>
    [
      'POST /api/files?type=attachment HTTP/1.1',
      'Host: 127.0.0.1',
      `Cookie: ${ann.sessionCookie}; XSRF-TOKEN=${encodeURIComponent(ann.client.xsrfToken)}`,
      `X-XSRF-TOKEN: ${ann.client.xsrfToken}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      length === null ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`,
      '',
      '',
    ].join('\r\n');
  const whole = (body: Buffer) => socketRequest(t.app.getHttpServer(), head(body.length), body);
  const openDescriptors = () => fs.readdirSync('/proc/self/fd').length;

  // Waits (generously) until the process holds no more descriptors than before; the last count.
  async function settledDescriptors(baseline: number): Promise<number> {
    const until = Date.now() + 30_000;
    let n = openDescriptors();
    while (n > baseline && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      n = openDescriptors();
    }
    return n;
  }

  it('answers each with a prompt 4xx and leaves no open descriptor and no temporary file', async () => {
    const picture = await png(300, 300);
    // Warm up: the first upload opens what the process keeps (pools, caches).
    await upload(ann.client, 'attachment', picture, 'warm.png', 'image/png').expect(201);
    const before = await traces();
    const baseline = openDescriptors();

    const bodies: [string, Buffer][] = [
      ['two files', Buffer.concat([filePart('file', 'a.png', picture), filePart('file', 'b.png', picture), closing])],
      ['a file under another field name', Buffer.concat([filePart('upload', 'a.png', picture), closing])],
      ['a field after the file', Buffer.concat([filePart('file', 'a.png', picture), textPart('note', 'late'), closing])],
      ['no closing boundary', Buffer.concat([filePart('file', 'a.png', picture)])],
    ];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(bodies.map(async ([what, body]) => [what, (await whole(body)).status] as const));
      for (const [what, status] of answers) expect({ what, status }).toEqual({ what, status: 400 });
    }
    expect(await settledDescriptors(baseline)).toBeLessThanOrEqual(baseline);
    expect(await traces()).toEqual(before);
  }, 120_000);

  it('forgets a client that aborts mid-body, and answers one that stalls with 408 after the idle timeout', async () => {
    const picture = await png(300, 300);
    const before = await traces();
    const baseline = openDescriptors();
    const half = filePart('file', 'a.png', picture).subarray(0, 2000);
    const server = t.app.getHttpServer();
    for (let round = 0; round < 5; round++) {
      const [aborted, abortedChunked, stalled, stalledChunked] = await Promise.all([
        socketRequest(server, head(picture.length + 1000), half, 'abort'),
        socketRequest(server, head(null), Buffer.from(`${half.length.toString(16)}\r\n${half.toString('latin1')}\r\n`, 'latin1'), 'abort'),
        socketRequest(server, head(picture.length + 1000), half),
        socketRequest(server, head(null), Buffer.from(`${half.length.toString(16)}\r\n${half.toString('latin1')}\r\n`, 'latin1')),
      ]);
      expect(aborted.status).toBeNull();
      expect(abortedChunked.status).toBeNull();
      expect({ status: stalled.status, body: JSON.parse(stalled.body) }).toEqual({ status: 408, body: { result: false, message: UPLOAD_MESSAGES.stalled, body: null, errors: null } });
      expect(stalledChunked.status).toBe(408);
    }
    expect(await settledDescriptors(baseline)).toBeLessThanOrEqual(baseline);
    expect(await traces()).toEqual(before);
  }, 120_000);
});

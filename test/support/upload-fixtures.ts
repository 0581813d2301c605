// Files for the upload and encode API tests, generated at test time: small clips by ffmpeg
// (cached between runs like test/support/media.ts), images by sharp, and hostile files built
// byte by byte (renamed files, a decompression bomb, truncated and empty files).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { Client } from './account-factory.js';
import type { TestApp } from './app.js';

export const UPLOAD_FIXTURES = path.join(os.tmpdir(), 'eyemail-upload-fixtures-v1');

function ffmpeg(args: string[]): void {
  const r = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed: ${r.stderr}`);
}

function cached(name: string, make: (out: string) => void): string {
  fs.mkdirSync(UPLOAD_FIXTURES, { recursive: true });
  const file = path.join(UPLOAD_FIXTURES, name);
  if (fs.existsSync(file)) return file;
  const tmp = path.join(UPLOAD_FIXTURES, `.${process.pid}-${Date.now()}-${name}`);
  try {
    make(tmp);
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return file;
}

// What a browser's recorder makes: WebM, VP8 picture and Opus sound.
export function webmRecording(secs = 2): string {
  return cached(`recording-${secs}s.webm`, (out) =>
    ffmpeg([
      '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=30:duration=${secs}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${secs}`,
      '-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '300k', '-c:a', 'libopus', '-shortest', '-f', 'webm', out,
    ]),
  );
}

// A 320x240 test pattern with a tone, 30 fps. `container` mp4 or mov (QuickTime brand).
export function clip(container: 'mp4' | 'mov' = 'mp4', secs = 2): string {
  return cached(`clip-${secs}s.${container}`, (out) =>
    ffmpeg([
      '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=30:duration=${secs}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${secs}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
      '-f', container === 'mov' ? 'mov' : 'mp4', out,
    ]),
  );
}

// A 320x240 clip of one flat colour (#3366cc): anything burnt into a frame shows against it.
export function flatClip(): string {
  return cached('flat-blue.mp4', (out) =>
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x3366cc:size=320x240:rate=30:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mp4', out]),
  );
}

// The clip cut in half before its index was written: a truncated upload.
export function truncatedClip(): string {
  return cached('truncated.mp4', (out) => {
    const whole = fs.readFileSync(clip('mp4'));
    fs.writeFileSync(out, whole.subarray(0, Math.floor(whole.length / 2)));
  });
}

// Sound only, in an MP4-family container (ftyp M4A).
export function audioOnly(): string {
  return cached('audio.m4a', (out) => ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', '-f', 'ipod', out]));
}

// A small animated GIF (10 frames).
export function animatedGif(): string {
  return cached('anim.gif', (out) => ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=1', '-f', 'gif', out]));
}

export function png(width: number, height: number, colour = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: colour } }).png().toBuffer();
}

// A camera-like JPEG: EXIF orientation 6 (shown turned a quarter) and metadata that must not be
// mailed to anyone.
export function cameraJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc3333' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Ann Lee', Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } } })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

// A valid PNG header claiming width x height pixels, with a few bytes of (compressed) picture:
// a decompression bomb, a few hundred bytes long.
export function pngBomb(width = 60_000, height = 60_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const idat = zlib.deflateSync(Buffer.alloc(64 * 1024));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

// A well-formed PNG header (100x100) whose picture data is garbage.
export function corruptPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100, 0);
  ihdr.writeUInt32BE(100, 4);
  ihdr[8] = 8;
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.alloc(2000, 0x5a)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const HTML_FILE = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n'.repeat(10));

// Uploads through the API as the dashboard does (multipart, the file in the "file" part).
export function upload(client: Client, kind: string, data: Buffer | string, fileName: string, contentType?: string) {
  return client.post(`/api/files?type=${encodeURIComponent(kind)}`).attach('file', typeof data === 'string' ? fs.readFileSync(data) : data, {
    filename: fileName,
    contentType: contentType ?? 'application/octet-stream',
  });
}

// The path part of an absolute media URL (the test app's PUBLIC_BASE_URL is not served).
export function mediaPath(url: string): string {
  const u = new URL(url);
  expect(u.origin).toBe('http://eyemail.test');
  return u.pathname;
}

// Every stored object and every unfinished upload on disk, for "nothing left behind" checks.
export function storedObjects(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'media');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((p) => !p.split(path.sep).some((s) => s.startsWith('.')))
    .filter((p) => fs.statSync(path.join(root, p)).isFile())
    .sort();
}

export function leftoverUploads(t: TestApp): string[] {
  const dir = path.join(t.config.dataDir, 'tmp', 'uploads');
  const partial = path.join(t.config.dataDir, 'media', '.partial');
  return [dir, partial].flatMap((d) => (fs.existsSync(d) ? fs.readdirSync(d).map((f) => path.join(d, f)) : []));
}

export function ffprobeJson(file: string): { format: { format_name: string; duration: string }; streams: Record<string, unknown>[] } {
  const r = spawnSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ffprobe failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

// GET of stored media as raw bytes, whatever its type.
export async function fetchBytes(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const { default: request } = await import('supertest');
  const req = request(t.app.getHttpServer()).get(mediaPath(url));
  for (const [k, v] of Object.entries(headers)) req.set(k, v);
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

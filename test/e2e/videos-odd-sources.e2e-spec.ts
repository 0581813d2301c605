// Sources with odd sizes and unusual pixel formats, uploaded through the API and encoded for
// real (POST videos/{id}): zscale refuses a 4:2:0 frame with an odd side, so before every chain
// cropped to the chroma grid a 720x405 MPEG-2 .mov failed at upload with 'could not decode'.
// Each must give an upright H.264 4:2:0 MP4 at the email width, a poster, a GIF and a library
// thumbnail, down to the smallest accepted (17x17, cropped to the 16x16 minimum); a 1x1 or 15x16
// picture and a file without a picture are refused with a clear 422.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, type SignedUpUser } from '../support/account-factory.js';
import { waitFor } from '../support/wait.js';
import { fetchBytes, ffprobeJson, leftoverUploads, storedObjects, upload } from '../support/upload-fixtures.js';
import { media, regionColour, type MediaKind } from '../support/media.js';

jest.setTimeout(180_000);

interface Case {
  kind: MediaKind;
  name: string;
  source: { width: number; height: number; pixFmt: string };
  out: { width: number; height: number };
  hasAudio: boolean;
}

const CASES: Case[] = [
  { kind: 'mpeg2Odd', name: 'camera.mov', source: { width: 720, height: 405, pixFmt: 'yuv420p' }, out: { width: 600, height: 338 }, hasAudio: true },
  { kind: 'oddWide', name: 'wide.mov', source: { width: 721, height: 405, pixFmt: 'yuv420p' }, out: { width: 600, height: 338 }, hasAudio: false },
  { kind: 'oddTall', name: 'tall.mov', source: { width: 405, height: 721, pixFmt: 'yuv420p' }, out: { width: 600, height: 1068 }, hasAudio: false },
  { kind: 'prores422Odd', name: 'prores422.mov', source: { width: 721, height: 405, pixFmt: 'yuv422p10le' }, out: { width: 600, height: 338 }, hasAudio: true },
  { kind: 'h264422OddHeight', name: 'high422.mp4', source: { width: 640, height: 361, pixFmt: 'yuv422p' }, out: { width: 600, height: 338 }, hasAudio: false },
  { kind: 'prores444Odd', name: 'prores4444.mov', source: { width: 721, height: 405, pixFmt: 'yuv444p12le' }, out: { width: 600, height: 338 }, hasAudio: false },
  { kind: 'h264High10', name: 'high10.mp4', source: { width: 640, height: 360, pixFmt: 'yuv420p10le' }, out: { width: 600, height: 338 }, hasAudio: true },
  { kind: 'smallestOdd', name: 'tiny.mov', source: { width: 17, height: 17, pixFmt: 'yuv420p' }, out: { width: 600, height: 600 }, hasAudio: false },
];

const isRed = ([r, g, b]: number[]) => r > 150 && g < 90 && b < 90;

function tempFile(bytes: Buffer, ext: string): string {
  const file = path.join(os.tmpdir(), `eyemail-odd-${crypto.randomUUID()}.${ext}`);
  fs.writeFileSync(file, bytes);
  return file;
}

describe('videos API: odd sizes and unusual pixel formats', () => {
  let t: TestApp;
  let ann: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    ann = await signUp(t, { fullName: 'Ann Lee' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('generates fixtures that really are what their names say', () => {
    for (const c of CASES) {
      const v = ffprobeJson(media(c.kind)).streams.find((s) => s.codec_type === 'video');
      expect({ kind: c.kind, width: v?.width, height: v?.height, pixFmt: v?.pix_fmt }).toEqual({ kind: c.kind, ...c.source });
    }
    expect(ffprobeJson(media('mpeg2Odd')).streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('mpeg2video');
  });

  it.each(CASES.map((c) => [`${c.source.width}x${c.source.height} ${c.source.pixFmt} (${c.kind})`, c] as const))(
    '%s uploads, encodes and gives an upright 4:2:0 MP4, poster, GIF and thumbnail',
    async (_label, c) => {
      const res = await upload(ann.client, 'video', media(c.kind), c.name, 'application/octet-stream');
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 201, message: 'File uploaded successfully' });
      const file = res.body.body as { fileId: string; width: number; height: number };
      expect({ width: file.width, height: file.height }).toEqual({ width: c.source.width, height: c.source.height });

      // the library thumbnail cut at upload, before any encode
      const listed = (await ann.client.get('/api/files?type=video')).body.body as { file: { fileId: string; thumbnailUrl: string | null } }[];
      const thumbUrl = listed.find((i) => i.file.fileId === file.fileId)?.file.thumbnailUrl;
      expect(thumbUrl).toMatch(/\.jpg$/);
      const thumb = await fetchBytes(t, thumbUrl!);
      expect(thumb.status).toBe(200);
      expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: c.out.width, height: c.out.height });

      const queued = await ann.client.post(`/api/videos/${file.fileId}?overlay=white`);
      expect(queued.status).toBe(202);
      const final = await waitFor(
        async () => {
          const body = (await ann.client.get(`/api/videos/encodings/${queued.body.body.encodingId}`)).body.body;
          return body.state === 'completed' || body.state === 'failed' ? body : null;
        },
        `${c.kind} to encode`,
        150_000,
        100,
      );
      expect({ state: final.state, error: final.error }).toEqual({ state: 'completed', error: null });
      expect({ outWidth: final.outWidth, outHeight: final.outHeight, hasAudio: final.hasAudio }).toEqual({
        outWidth: c.out.width,
        outHeight: c.out.height,
        hasAudio: c.hasAudio,
      });

      const mp4 = tempFile((await fetchBytes(t, final.videoUrl)).body as Buffer, 'mp4');
      const poster = tempFile((await fetchBytes(t, final.thumbnailUrl)).body as Buffer, 'jpg');
      try {
        const v = ffprobeJson(mp4).streams.find((s) => s.codec_type === 'video');
        expect(v).toMatchObject({ codec_name: 'h264', profile: 'Main', pix_fmt: 'yuv420p', width: c.out.width, height: c.out.height });
        // the red marker of the source's top-left corner is still top-left: nothing turned or shifted
        expect(isRed(regionColour(mp4, { x: 0.02, y: 0.02, w: 0.12, h: 0.12 }, 0.5))).toBe(true);
        expect(isRed(regionColour(poster, { x: 0.02, y: 0.02, w: 0.12, h: 0.12 }))).toBe(true);
        expect(await sharp(poster).metadata()).toMatchObject({ format: 'jpeg', width: c.out.width, height: c.out.height });
      } finally {
        fs.rmSync(mp4, { force: true });
        fs.rmSync(poster, { force: true });
      }
      const gif = await fetchBytes(t, final.gifUrl);
      expect(gif.status).toBe(200);
      const gifMeta = await sharp(gif.body as Buffer).metadata();
      expect(gifMeta.format).toBe('gif');
      expect(gifMeta.width).toBeLessThanOrEqual(c.out.width);
    },
  );

  async function expectRefused(kind: MediaKind, name: string, message: string) {
    const before = storedObjects(t);
    const res = await upload(ann.client, 'video', media(kind), name, 'video/quicktime');
    expect({ status: res.status, result: res.body.result, message: res.body.message, body: res.body.body }).toEqual({
      status: 422,
      result: false,
      message,
      body: null,
    });
    expect(storedObjects(t)).toEqual(before);
    expect(leftoverUploads(t)).toEqual([]);
  }

  it('refuses a 1x1 picture, naming its size (422), and keeps nothing', () =>
    expectRefused('onePixel', 'dot.mov', 'This video is 1x1 pixels; it must be at least 16 pixels on each side.'));

  it('refuses a picture one pixel under the minimum, naming its size (422), and keeps nothing', () =>
    expectRefused('belowMinimum', 'narrow.mov', 'This video is 15x16 pixels; it must be at least 16 pixels on each side.'));

  it('refuses a .mov with sound and no picture (422), and keeps nothing', () =>
    expectRefused('audioOnlyMov', 'voice.mov', 'This file has no video picture in it. Please upload an .mp4 or .mov video.'));
});

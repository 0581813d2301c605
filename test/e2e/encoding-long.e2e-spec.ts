// The email encoding on real ffmpeg with a long clip (real progress), the inputs it must refuse
// (clearly, leaving nothing behind) and the limits that keep jobs from hanging. The checks are
// shared with encoding.e2e-spec.ts (test/support/encoding-checks.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { EncodingError } from '../../src/encoding/encoding-error.js';
import { DEFAULT_ENCODING_SETTINGS } from '../../src/encoding/encoding.service.js';
import { NOT_A_VIDEO_MESSAGE } from '../../src/encoding/probe.js';
import { encodeKind, expectEmailRendition, makeService, newWorkDir, useEncodingService } from '../support/encoding-checks.js';
import { ffprobe, media, type MediaKind } from '../support/media.js';

jest.setTimeout(120_000);

const encoder = useEncodingService();

describe('encoding: a long clip', () => {
  it('a three-minute clip works and reports real progress along the way', async () => {
    const { result, workDir, progress } = await encodeKind('threeMinutes');
    expectEmailRendition(result, workDir, { width: 600, height: 338, fps: '10/1', hasAudio: true, duration: [179.5, 180.5] });
    // steps in between, not a jump from 0 to 100 (ffmpeg reports twice a second, so how many
    // steps a fast machine sees varies; three is the least a three-minute clip gives)
    expect(progress.filter((p) => p > 5 && p < 85).length).toBeGreaterThanOrEqual(3);
    expect(progress[progress.length - 1]).toBe(100);
  });

});

describe('encoding: inputs that must be refused, clearly and cleanly', () => {
  async function expectRefused(kind: MediaKind, code: string, message?: string | RegExp) {
    const workDir = newWorkDir();
    const err = await encoder().encode(media(kind), workDir, {}).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(EncodingError);
    const e = err as EncodingError;
    expect(e.code).toBe(code);
    expect(e.inputProblem).toBe(true);
    if (message) expect(e.message).toMatch(message);
    // nothing about the server leaks into what the user reads
    expect(e.message).not.toMatch(/\/tmp|eyemail-|ffmpeg|ffprobe/i);
    expect(e.detail).not.toContain(workDir);
    expect(e.detail).not.toContain(MEDIA_DIR_HINT);
    // no temp files, no outputs
    expect(fs.readdirSync(workDir)).toEqual([]);
  }
  const MEDIA_DIR_HINT = os.tmpdir() + path.sep + 'eyemail-test-media';

  it('a text file named .mp4', () => expectRefused('textFile', 'not-a-video', NOT_A_VIDEO_MESSAGE));
  it('a PNG image named .mov', () => expectRefused('pngAsMov', 'not-a-video', NOT_A_VIDEO_MESSAGE));
  it('an MP4 cut off before its index was written', () => expectRefused('truncated', 'not-a-video', NOT_A_VIDEO_MESSAGE));
  it('an MP4 with sound but no picture', () => expectRefused('audioOnly', 'no-video-track', /no video picture/));
  it('an MP4 whose picture data is garbage', () => expectRefused('corruptData', 'not-a-video', NOT_A_VIDEO_MESSAGE));
  it('an MP4 cut off halfway through its picture data still gives the part that plays', async () => {
    const { result, workDir } = await encodeKind('cutShort');
    expect(result.durationSecs).toBeGreaterThan(0.3);
    expect(result.durationSecs).toBeLessThan(1.9);
    expect(ffprobe(result.mp4).streams[0]).toMatchObject({ codec_name: 'h264', width: 600, height: 338 });
    // MP4, poster and GIF, and the email's sound-less MP4 when there is sound
    expect(fs.readdirSync(workDir)).toHaveLength(result.emailMp4 ? 4 : 3);
  });
  it('a file that does not exist', async () => {
    const workDir = newWorkDir();
    await expect(encoder().encode(path.join(workDir, 'missing.mp4'), workDir)).rejects.toMatchObject({ code: 'not-a-video' });
    expect(fs.readdirSync(workDir)).toEqual([]);
  });
});

describe('encoding: jobs never hang and never leave files behind', () => {
  it('stops when cancelled, and leaves nothing in the work folder', async () => {
    const workDir = newWorkDir();
    const ac = new AbortController();
    const run = encoder().encode(media('threeMinutes'), workDir, { signal: ac.signal }, (p) => {
      if (p.percent >= 10) ac.abort();
    });
    await expect(run).rejects.toMatchObject({ code: 'cancelled', retryable: false });
    expect(fs.readdirSync(workDir)).toEqual([]);
  });

  it('kills an encode that runs past its time limit and reports a timeout', async () => {
    const slow = await makeService();
    slow.settings = { ...DEFAULT_ENCODING_SETTINGS, baseTimeoutMs: 300, timeoutMsPerSec: 0 };
    const workDir = newWorkDir();
    await expect(slow.encode(media('threeMinutes'), workDir)).rejects.toMatchObject({ code: 'timeout', retryable: true });
    expect(fs.readdirSync(workDir)).toEqual([]);
  });

  it('removes temp folders a crashed process left behind, and only those', async () => {
    const workDir = newWorkDir();
    const stale = path.join(workDir, '.encode-crashed');
    const fresh = path.join(workDir, '.encode-running');
    fs.mkdirSync(stale);
    fs.writeFileSync(path.join(stale, 'video.mp4'), 'half');
    fs.mkdirSync(fresh);
    fs.writeFileSync(path.join(workDir, 'email-kept.mp4'), 'finished');
    const old = new Date(Date.now() - 7 * 3600 * 1000);
    fs.utimesSync(stale, old, old);
    expect(await encoder().removeStaleTempDirs(workDir)).toBe(1);
    expect(fs.readdirSync(workDir).sort()).toEqual(['.encode-running', 'email-kept.mp4']);
  });

  it('reports a missing ffmpeg as a server problem, not the file', async () => {
    const broken = await makeService({ FFMPEG_PATH: '/nonexistent/bin/ffmpeg' });
    const workDir = newWorkDir();
    const err = (await broken.encode(media('oneSecond'), workDir).catch((e: unknown) => e)) as EncodingError;
    expect(err).toBeInstanceOf(EncodingError);
    expect(err).toMatchObject({ code: 'unavailable', inputProblem: false, retryable: true });
    expect(fs.readdirSync(workDir)).toEqual([]);
  });
});

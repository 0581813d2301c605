// What the encoding tests (test/e2e/encoding*.e2e-spec.ts) share: the service on real ffmpeg,
// work folders, and everything README, docs/ and docs/architecture.md promise about the email rendition,
// checked on the files themselves. The tests are split over several files so jest runs them side
// by side.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { ConfigModule } from '../../src/config/config.module.js';
import { loadConfig } from '../../src/config/config.js';
import { EncodingModule } from '../../src/encoding/encoding.module.js';
import { EncodingService, type EncodeResult } from '../../src/encoding/encoding.service.js';
import { gifLadder } from '../../src/encoding/gif-recipe.js';
import { ffprobe, gifFirstFrameCoverage, media, moovBeforeMdat, type MediaKind } from './media.js';

export async function makeService(env: Record<string, string> = {}): Promise<EncodingService> {
  const mod = await Test.createTestingModule({
    imports: [ConfigModule.forRoot(loadConfig({ NODE_ENV: 'test', ...env })), EncodingModule],
  }).compile();
  return mod.get(EncodingService);
}

const workDirs: string[] = [];
export function newWorkDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-encode-'));
  workDirs.push(d);
  return d;
}

// Each encoding test file's service, made in its beforeAll; the work folders removed in its afterAll.
let service: EncodingService;
export function useEncodingService(): () => EncodingService {
  beforeAll(async () => {
    service = await makeService();
  });
  afterAll(() => {
    for (const d of workDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  return () => service;
}

export interface Expect {
  width: number;
  height: number;
  fps: string;
  hasAudio: boolean;
  duration: [number, number];
}

// Everything README, docs/ and docs/architecture.md promise about the email rendition, checked on the files themselves.
export function expectEmailRendition(r: EncodeResult, workDir: string, e: Expect) {
  // only the finished files are left, with fresh names (the email's sound-less MP4 when there is sound)
  expect(fs.readdirSync(workDir).sort()).toEqual([r.gif, r.poster, r.mp4, ...(r.emailMp4 ? [r.emailMp4] : [])].map((f) => path.basename(f)).sort());
  expect(path.dirname(r.mp4)).toBe(workDir);

  const p = ffprobe(r.mp4);
  const v = p.streams.filter((s) => s.codec_type === 'video');
  const a = p.streams.filter((s) => s.codec_type === 'audio');
  expect(p.format.format_name).toContain('mp4');
  expect(v).toHaveLength(1);
  expect(v[0]).toMatchObject({
    codec_name: 'h264',
    profile: 'Main',
    pix_fmt: 'yuv420p',
    width: e.width,
    height: e.height,
    r_frame_rate: e.fps,
    avg_frame_rate: e.fps,
    color_primaries: 'bt709',
    color_transfer: 'bt709',
    color_space: 'bt709',
  });
  expect(v[0].level).toBeLessThanOrEqual(40);
  expect(v[0].width! % 2).toBe(0);
  expect(v[0].height! % 2).toBe(0);
  // frames are upright already: no rotation flag for players to apply again
  expect(v[0].side_data_list ?? []).toEqual([]);
  expect(moovBeforeMdat(r.mp4)).toBe(true);
  if (e.hasAudio) {
    expect(a).toHaveLength(1);
    expect(a[0]).toMatchObject({ codec_name: 'aac', channels: 2 });
    // picture and sound start together
    expect(Math.abs(Number(a[0].start_time) - Number(v[0].start_time))).toBeLessThan(0.1);
  } else {
    expect(a).toHaveLength(0);
  }
  const duration = Number(p.format.duration);
  expect(duration).toBeGreaterThanOrEqual(e.duration[0]);
  expect(duration).toBeLessThanOrEqual(e.duration[1]);
  expect(r).toMatchObject({ width: e.width, height: e.height, hasAudio: e.hasAudio });
  expect(r.durationSecs).toBeCloseTo(duration, 1);

  const poster = ffprobe(r.poster).streams[0];
  expect(poster).toMatchObject({ codec_name: 'mjpeg', width: e.width, height: e.height });

  const gif = ffprobe(r.gif).streams[0];
  expect(gif.codec_name).toBe('gif');
  // at the email's width, unless the footage could not fit the budget any other way
  expect(gif.width).toBeLessThanOrEqual(e.width);
  expect(gif.width).toBeGreaterThanOrEqual(Math.min(...gifLadder(e.width, 8).map((step) => step.width)));
  expect(r.gifInfo).toMatchObject({ width: gif.width, height: gif.height });
  expect(gifFirstFrameCoverage(r.gif)).toEqual({ width: gif.width, height: gif.height, opaque: 1 });
  expect(fs.statSync(r.gif).size).toBeLessThanOrEqual(1_000_000);
  expect(r.bytes.gif).toBe(fs.statSync(r.gif).size);
  expect(r.bytes.mp4).toBe(fs.statSync(r.mp4).size);
}

export async function encodeKind(kind: MediaKind, options: { width?: number; overlay?: 'black' | 'white' | 'none' } = {}) {
  const workDir = newWorkDir();
  const progress: number[] = [];
  const result = await service.encode(media(kind), workDir, options, (p) => progress.push(p.percent));
  return { result, workDir, progress };
}

export const isRed = ([r, g, b]: number[]) => r > 150 && g < 90 && b < 90;


import fs from 'node:fs';
import os from 'node:os';
import type { AppConfig } from '../config/config.js';
import { ENCODER_NICENESS, FfmpegAdapter, FfmpegError, progressFromLine, redactPaths, resolveBinaries, stderrTail } from './ffmpeg.adapter.js';

describe('progressFromLine', () => {
  it('turns out_time into a fraction of the duration', () => {
    expect(progressFromLine('out_time_us=15000000', 30)).toBe(0.5);
    expect(progressFromLine('out_time_ms=3000000', 30)).toBeCloseTo(0.1);
    expect(progressFromLine('out_time_us=45000000', 30)).toBe(1);
    expect(progressFromLine('progress=end', undefined)).toBe(1);
  });
  it('ignores other lines and unknown durations', () => {
    expect(progressFromLine('frame=12', 30)).toBeNull();
    expect(progressFromLine('out_time_us=N/A', 30)).toBeNull();
    expect(progressFromLine('out_time_us=100', 0)).toBeNull();
    expect(progressFromLine('progress=continue', 30)).toBeNull();
  });
});

describe('redactPaths', () => {
  it('hides known and unknown absolute paths', () => {
    const text = "[mov] file:/data/media/u1/in.mov: Invalid data\nError opening output /srv/work/.encode-x/video.mp4\nmoov atom not found";
    const out = redactPaths(text, ['/data/media/u1/in.mov']);
    expect(out).not.toMatch(/\/data|\/srv/);
    expect(out).toContain('moov atom not found');
    expect(out).toContain('<file>');
  });
  it('leaves ordinary words and ratios alone', () => {
    expect(redactPaths('fps 30000/1001 and/or 1/2')).toBe('fps 30000/1001 and/or 1/2');
  });
});

describe('stderrTail', () => {
  it('keeps the last non-empty lines', () => {
    expect(stderrTail('a\n\nb\nc\n  \nd\n', 2)).toBe('c\nd');
  });
});

describe('resolveBinaries', () => {
  it('uses PATH by default, FFMPEG_PATH when set, and its sibling ffprobe when there is one', () => {
    const bundled = () => ({ ffmpeg: '/pkg/ffmpeg', ffprobe: '/pkg/ffprobe' });
    expect(resolveBinaries(null, () => true, () => true, bundled)).toEqual({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    // No ffmpeg on PATH: the binaries of the optional installer packages.
    expect(resolveBinaries(null, () => true, () => false, bundled)).toEqual(bundled());
    // Neither: the plain names, so the failure names the missing program.
    expect(resolveBinaries(null, () => true, () => false, () => null)).toEqual({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    expect(resolveBinaries('/opt/ff/bin/ffmpeg', () => true)).toEqual({ ffmpeg: '/opt/ff/bin/ffmpeg', ffprobe: '/opt/ff/bin/ffprobe' });
    expect(resolveBinaries('/opt/ff/bin/ffmpeg', () => false)).toEqual({ ffmpeg: '/opt/ff/bin/ffmpeg', ffprobe: 'ffprobe' });
  });
});

describe('FfmpegAdapter', () => {
  // The children of this process named ffmpeg, read from /proc.
  const ffmpegChildren = () =>
    fs.readdirSync('/proc').filter((pid) => {
      if (!/^\d+$/.test(pid)) return false;
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').trim();
        const [, comm, rest] = /^\d+ \((.*)\) (.*)$/.exec(stat)!;
        return comm === 'ffmpeg' && Number(rest.split(' ')[1]) === process.pid;
      } catch {
        return false;
      }
    });

  it('runs ffmpeg at a lower CPU priority than the server, and ends it when the job is cancelled', async () => {
    const adapter = new FfmpegAdapter({ ffmpegPath: null } as unknown as AppConfig);
    const abort = new AbortController();
    // An encode that would take minutes.
    const run = adapter.run(['-hide_banner', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-t', '600', '-f', 'null', '-'], { signal: abort.signal });
    const failed = run.catch((e: unknown) => e);
    let children: string[] = [];
    for (let i = 0; i < 200 && !children.length; i++) {
      children = ffmpegChildren();
      if (!children.length) await new Promise((r) => setTimeout(r, 25));
    }
    expect(children).toHaveLength(1);
    expect(os.getPriority(Number(children[0]))).toBe(Math.max(os.getPriority(), ENCODER_NICENESS));
    expect(os.getPriority(Number(children[0]))).toBeGreaterThan(os.getPriority());
    abort.abort();
    const error = await failed;
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).reason).toBe('aborted');
  }, 30_000);
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

// The only place that starts ffmpeg or ffprobe. It runs an argument list (built by the pure
// ffmpeg-args.ts), reports real progress from `-progress pipe:1`, and ends the process on a
// timeout, a stall or an abort, so a job can never hang on a strange file.

export type FfmpegFailure = 'exit' | 'timeout' | 'stalled' | 'aborted' | 'missing';

export class FfmpegError extends Error {
  constructor(
    public readonly reason: FfmpegFailure,
    message: string,
    // the end of ffmpeg's own error output, with file paths removed
    public readonly stderrTail = '',
    public readonly exitCode: number | null = null,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

export interface RunOptions {
  cwd?: string;
  // media duration in seconds, to turn out_time into a fraction
  durationSecs?: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  // kill when ffmpeg reports no progress for this long (it reports twice a second)
  stallMs?: number;
  // paths to hide in error text
  redact?: string[];
}

const STDERR_KEEP = 8192;

// Pure: the fraction done from one `-progress` line, or null when the line says nothing new.
export function progressFromLine(line: string, durationSecs: number | undefined): number | null {
  if (line.trim() === 'progress=end') return 1;
  const m = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
  if (!m || !durationSecs || durationSecs <= 0) return null;
  return Math.max(0, Math.min(1, Number(m[1]) / 1e6 / durationSecs));
}

// Pure: error text safe to show or log: known paths first, then anything that looks like an
// absolute path, become placeholders.
export function redactPaths(text: string, known: string[] = []): string {
  let out = text;
  for (const p of [...known].filter(Boolean).sort((a, b) => b.length - a.length)) {
    out = out.split(p).join('<file>');
  }
  return out.replace(/(?:file:)?(?:\/[^\s'":,/]+){2,}\/?/g, '<path>');
}

// Pure: the last few meaningful lines of stderr.
export function stderrTail(text: string, lines = 8): string {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-lines)
    .join('\n');
}

// The binaries shipped by the optional @ffmpeg-installer / @ffprobe-installer packages, so a machine
// without ffmpeg still encodes; null when they are not installed (other platforms).
function bundledBinaries(): { ffmpeg: string; ffprobe: string } | null {
  try {
    const require = createRequire(import.meta.url);
    const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const ffprobe = (require('@ffprobe-installer/ffprobe') as { path: string }).path;
    return fs.existsSync(ffmpeg) && fs.existsSync(ffprobe) ? { ffmpeg, ffprobe } : null;
  } catch {
    return null;
  }
}

function onPath(name: string, envPath = process.env.PATH ?? ''): boolean {
  return envPath.split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, name)));
}

// FFMPEG_PATH (ffprobe beside it), else ffmpeg and ffprobe on PATH, else the bundled binaries.
export function resolveBinaries(
  ffmpegPath: string | null,
  exists: (p: string) => boolean = fs.existsSync,
  hasOnPath: (name: string) => boolean = onPath,
  bundled: () => { ffmpeg: string; ffprobe: string } | null = bundledBinaries,
): { ffmpeg: string; ffprobe: string } {
  if (!ffmpegPath) {
    if (hasOnPath('ffmpeg') && hasOnPath('ffprobe')) return { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
    return bundled() ?? { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
  }
  const dir = path.dirname(ffmpegPath);
  const probe = path.join(dir, path.basename(ffmpegPath).replace(/ffmpeg/i, 'ffprobe'));
  return { ffmpeg: ffmpegPath, ffprobe: probe !== ffmpegPath && exists(probe) ? probe : 'ffprobe' };
}

// ffmpeg and ffprobe run at a lower CPU priority than the server (nice 10): on a machine they
// share, answering requests (a tracking pixel, a dashboard page) comes first and an encode takes
// what is left; alone on the machine it runs as fast as before. Where lowering it is not allowed,
// it runs at the server's priority.
export const ENCODER_NICENESS = 10;

function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    os.setPriority(pid, Math.max(os.getPriority(), ENCODER_NICENESS));
  } catch {
    // (the process has already ended, or the system refuses: nothing to do)
  }
}

@Injectable()
export class FfmpegAdapter {
  readonly binaries: { ffmpeg: string; ffprobe: string };

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.binaries = resolveBinaries(config.ffmpegPath);
  }

  // ffprobe's JSON for a file; throws FfmpegError when ffprobe cannot read it.
  async probe(args: string[], options: Pick<RunOptions, 'signal' | 'timeoutMs' | 'redact'> = {}): Promise<unknown> {
    const { stdout } = await this.spawn(this.binaries.ffprobe, args, { timeoutMs: 30_000, ...options }, true);
    try {
      return JSON.parse(stdout);
    } catch {
      throw new FfmpegError('exit', 'ffprobe returned unreadable output');
    }
  }

  async run(args: string[], options: RunOptions = {}): Promise<void> {
    await this.spawn(this.binaries.ffmpeg, args, options, false);
  }

  private spawn(bin: string, args: string[], o: RunOptions, collectStdout: boolean): Promise<{ stdout: string }> {
    return new Promise((resolve, reject) => {
      if (o.signal?.aborted) return reject(new FfmpegError('aborted', 'Encoding was cancelled'));
      const child = spawn(bin, args, { cwd: o.cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
      lowerPriority(child.pid);
      let stdout = '';
      let stderr = '';
      let pending = '';
      let failure: FfmpegFailure | null = null;
      let lastProgress = -1;
      const timers: NodeJS.Timeout[] = [];
      let stallTimer: NodeJS.Timeout | null = null;

      const kill = (why: FfmpegFailure) => {
        if (failure) return;
        failure = why;
        child.kill('SIGKILL');
      };
      const armStall = () => {
        if (!o.stallMs) return;
        if (stallTimer) clearTimeout(stallTimer);
        stallTimer = setTimeout(() => kill('stalled'), o.stallMs);
      };
      if (o.timeoutMs) timers.push(setTimeout(() => kill('timeout'), o.timeoutMs));
      armStall();
      const onAbort = () => kill('aborted');
      o.signal?.addEventListener('abort', onAbort, { once: true });

      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        armStall();
        if (collectStdout) {
          stdout += chunk;
          return;
        }
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          const f = progressFromLine(line, o.durationSecs);
          if (f !== null && f > lastProgress) {
            lastProgress = f;
            o.onProgress?.(f);
          }
        }
      });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_KEEP);
      });

      const done = () => {
        timers.forEach(clearTimeout);
        if (stallTimer) clearTimeout(stallTimer);
        o.signal?.removeEventListener('abort', onAbort);
      };
      child.on('error', (err: NodeJS.ErrnoException) => {
        done();
        const name = path.basename(bin);
        reject(
          err.code === 'ENOENT'
            ? new FfmpegError('missing', `${name} was not found; install ffmpeg or set FFMPEG_PATH`)
            : new FfmpegError('exit', `${name} could not be started (${err.code ?? 'error'})`),
        );
      });
      child.on('close', (code) => {
        done();
        const tail = redactPaths(stderrTail(stderr), [...(o.redact ?? []), ...(o.cwd ? [o.cwd] : [])]);
        const name = path.basename(bin);
        if (failure === 'timeout') return reject(new FfmpegError('timeout', `${name} took too long and was stopped`, tail));
        if (failure === 'stalled') return reject(new FfmpegError('stalled', `${name} stopped making progress and was stopped`, tail));
        if (failure === 'aborted') return reject(new FfmpegError('aborted', 'Encoding was cancelled', tail));
        if (code !== 0) return reject(new FfmpegError('exit', `${name} failed (exit code ${code})${tail ? `: ${tail}` : ''}`, tail, code));
        resolve({ stdout });
      });
    });
  }
}

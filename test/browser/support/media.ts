// Test media made with ffmpeg (a colour-bar clip), for the files that need a real video to
// upload and encode.
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

// An H.264 MP4 of test bars (320x180) in `dir`; returns its path.
export async function makeClip(dir: string, opts: { seconds?: number; rate?: number; name?: string } = {}): Promise<string> {
  const name = opts.name ?? 'clip.mp4';
  const source = `testsrc2=size=320x180:rate=${opts.rate ?? 25}:duration=${opts.seconds ?? 1}`;
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', name], { cwd: dir });
  return path.join(dir, name);
}

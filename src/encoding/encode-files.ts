import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

// The encoder's files on disk: its private temp folder inside workDir, the sizes it checks, and
// the finished files moved into workDir under new unique names.

const TEMP_PREFIX = '.encode-';

export async function sizeOf(file: string): Promise<number> {
  try {
    return (await fs.stat(file)).size;
  } catch {
    return 0;
  }
}

// A new private temp folder inside workDir (created if missing).
export async function makeEncodeTempDir(workDir: string): Promise<string> {
  await fs.mkdir(workDir, { recursive: true });
  return fs.mkdtemp(path.join(workDir, TEMP_PREFIX));
}

// Removes the temp folders (only the encoder's own) older than maxAgeMs that a crashed process
// left in workDir; returns how many.
export async function removeStaleEncodeTempDirs(workDir: string, maxAgeMs: number, now: number): Promise<number> {
  let removed = 0;
  const entries = await fs.readdir(workDir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isDirectory() || !e.name.startsWith(TEMP_PREFIX)) continue;
    const dir = path.join(workDir, e.name);
    const stat = await fs.stat(dir).catch(() => null);
    if (stat && now - stat.mtimeMs > maxAgeMs) {
      await fs.rm(dir, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

export interface EncodedFiles<T = string> {
  mp4: T;
  // the email's sound-less MP4; null when the video has no sound
  emailMp4: T | null;
  poster: T;
  gif: T;
}

// Moves the finished files into workDir under one new unique stem, the MP4 last; each file moved
// is added to `placed` at once, so that a failure later can remove them all.
export async function placeEncodedFiles(sources: EncodedFiles, workDir: string, placed: string[]): Promise<EncodedFiles> {
  const stem = `email-${crypto.randomUUID()}`;
  const targets = {
    mp4: path.join(workDir, `${stem}.mp4`),
    emailMp4: sources.emailMp4 ? path.join(workDir, `${stem}-muted.mp4`) : null,
    poster: path.join(workDir, `${stem}.jpg`),
    gif: path.join(workDir, `${stem}.gif`),
  };
  for (const key of ['poster', 'gif', 'emailMp4', 'mp4'] as const) {
    const from = sources[key];
    const to = targets[key];
    if (!from || !to) continue;
    await fs.rename(from, to);
    placed.push(to);
  }
  return targets;
}

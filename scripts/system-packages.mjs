// The Debian packages the tests need, in one place: `.ci/run` runs this file before installing
// (`node scripts/system-packages.mjs`), and `npm test` calls ensureSystemPackages() before it
// builds. Installs what is missing when it can (root with apt-get), else names it and stops.
// Plain JavaScript that runs on the machine's own (older) node too.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

// [package, present?, what needs it]. fonts-dejavu-core: a font Chromium can draw text with.
export function missingSystemPackages() {
  return [
    ['chromium', fs.existsSync('/usr/bin/chromium'), 'browser tests'],
    ['ffmpeg', has('ffmpeg') && has('ffprobe'), 'media tests'],
    ['fonts-dejavu-core', fs.existsSync('/usr/share/fonts/truetype/dejavu'), 'text in browser screenshots'],
  ]
    .filter(([, ok]) => !ok)
    .map(([name, , why]) => ({ name, why }));
}

export function ensureSystemPackages() {
  const missing = missingSystemPackages();
  if (!missing.length) return;
  const names = missing.map((m) => m.name);
  const canInstall = process.getuid?.() === 0 && has('apt-get');
  if (!canInstall) {
    console.error(`Missing system packages: ${missing.map((m) => `${m.name} (${m.why})`).join(', ')}.`);
    console.error(`Install them, e.g. "sudo apt-get install -y ${names.join(' ')}", then run npm test again.`);
    process.exit(1);
  }
  console.log(`Installing ${names.join(', ')} with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (r.status === 0) r = spawnSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (r.status !== 0) {
    console.error(`apt-get could not install ${names.join(', ')}; install them and run npm test again.`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  ensureSystemPackages();
  console.log('System packages: chromium, ffmpeg, fonts-dejavu-core present.');
}

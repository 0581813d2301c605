// Shared by the app benchmarks (skipped by bench/run.mjs: leading underscore): they drive the
// compiled app, so rebuild the server when a source is newer than the build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newest(dir) {
  let max = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) max = Math.max(max, newest(p));
    else if (e.name.endsWith('.ts')) max = Math.max(max, fs.statSync(p).mtimeMs);
  }
  return max;
}

export function ensureServerBuilt() {
  const built = path.join(root, 'dist/server/src/app.factory.js');
  const sources = Math.max(newest(path.join(root, 'src')), newest(path.join(root, 'migrations')));
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= sources) return;
  console.log('> npm run build:server');
  const r = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

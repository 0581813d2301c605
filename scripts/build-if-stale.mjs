// Builds the server and the dashboard only when their sources are newer than the build, so
// `npm start` is fast after the first run and always serves what is on disk.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newest(dirs, exts) {
  let max = 0;
  const walk = (d) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (exts.some((x) => e.name.endsWith(x))) max = Math.max(max, fs.statSync(p).mtimeMs);
    }
  };
  dirs.forEach((d) => walk(path.join(root, d)));
  return max;
}

function mtime(file) {
  const p = path.join(root, file);
  return fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0;
}

// Runs an npm script; a failed build stops the other one and ends the process with its status.
const running = new Set();
function run(script) {
  console.log(`> npm run ${script}`);
  const child = spawn('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  running.add(child);
  const fail = (status) => {
    running.forEach((c) => c !== child && c.kill());
    process.exit(status);
  };
  return new Promise((resolve) => {
    child.on('error', () => fail(1));
    child.on('exit', (status) => {
      running.delete(child);
      if (status === 0) resolve();
      else fail(status ?? 1);
    });
  });
}

// The server and the dashboard build side by side (tsc uses one core).
export async function buildIfStale({ force = false } = {}) {
  const builds = [];
  const serverOut = 'dist/server/src/main.js';
  if (force || mtime(serverOut) < Math.max(newest(['src', 'migrations'], ['.ts']), mtime('tsconfig.json'), mtime('package-lock.json'))) {
    builds.push(run('build:server').then(() => fs.utimesSync(path.join(root, serverOut), new Date(), new Date())));
  }
  const webOut = 'dist/web/index.html';
  if (force || mtime(webOut) < Math.max(newest(['web', 'src/shared'], ['.ts', '.tsx', '.css', '.html', '.svg', '.json']), mtime('package-lock.json'))) {
    builds.push(run('build:web'));
  }
  await Promise.all(builds);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  await buildIfStale({ force: process.argv.includes('--force') });
}

// `npm test`: the whole suite. The lint rules (one test: the boundaries in eslint.config.js),
// unit and API tests (jest), then browser tests (node's test runner driving Debian's Chromium).
// `npm test lint jest browser` runs only the named parts. Uses DATABASE_URL / REDIS_URL when set, embedded defaults otherwise.
// Ends with one line "Summary: N passed, N failed".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const only = (name) => !args.length || args.includes(name);

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

// Debian packages the tests need. Installed when we can (root with apt-get), else named.
function ensureSystemPackages() {
  const wanted = [
    ['chromium', fs.existsSync('/usr/bin/chromium'), 'browser tests'],
    ['ffmpeg', has('ffmpeg') && has('ffprobe'), 'media tests'],
  ].filter(([, ok]) => !ok);
  if (!wanted.length) return;
  const names = wanted.map(([n]) => n);
  const canInstall = process.getuid?.() === 0 && has('apt-get');
  if (!canInstall) {
    console.error(`Missing system packages: ${wanted.map(([n, , why]) => `${n} (${why})`).join(', ')}.`);
    console.error(`Install them, e.g. "sudo apt-get install -y ${names.join(' ')}", then run npm test again.`);
    process.exit(1);
  }
  console.log(`Installing ${names.join(', ')} with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (r.status === 0) r = spawnSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`apt-get could not install ${names.join(', ')}; install them and run npm test again.`);
    process.exit(1);
  }
}

if (only('jest') || only('browser')) {
  ensureSystemPackages();
  buildIfStale();
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-results-'));

if (only('lint')) {
  // One test: passes when ESLint reports nothing; its findings are printed as they are.
  console.log('Lint (eslint.config.js)...');
  if (!fs.existsSync(path.join(root, 'node_modules/eslint/bin/eslint.js'))) console.log('ESLint is not installed: run npm install.');
  const r = spawnSync(process.execPath, ['node_modules/eslint/bin/eslint.js', '--max-warnings=0', '.'], { cwd: root, stdio: 'inherit' });
  if (r.status === 0) {
    console.log('Lint: no findings.');
    totals.passed += 1;
  } else {
    console.log('Lint: failed (findings above).');
    totals.failed += 1;
  }
}

if (only('jest')) {
  const out = path.join(tmp, 'jest.json');
  spawnSync(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings', 'node_modules/jest/bin/jest.js', '--json', `--outputFile=${out}`],
    { cwd: root, stdio: 'inherit' },
  );
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  } else {
    totals.failed += 1;
  }
}

if (only('browser')) {
  const tap = path.join(tmp, 'browser.tap');
  const files = fs.existsSync(path.join(root, 'test/browser'))
    ? fs.readdirSync(path.join(root, 'test/browser')).filter((f) => f.endsWith('.test.ts')).map((f) => `test/browser/${f}`)
    : [];
  if (files.length) {
    spawnSync(
      process.execPath,
      ['--test', '--test-concurrency=1', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...files],
      { cwd: root, stdio: 'inherit' },
    );
    const text = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : '';
    const num = (k) => Number(text.match(new RegExp(`^# ${k} (\\d+)`, 'm'))?.[1] ?? 0);
    if (!text) totals.failed += 1;
    totals.passed += num('pass');
    totals.failed += num('fail') + num('cancelled');
    totals.skipped += num('skipped') + num('todo');
  }
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\nSummary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed || totals.passed === 0 ? 1 : 0);

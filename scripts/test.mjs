// `npm test`: the whole suite. The lint rules (one test: the boundaries in eslint.config.js),
// unit and API tests (jest), then browser tests (node's test runner driving Debian's Chromium).
// `npm test lint jest browser` runs only the named parts. Uses DATABASE_URL / REDIS_URL when set, embedded defaults otherwise.
// Lint runs beside the build and the tests; with DATABASE_URL each test file's database is a copy of one
// migrated template made once per run; jest has a worker per core and as many browser files run
// side by side (TEST_WORKERS=n to choose). Prints each phase's time and the slowest files.
// Ends with one line "Summary: N passed, N failed, N skipped".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const only = (name) => !args.length || args.includes(name);
const workers = Math.max(1, Number(process.env.TEST_WORKERS) || os.availableParallelism());

const totals = { passed: 0, failed: 0, skipped: 0 };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-results-'));
const timings = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function phase(name, fn) {
  const started = performance.now();
  console.log(`\n== ${name}`);
  try {
    return await fn();
  } finally {
    const ms = performance.now() - started;
    timings.push([name, ms]);
    console.log(`== ${name}: ${seconds(ms)}`);
  }
}

function printSlowest(title, files) {
  const top = files.sort((a, b) => b[1] - a[1]).slice(0, 8);
  if (!top.length) return;
  console.log(`\n${title}`);
  for (const [file, ms] of top) console.log(`  ${seconds(ms).padStart(8)}  ${file}`);
}

// The test processes share this run's id (unique screenshot names are checked per run) and,
// when there is one, the template database.
const env = { ...process.env, EYEMAIL_TEST_RUN: crypto.randomBytes(6).toString('hex') };
let template;

// One test: passes when ESLint reports nothing; its findings are printed as they are. Started
// first, in the background (its output to a file), so it runs beside the build and the tests.
function startLint() {
  const out = path.join(tmp, 'lint.txt');
  const fd = fs.openSync(out, 'w');
  const started = performance.now();
  const child = spawn(process.execPath, ['node_modules/eslint/bin/eslint.js', '--max-warnings=0', '.'], { cwd: root, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  return new Promise((resolve) => {
    child.on('error', () => resolve({ status: 1, ms: performance.now() - started, out }));
    child.on('exit', (status) => resolve({ status, ms: performance.now() - started, out }));
  });
}

// One browser test file in node's test runner: its spec output is kept and printed whole when
// the file ends (files running side by side do not interleave), its counts read from TAP.
function browserFile(file) {
  const tap = path.join(tmp, `${path.basename(file)}.tap`);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, file],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const out = [];
  child.stdout.on('data', (b) => out.push(b));
  child.stderr.on('data', (b) => out.push(b));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const text = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : '';
      const num = (k) => Number(text.match(new RegExp(`^# ${k} (\\d+)`, 'm'))?.[1] ?? 0);
      const r = { ms, passed: num('pass'), failed: num('fail') + num('cancelled'), skipped: num('skipped') + num('todo') };
      // A file that ended badly without a failing test to show for it still counts as a failure.
      if (!text || (code !== 0 && r.failed === 0)) r.failed += 1;
      console.log(`\n-- ${file} (${seconds(ms)}${r.failed ? `, ${r.failed} failed` : ''})`);
      process.stdout.write(Buffer.concat(out));
      resolve(r);
    });
  });
}

const lint = only('lint') ? startLint() : null;

try {
  if (only('jest') || only('browser')) {
    await phase('system packages', () => ensureSystemPackages());
    await phase('build', () => buildIfStale());
  }

  if ((only('jest') || only('browser')) && process.env.DATABASE_URL) {
    await phase('migrated template database', async () => {
      const { createMigratedTemplate, TEMPLATE_DATABASE_ENV } = await import('../test/support/fresh-database.ts');
      try {
        template = await createMigratedTemplate(root);
        env[TEMPLATE_DATABASE_ENV] = template.name;
        console.log(`Each test file's database is a copy of ${template.name}.`);
      } catch (err) {
        // Not a test failure: each app then migrates its own empty database, as it would anyway.
        console.log(`No template database (${err.message}); each app migrates its own.`);
      }
    });
  }

  if (only('jest')) {
    await phase(`jest (unit + API, ${workers} workers)`, () => {
      const out = path.join(tmp, 'jest.json');
      spawnSync(
        process.execPath,
        ['--experimental-vm-modules', '--no-warnings', 'node_modules/jest/bin/jest.js', `--maxWorkers=${workers}`, '--json', `--outputFile=${out}`],
        { cwd: root, stdio: 'inherit', env },
      );
      if (fs.existsSync(out)) {
        const j = JSON.parse(fs.readFileSync(out, 'utf8'));
        totals.passed += j.numPassedTests;
        totals.failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
        totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
        printSlowest('Slowest jest files:', j.testResults.map((r) => [path.relative(root, r.name), r.endTime - r.startTime]));
      } else {
        totals.failed += 1;
      }
    });
  }

  if (only('browser')) {
    const files = fs.existsSync(path.join(root, 'test/browser'))
      ? fs.readdirSync(path.join(root, 'test/browser')).filter((f) => f.endsWith('.test.ts')).map((f) => `test/browser/${f}`)
      : [];
    if (files.length) {
      // Each file starts its own server (own database, data folder, mail catcher and port) and
      // its own Chromium, so files are independent and may run side by side.
      // Biggest first (size stands for duration), so no long file starts last.
      files.sort((a, b) => fs.statSync(path.join(root, b)).size - fs.statSync(path.join(root, a)).size);
      const concurrency = Math.min(workers, files.length);
      await phase(`browser tests (${files.length} files, ${concurrency} at a time)`, async () => {
        const times = [];
        const queue = [...files];
        const runner = async () => {
          for (let file = queue.shift(); file; file = queue.shift()) {
            const r = await browserFile(file);
            times.push([file, r.ms]);
            totals.passed += r.passed;
            totals.failed += r.failed;
            totals.skipped += r.skipped;
          }
        };
        await Promise.all(Array.from({ length: concurrency }, runner));
        printSlowest('Slowest browser files:', times);
      });
    }
  }
  if (lint) {
    // Lint ran beside the build and the tests; what is left of it is waited for here.
    await phase('lint (eslint.config.js), the rest of it', async () => {
      if (!fs.existsSync(path.join(root, 'node_modules/eslint/bin/eslint.js'))) console.log('ESLint is not installed: run npm install.');
      const r = await lint;
      process.stdout.write(fs.readFileSync(r.out, 'utf8'));
      console.log(`ESLint took ${seconds(r.ms)} beside the rest.`);
      if (r.status === 0) {
        console.log('Lint: no findings.');
        totals.passed += 1;
      } else {
        console.log('Lint: failed (findings above).');
        totals.failed += 1;
      }
    });
  }
} finally {
  await template?.drop().catch((err) => console.log(`Could not drop ${template.name}: ${err.message}`));
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(path.join(os.tmpdir(), `eyemail-screenshots-${env.EYEMAIL_TEST_RUN}`), { recursive: true, force: true });
}

console.log('\nTime per phase:');
for (const [name, ms] of timings) console.log(`  ${seconds(ms).padStart(8)}  ${name}`);
console.log(`\nSummary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed || totals.passed === 0 ? 1 : 0);

// `npm test`: the whole suite. The lint rules (one test: the boundaries in eslint.config.js),
// unit, component and API tests (jest), then browser tests (node's test runner driving Debian's Chromium).
// `npm test lint jest browser` runs only the named parts, `npm test jest browser viewer` only the
// files whose names hold one of the other words. Uses DATABASE_URL / REDIS_URL when set, embedded defaults otherwise.
// Lint runs beside the build and the tests; with DATABASE_URL each test file's database is a copy of one
// migrated template made once per run. Jest has a worker per core and one more (TEST_WORKERS=n to choose); the
// browser files start as jest's workers run out of files, one per core once it is done
// (BROWSER_WORKERS=n for a fixed number at any time), longest first by the last run's measures (kept in
// test/.artifacts/test-durations.json; test/durations.json in a fresh checkout). Prints each phase's time and the slowest files.
// Ends with one line "Summary: N passed, N failed, N skipped".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';
import { ensureSystemPackages } from './system-packages.mjs';
import { browserSlots, DURATIONS_FILE, longestFirst, mergeDurations, readDurations } from './test-plan.mjs';
import { formatFailures, jestFailures, tapFailures } from './test-failures.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PARTS = ['lint', 'jest', 'browser'];
const args = process.argv.slice(2);
const parts = args.filter((a) => PARTS.includes(a));
const only = (name) => !parts.length || parts.includes(name);
// Other words choose test files by name: `npm test browser viewer` runs test/browser/viewer.test.ts.
const patterns = args.filter((a) => !PARTS.includes(a));
const chosen = (file) => !patterns.length || patterns.some((p) => file.includes(p));
const cores = os.availableParallelism();
// One jest worker more than cores: an API test file spends much of its time waiting (on
// PostgreSQL, on ffmpeg, on a job), and a third worker on two cores fills those waits (whole jest
// run 264 s against 295 s with two, same machine, same hour).
const workers = Math.max(1, Number(process.env.TEST_WORKERS) || cores + 1);
const fixedBrowserWorkers = Number(process.env.BROWSER_WORKERS) || 0;
// A browser file still running after this long is stopped and counted as failed (the longest takes
// about two minutes on a busy two-core machine), so that one that hangs never holds up the run.
const BROWSER_FILE_LIMIT_MS = Number(process.env.BROWSER_FILE_LIMIT_MS) || 10 * 60_000;

// The browser files run in process groups of their own (see browserFile), out of reach of the
// terminal's Ctrl-C: they are stopped with this run however it ends.
const browserGroups = new Set();
const stopGroup = (pid) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
};
process.on('exit', () => browserGroups.forEach(stopGroup));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, async () => {
    browserGroups.forEach(stopGroup);
    const cleanUp = dropLeftDatabases().then(() => template?.drop().catch(() => undefined));
    await Promise.race([cleanUp, new Promise((r) => setTimeout(r, 5_000))]);
    process.exit(130);
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
// Each failure, named again before the summary line.
const failures = [];
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

// The databases of test files that were stopped before they could drop their own.
async function dropLeftDatabases() {
  if (!process.env.DATABASE_URL) return;
  try {
    const { dropRunDatabases } = await import('../test/support/fresh-database.ts');
    const n = await dropRunDatabases(env.EYEMAIL_TEST_RUN);
    if (n) console.log(`Dropped ${n} database(s) left by test files that were stopped.`);
  } catch (err) {
    console.log(`Could not drop the databases stopped test files left: ${err.message}`);
  }
}

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
  const serverLog = path.join(tmp, `${path.basename(file)}.server.log`);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, file],
    // Its own process group, so that a file that hangs is stopped with its server and browser.
    { cwd: root, env: { ...env, TEST_SERVER_LOG: serverLog }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const out = [];
  child.stdout.on('data', (b) => out.push(b));
  child.stderr.on('data', (b) => out.push(b));
  browserGroups.add(child.pid);
  let hung = false;
  const watchdog = setTimeout(() => {
    hung = true;
    out.push(Buffer.from(`\n${file} was still running after ${seconds(BROWSER_FILE_LIMIT_MS)}: stopped with everything it started.\n`));
    stopGroup(child.pid);
  }, BROWSER_FILE_LIMIT_MS);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(watchdog);
      browserGroups.delete(child.pid);
      const ms = performance.now() - started;
      const text = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : '';
      const num = (k) => Number(text.match(new RegExp(`^# ${k} (\\d+)`, 'm'))?.[1] ?? 0);
      const r = { ms, passed: num('pass'), failed: num('fail') + num('cancelled'), skipped: num('skipped') + num('todo') };
      // A file that ended badly without a failing test to show for it still counts as a failure.
      const named = tapFailures(text, file);
      if (!text || hung || (code !== 0 && r.failed === 0)) {
        r.failed += 1;
        named.push({ file, name: '(the file itself)', message: [hung ? `still running after ${seconds(BROWSER_FILE_LIMIT_MS)}: stopped` : `ended with exit code ${code}${text ? '' : ' and no TAP output'}`] });
      }
      failures.push(...named);
      console.log(`\n-- ${file} (${seconds(ms)}${r.failed ? `, ${r.failed} failed` : ''})`);
      process.stdout.write(Buffer.concat(out));
      // What the file's servers logged (warnings and errors), when something failed.
      if (r.failed && fs.existsSync(serverLog)) {
        const lines = fs.readFileSync(serverLog, 'utf8').trim().split('\n');
        console.log(`-- the last ${Math.min(lines.length, 60)} of ${lines.length} lines its servers logged:`);
        console.log(lines.slice(-60).map((l) => l.slice(0, 1500)).join('\n'));
      }
      resolve(r);
    });
  });
}

// What the last run measured per file (ms), to start the longest files first.
const durationsFile = path.join(root, DURATIONS_FILE);
const measuredMs = {};
const lastDurations = () => readDurations(root);
function saveDurations() {
  if (!Object.keys(measuredMs).length) return;
  const existing = [...Object.keys(lastDurations()), ...Object.keys(measuredMs)].filter((f) => fs.existsSync(path.join(root, f)));
  fs.mkdirSync(path.dirname(durationsFile), { recursive: true });
  fs.writeFileSync(durationsFile, `${JSON.stringify(mergeDurations(lastDurations(), measuredMs, existing), null, 1)}\n`);
}

// Passes a child's output on whole lines at a time, so another file's block printed meanwhile
// never lands in the middle of one of its lines; `onLines` sees each batch of whole lines.
function byLines(stream, onLines = () => undefined) {
  let rest = '';
  stream.on('data', (b) => {
    const text = rest + b.toString();
    const cut = text.lastIndexOf('\n') + 1;
    rest = text.slice(cut);
    if (cut) {
      process.stdout.write(text.slice(0, cut));
      onLines(text.slice(0, cut));
    }
  });
  stream.on('end', () => rest && process.stdout.write(`${rest}\n`));
}

const JEST_ARGS = ['--experimental-vm-modules', '--no-warnings', 'node_modules/jest/bin/jest.js'];
const jestPatterns = () => (patterns.length ? ['--passWithNoTests', '--testPathPatterns', ...patterns] : []);

// How many test files jest will run (its --listTests), found beside the build; Infinity when it
// cannot tell.
function countJestFiles() {
  const child = spawn(process.execPath, [...JEST_ARGS, '--listTests', '--json', ...jestPatterns()], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], env });
  const out = [];
  child.stdout.on('data', (b) => out.push(b));
  return new Promise((resolve) => {
    child.on('error', () => resolve(Infinity));
    child.on('close', (code) => {
      try {
        resolve(code === 0 ? JSON.parse(Buffer.concat(out).toString()).length : Infinity);
      } catch {
        resolve(Infinity);
      }
    });
  });
}
// Jest's files not finished yet (its PASS / FAIL lines counted), for browserSlots().
const jestProgress = { total: Infinity, done: 0, onChange: () => undefined };

async function runJest() {
  const out = path.join(tmp, 'jest.json');
  const child = spawn(process.execPath, [...JEST_ARGS, `--maxWorkers=${workers}`, '--json', `--outputFile=${out}`, ...jestPatterns()], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  // Jest prints a file's PASS or FAIL line on stderr when it ends.
  const countFiles = (lines) => {
    const n = lines.match(/^(PASS|FAIL) /gm)?.length ?? 0;
    if (!n) return;
    jestProgress.done += n;
    jestProgress.onChange();
  };
  byLines(child.stdout);
  byLines(child.stderr, countFiles);
  await new Promise((resolve) => child.on('close', resolve));
  if (!fs.existsSync(out)) {
    totals.failed += 1;
    failures.push({ file: 'jest', name: '(the run itself)', message: ['ended without writing its results'] });
    return;
  }
  const j = JSON.parse(fs.readFileSync(out, 'utf8'));
  failures.push(...jestFailures(j, (p) => path.relative(root, p)));
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  const files = j.testResults.map((r) => [path.relative(root, r.name), r.endTime - r.startTime]);
  for (const [file, ms] of files) measuredMs[file] = ms;
  printSlowest('Slowest jest files:', files);
}

// The browser files, longest first, as many at a time as browserSlots() allows at each moment
// (`jestRunning()` says whether jest still runs; `onChange` gets the function to call when it
// stops, so more files start at once).
async function runBrowserFiles(jestRunning, onChange) {
  const dir = path.join(root, 'test/browser');
  const all = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.test.ts')).map((f) => `test/browser/${f}`).filter(chosen) : [];
  if (!all.length) return;
  const queue = longestFirst(all, lastDurations(), (f) => fs.statSync(path.join(root, f)).size);
  const jestFilesLeft = () => Math.max(0, jestProgress.total - jestProgress.done);
  const slots = () => fixedBrowserWorkers || browserSlots({ cores, jestRunning: jestRunning(), jestFilesLeft: jestFilesLeft(), jestWorkers: workers });
  const policy = fixedBrowserWorkers
    ? `${fixedBrowserWorkers} at a time`
    : `${jestRunning() ? `from jest's last ${workers} files, ` : ''}${browserSlots({ cores, jestRunning: false })} at a time`;
  await phase(`browser tests (${all.length} files, ${policy})`, async () => {
    const times = [];
    let running = 0;
    await new Promise((resolve) => {
      const next = () => {
        while (queue.length && running < slots()) {
          const file = queue.shift();
          running += 1;
          browserFile(file).then((r) => {
            running -= 1;
            times.push([file, r.ms]);
            measuredMs[file] = r.ms;
            totals.passed += r.passed;
            totals.failed += r.failed;
            totals.skipped += r.skipped;
            next();
          });
        }
        if (!queue.length && running === 0) resolve();
      };
      onChange(next);
      jestProgress.onChange = next;
      next();
    });
    printSlowest('Slowest browser files:', times);
  });
}

const lint = only('lint') ? startLint() : null;

try {
  if (only('jest') || only('browser')) {
    await phase('system packages', () => ensureSystemPackages());
    // (jest's file count, for when the browser files start, found beside the build)
    const counted = only('jest') && only('browser') ? countJestFiles().then((n) => (jestProgress.total = n)) : null;
    await phase('build', () => buildIfStale());
    await counted;
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

  // Jest first, the browser files as its workers run out of files (browserSlots() says why).
  let jestRunning = only('jest');
  let wake = () => undefined;
  const jest = only('jest')
    ? phase(`jest (unit, components + API, ${workers} workers)`, runJest).finally(() => {
        jestRunning = false;
        wake();
      })
    : null;
  const browser = only('browser') ? runBrowserFiles(() => jestRunning, (fn) => (wake = fn)) : null;
  if (jest && browser) await phase('jest, then the browser tests (overlapping at its end)', () => Promise.all([jest, browser]));
  else await Promise.all([jest, browser]);
  saveDurations();

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
        failures.push({ file: 'eslint.config.js', name: 'lint', message: ['findings above'] });
      }
    });
  }
} finally {
  await dropLeftDatabases();
  await template?.drop().catch((err) => console.log(`Could not drop ${template.name}: ${err.message}`));
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(path.join(os.tmpdir(), `eyemail-screenshots-${env.EYEMAIL_TEST_RUN}`), { recursive: true, force: true });
}

console.log('\nTime per phase:');
for (const [name, ms] of timings) console.log(`  ${seconds(ms).padStart(8)}  ${name}`);
process.stdout.write(formatFailures(failures));
console.log(`\nSummary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed || totals.passed === 0 ? 1 : 0);

// The built server and worker on a Node.js older than the supported one: a clear message and exit
// status 1 before anything is loaded or written, not the segmentation fault Node 20 gives while
// loading the argon2 addon. Uses the first older `node` on the PATH (or OLDER_NODE); on a machine
// that has none there is nothing to try, and the test says it is skipped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { projectRoot } from '../../src/common/paths.js';
import { MINIMUM_NODE_VERSION, isSupportedNode } from '../../src/runtime/node-version.js';

function nodeVersionOf(executable: string): string | null {
  const r = spawnSync(executable, ['-p', 'process.versions.node'], { encoding: 'utf8', timeout: 20_000 });
  return r.status === 0 ? r.stdout.trim() : null;
}

function findOlderNode(): { path: string; version: string } | null {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter((d) => d && !d.includes('node_modules'));
  const candidates = [process.env.OLDER_NODE, ...onPath.map((d) => path.join(d, 'node')), '/usr/bin/node', '/usr/local/bin/node'];
  for (const candidate of new Set(candidates)) {
    if (!candidate || !fs.existsSync(candidate)) continue;
    const version = nodeVersionOf(candidate);
    if (version && !isSupportedNode(version)) return { path: candidate, version };
  }
  return null;
}

// Compiles the server when its build is missing or older than the entry points (npm test builds
// first, so this only happens when the file is run on its own).
function ensureBuilt(): void {
  const built = (f: string) => path.join(projectRoot, 'dist/server/src', f);
  const stale = ['main', 'worker', 'runtime/node-version'].some((f) => {
    const out = built(`${f}.js`);
    return !fs.existsSync(out) || fs.statSync(out).mtimeMs < fs.statSync(path.join(projectRoot, 'src', `${f}.ts`)).mtimeMs;
  });
  if (!stale) return;
  const r = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: projectRoot, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build:server failed:\n${r.stdout}${r.stderr}`);
}

const older = findOlderNode();
const withOlderNode = older ? it : it.skip;
if (!older) console.log(`No Node.js older than ${MINIMUM_NODE_VERSION} found on this machine: the refusal test is skipped.`);

describe(`the built app on a Node.js older than ${MINIMUM_NODE_VERSION}${older ? ` (${older.path}, ${older.version})` : ''}`, () => {
  let dataDir: string;
  beforeAll(() => {
    if (older) ensureBuilt();
  }, 240_000);
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-old-node-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const run = (entry: string) =>
    spawnSync(older!.path, ['--enable-source-maps', path.join(projectRoot, 'dist/server/src', entry)], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH ?? '', HOME: os.homedir(), DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres' },
    });

  for (const [entry, what] of [
    ['main.js', 'server'],
    ['worker.js', 'worker'],
  ] as const) {
    withOlderNode(`the ${what} stops with a message naming both versions, exit status 1, and writes nothing`, () => {
      const r = run(entry);
      expect({ signal: r.signal, status: r.status }).toEqual({ signal: null, status: 1 });
      expect(r.stderr).toContain(`EyeMail needs Node.js ${MINIMUM_NODE_VERSION.split('.')[0]} or newer`);
      expect(r.stderr).toContain(`is Node.js ${older!.version}`);
      expect(r.stdout).toBe('');
      expect(fs.readdirSync(dataDir)).toEqual([]);
    });
  }
});

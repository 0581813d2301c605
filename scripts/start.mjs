// `npm start`: build what is stale, then serve (or, with --worker, run an encoding worker).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';
import { appNodeFlags } from './node-flags.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
await buildIfStale();
const worker = process.argv.includes('--worker');
const entry = path.join(root, 'dist/server/src', worker ? 'worker.js' : 'main.js');
process.env.NODE_ENV ??= 'production';
// The V8 flags (node-flags.mjs) and MALLOC_ARENA_MAX=2: see docs/running.md (memory); the
// Dockerfile sets the same.
process.env.MALLOC_ARENA_MAX ??= '2';
const child = spawn(process.execPath, [...appNodeFlags(), entry], { stdio: 'inherit', cwd: root, env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));

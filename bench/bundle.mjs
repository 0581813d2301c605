// Dashboard bundle size (run by people: `npm run bench`, or `node bench/bundle.mjs`).
//
// Reads the built dashboard (dist/web; builds it first when a web source is newer) and prints the
// JavaScript the browser must fetch before the first page can start: the entry script of
// index.html, every chunk it modulepreloads, and every chunk those import statically. Sizes are
// gzip -9 (what the server sends, precompressed at build time) and brotli 11. Target: initial
// JavaScript <= 250 KB gzip. Baseline: all JavaScript of the build (what one chunk would weigh).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'dist', 'web');
const TARGET_GZIP = 250 * 1024;

const spawn = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-stale.mjs')], { cwd: root, stdio: 'inherit' });
if (spawn.status !== 0) process.exit(spawn.status ?? 1);

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const attr = (tag, name) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const fromHtml = tags
  .filter((t) => (t.startsWith('<script') && /type="module"/.test(t)) || /rel="modulepreload"/.test(t))
  .map((t) => attr(t, 'src') ?? attr(t, 'href'))
  .filter(Boolean)
  .map((href) => path.join(dist, href.replace(/^\//, '')));

// Static imports only (`import{x}from"./a.js"`, `import"./b.js"`); `import("./c.js")` is lazy.
const STATIC_IMPORT = /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
const initial = new Set();
const visit = (file) => {
  if (initial.has(file) || !fs.existsSync(file)) return;
  initial.add(file);
  const code = fs.readFileSync(file, 'utf8');
  for (const m of code.matchAll(STATIC_IMPORT)) visit(path.resolve(path.dirname(file), m[1]));
};
fromHtml.forEach(visit);

const allJs = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => path.join(dist, 'assets', f));

const sizes = (file) => {
  const data = fs.readFileSync(file);
  return {
    raw: data.length,
    gzip: zlib.gzipSync(data, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};
const sum = (files) => files.map(sizes).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), { raw: 0, gzip: 0, brotli: 0 });
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const init = sum([...initial]);
const total = sum(allJs);
console.log('initial chunks:');
for (const f of initial) {
  const s = sizes(f);
  console.log(`  ${path.relative(dist, f).padEnd(44)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(10)} gzip`);
}
console.log(`initial JS: ${kb(init.raw)} raw, ${kb(init.gzip)} gzip, ${kb(init.brotli)} brotli (${initial.size} files)`);
console.log(`all JS:     ${kb(total.raw)} raw, ${kb(total.gzip)} gzip, ${kb(total.brotli)} brotli (${allJs.length} files)`);
const ok = init.gzip <= TARGET_GZIP;
console.log(`initial / target (250 KB gzip): ${(init.gzip / TARGET_GZIP).toFixed(2)}x ${ok ? 'within target' : 'OVER TARGET'}`);
console.log(`initial / all JS (gzip):        ${(init.gzip / total.gzip).toFixed(2)}x`);

const outDir = path.join(root, 'bench', '.out');
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(
  path.join(outDir, 'bundle-results.json'),
  JSON.stringify({ date: new Date().toISOString(), targetGzip: TARGET_GZIP, initial: { files: initial.size, ...init }, all: { files: allJs.length, ...total } }, null, 2),
);
process.exit(ok ? 0 : 1);

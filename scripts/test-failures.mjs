// What failed in a run, named in a few lines each, for the end of `npm test`'s output: a long run's
// log is often read from its end only, and a failure printed 2,000 lines up is easy to miss.
// Pure functions over jest's --json result and node's TAP output; scripts/test.mjs prints them.

const MESSAGE_LINES = 4;
const MESSAGE_WIDTH = 300;
const stripColours = (s) => s.replace(/\u001b\[[0-9;]*m/g, '');
const firstLines = (text) =>
  stripColours(text)
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() && !/^\s+at /.test(l))
    .slice(0, MESSAGE_LINES)
    .map((l) => l.slice(0, MESSAGE_WIDTH));

// Jest's failed tests, and files that failed without a test to show for it (a syntax error, a
// hook that threw), as { file, name, message: [lines] }.
export function jestFailures(result, relative = (p) => p) {
  const out = [];
  for (const file of result?.testResults ?? []) {
    const where = relative(file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) out.push({ file: where, name: a.fullName || a.title, message: firstLines((a.failureMessages ?? []).join('\n')) });
    if (!failed.length && file.status === 'failed') out.push({ file: where, name: '(the file itself)', message: firstLines(file.message || file.failureMessage || '') });
  }
  return out;
}

// The failed tests in node's TAP output (`not ok` lines; a suite that failed only because a test in
// it did is left out, the test is named), as { file, name, message: [lines] }; names of nested
// tests are joined with " › ".
export function tapFailures(tap, file) {
  const lines = tap.split('\n');
  const out = [];
  const path = [];
  for (let i = 0; i < lines.length; i += 1) {
    const sub = lines[i].match(/^(\s*)# Subtest: (.*)$/);
    if (sub) {
      const depth = sub[1].length / 4;
      path.length = depth;
      path[depth] = sub[2];
      continue;
    }
    const m = lines[i].match(/^(\s*)not ok \d+ - (.*?)(?: # .*)?$/);
    if (!m) continue;
    const indent = m[1].length;
    const depth = indent / 4;
    const name = [...path.slice(0, depth), m[2]].join(' › ');
    // Its YAML block: the lines indented deeper, up to the closing "...".
    const block = [];
    for (let j = i + 1; j < lines.length && lines[j].startsWith(' '.repeat(indent + 2)); j += 1) {
      if (lines[j].trim() === '...') break;
      block.push(lines[j].slice(indent + 2));
    }
    if (block.some((l) => /^failureType: 'subtestsFailed'/.test(l))) continue;
    out.push({ file, name, message: yamlError(block) });
  }
  return out;
}

function yamlError(block) {
  const at = block.findIndex((l) => l.startsWith('error:'));
  if (at < 0) return [];
  const first = block[at].slice('error:'.length).trim();
  if (first === '|-' || first === '|') {
    const body = [];
    for (let k = at + 1; k < block.length && /^\s{2}/.test(block[k]); k += 1) body.push(block[k].slice(2));
    return firstLines(body.join('\n'));
  }
  return firstLines(first.replace(/^'(.*)'$/s, '$1').replace(/''/g, "'"));
}

// The block printed before the summary line: nothing when all passed.
export function formatFailures(failures) {
  if (!failures.length) return '';
  const rows = failures.map((f) => [`  ✖ ${f.file} › ${f.name}`, ...f.message.map((l) => `      ${l}`)].join('\n'));
  return `\nFailed (${failures.length}):\n${rows.join('\n')}\n`;
}

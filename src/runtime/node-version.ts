// Which Node.js the server and the worker run on, checked before anything else is loaded.
//
// Node.js 24 is the supported line: it is what the tests run on (the devDependency `node`), what
// the Dockerfile ships, and what package.json `engines` says. Older versions are refused with a
// message rather than left to fail later: argon2's prebuilt addon declares Node-API 10, which
// Node 20 does not have, and Node 20 answers that with a segmentation fault (exit 139) while
// loading it instead of an error; several dependencies (MikroORM 7, nestjs-pino, the Google Cloud
// client, file-type) also declare Node 22 or newer. The check must stay free of imports of
// anything but Node's own modules, and of syntax an old Node cannot parse.

/** The lowest Node.js version EyeMail supports; package.json `engines.node` is `>=` this. */
export const MINIMUM_NODE_VERSION = '24.0.0';

function parts(version: string): [number, number, number] | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** True when `version` (as in process.versions.node, with or without a leading v) is at least `minimum`. */
export function isSupportedNode(version: string, minimum: string = MINIMUM_NODE_VERSION): boolean {
  const have = parts(version);
  const need = parts(minimum);
  if (!have || !need) return false;
  for (let i = 0; i < 3; i++) {
    if (have[i] !== need[i]) return have[i] > need[i];
  }
  return true;
}

/**
 * The message to print and exit with when this Node.js is too old (null when it is fine).
 * `executable` is the path of the running node, so the reader knows which one was used.
 */
export function nodeVersionProblem(version: string, executable: string, minimum: string = MINIMUM_NODE_VERSION): string | null {
  if (isSupportedNode(version, minimum)) return null;
  const major = minimum.split('.')[0];
  return [
    `EyeMail needs Node.js ${major} or newer (${minimum}+), but ${executable} is Node.js ${version.replace(/^v/, '')}.`,
    `Run it with a newer node, or use \`npm start\`: \`npm install\` puts Node.js ${major} in node_modules/.bin, and npm scripts use it.`,
  ].join('\n');
}

/** Exits the process with status 1 and the message above when this Node.js is too old. */
export function exitUnlessSupportedNode(): void {
  const problem = nodeVersionProblem(process.versions.node, process.execPath);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

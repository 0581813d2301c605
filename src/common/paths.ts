import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The folder holding package.json, found from this file whether it runs from src/ (tests) or from
// the compiled dist/server/src/ (production).
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const projectRoot = findProjectRoot();
export const webDistDir = path.join(projectRoot, 'dist', 'web');
export const viewsDir = path.join(projectRoot, 'views');
export const publicAssetsDir = path.join(projectRoot, 'public');

// `node --import ./test/support/ts-hooks.mjs file.ts`: runs the TypeScript sources in a child
// process the way jest does (swc, decorators and their metadata, `.js` imports of `.ts` files),
// for tests that need a real separate process (a worker to kill, the worker entry point).
import fs from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/core';

const options = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2023',
    keepClassNames: true,
    // `import rows from './x.json' with { type: 'json' }` reaches Node as written (as in jest.config.js).
    experimental: { keepImportAttributes: true },
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (e) {
      if (/^\.{1,2}\//.test(specifier) && specifier.endsWith('.js')) return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
      throw e;
    }
  },
  load(url, context, nextLoad) {
    if (url.startsWith('file:') && url.endsWith('.ts') && !url.includes('/node_modules/')) {
      const filename = fileURLToPath(url);
      const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { ...options, filename });
      return { format: 'module', source: code, shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});

// Jest in ESM mode, TypeScript compiled by swc (decorators and their metadata included).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2023',
      keepClassNames: true,
      // `import rows from './x.json' with { type: 'json' }` reaches Node as written.
      experimental: { keepImportAttributes: true },
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

// The dashboard's components: TSX with React's automatic runtime (no `import React`), as Vite
// builds them.
const swcTsx = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2023',
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

// The dashboard's aliases (web/vite.config.ts): @/ is web/src, @shared/ is src/shared.
const webAliases = { '^@shared/(.*)$': '<rootDir>/src/shared/$1', '^@/(.*)$': '<rootDir>/web/src/$1' };

const common = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': swc },
  testEnvironment: 'node',
};

export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      // web/src: the dashboard's pure rules; @shared is its alias for src/shared. scripts/: the
      // lint rules.
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/bench/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'],
      moduleNameMapper: { ...common.moduleNameMapper, ...webAliases },
    },
    {
      // The dashboard's components in a simulated DOM (jsdom) through React Testing Library: forms,
      // their messages, state, conditional sections. What needs a real browser (layout at two
      // widths, media, navigation, accessibility) stays in test/browser.
      ...common,
      displayName: 'components',
      testEnvironment: '<rootDir>/web/src/testing/jsdom-environment.mjs',
      testMatch: ['<rootDir>/web/src/**/*.test.tsx'],
      extensionsToTreatAsEsm: ['.ts', '.tsx'],
      transform: { '^.+\\.ts$': swc, '^.+\\.tsx$': swcTsx },
      // Styles mean nothing to jsdom: a CSS module's class names are its keys, other CSS is empty.
      moduleNameMapper: { '\\.css$': '<rootDir>/web/src/testing/css-module.ts', ...common.moduleNameMapper, ...webAliases },
      setupFilesAfterEnv: ['<rootDir>/web/src/testing/setup.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      setupFiles: ['<rootDir>/test/support/env.ts'],
    },
  ],
  testTimeout: 60000,
  // A worker whose heap has passed 1 GB after a file is replaced by a fresh one. Each test file
  // gets its own module registry (the whole app, imported again), and the workers grew to 1.8-2 GB
  // resident by the end of a run. Tearing down such a process took 7-8 s on two loaded cores:
  // measured at the end of a whole `npm test` (a hook in each worker and in jest's pool, not kept),
  // each worker fired its exit event within 1 ms of being told to end and nothing was open, yet
  // jest still saw it running (state R) 5 s later. That was the "failed to exit gracefully"
  // warning of most CI runs: no leak, a slow exit. With the limit the workers end at 760-910 MB,
  // and exit 0.24-0.36 s after being told to; jest alone took 440 s, against 485 s without it.
  workerIdleMemoryLimit: '1GB',
  // How long jest waits for a worker to exit once told to before killing it and warning of a leak.
  // A worker that really leaks never exits, and is still caught.
  workerGracefulExitTimeout: 5000,
  // Longest files first, by the last run's times (see the file).
  testSequencer: '<rootDir>/test/support/longest-first-sequencer.mjs',
};

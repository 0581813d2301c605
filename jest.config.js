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
      moduleNameMapper: { ...common.moduleNameMapper, '^@shared/(.*)$': '<rootDir>/src/shared/$1', '^@/(.*)$': '<rootDir>/web/src/$1' },
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      setupFiles: ['<rootDir>/test/support/env.ts'],
    },
  ],
  testTimeout: 60000,
  // How long jest waits for a worker to exit once told to before killing it and warning of a leak.
  // Measured in the whole suite (a hook in each worker at the moment it is told to end): both
  // workers had nothing open but their pipes and exited within 1 ms, yet jest, busy at the end of
  // a run of 2,500 tests on two cores, noticed later than its default 500 ms and warned of a leak
  // that was not there. A worker that really leaks never exits, and is still caught after 5 s.
  workerGracefulExitTimeout: 5000,
  // Longest files first, by the last run's times (see the file).
  testSequencer: '<rootDir>/test/support/longest-first-sequencer.mjs',
};

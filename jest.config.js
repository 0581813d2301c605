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
  // Longest files first, by the last run's times (see the file).
  testSequencer: '<rootDir>/test/support/longest-first-sequencer.mjs',
};

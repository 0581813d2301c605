// The boundaries docs/architecture.md describes, as lint rules (run by `npm run lint` and `npm test`):
// - server modules sit in LAYERS and import only modules of lower layers (a DAG, no upward arrow).
// - server modules (src/<module>/) import another module's public surface only (its module,
//   services, adapters, PUBLIC_FILES), never its entities, repositories or inner files.
//   src/shared/ (read by the dashboard too) imports nothing else.
// - dashboard: app -> features -> shared (components, lib); features never import each other.
// - settings come from src/config, never process.env elsewhere.
// - an outside tool (sharp, nodemailer, ffmpeg's child process...) is imported by its adapter only.
// - queries live in repositories (*.repository.ts).
// - no import cycles; kebab-case file and folder names; the rules of React hooks.
// - nothing imported or declared that is never used.
// Only these rules: style is left to the editor, and no rule needs type information (fast).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = path.dirname(fileURLToPath(import.meta.url));
const dirsIn = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs.readdirSync(path.join(root, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];

// check-file's KEBAB_CASE, spelled out to build the patterns around it.
const KEBAB = '+([a-z])*([a-z0-9])*(-+([a-z0-9]))';
// The only source files allowed over 300 lines (see the max-lines rule below).
const LONGER_FILES = ['web/src/features/admin/components/admin-users-page.tsx', 'web/src/features/recorder/components/recorder.tsx'];

const serverModules = dirsIn('src');

// The server's layers, lowest first (docs/architecture.md "Layers"). A module imports only
// modules of lower layers, never one of its own layer or above, so the module graph has no
// cycle and no upward arrow. The files directly in src/ (main.ts, app.module.ts, worker.ts...)
// compose the app: they may import any module, no module imports them. A new module takes its
// place here (lint stops until it has one).
const LAYERS = [
  ['shared'], // rules and types read by the dashboard too
  ['runtime', 'config'], // before anything else loads; the environment, parsed once
  ['database'],
  ['common'], // envelope, errors, pipes, sessions, CSRF, rate limits, auth decorators, health registry
  ['images', 'mail', 'storage', 'queue', 'api-credentials', 'geo-ip', 'workspaces'], // outside tools behind one adapter each (geo-ip: the offline geo database); checking API tokens and feed links, and workspace membership (the guard's)
  ['engagement'], // the engagement store: every write of it, its outbox and the events other modules listen to
  ['encoding'], // ffmpeg (posters and GIF frames through images)
  ['files'], // uploads and the library
  ['accounts', 'videos'], // users (their profile pictures are files); encodings of a file
  ['snippets'], // EyeMails: a user's, with their videos and files
  ['ingest'], // the journal and its loader: classifies and stores the hot path's events (through engagement)
  ['tracking', 'reports', 'support', 'admin', 'health', 'api-tokens', 'webhooks', 'notifications', 'companies'], // read across the modules below (tracking: the hot path up to the journal; reports: reads only)
];
const layerOf = Object.fromEntries(LAYERS.flatMap((names, i) => names.map((m) => [m, i])));
const unplaced = serverModules.filter((m) => layerOf[m] === undefined);
if (unplaced.length) throw new Error(`eslint.config.js: place src/${unplaced.join(', src/')} in LAYERS (docs/architecture.md "Layers").`);
const features = dirsIn('web/src/features');
const webShared = ['web/src/components', 'web/src/lib'];

// Libraries every module may use whole, but for their entities and repositories.
const KERNEL = ['common', 'config', 'database', 'runtime', 'shared'];
// Any other module's public surface (docs/architecture.md "Rules that keep it easy to change"):
// its top-level <name>.module.ts, services (*.service.ts) and adapters (*.adapter.ts), and the
// top-level files it declares public here (types, messages, errors, decorators, pure rules its
// callers share). The rest, sub-folders included, is its own.
const PUBLIC_FILES = {
  accounts: ['account-messages.ts', 'company-fields.ts', 'user-list.ts'],
  'api-credentials': ['api-token-rules.ts'],
  engagement: ['engagement-kinds.ts', 'engagement-events.ts', 'engagement-outbox.ts', 'event-buffer.ts', 'viewer-visits.ts', 'engagement-sql.ts', 'viewer-activity-sql.ts'],
  'geo-ip': ['ip-ranges.ts'],
  ingest: ['ingest-journal.ts', 'ingest-errors.ts'],
  encoding: ['encode-plan.ts', 'encoding-error.ts', 'probe.ts', 'recording.ts'],
  mail: ['mail-views.ts'],
  queue: ['job-queue.ts', 'periodic-job.ts'],
  snippets: ['snippet-messages.ts'],
  storage: ['storage-keys.ts', 'byte-counter.ts'],
};
// One glob (an exception must be one; matched against absolute paths).
const publicSurface = (m) => [path.join(root, 'src', m, `{${['*.module.ts', '*.service.ts', '*.adapter.ts', ...(PUBLIC_FILES[m] ?? [])].join(',')}}`)];

const serverZones = [
  ...serverModules.map((m) => ({
    target: `src/${m}/**`,
    from: serverModules.filter((o) => o !== m).flatMap((o) => [`src/${o}/**/*.entity.ts`, `src/${o}/**/*.repository.ts`]),
    message: "A module uses another module's service, never its entities or repositories.",
  })),
  ...serverModules
    .filter((m) => !KERNEL.includes(m))
    .map((m) => ({
      // Unit tests may reach into another module's pure rules for fixtures.
      target: serverModules.filter((o) => o !== m).map((o) => `src/${o}/**/!(*.spec).ts`),
      // (its entities and repositories: the zone above)
      from: `src/${m}/**/!(*.entity|*.repository).ts`,
      except: publicSurface(m),
      message:
        "A module imports another module's public surface only: its module, services, adapters and the files PUBLIC_FILES lists (eslint.config.js), never its inner files. Move a pure rule both need to src/shared, or call the module's service.",
    })),
  // (src/shared has its own, stricter zone below)
  ...serverModules.filter((m) => m !== 'shared').map((m) => ({
    // (unit tests may reach up for a fixture)
    target: `src/${m}/**/!(*.spec).ts`,
    from: [...serverModules.filter((o) => o !== m && layerOf[o] >= layerOf[m]).map((o) => `src/${o}/**`), 'src/*.ts'],
    message: `Layers (LAYERS in eslint.config.js, docs/architecture.md): src/${m} imports only modules of lower layers (${
      LAYERS.slice(0, layerOf[m]).flat().join(', ') || 'none'
    }), never one of its own layer or above, nor the app's composition files in src/. Move what both need down (common, shared) or call it from the module above.`,
  })),
  {
    target: 'src/shared',
    from: 'src',
    except: ['./shared'],
    message: 'src/shared is read by the server and the dashboard alike: pure rules and types, no server code.',
  },
  { target: 'src', from: 'web', message: 'The server never imports dashboard code.' },
];

const webZones = [
  {
    target: 'web/src',
    from: 'src',
    except: ['./shared'],
    message: 'The dashboard reads only src/shared/ from the server side (through @shared/).',
  },
  ...features.map((f) => ({
    target: `web/src/features/${f}`,
    from: 'web/src/features',
    except: [`./${f}`],
    message: 'Features never import each other: move what both need to components/ or lib/, or compose them in app/.',
  })),
  { target: 'web/src/features', from: 'web/src/app', message: 'app -> features -> shared: a feature never imports app/.' },
  {
    target: webShared,
    from: ['web/src/features', 'web/src/app'],
    message: 'app -> features -> shared: shared code (components/, lib/) never imports a feature or app/.',
  },
];

// Every outside tool sits behind the one adapter that alone imports it (docs/architecture.md "Rules that keep it easy to change").
const TOOL_ADAPTERS = {
  sharp: ['src/images/image.adapter.ts'],
  nodemailer: ['src/mail/mail-transport.ts'],
  '@google-cloud/storage': ['src/storage/gcs-storage.adapter.ts'],
  maxmind: ['src/geo-ip/geo-ip.adapter.ts'],
  'node-device-detector': ['src/ingest/user-agent.adapter.ts'],
  isbot: ['src/ingest/user-agent.adapter.ts'],
  bullmq: ['src/queue/bullmq-queue.ts'],
  ioredis: ['src/queue/bullmq-queue.ts'],
  'file-type': ['src/files/file-sniff.ts'],
  busboy: ['src/files/multipart-upload.ts'],
  '@tus/server': ['src/files/tus.adapter.ts'],
  '@tus/file-store': ['src/files/tus.adapter.ts'],
  'tus-js-client': ['web/src/lib/resumable-upload.ts'],
  argon2: ['src/accounts/password-hasher.ts'],
  'node:child_process': ['src/encoding/ffmpeg.adapter.ts', 'src/database/postgres-process.adapter.ts'],
  child_process: ['src/encoding/ffmpeg.adapter.ts', 'src/database/postgres-process.adapter.ts'],
  handlebars: ['src/mail/mail-templates.ts', 'src/snippets/viewer/viewer-templates.ts', 'src/snippets/export/export-html.ts'],
};
const adapterFiles = [...new Set(Object.values(TOOL_ADAPTERS).flat())];
const toolRule = (file) => [
  'error',
  {
    paths: Object.entries(TOOL_ADAPTERS)
      .filter(([, files]) => !files.includes(file))
      .map(([name, files]) => ({ name, message: `Only ${files.join(', ')} imports ${name}: use that adapter.` })),
  },
];

// Queries: the raw connection, the entity manager's reads and writes, the raw SQL helper.
const QUERY_METHODS = '/^(find|findOne|findOneOrFail|findAll|findAndCount|count|nativeInsert|nativeUpdate|nativeDelete|insert|insertMany|upsert|upsertMany|execute|createQueryBuilder)$/';
const QUERY_SELECTORS = [
  "CallExpression[callee.property.name='getConnection']",
  `CallExpression[callee.property.name=${QUERY_METHODS}][callee.object.property.name='em']`,
  `CallExpression[callee.property.name=${QUERY_METHODS}][callee.object.callee.property.name='fork']`,
  'ImportDeclaration[source.value=/raw-sql\\.js$/]',
];
const QUERY_MESSAGE = "Queries live in the module's repository (*.repository.ts): add a method there.";

export default [
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'public/**', '**/*.d.ts'],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, 'check-file': checkFile, '@typescript-eslint': tseslint.plugin },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [path.join(root, 'tsconfig.json'), path.join(root, 'web/tsconfig.json')],
          alwaysTryTypes: false,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // nothing imported or declared and then never used (arguments aside: a handler's signature)
      '@typescript-eslint/no-unused-vars': ['error', { args: 'none', ignoreRestSiblings: true, caughtErrors: 'none' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...serverZones, ...webZones] }],
      'check-file/filename-naming-convention': [
        'error',
        {
          '{*,{src,web,test,scripts}/**/*}.{ts,tsx,js,mjs,cjs}': 'KEBAB_CASE',
          // A leading underscore marks a bench helper that bench/run.mjs does not run.
          'bench/*.mjs': `?(_)${KEBAB}`,
          // Migrations run in the order of their number.
          'migrations/*.ts': `@(index|+([0-9])-${KEBAB})`,
        },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{src,web/src,test,bench,scripts,migrations}/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts', ...adapterFiles],
    rules: { 'no-restricted-imports': toolRule(null) },
  },
  ...adapterFiles.map((file) => ({ files: [file], rules: { 'no-restricted-imports': toolRule(file) } })),
  {
    // Config is read from the environment in src/config only (the entry points hand it
    // process.env; the ffmpeg adapter looks up PATH for its binary; the embedded PostgreSQL's
    // adapter hands the app's environment to the server's processes).
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts', 'src/config/**', 'src/main.ts', 'src/worker.ts', 'src/encoding/ffmpeg.adapter.ts', 'src/database/postgres-process.adapter.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings from the typed config (src/config), never process.env.' }],
    },
  },
  {
    // Every query lives in its module's repository (docs/architecture.md). The session store is
    // express-session's repository of http_session; the rate limiter's counters and the queue's
    // job table (queue/job.repository.ts, handed a runner by queue.module.ts) are their own.
    files: ['src/**/*.ts'],
    ignores: [
      'src/**/*.spec.ts',
      'src/**/*.repository.ts',
      'src/database/**',
      'src/common/session-store.ts',
      'src/common/rate-limit.service.ts',
      'src/queue/queue.module.ts',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...QUERY_SELECTORS.map((selector) => ({ selector, message: QUERY_MESSAGE }))],
    },
  },
  {
    // Source files stay small enough to read in one go: 300 lines, specs aside. Two dashboard
    // pages are allowed a little more (each one screen's state and layout, kept together).
    files: ['src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts', ...LONGER_FILES],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  { files: LONGER_FILES, rules: { 'max-lines': ['error', { max: 340 }] } },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // '@/features/x/...' says where a file lives; '../../../x' only how far away it is.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./){2,}', message: 'Import from @/ (web/src) instead of climbing two or more folders.' }] }],
    },
  },
];

// The lint rules (eslint.config.js) catch what they are there for: each case lints a piece of
// code as if it were a file at that path (nothing is written) and expects the rule to fire, and
// the same import from an allowed place to pass.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

// Some module of the dashboard's admin feature and of its shared components, as '@/...' (the
// dashboard is being reorganised; the rules are about folders, not about these files).
function someModule(dir: string): string {
  const file = (fs.readdirSync(path.join(root, 'web/src', dir), { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.spec.ts'))
    .sort()[0];
  return `@/${dir}/${file.replace(/\.tsx?$/, '')}`;
}
const ADMIN = someModule('features/admin');
const COMPONENT = someModule('components');

const RECEIVER = "import { receiverFromQuery } from '../snippets/export/receiver.js';\nexport const x = receiverFromQuery;\n";
const SNIPPETS_SERVICE = "import { SnippetsService } from '../snippets/snippets.service.js';\nexport const x = SnippetsService;\n";
const SNIPPET_MESSAGES = "import { SNIPPET_API_MESSAGES } from '../snippets/snippet-messages.js';\nexport const x = SNIPPET_API_MESSAGES;\n";
const GIF_RECIPE = "import { gifLadder } from '../encoding/gif-recipe.js';\nexport const x = gifLadder;\n";
const IMAGE_ADAPTER = "import { ImageAdapter } from '../images/image.adapter.js';\nexport const x = ImageAdapter;\n";
const FILE_ENTITY = "import { MediaFile } from '../files/media-file.entity.js';\nexport const x = MediaFile;\n";
const DOMAIN_ERROR = "import { NotFoundError } from '../common/domain-error.js';\nexport const x = NotFoundError;\n";

const USERS_SERVICE = "import { UsersService } from '../accounts/users.service.js';\nexport const x = UsersService;\n";
const VIDEOS_SERVICE = "import { VideosService } from '../videos/videos.service.js';\nexport const x = VideosService;\n";
const APP_MODULE = "import { AppModule } from '../app.module.js';\nexport const x = AppModule;\n";

const PING = "export const ping = (orm: any) => orm.em.fork().getConnection().execute('select 1');\n";
const FORK_FIND = 'export const all = (em: any, E: any) => em.fork().find(E, {});\n';
const EM_FIND = 'export class S { em: any; all(E: any) { return this.em.find(E, {}); } }\n';
const RAW_SQL = "import { rawSql } from '../database/raw-sql.js';\nexport const x = rawSql;\n";
const NOT_A_QUERY = 'export class S { em: any; async save(list: number[]) { await this.em.flush(); return list.find((n) => n > 1); } }\n';

// Every case is linted in one ESLint process (loading the parser and resolver once).
const CASES: [string, string][] = [
  ['src/reports/zz-probe.ts', RECEIVER],
  ['src/reports/zz-probe.spec.ts', RECEIVER],
  ['src/reports/zz-probe.ts', SNIPPETS_SERVICE],
  ['src/reports/zz-probe.ts', SNIPPET_MESSAGES],
  ['src/videos/zz-probe.ts', GIF_RECIPE],
  ['src/files/zz-probe.ts', IMAGE_ADAPTER],
  ['src/reports/zz-probe.ts', DOMAIN_ERROR],
  ['src/reports/zz-probe.spec.ts', FILE_ENTITY],
  ['src/common/zz-probe.ts', USERS_SERVICE],
  ['src/common/zz-probe.spec.ts', USERS_SERVICE],
  ['src/files/zz-probe.ts', SNIPPETS_SERVICE],
  ['src/accounts/zz-probe.ts', VIDEOS_SERVICE],
  ['src/snippets/zz-probe.ts', VIDEOS_SERVICE],
  ['src/admin/zz-probe.ts', USERS_SERVICE],
  ['src/queue/zz-probe.ts', APP_MODULE],
  ['src/health/zz-probe.ts', PING],
  ['src/health/zz-probe.repository.ts', PING],
  ['src/accounts/zz-probe.service.ts', FORK_FIND],
  ['src/accounts/zz-probe.service.ts', EM_FIND],
  ['src/accounts/zz-probe.repository.ts', EM_FIND],
  ['src/common/zz-probe.ts', RAW_SQL],
  ['src/accounts/zz-probe.service.ts', NOT_A_QUERY],
  ['src/snippets/zz-probe.ts', "import { MediaFile } from '../files/media-file.entity.js';\nexport const x = MediaFile;\n"],
  ['src/snippets/zz-probe.ts', "import { MediaFileRepository } from '../files/media-file.repository.js';\nexport const x = MediaFileRepository;\n"],
  ['src/snippets/zz-probe.ts', "import { FilesService } from '../files/files.service.js';\nexport const x = FilesService;\n"],
  ['src/files/zz-probe.ts', "import { MediaFile } from './media-file.entity.js';\nexport const x = MediaFile;\n"],
  ['src/shared/zz-probe.ts', "import { isUuid } from './uuid.js';\nexport const x = isUuid;\n"],
  ['src/shared/zz-probe.ts', "import { NotFoundError } from '../common/domain-error.js';\nexport const x = NotFoundError;\n"],
  ['web/src/features/support/zz-probe.ts', `import * as c from '${COMPONENT}';\nexport const x = c;\n`],
  ['web/src/features/support/zz-probe.ts', `import * as admin from '${ADMIN}';\nexport const x = admin;\n`],
  ['web/src/lib/zz-probe.ts', `import * as admin from '${ADMIN}';\nexport const x = admin;\n`],
  ['web/src/features/support/zz-probe.ts', "import * as api from '../../lib/api-client';\nexport const x = api;\n"],
  ['src/files/zz-probe.ts', "import sharp from 'sharp';\nexport const x = sharp;\n"],
  ['src/images/image.adapter.ts', "import sharp from 'sharp';\nexport const x = sharp;\n"],
  ['src/files/zz-probe.ts', 'export const x = process.env.PORT;\n'],
  ['src/files/zzProbe.ts', 'export const x = 1;\n'],
  ['src/files/zz-probe.helper.ts', 'export const x = 1;\n'],
];

const RUNNER = `
import { ESLint } from 'eslint';
const cases = JSON.parse(process.argv[1]);
const eslint = new ESLint();
const out = [];
for (const [filePath, code] of cases) {
  const [r] = await eslint.lintText(code, { filePath });
  out.push(r.messages.map((m) => m.ruleId));
}
console.log(JSON.stringify(out));
`;

let results: string[][] | null = null;
function rulesFor(filePath: string, code: string): string[] {
  if (!results) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', RUNNER, JSON.stringify(CASES)], { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    results = JSON.parse(r.stdout) as string[][];
  }
  const i = CASES.findIndex(([f, c]) => f === filePath && c === code);
  if (i < 0) throw new Error(`add ${filePath} to CASES`);
  return results[i];
}

const rules = (filePath: string, code: string) => rulesFor(filePath, code);

describe('lint rules', () => {
  it("keeps a server module out of another module's entities and repositories, not its service", () => {
    expect(rules('src/snippets/zz-probe.ts', "import { MediaFile } from '../files/media-file.entity.js';\nexport const x = MediaFile;\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(rules('src/snippets/zz-probe.ts', "import { MediaFileRepository } from '../files/media-file.repository.js';\nexport const x = MediaFileRepository;\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(rules('src/snippets/zz-probe.ts', "import { FilesService } from '../files/files.service.js';\nexport const x = FilesService;\n")).toEqual([]);
    expect(rules('src/files/zz-probe.ts', "import { MediaFile } from './media-file.entity.js';\nexport const x = MediaFile;\n")).toEqual([]);
  });

  it("lets a server module import another module's public surface only", () => {
    // inner files (a sub-folder, a pure rule not declared public) are the module's own
    expect(rules('src/reports/zz-probe.ts', RECEIVER)).toEqual(['import-x/no-restricted-paths']);
    expect(rules('src/videos/zz-probe.ts', GIF_RECIPE)).toEqual(['import-x/no-restricted-paths']);
    // its services, adapters and the files it declares public
    expect(rules('src/reports/zz-probe.ts', SNIPPETS_SERVICE)).toEqual([]);
    expect(rules('src/files/zz-probe.ts', IMAGE_ADAPTER)).toEqual([]);
    expect(rules('src/reports/zz-probe.ts', SNIPPET_MESSAGES)).toEqual([]);
    // the libraries (common, config, database, shared) whole, and unit tests anything
    expect(rules('src/reports/zz-probe.ts', DOMAIN_ERROR)).toEqual([]);
    expect(rules('src/reports/zz-probe.spec.ts', RECEIVER)).toEqual([]);
    // but not another module's entities
    expect(rules('src/reports/zz-probe.spec.ts', FILE_ENTITY)).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets a server module import modules of lower layers only (LAYERS)', () => {
    // a library never imports a feature module; a module never one of its own layer or above
    expect(rules('src/common/zz-probe.ts', USERS_SERVICE)).toEqual(['import-x/no-restricted-paths']);
    expect(rules('src/files/zz-probe.ts', SNIPPETS_SERVICE)).toEqual(['import-x/no-restricted-paths']);
    expect(rules('src/accounts/zz-probe.ts', VIDEOS_SERVICE)).toEqual(['import-x/no-restricted-paths']);
    // nor the app's composition files in src/
    expect(rules('src/queue/zz-probe.ts', APP_MODULE)).toEqual(['import-x/no-restricted-paths']);
    // downward is fine, and a unit test may reach up for a fixture
    expect(rules('src/snippets/zz-probe.ts', VIDEOS_SERVICE)).toEqual([]);
    expect(rules('src/admin/zz-probe.ts', USERS_SERVICE)).toEqual([]);
    expect(rules('src/common/zz-probe.spec.ts', USERS_SERVICE)).toEqual([]);
  });

  it('keeps every query in its module\'s repository', () => {
    expect(rules('src/health/zz-probe.ts', PING)).toEqual(['no-restricted-syntax']);
    expect(rules('src/accounts/zz-probe.service.ts', FORK_FIND)).toEqual(['no-restricted-syntax']);
    expect(rules('src/accounts/zz-probe.service.ts', EM_FIND)).toEqual(['no-restricted-syntax']);
    expect(rules('src/common/zz-probe.ts', RAW_SQL)).toEqual(['no-restricted-syntax']);
    expect(rules('src/health/zz-probe.repository.ts', PING)).toEqual([]);
    expect(rules('src/accounts/zz-probe.repository.ts', EM_FIND)).toEqual([]);
    // flushing the unit of work, and an array's find, are no queries
    expect(rules('src/accounts/zz-probe.service.ts', NOT_A_QUERY)).toEqual([]);
  });

  it('keeps src/shared free of server code', () => {
    expect(rules('src/shared/zz-probe.ts', "import { isUuid } from './uuid.js';\nexport const x = isUuid;\n")).toEqual([]);
    expect(rules('src/shared/zz-probe.ts', "import { NotFoundError } from '../common/domain-error.js';\nexport const x = NotFoundError;\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('keeps dashboard features apart and shared code below them', () => {
    expect(rules('web/src/features/support/zz-probe.ts', `import * as c from '${COMPONENT}';\nexport const x = c;\n`)).toEqual([]);
    expect(rules('web/src/features/support/zz-probe.ts', `import * as admin from '${ADMIN}';\nexport const x = admin;\n`)).toEqual(['import-x/no-restricted-paths']);
    expect(rules('web/src/lib/zz-probe.ts', `import * as admin from '${ADMIN}';\nexport const x = admin;\n`)).toEqual(['import-x/no-restricted-paths']);
    expect(rules('web/src/features/support/zz-probe.ts', "import * as api from '../../lib/api-client';\nexport const x = api;\n")).toEqual(['no-restricted-imports']);
  });

  it('lets only its adapter import an outside tool, and only src/config read the environment', () => {
    expect(rules('src/files/zz-probe.ts', "import sharp from 'sharp';\nexport const x = sharp;\n")).toEqual(['no-restricted-imports']);
    expect(rules('src/images/image.adapter.ts', "import sharp from 'sharp';\nexport const x = sharp;\n")).toEqual([]);
    expect(rules('src/files/zz-probe.ts', 'export const x = process.env.PORT;\n')).toEqual(['no-restricted-properties']);
  });

  it('wants kebab-case file names', () => {
    expect(rules('src/files/zzProbe.ts', 'export const x = 1;\n')).toEqual(['check-file/filename-naming-convention']);
    expect(rules('src/files/zz-probe.helper.ts', 'export const x = 1;\n')).toEqual([]);
  });
});

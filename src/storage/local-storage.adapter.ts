import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteCounter } from './byte-counter.js';
import { etagFor } from './http-range.js';
import { assertKeyMatchesContentType, assertValidStorageKey, contentTypeForKey, keyAfterPrefix, StorageKeyError } from './storage-keys.js';
import {
  StorageConflictError,
  StorageTooLargeError,
  type ByteRange,
  type ListedObject,
  type PutOptions,
  type PutResult,
  type StorageAdapter,
  type StoredObject,
} from './storage.adapter.js';

// Filesystems without hard links (some network mounts) fall back to rename.
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK']);

function code(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException)?.code;
}

async function exists(p: string): Promise<boolean> {
  try {
    await fs.lstat(p);
    return true;
  } catch {
    return false;
  }
}

// Media in DATA_DIR/media, one file per key. Writes go to DATA_DIR/media/.partial (same
// filesystem, unreachable by any key since segments cannot start with a dot) and are then
// hard-linked into place, which is atomic and refuses an existing key.
export class LocalStorageAdapter implements StorageAdapter {
  readonly kind = 'local' as const;
  readonly root: string;
  private readonly partialDir: string;

  constructor(
    dataDir: string,
    private readonly publicBaseUrl: string,
  ) {
    this.root = path.resolve(dataDir, 'media');
    this.partialDir = path.join(this.root, '.partial');
  }

  pathFor(key: string): string {
    assertValidStorageKey(key);
    const full = path.resolve(this.root, key);
    // The key rules already prevent escaping the root; this is the second lock on the door.
    if (!full.startsWith(this.root + path.sep)) throw new StorageKeyError(`Storage key "${key}" leaves the media folder`);
    return full;
  }

  async putStream(key: string, body: Readable, opts: PutOptions): Promise<PutResult> {
    let target: string;
    try {
      target = this.pathFor(key);
      assertKeyMatchesContentType(key, opts.contentType);
      // Fail before streaming (possibly 300 MB) when the key is taken; the link below re-checks.
      if (await exists(target)) throw new StorageConflictError(key);
      await fs.mkdir(this.partialDir, { recursive: true });
    } catch (e) {
      body.destroy();
      throw e;
    }
    const tmp = path.join(this.partialDir, `${randomUUID()}.part`);
    const counter = new ByteCounter(opts.maxBytes);
    try {
      await pipeline(body, counter, createWriteStream(tmp, { flags: 'wx', flush: true }));
      await this.publish(tmp, target, key);
      return { size: counter.bytes };
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  async putFile(key: string, filePath: string, opts: PutOptions): Promise<PutResult> {
    const target = this.pathFor(key);
    assertKeyMatchesContentType(key, opts.contentType);
    if (await exists(target)) throw new StorageConflictError(key);
    await fs.mkdir(this.partialDir, { recursive: true });
    const tmp = path.join(this.partialDir, `${randomUUID()}.part`);
    try {
      // Copy-on-write clone where the filesystem supports it, a plain copy otherwise.
      await fs.copyFile(filePath, tmp, fs.constants.COPYFILE_FICLONE);
      const { size } = await fs.stat(tmp);
      if (opts.maxBytes !== undefined && size > opts.maxBytes) throw new StorageTooLargeError(opts.maxBytes);
      await this.publish(tmp, target, key);
      return { size };
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  private async publish(tmp: string, target: string, key: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.link(tmp, target);
        return;
      } catch (e) {
        if (code(e) === 'EEXIST') throw new StorageConflictError(key);
        // A concurrent delete pruned the (then empty) folder between mkdir and link.
        if (code(e) === 'ENOENT' && attempt < 3) continue;
        if (!NO_HARD_LINKS.has(code(e) ?? '')) throw e;
        if (await exists(target)) throw new StorageConflictError(key);
        await fs.rename(tmp, target);
        return;
      }
    }
  }

  createReadStream(key: string, range: ByteRange = {}): Readable {
    return createReadStream(this.pathFor(key), { start: range.start, end: range.end });
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await fs.stat(this.pathFor(key));
      if (!s.isFile()) return null;
      return { size: s.size, contentType: contentTypeForKey(key), updatedAt: s.mtime, etag: etagFor(s.size, s.mtime) };
    } catch (e) {
      if (code(e) === 'ENOENT' || code(e) === 'ENOTDIR') return null;
      throw e;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    // the folder holding the prefix, walked depth first; names starting with a dot (partial
    // writes) are never keys
    const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
    const walk = async function* (this: LocalStorageAdapter, rel: string): AsyncIterable<ListedObject> {
      let entries;
      try {
        entries = await fs.readdir(path.join(this.root, rel), { withFileTypes: true });
      } catch (e) {
        if (code(e) === 'ENOENT' || code(e) === 'ENOTDIR') return;
        throw e;
      }
      for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        if (e.name.startsWith('.')) continue;
        const key = `${rel}${e.name}`;
        if (e.isDirectory()) {
          if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* walk.call(this, `${key}/`);
        } else if (e.isFile() && key.startsWith(prefix)) {
          const s = await fs.stat(path.join(this.root, key)).catch(() => null);
          if (s) yield { key, updatedAt: s.mtime };
        }
      }
    };
    yield* walk.call(this, base);
  }

  async delete(key: string): Promise<void> {
    const file = this.pathFor(key);
    await fs.rm(file, { force: true });
    // Prune folders the key left empty (e.g. videos/<id>/), stopping at the first non-empty one.
    for (let dir = path.dirname(file); dir !== this.root && dir.startsWith(this.root + path.sep); dir = path.dirname(dir)) {
      try {
        await fs.rmdir(dir);
      } catch {
        break;
      }
    }
  }

  publicUrl(key: string): string {
    assertValidStorageKey(key);
    return `${this.publicBaseUrl}/media/${key}`;
  }

  keyOfPublicUrl(url: string): string | null {
    return keyAfterPrefix(url, `${this.publicBaseUrl}/media/`);
  }

  async healthCheck(): Promise<string> {
    await fs.mkdir(this.partialDir, { recursive: true });
    const probe = path.join(this.partialDir, `health-${randomUUID()}`);
    await fs.writeFile(probe, 'ok');
    await fs.rm(probe, { force: true });
    const { bavail, bsize } = await fs.statfs(this.root);
    return `local folder, writable, ${((bavail * bsize) / 1e9).toFixed(1)} GB free`;
  }
}

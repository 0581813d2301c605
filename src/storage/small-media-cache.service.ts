import { Inject, Injectable } from '@nestjs/common';
import { isMediaType, OPAQUE_TYPE } from './storage-keys.js';
import { STORAGE, type StorageAdapter, type StoredObject } from './storage.adapter.js';

// The living addresses' pictures in memory (snippets/live-media-router.ts): an email's GIF, poster,
// logo, cover and icon are asked on every open, each a small object of the local disk. Keys are
// written once and never change, so an object kept here is never stale; an EyeMail that changes
// points at another key. The least recently used go first past MAX_TOTAL_BYTES.
export const MAX_OBJECT_BYTES = 2 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 48 * 1024 * 1024;

// An object's bytes, with its type and ETag as the store states them (a type that is not media's
// is answered as OPAQUE_TYPE).
export type SmallObject = Pick<StoredObject, 'contentType' | 'etag'> & { bytes: Buffer };

export type LivingObject =
  // a bucket's object: mail clients fetch it from there
  | { kind: 'redirect'; url: string }
  | { kind: 'bytes'; object: SmallObject }
  // past MAX_OBJECT_BYTES (a video): streamed by the media route instead
  | { kind: 'large' }
  | { kind: 'missing' };

@Injectable()
export class SmallMediaCache {
  private readonly kept = new Map<string, SmallObject>();
  private readonly loading = new Map<string, Promise<SmallObject | 'large' | null>>();
  private total = 0;

  constructor(@Inject(STORAGE) private readonly storage: StorageAdapter) {}

  // What a public URL of ours names, ready to answer; another URL (none is expected) is redirected to.
  async living(url: string): Promise<LivingObject> {
    const key = this.storage.keyOfPublicUrl(url);
    if (!key || this.storage.kind !== 'local') return { kind: 'redirect', url: key ? this.storage.publicUrl(key) : url };
    const hit = this.kept.get(key);
    if (hit) {
      this.kept.delete(key);
      this.kept.set(key, hit);
      return { kind: 'bytes', object: hit };
    }
    let load = this.loading.get(key);
    if (!load) {
      load = this.load(key).finally(() => this.loading.delete(key));
      this.loading.set(key, load);
    }
    const loaded = await load;
    if (loaded === null) return { kind: 'missing' };
    if (loaded === 'large') return { kind: 'large' };
    return { kind: 'bytes', object: loaded };
  }

  private async load(key: string): Promise<SmallObject | 'large' | null> {
    const stat = await this.storage.stat(key);
    if (!stat) return null;
    if (stat.size > MAX_OBJECT_BYTES) return 'large';
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of this.storage.createReadStream(key)) chunks.push(chunk as Buffer);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    const object = { bytes: Buffer.concat(chunks), contentType: isMediaType(stat.contentType) ? stat.contentType : OPAQUE_TYPE, etag: stat.etag };
    if (object.bytes.length > MAX_OBJECT_BYTES) return 'large';
    this.kept.set(key, object);
    this.total += object.bytes.length;
    for (const [k, v] of this.kept) {
      if (this.total <= MAX_TOTAL_BYTES) break;
      this.kept.delete(k);
      this.total -= v.bytes.length;
    }
    return object;
  }
}

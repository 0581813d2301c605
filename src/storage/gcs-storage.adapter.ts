import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Storage, type Bucket } from '@google-cloud/storage';
import { ByteCounter } from './byte-counter.js';
import { assertKeyMatchesContentType, assertValidStorageKey, keyAfterPrefix } from './storage-keys.js';
import {
  IMMUTABLE_CACHE_CONTROL,
  StorageConflictError,
  type ByteRange,
  type ListedObject,
  type PutOptions,
  type PutResult,
  type StorageAdapter,
  type StoredObject,
} from './storage.adapter.js';

export interface GcsStorageOptions {
  bucket: string;
  projectId?: string | null;
  // Another JSON API endpoint (an emulator, a test stub). Requests to it are not authenticated.
  apiEndpoint?: string | null;
  // A service-account key file; unset means Application Default Credentials.
  keyFilename?: string | null;
  healthTimeoutMs?: number;
  // objects per listing request (GCS allows up to 1000)
  listPageSize?: number;
}

const DEFAULT_PUBLIC_HOST = 'https://storage.googleapis.com';

function status(e: unknown): number | undefined {
  const c = (e as { code?: unknown })?.code;
  return typeof c === 'number' ? c : undefined;
}

// Media in a Google Cloud Storage bucket. Objects are written with a single (non-resumable)
// request conditioned on ifGenerationMatch=0, so an object appears only once complete and an
// existing key is never overwritten. The bucket is expected to allow public reads of objects.
export class GcsStorageAdapter implements StorageAdapter {
  readonly kind = 'gcs' as const;
  readonly bucketName: string;
  private readonly bucket: Bucket;
  private readonly publicBase: string;
  private readonly healthTimeoutMs: number;
  private readonly listPageSize: number;

  constructor(opts: GcsStorageOptions) {
    const storage = new Storage({
      ...(opts.projectId ? { projectId: opts.projectId } : {}),
      ...(opts.apiEndpoint ? { apiEndpoint: opts.apiEndpoint } : {}),
      ...(opts.keyFilename ? { keyFilename: opts.keyFilename } : {}),
    });
    this.bucketName = opts.bucket;
    this.bucket = storage.bucket(opts.bucket);
    this.publicBase = (opts.apiEndpoint ?? DEFAULT_PUBLIC_HOST).replace(/\/+$/, '');
    this.healthTimeoutMs = opts.healthTimeoutMs ?? 5000;
    this.listPageSize = opts.listPageSize ?? 1000;
  }

  async putStream(key: string, body: Readable, opts: PutOptions): Promise<PutResult> {
    try {
      assertValidStorageKey(key);
      assertKeyMatchesContentType(key, opts.contentType);
    } catch (e) {
      body.destroy();
      throw e;
    }
    const counter = new ByteCounter(opts.maxBytes);
    const upload = this.bucket.file(key).createWriteStream({
      resumable: false,
      contentType: opts.contentType,
      metadata: { contentType: opts.contentType, cacheControl: opts.cacheControl ?? IMMUTABLE_CACHE_CONTROL },
      preconditionOpts: { ifGenerationMatch: 0 },
    });
    try {
      await pipeline(body, counter, upload);
    } catch (e) {
      if (status(e) === 412) throw new StorageConflictError(key);
      throw e;
    }
    return { size: counter.bytes };
  }

  putFile(key: string, filePath: string, opts: PutOptions): Promise<PutResult> {
    return this.putStream(key, fs.createReadStream(filePath), opts);
  }

  createReadStream(key: string, range: ByteRange = {}): Readable {
    assertValidStorageKey(key);
    const ranged = range.start !== undefined || range.end !== undefined;
    return this.bucket.file(key).createReadStream(ranged ? { start: range.start ?? 0, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertValidStorageKey(key);
    try {
      const [md] = await this.bucket.file(key).getMetadata();
      const updatedAt = new Date(md.updated ?? md.timeCreated ?? 0);
      return {
        size: Number(md.size ?? 0),
        contentType: md.contentType ?? 'application/octet-stream',
        updatedAt,
        etag: md.etag ? `"${md.etag}"` : `"${md.generation ?? updatedAt.getTime()}"`,
      };
    } catch (e) {
      if (status(e) === 404) return null;
      throw e;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    let pageToken: string | undefined;
    do {
      const [files, next] = await this.bucket.getFiles({ prefix, maxResults: this.listPageSize, autoPaginate: false, pageToken });
      for (const f of files) {
        yield { key: f.name, updatedAt: new Date(f.metadata.updated ?? f.metadata.timeCreated ?? 0) };
      }
      pageToken = (next as { pageToken?: string } | null)?.pageToken;
    } while (pageToken);
  }

  async delete(key: string): Promise<void> {
    assertValidStorageKey(key);
    await this.bucket.file(key).delete({ ignoreNotFound: true });
  }

  publicUrl(key: string): string {
    assertValidStorageKey(key);
    return `${this.publicBase}/${this.bucketName}/${key}`;
  }

  keyOfPublicUrl(url: string): string | null {
    return keyAfterPrefix(url, `${this.publicBase}/${this.bucketName}/`);
  }

  // Listing needs only object permissions (storage.objects.list), which a media service account
  // has; reading the bucket's own metadata would need more.
  async healthCheck(): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from the bucket within ${this.healthTimeoutMs} ms`)), this.healthTimeoutMs);
    });
    try {
      await Promise.race([this.bucket.getFiles({ maxResults: 1, autoPaginate: false }), timeout]);
      return `gcs bucket ${this.bucketName}`;
    } finally {
      clearTimeout(timer);
    }
  }
}

import type { Readable } from 'node:stream';

// Where media lives: the local folder DATA_DIR/media by default, a Google Cloud Storage bucket
// when GCS_BUCKET is set. Everything else reaches media only through this interface.
//
// Keys are written once and never overwritten (media is served as immutable for a year), so
// writers choose a fresh key for every new output (e.g. one containing a new UUID) and record it
// only after `putStream`/`putFile` resolved: nothing ever points at a half-written object.
export interface StorageAdapter {
  readonly kind: 'local' | 'gcs';

  // Streams `body` to `key` without holding it in memory. The object becomes visible only once it
  // is complete. Rejects with StorageConflictError when the key exists, StorageTooLargeError past
  // `maxBytes` (nothing is stored then), and with the stream's error if `body` fails.
  putStream(key: string, body: Readable, opts: PutOptions): Promise<PutResult>;
  putFile(key: string, filePath: string, opts: PutOptions): Promise<PutResult>;

  // Bytes of `key`, optionally a slice (inclusive offsets, as in HTTP ranges). The stream errors
  // when the key does not exist; call `stat` first when that matters.
  createReadStream(key: string, range?: ByteRange): Readable;

  stat(key: string): Promise<StoredObject | null>;

  // Every stored key starting with `prefix` (a folder such as `v/`), with its last write time,
  // page by page: for sweeps that remove what no record points at.
  list(prefix: string): AsyncIterable<ListedObject>;

  // Idempotent: deleting a missing key is not an error.
  delete(key: string): Promise<void>;

  // Absolute URL mail clients and browsers fetch the object from.
  publicUrl(key: string): string;

  // The key a URL made by publicUrl names; null for any other URL.
  keyOfPublicUrl(url: string): string | null;

  // A short description when reachable and writable; throws otherwise (used by /api/health).
  healthCheck(): Promise<string>;
}

export interface PutOptions {
  // Must match the key's extension (see storage-keys.ts).
  contentType: string;
  // Stored with the object where the backend keeps metadata (GCS); local media is always served
  // with IMMUTABLE_CACHE_CONTROL.
  cacheControl?: string;
  maxBytes?: number;
}

export interface PutResult {
  size: number;
}

export interface ByteRange {
  start?: number;
  end?: number;
}

export interface StoredObject {
  size: number;
  contentType: string;
  updatedAt: Date;
  etag: string;
}

export interface ListedObject {
  key: string;
  updatedAt: Date;
}

export const STORAGE = Symbol('STORAGE');

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export class StorageConflictError extends Error {
  constructor(key: string) {
    super(`Storage key "${key}" already exists; media keys are never reused`);
    this.name = 'StorageConflictError';
  }
}

export class StorageTooLargeError extends Error {
  constructor(public readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'StorageTooLargeError';
  }
}

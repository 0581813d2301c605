// Storage keys are chosen by the server (e.g. `videos/<uuid>/email.mp4`), never by a client, and
// double as URL paths and file paths. The rules below keep every key safe as both.

export const MAX_KEY_LENGTH = 512;

// Lowercase letters, digits, `.`, `_`, `-`, separated by single slashes. Segments cannot start
// with a dot (no `.`/`..`, no hidden files: the local adapter keeps its temporary files in one).
const KEY_PATTERN = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/;

export function isValidStorageKey(key: unknown): key is string {
  return typeof key === 'string' && key.length > 0 && key.length <= MAX_KEY_LENGTH && !key.includes('..') && KEY_PATTERN.test(key);
}

// The key a public URL of ours names (the part after `prefix`), or null when it names none.
export function keyAfterPrefix(url: string, prefix: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return isValidStorageKey(key) ? key : null;
}

export class StorageKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageKeyError';
  }
}

export function assertValidStorageKey(key: unknown): asserts key is string {
  if (!isValidStorageKey(key)) {
    throw new StorageKeyError(`Invalid storage key ${JSON.stringify(String(key).slice(0, 80))}: use [a-z0-9._-] segments joined by "/"`);
  }
}

// Only media types are served with their own type; anything else is an opaque download, so a
// stored file can never be rendered as a page (HTML, SVG with scripts) on our origin.
const MEDIA_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const OPAQUE_TYPE = 'application/octet-stream';

export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf('.');
  const slash = key.lastIndexOf('/');
  if (dot <= slash + 1) return OPAQUE_TYPE;
  return MEDIA_TYPES[key.slice(dot + 1)] ?? OPAQUE_TYPE;
}

export function isMediaType(contentType: string): boolean {
  return Object.values(MEDIA_TYPES).includes(normaliseContentType(contentType));
}

export function normaliseContentType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

// Both adapters insist the key's extension matches the declared type, so local disk (which types
// files by extension) and the bucket (which stores the declared type) always serve the same type.
export function assertKeyMatchesContentType(key: string, contentType: string): void {
  const expected = contentTypeForKey(key);
  if (normaliseContentType(contentType) !== expected) {
    throw new StorageKeyError(`Storage key "${key}" is served as ${expected}, not ${normaliseContentType(contentType) || '(empty)'}; give it a matching extension`);
  }
}

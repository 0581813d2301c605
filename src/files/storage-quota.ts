// Pure: the storage quota (STORAGE_QUOTA_MB), of each account and of each workspace, both
// applying to every upload. What counts for an account: the bytes of the files it uploaded (in
// any workspace) and the declared lengths of its unfinished resumable uploads (each may still grow
// to that length); for a workspace: the same of every file and unfinished upload in it, whoever
// uploaded them. An upload is refused at its start when its declared length would take the account
// or the workspace past its quota, so nothing half-written is left; the bytes actually received are
// checked again before they are stored (a deferred length, a request without Content-Length).

export interface StorageUse {
  // Stored files (originals, as listed; posters and encodings are not counted).
  storedBytes: number;
  // Unfinished resumable uploads not yet expired, at their declared length.
  pendingBytes: number;
  quotaBytes: number;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

// "4.9 GB", "120 MB", "0.4 MB": as a marketer reads sizes (MB of 1024 x 1024 bytes, as the
// 300 MB video limit).
export function formatBytes(bytes: number): string {
  const trim = (n: number) => String(n).replace(/\.0$/, '');
  if (bytes >= GB) return `${trim(Math.floor((bytes / GB) * 10) / 10)} GB`;
  if (bytes >= 10 * MB) return `${Math.floor(bytes / MB)} MB`;
  return `${trim(Math.round((bytes / MB) * 10) / 10)} MB`;
}

// Whose quota: the uploader's own, or the (company) workspace's the upload goes to.
export type QuotaHolder = 'account' | 'workspace';

export function quotaMessage(use: StorageUse, holder: QuotaHolder = 'account'): string {
  const used = formatBytes(use.storedBytes + use.pendingBytes);
  const quota = formatBytes(use.quotaBytes);
  if (holder === 'workspace') {
    return `Not enough storage for this upload: this workspace’s videos use ${used} of its ${quota} storage. Delete videos it no longer needs to upload more.`;
  }
  return `Not enough storage for this upload: your videos use ${used} of your ${quota} storage. Delete videos you no longer need to upload more.`;
}

// The refusal for an upload of `incomingBytes` (null: it fits). One of unknown length (0) still
// needs a byte of room: an account or workspace at its quota starts nothing.
export function quotaRefusal(use: StorageUse, incomingBytes: number, holder: QuotaHolder = 'account'): string | null {
  return use.storedBytes + use.pendingBytes + Math.max(1, incomingBytes) > use.quotaBytes ? quotaMessage(use, holder) : null;
}

// Room left under a quota (negative past it).
export function roomLeft(use: StorageUse): number {
  return use.quotaBytes - use.storedBytes - use.pendingBytes;
}

// Content-Length as a number of bytes, 0 when absent or not a number (checked again once received).
export function declaredBytes(header: string | string[] | undefined): number {
  const v = Array.isArray(header) ? header[0] : header;
  return v !== undefined && /^\d{1,15}$/.test(v) ? Number(v) : 0;
}

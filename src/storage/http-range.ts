// HTTP Range and conditional-request decisions for media delivery (RFC 9110 sections 13-14).

export type RangeDecision =
  // No Range header, or one we may ignore (another unit, bad syntax, several ranges): send it all.
  | { type: 'full' }
  // One satisfiable range, inclusive byte offsets: 206 with Content-Range.
  | { type: 'partial'; start: number; end: number }
  // A well-formed range that starts past the end: 416 with `Content-Range: bytes */size`.
  | { type: 'unsatisfiable' };

const FULL: RangeDecision = { type: 'full' };
const UNSATISFIABLE: RangeDecision = { type: 'unsatisfiable' };
const DIGITS = /^\d+$/;

function toOffset(text: string): number | null {
  if (!DIGITS.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

// Only a single range is honoured: media players ask for one at a time, and answering a
// multi-range request with the whole entity is allowed and avoids multipart/byteranges.
export function parseRangeHeader(header: string | undefined, size: number): RangeDecision {
  if (header === undefined) return FULL;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return FULL;
  const spec = match[1].trim();
  if (spec.includes(',')) return FULL;
  const dash = spec.indexOf('-');
  if (dash < 0) return FULL;
  const first = spec.slice(0, dash).trim();
  const last = spec.slice(dash + 1).trim();

  if (first === '') {
    // Suffix range: the last N bytes.
    const length = toOffset(last);
    if (length === null) return FULL;
    if (length === 0 || size === 0) return UNSATISFIABLE;
    return { type: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = toOffset(first);
  if (start === null) return FULL;
  if (last === '') {
    return start >= size ? UNSATISFIABLE : { type: 'partial', start, end: size - 1 };
  }
  const end = toOffset(last);
  if (end === null || end < start) return FULL;
  if (start >= size) return UNSATISFIABLE;
  return { type: 'partial', start, end: Math.min(end, size - 1) };
}

export function contentRange(decision: RangeDecision, size: number): string | null {
  if (decision.type === 'partial') return `bytes ${decision.start}-${decision.end}/${size}`;
  if (decision.type === 'unsatisfiable') return `bytes */${size}`;
  return null;
}

// Strong validator for a stored object. Keys are never rewritten, so size and time identify it.
export function etagFor(size: number, modified: Date): string {
  return `"${size.toString(16)}-${Math.floor(modified.getTime()).toString(16)}"`;
}

function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export interface Validators {
  etag: string;
  lastModified: Date;
}

// True when the client's cached copy is current: If-None-Match wins over If-Modified-Since.
export function isNotModified(headers: { ifNoneMatch?: string; ifModifiedSince?: string }, current: Validators): boolean {
  if (headers.ifNoneMatch !== undefined) {
    const tags = headers.ifNoneMatch.split(',').map((t) => t.trim()).filter(Boolean);
    return tags.some((t) => t === '*' || opaque(t) === opaque(current.etag));
  }
  if (headers.ifModifiedSince !== undefined) {
    const since = Date.parse(headers.ifModifiedSince);
    return !Number.isNaN(since) && seconds(current.lastModified) <= Math.floor(since / 1000);
  }
  return false;
}

// If-Range: serve the range only when the client's copy is the same object; otherwise the whole
// of it (the client would splice bytes of two different files). Weak tags never match here.
export function rangeStillValid(ifRange: string | undefined, current: Validators): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === current.etag && !value.startsWith('W/');
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === seconds(current.lastModified);
}

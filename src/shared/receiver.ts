// The recipient as it arrives in the v= parameter of an exported link (already URL-decoded by
// the query parser). For tracking (reports) and the public viewer (snippets).

import { isUnfilledMergeTag } from './merge-tags.js';

export const RECEIVER_MAX = 320;

// The v= value trimmed of the quotes some platforms (and people copying links) put around it.
function cleaned(raw: unknown): string | null {
  if (Array.isArray(raw)) raw = raw[0];
  if (typeof raw !== 'string') return null;
  return raw.trim().replace(/^["'\u201c\u2018]+|["'\u201d\u2019]+$/g, '').trim();
}

// Returns the receiver to record, or null when there is none worth recording. Merge syntax the
// platform did not replace (merge-tags.ts) would be the same fake person for everyone: no receiver.
export function receiverFromQuery(raw: unknown): string | null {
  let v = cleaned(raw);
  if (!v || v.length > RECEIVER_MAX) return null;
  if (/[\u0000-\u001f\u007f]/.test(v)) return null;
  if (isUnfilledMergeTag(v)) return null;
  // An address sent without URL-encoding loses its "+" to a space in the query string; addresses
  // never contain spaces, so put it back.
  if (v.includes('@') && v.includes(' ')) v = v.replace(/ /g, '+');
  return v;
}

// Whether v= is a merge tag the platform never filled in: the marketer testing, whose events are
// kept and classed as tests. Asked only of a v= that gave no receiver (the hot path's real
// recipients never pay for it).
export function unfilledTagIn(raw: unknown): boolean {
  return unfilledTagOf(raw) !== null;
}

// The unfilled merge tag itself (the viewer page of a test send hands it on to its play reports
// and links), or null.
export function unfilledTagOf(raw: unknown): string | null {
  const v = cleaned(raw);
  return !!v && v.length <= RECEIVER_MAX && !/[\u0000-\u001f\u007f]/.test(v) && isUnfilledMergeTag(v) ? v : null;
}

// The v= value exactly as the platform wrote it, from the request's raw URL (Express's originalUrl).
// The query parser would cut an address written as it is, such as a+b&c%e@example.com, at its "&"
// and turn its "+" into a space. v= runs to the end of the query string, or to the click link's
// "&u=" (whose value the export percent-encodes, so it holds no raw "&"). Undefined without v=.
export function rawRecipientParam(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  const query = url.slice(q + 1).split('#')[0];
  let start: number;
  if (query.startsWith('v=')) start = 2;
  else {
    const at = query.indexOf('&v=');
    if (at < 0) return undefined;
    start = at + 3;
  }
  const rest = query.slice(start);
  const end = rest.lastIndexOf('&u=');
  return end >= 0 ? rest.slice(0, end) : rest;
}

// A platform that URL-encodes writes "@" as %40; one that does not writes the address as it is, and
// then its "+", "&" and "%" are the address's own. Values without "@" (subscriber keys) are decoded.
export function decodeRecipientParam(raw: string): string {
  if (raw.includes('@')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

// The tracking endpoints' query with v= read from the raw URL (see rawRecipientParam).
export function withRawRecipient<T extends Record<string, unknown>>(query: T, url: string): T {
  const raw = rawRecipientParam(url);
  return raw === undefined ? query : { ...query, v: decodeRecipientParam(raw) };
}

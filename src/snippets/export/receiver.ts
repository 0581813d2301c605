import { EMAIL_PLATFORMS } from '../email-platforms.js';

// The recipient as it arrives in the v= parameter of an exported link (already URL-decoded by
// the query parser). For tracking and the public viewer.

export const RECEIVER_MAX = 320;

// Merge syntax the platform did not replace: a preview, a test send or a copy pasted into the wrong
// platform. Such a "receiver" would be the same fake person for everyone, so it counts as unknown.
const UNREPLACED_TAG =
  /\*\|[^|]*\|\*|\{\{[\s\S]*\}\}|\{%[\s\S]*%\}|%%[^%]+%%|\[\[[^\]]+\]\]|\$\[[^\]]+\]\$|^%[A-Za-z0-9_.]+%$|^\[[A-Za-z_ ]+\]$/;
const KNOWN_TAGS = new Set(EMAIL_PLATFORMS.map((p) => p.recipientTag).filter(Boolean));

// Returns the receiver to record, or null when there is none worth recording.
export function receiverFromQuery(raw: unknown): string | null {
  if (Array.isArray(raw)) raw = raw[0];
  if (typeof raw !== 'string') return null;
  // Surrounding quotes come from platforms that quote the value, and from people copying links.
  let v = raw.trim().replace(/^["'\u201c\u2018]+|["'\u201d\u2019]+$/g, '').trim();
  if (!v || v.length > RECEIVER_MAX) return null;
  if (/[\u0000-\u001f\u007f]/.test(v)) return null;
  if (KNOWN_TAGS.has(v) || UNREPLACED_TAG.test(v)) return null;
  // An address sent without URL-encoding loses its "+" to a space in the query string; addresses
  // never contain spaces, so put it back.
  if (v.includes('@') && v.includes(' ')) v = v.replace(/ /g, '+');
  return v;
}

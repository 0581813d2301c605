import { receiverFromQuery, unfilledTagIn } from '../shared/receiver.js';
import { isUuid } from '../shared/uuid.js';

// The viewer's play report (POST /api/reports/updateduration), checked. Pure.
//   { DurationSecs, SnippetId, TotalPlayTimeVideo, Receiver }
// sent as application/json, or as text/plain by navigator.sendBeacon.

export const PLAY_BODY_MAX_BYTES = 4096;

export const PLAY_REPORT_MESSAGES = {
  empty: 'The play report is empty: send {DurationSecs, SnippetId, TotalPlayTimeVideo, Receiver} as JSON.',
  tooLarge: `The play report is too large (${PLAY_BODY_MAX_BYTES / 1024} KB at most).`,
  notJson: 'The play report must be a JSON object: {DurationSecs, SnippetId, TotalPlayTimeVideo, Receiver}.',
  duration: 'DurationSecs must be a number of seconds.',
  negative: 'DurationSecs cannot be negative.',
  snippetId: "SnippetId must be the EyeMail's id (a GUID).",
  unknownSnippet: 'There is no such EyeMail.',
  recorded: 'Play time recorded.',
} as const;

export interface PlayReport {
  snippetId: string;
  durationSecs: number;
  // TotalPlayTimeVideo: the length the browser saw, used only when the server does not know it.
  reportedLengthSecs: number | null;
  receiver: string | null;
  // PlayId: the viewer's play this report belongs to (its seconds: play-ranges-report.ts); a
  // value that is no GUID is left out, as older senders send none.
  playId: string | null;
  // Receiver was a merge tag the platform never filled in (the viewer page of a test send)
  unfilledTag: boolean;
}

export type PlayReportCheck = { ok: true; report: PlayReport } | { ok: false; message: string; field?: string };

// A JSON number, or a string holding one (older senders quote it).
function toSeconds(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

// The body of a play report, either one (this and play-ranges-report.ts): at most
// PLAY_BODY_MAX_BYTES of JSON holding an object, its fields by their lower-cased names (the names
// as the viewer sends them; other casings are accepted too). Else the report's message that applies.
export function readPlayReportBody(raw: Buffer | string | undefined | null, messages: { tooLarge: string; empty: string; notJson: string }): Map<string, unknown> | string {
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : typeof raw === 'string' ? raw : '';
  if (Buffer.byteLength(text) > PLAY_BODY_MAX_BYTES) return messages.tooLarge;
  if (!text.trim()) return messages.empty;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return messages.notJson;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return messages.notJson;
  return new Map(Object.entries(body).map(([k, v]) => [k.toLowerCase(), v]));
}

export function parsePlayReport(raw: Buffer | string | undefined | null): PlayReportCheck {
  const fields = readPlayReportBody(raw, PLAY_REPORT_MESSAGES);
  if (typeof fields === 'string') return { ok: false, message: fields };

  const snippetId = fields.get('snippetid');
  if (!isUuid(snippetId)) return { ok: false, message: PLAY_REPORT_MESSAGES.snippetId, field: 'SnippetId' };
  const duration = toSeconds(fields.get('durationsecs'));
  if (duration === null) return { ok: false, message: PLAY_REPORT_MESSAGES.duration, field: 'DurationSecs' };
  if (duration < 0) return { ok: false, message: PLAY_REPORT_MESSAGES.negative, field: 'DurationSecs' };
  const length = toSeconds(fields.get('totalplaytimevideo'));
  return {
    ok: true,
    report: {
      snippetId: snippetId.toLowerCase(),
      durationSecs: duration,
      reportedLengthSecs: length !== null && length > 0 ? length : null,
      receiver: receiverFromQuery(fields.get('receiver')),
      // the viewer page of a test send (a v= left as a merge tag) hands the tag on: a test's play
      unfilledTag: receiverFromQuery(fields.get('receiver')) === null && unfilledTagIn(fields.get('receiver')),
      playId: isUuid(fields.get('playid')) ? (fields.get('playid') as string).toLowerCase() : null,
    },
  };
}

// Seconds to store: never more than the video lasts (the server's length, else the browser's).
export function cappedDuration(durationSecs: number, videoLengthSecs: number | null, reportedLengthSecs: number | null): number {
  const cap = videoLengthSecs ?? reportedLengthSecs;
  return cap !== null && cap > 0 ? Math.min(durationSecs, cap) : durationSecs;
}

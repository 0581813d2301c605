import { MAX_SEGMENTS_PER_PLAY, MAX_VIDEO_SECONDS, type Segment } from '../shared/metrics/watch-ranges.js';
import { receiverFromQuery, unfilledTagIn } from '../shared/receiver.js';
import { isUuid } from '../shared/uuid.js';
import { PLAY_REPORT_MESSAGES, readPlayReportBody } from './play-report.js';

// The viewer's report of one play's seconds (POST /api/reports/updateduration/ranges), checked.
// Pure. Sent as JSON (text/plain from sendBeacon), every few seconds while the video plays and
// on pause, end, seek and when the page is left:
//   { playId, snippetId, receiver, length, soundOn, segments: [[number, start, end], ...] }
// playId: a GUID the page made up for this play; segments: the stretches played without a jump
// (watch-ranges.ts), each re-sent as it grows. Anything a browser would never send is refused
// with a 400; positions past the video's end are cut to it when stored.

// Segments in one report: the viewer sends those that changed since its last report.
export const MAX_SEGMENTS_PER_REPORT = 60;

export const PLAY_RANGES_MESSAGES = {
  empty: 'The play report is empty: send {playId, snippetId, segments} as JSON.',
  tooLarge: PLAY_REPORT_MESSAGES.tooLarge,
  notJson: 'The play report must be a JSON object: {playId, snippetId, receiver, length, soundOn, segments}.',
  playId: 'playId must be a GUID made up by the viewer for this play.',
  snippetId: "snippetId must be the EyeMail's id (a GUID).",
  segments: 'segments must be a list of [number, start, end] (seconds of the video).',
  tooMany: `A play report carries at most ${MAX_SEGMENTS_PER_REPORT} segments.`,
  segmentId: `A segment's number must be a whole number from 0 to ${MAX_SEGMENTS_PER_PLAY - 1}.`,
  negative: 'A position in the video cannot be negative.',
  backwards: "A segment cannot end before it starts.",
  length: 'length must be the number of seconds the video lasts.',
  soundOn: 'soundOn must be true or false.',
  unknownSnippet: PLAY_REPORT_MESSAGES.unknownSnippet,
  otherSnippet: "This play belongs to another EyeMail: make up a new playId.",
  recorded: 'Play recorded.',
  received: 'Play received.',
} as const;

const M = PLAY_RANGES_MESSAGES;

export interface PlayRangesReport {
  playId: string;
  snippetId: string;
  receiver: string | null;
  // receiver was a merge tag the platform never filled in (the viewer page of a test send)
  unfilledTag: boolean;
  // the length the browser saw (used only when the server does not know it)
  reportedLengthSecs: number | null;
  soundOn: boolean;
  segments: Segment[];
}

export type PlayRangesCheck = { ok: true; report: PlayRangesReport } | { ok: false; message: string; field?: string };

const fail = (message: string, field?: string): PlayRangesCheck => ({ ok: false, message, field });
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function parseSegments(raw: unknown): Segment[] | string {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return M.segments;
  if (raw.length > MAX_SEGMENTS_PER_REPORT) return M.tooMany;
  const out: Segment[] = [];
  for (const s of raw) {
    if (!Array.isArray(s) || s.length !== 3 || !s.every(isNumber)) return M.segments;
    const [id, start, end] = s as [number, number, number];
    if (!Number.isInteger(id) || id < 0 || id >= MAX_SEGMENTS_PER_PLAY) return M.segmentId;
    if (start < 0 || end < 0) return M.negative;
    if (end < start) return M.backwards;
    out.push({ id, start, end });
  }
  return out;
}

export function parsePlayRangesReport(raw: Buffer | string | undefined | null): PlayRangesCheck {
  const fields = readPlayReportBody(raw, M);
  if (typeof fields === 'string') return fail(fields);

  const playId = fields.get('playid');
  if (!isUuid(playId)) return fail(M.playId, 'playId');
  const snippetId = fields.get('snippetid');
  if (!isUuid(snippetId)) return fail(M.snippetId, 'snippetId');
  const segments = parseSegments(fields.get('segments'));
  if (typeof segments === 'string') return fail(segments, 'segments');
  const length = fields.get('length');
  if (length !== undefined && length !== null && (!isNumber(length) || length < 0)) return fail(M.length, 'length');
  const soundOn = fields.get('soundon');
  if (soundOn !== undefined && soundOn !== null && typeof soundOn !== 'boolean') return fail(M.soundOn, 'soundOn');
  return {
    ok: true,
    report: {
      playId: playId.toLowerCase(),
      snippetId: snippetId.toLowerCase(),
      receiver: receiverFromQuery(fields.get('receiver')),
      unfilledTag: receiverFromQuery(fields.get('receiver')) === null && unfilledTagIn(fields.get('receiver')),
      reportedLengthSecs: isNumber(length) && length > 0 ? Math.min(length, MAX_VIDEO_SECONDS) : null,
      soundOn: soundOn === true,
      segments,
    },
  };
}

// Pure: what a resumable (tus) upload may declare when it is created, and what its bytes may be
// once the last one arrived. The limits and messages are the ones POST /files uses (upload-rules.ts,
// spec 01 section 5); a recording from the browser's recorder may also be WebM and may start
// before its length is known.

import { checkDeclared, UPLOAD_MESSAGES, UPLOAD_RULES } from './upload-rules.js';

export const RESUMABLE_SOURCES = ['file', 'recorder'] as const;
export type ResumableSource = (typeof RESUMABLE_SOURCES)[number];

// Unfinished uploads one account, and one workspace, may hold at a time: each holds up to 300 MB
// of disk. Both limits apply (a company's members together hold at most this many).
export const MAX_UNFINISHED_UPLOADS = 5;

export const RESUMABLE_MESSAGES = {
  tooManyUnfinished: `You have ${MAX_UNFINISHED_UPLOADS} unfinished uploads. Finish or cancel one of them before starting another.`,
  tooManyUnfinishedInWorkspace: `This workspace has ${MAX_UNFINISHED_UPLOADS} unfinished uploads. Finish or cancel one of them before starting another.`,
  onlyVideo: 'Only videos can be uploaded this way (type=video).',
  lengthRequired: 'Upload-Length is required for a file upload.',
  badMetadata: 'Upload-Metadata is not valid.',
  notFound: 'Upload not found.',
  queryString: 'An upload’s address takes no query string.',
  finished: 'This upload is finished.',
} as const;

// What the recorder may send: WebM (VP8/VP9 with Opus) and the MP4 some browsers record.
const RECORDER_TYPES = ['video/webm', 'video/mp4'];
const RECORDER_CODECS = /^(vp8|vp9|vp09[.\d]*|opus|avc1[.\w]*|h264|mp4a[.\w]*|aac)$/;

export interface ResumableCreation {
  source: ResumableSource;
  fileName: string;
  fileType: string;
  // null: deferred (Upload-Defer-Length: 1)
  length: number | null;
}

export type CreationCheck = { ok: ResumableCreation } | { refused: { code: 'invalid' | 'too_large' | 'unsupported_type'; message: string } };

// tus Upload-Metadata: comma-separated "key base64value" pairs (the value may be absent). null
// when it is not in that form.
export function parseUploadMetadata(header: string | null | undefined): Record<string, string> | null {
  const out: Record<string, string> = {};
  if (!header || !header.trim()) return out;
  for (const pair of header.split(',')) {
    const parts = pair.trim().split(' ');
    if (parts.length > 2 || !/^[^\s,]+$/.test(parts[0] ?? '')) return null;
    const [key, value] = parts;
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
    if (key in out) return null;
    out[key] = value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8');
  }
  return out;
}

function recorderTypeAllowed(fileType: string): boolean {
  const [type, ...params] = fileType.split(';').map((s) => s.trim().toLowerCase());
  if (!RECORDER_TYPES.includes(type)) return false;
  const codecs = params.find((p) => p.startsWith('codecs='));
  if (!codecs) return true;
  return codecs
    .slice('codecs='.length)
    .replace(/"/g, '')
    .split(',')
    .every((c) => RECORDER_CODECS.test(c.trim()));
}

// The creation request's headers, checked before anything is stored.
export function checkCreation(h: { metadata: string | null | undefined; uploadLength: string | null | undefined; deferLength: string | null | undefined }): CreationCheck {
  const meta = parseUploadMetadata(h.metadata);
  if (!meta) return { refused: { code: 'invalid', message: RESUMABLE_MESSAGES.badMetadata } };
  if ((meta.type ?? 'video') !== 'video') return { refused: { code: 'invalid', message: RESUMABLE_MESSAGES.onlyVideo } };
  const source = (meta.source || 'file') as ResumableSource;
  if (!RESUMABLE_SOURCES.includes(source)) return { refused: { code: 'invalid', message: `source must be one of ${RESUMABLE_SOURCES.join(', ')}` } };
  const rule = UPLOAD_RULES.video;
  const fileName = meta.filename ?? '';
  const fileType = meta.filetype ?? '';

  const deferred = h.deferLength === '1' && (h.uploadLength === null || h.uploadLength === undefined);
  let length: number | null = null;
  if (!deferred) {
    if (h.uploadLength === null || h.uploadLength === undefined || !/^\d{1,15}$/.test(h.uploadLength)) {
      return { refused: { code: 'invalid', message: RESUMABLE_MESSAGES.lengthRequired } };
    }
    length = Number(h.uploadLength);
  }
  if (source === 'file' && deferred) return { refused: { code: 'invalid', message: RESUMABLE_MESSAGES.lengthRequired } };

  const typeProblem = source === 'file' ? checkDeclared('video', fileName, fileType) : recorderTypeAllowed(fileType) ? null : rule.wrongType;
  if (typeProblem) return { refused: { code: 'unsupported_type', message: typeProblem } };
  if (length !== null && length > rule.maxBytes) return { refused: { code: 'too_large', message: rule.tooLarge } };
  if (length === 0) return { refused: { code: 'invalid', message: UPLOAD_MESSAGES.failed } };
  return { ok: { source, fileName, fileType, length } };
}

const UPLOAD_ID = /^[0-9a-f]{32}$/;

// Pure: the upload a HEAD, PATCH or DELETE names. Only the plain address `<base>/<32 hex>` names
// one: @tus/server would read the id from the last "/" of the whole URL, query string included
// (`<own id>?/<other id>`), so the id tus acts on is always this one, checked for its owner first.
export function uploadIdOfAddress(url: string, base: string): { id: string } | { refused: 'query' | 'unknown' } {
  if (url.includes('?')) return { refused: 'query' };
  if (!url.startsWith(`${base}/`)) return { refused: 'unknown' };
  const id = url.slice(base.length + 1);
  return UPLOAD_ID.test(id) ? { id } : { refused: 'unknown' };
}

// Checked on the received bytes (magic bytes): file uploads are MP4/MOV as POST /files; a
// recording may also be WebM.
export function contentAllowed(source: ResumableSource, sniffed: string | null): boolean {
  if (!sniffed) return false;
  if ((UPLOAD_RULES.video.contents as readonly string[]).includes(sniffed)) return true;
  return source === 'recorder' && sniffed === 'webm';
}

// The extension the stored original takes.
export function storedVideoExtension(sniffed: string): 'mp4' | 'mov' | 'webm' {
  if (sniffed === 'mov') return 'mov';
  if (sniffed === 'webm') return 'webm';
  return 'mp4';
}

// Pure: what each kind of upload may be (size, extension, declared type, real content) and the
// messages people see when it is not (spec 01 sections 5 and 8, the files API contract).

import type { RateLimitPolicy } from '../common/rate-limit.js';
import { NOT_A_VIDEO_MESSAGE } from '../encoding/probe.js';
import {
  FILE_KINDS,
  MAX_GIF_SIDE,
  MAX_GIF_TOTAL_PIXELS,
  UPLOAD_LIMIT_MESSAGES,
  UPLOAD_LIMITS,
  type FileKind,
  type UploadLimit,
} from '../shared/upload-limits.js';

export { FILE_KINDS, type FileKind };

export const UPLOAD_MESSAGES = {
  ...UPLOAD_LIMIT_MESSAGES,
  failed: 'Fail to upload try again',
  stalled: 'The upload stopped arriving. Please check your connection and try again.',
  unknownKind: `type must be one of ${FILE_KINDS.join(', ')}`,
  imageUnreadable: 'This image could not be read. Please upload a .png or .jpg file.',
  gifUnreadable: 'This GIF could not be read. Please upload another .gif file.',
  tooManyPixels: 'This image is too large to process. Please upload an image under 100 megapixels.',
  gifTooManyPixels: 'This GIF has too many or too large frames. Please upload a GIF of at most 4096 pixels on a side.',
  uploaded: 'File uploaded successfully',
  deleted: 'File deleted.',
  renamed: 'Video renamed.',
  notFound: 'File not found.',
  inUse: 'This file is in use and cannot be deleted.',
  videoInUse: 'This video is used by an EyeMail and cannot be deleted.',
} as const;

// Fair use: files one account may upload per hour (UPLOADS_PER_HOUR). Every upload counts,
// refused ones too (each still costs a transfer and a check).
export function uploadsPerHourPolicy(limit: number): RateLimitPolicy {
  return {
    name: 'upload:user',
    limit,
    windowSeconds: 3600,
    message: `You can upload up to ${limit.toLocaleString('en-US')} ${limit === 1 ? 'file' : 'files'} an hour. Please wait a while before uploading more.`,
  };
}

// What the server does with the bytes once they are checked.
export type Treatment = 'video' | 'gif' | 'image';

// Content types as file-type names them (by magic bytes).
type Sniffed = 'mp4' | 'mov' | 'm4v' | 'png' | 'jpg' | 'gif';

// The shared limits (src/shared/upload-limits.ts) plus what only the server can check.
export interface UploadRule extends UploadLimit {
  contents: readonly Sniffed[];
  // The longest side a normalised image may have (images only).
  maxSide: number;
}

const IMAGE_CONTENTS: Sniffed[] = ['png', 'jpg'];
// Browsers and tools that do not know a file's type send one of these; the content decides.
const UNSPECIFIC_TYPES = ['', 'application/octet-stream', 'binary/octet-stream'];

const image = (kind: FileKind, maxSide = 600): UploadRule => ({ ...UPLOAD_LIMITS[kind], contents: IMAGE_CONTENTS, maxSide });

export const UPLOAD_RULES: Record<FileKind, UploadRule> = {
  // m4v is an MP4 with Apple's brand; ffprobe decides the rest.
  video: { ...UPLOAD_LIMITS.video, contents: ['mp4', 'mov', 'm4v'], maxSide: 0 },
  image: image('image'),
  gif: { ...UPLOAD_LIMITS.gif, contents: ['gif'], maxSide: 0 },
  logo: image('logo'),
  cover: { ...UPLOAD_LIMITS.cover, contents: [...IMAGE_CONTENTS, 'gif'], maxSide: 600 },
  videoIcon: image('videoIcon'),
  profile: image('profile'),
  // Support attachments are screenshots of problems: kept readable, not shrunk to 600 px.
  attachment: image('attachment', 2000),
};

// Room for the multipart boundaries and part headers around the file itself.
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;


export function isFileKind(value: unknown): value is FileKind {
  return typeof value === 'string' && (FILE_KINDS as readonly string[]).includes(value);
}

// Lowercased extension without the dot, '' when there is none.
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

// The user's file name, safe to store and show: no folders, no control characters, at most 255
// characters (the extension kept), never empty.
export function cleanFileName(raw: string | undefined | null, fallback = 'file'): string {
  let name = (raw ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!name || name === '.' || name === '..') name = fallback;
  if (name.length > 255) {
    const ext = extensionOf(name);
    const keep = ext && ext.length < 16 ? `.${ext}` : '';
    name = name.slice(0, 255 - keep.length) + keep;
  }
  return name;
}

export function nameWithoutExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

// Checked when the part's headers arrive, before any of its bytes are read: the name's extension
// and the type the browser declared. Returns the refusal message, or null.
export function checkDeclared(kind: FileKind, fileName: string, declaredType: string): string | null {
  const rule = UPLOAD_RULES[kind];
  if (!rule.extensions.includes(extensionOf(fileName))) return rule.wrongType;
  const type = declaredType.split(';')[0].trim().toLowerCase();
  if (!UNSPECIFIC_TYPES.includes(type) && !rule.declaredTypes.includes(type)) return rule.wrongType;
  return null;
}

// The refusal of bytes that are not what the kind takes, whatever their name says. A video's
// name passed the extension check, so "upload .mp4 or .mov" would repeat what the user did: say
// the file is not a video (a PDF renamed x.mp4), in the words ffprobe's refusal uses.
export function contentRefusal(kind: FileKind): string {
  return kind === 'video' ? NOT_A_VIDEO_MESSAGE : UPLOAD_RULES[kind].wrongType;
}

// Checked on the stored bytes: the magic-bytes type must be one the kind accepts.
export function checkContent(kind: FileKind, sniffed: string | null): string | null {
  const rule = UPLOAD_RULES[kind];
  return sniffed && (rule.contents as readonly string[]).includes(sniffed) ? null : contentRefusal(kind);
}

// The format a re-encoded image is stored in: support attachments (screenshots of a problem)
// arrive as they were sent, PNG or JPEG; a PNG logo with transparent parts stays a PNG, so it keeps
// its alpha (a JPEG flattens it on white: a white box on an email in dark mode; WebP is not safe in
// Outlook), an opaque one becomes a JPEG like every other picture that goes into emails.
export function storedImageFormat(kind: FileKind, sniffed: string): 'jpeg' | 'png' | 'png-if-transparent' {
  if (sniffed !== 'png') return 'jpeg';
  if (kind === 'attachment') return 'png';
  return kind === 'logo' ? 'png-if-transparent' : 'jpeg';
}

// How the checked file is handled, from its kind and real content.
export function treatmentFor(kind: FileKind, sniffed: string): Treatment {
  if (kind === 'video') return 'video';
  return sniffed === 'gif' ? 'gif' : 'image';
}

// Pure limit check on a declared request length (Content-Length), so an upload that is sure to
// be too large is refused before it is read.
export function declaredLengthTooLarge(kind: FileKind, contentLength: string | undefined): boolean {
  if (contentLength === undefined || !/^\d+$/.test(contentLength)) return false;
  return Number(contentLength) > UPLOAD_RULES[kind].maxBytes + MULTIPART_OVERHEAD_BYTES;
}

// Whether a GIF's frames are within what we agree to store and mail.
export function gifWithinLimits(g: { width: number; height: number; pages: number }): boolean {
  return g.width <= MAX_GIF_SIDE && g.height <= MAX_GIF_SIDE && g.width * g.height * Math.max(1, g.pages) <= MAX_GIF_TOTAL_PIXELS;
}

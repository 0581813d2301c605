// What the dashboard checks before a file leaves the browser (spec 01 section 5). The server
// checks the same again, and the content too; this only saves the user a wasted upload.
// The limits themselves are the server's table (@shared/upload-limits).
import { MB, UPLOAD_LIMIT_MESSAGES, UPLOAD_LIMITS, type FileKind, type UploadLimit } from '@shared/upload-limits';
import { formatBytes } from '@/lib/media-format';

export { MB };
export const VIDEO_MAX_BYTES = UPLOAD_LIMITS.video.maxBytes;

export const UPLOAD_MESSAGES = {
  duplicate: 'Duplicate file detected',
  invalidType: UPLOAD_LIMIT_MESSAGES.imageType,
  videoType: UPLOAD_LIMIT_MESSAGES.videoType,
  videoSize: UPLOAD_LIMIT_MESSAGES.videoTooLarge,
  videoHelp: `${formatBytes(UPLOAD_LIMITS.video.maxBytes)} max upload size`,
  imageSize15: UPLOAD_LIMIT_MESSAGES.image15TooLarge,
  imageSize10: UPLOAD_LIMIT_MESSAGES.image10TooLarge,
  gifSize: UPLOAD_LIMIT_MESSAGES.gifTooLarge,
  failed: 'Fail to upload try again',
} as const;

export interface UploadRules {
  // Lower-case extensions with their dot, e.g. '.mp4'.
  extensions: string[];
  // Content types a browser may report for those extensions.
  mimeTypes: string[];
  maxBytes: number;
  sizeMessage: string;
  // Shown under the dropzone when the type is wrong; a toast 'Invalid file type!' goes with it.
  typeMessage: string;
  // A line of help under the dropzone.
  help: string;
}

// One kind's limits as the dropzone uses them: extensions with their dot, and a line of help.
const rules = (limit: UploadLimit, help: string): UploadRules => ({
  extensions: limit.extensions.map((e) => `.${e}`),
  mimeTypes: [...limit.declaredTypes],
  maxBytes: limit.maxBytes,
  sizeMessage: limit.tooLarge,
  typeMessage: limit.wrongType,
  help,
});
const small = (kind: FileKind): UploadRules => {
  const limit = UPLOAD_LIMITS[kind];
  return rules(limit, `${limit.extensions.map((e) => `.${e}`).join(', ')} up to ${formatBytes(limit.maxBytes)}`);
};

// The limits of POST files?type=... for each kind, as the server enforces them.
export const RULES: Record<FileKind, UploadRules> = {
  video: rules(UPLOAD_LIMITS.video, UPLOAD_MESSAGES.videoHelp),
  image: rules(UPLOAD_LIMITS.image, `.png, .jpg, .jpeg up to ${formatBytes(UPLOAD_LIMITS.image.maxBytes)}`),
  gif: rules(UPLOAD_LIMITS.gif, `.gif up to ${formatBytes(UPLOAD_LIMITS.gif.maxBytes)}`),
  logo: small('logo'),
  cover: small('cover'),
  videoIcon: small('videoIcon'),
  profile: small('profile'),
  attachment: small('attachment'),
};

export interface Candidate {
  name: string;
  size: number;
  // The browser's guess from the extension; may be empty.
  type: string;
}

export interface FileProblem {
  message: string;
  // The extension or type is not allowed: also worth the 'Invalid file type!' toast.
  invalidType: boolean;
}

// '.MP4' -> '.mp4'; '' when the name has no extension.
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  return name.slice(dot).toLowerCase();
}

// Types a browser reports when it does not know; the extension (and the server) decide then.
const UNSPECIFIC_TYPES = ['', 'application/octet-stream', 'binary/octet-stream'];

// The first thing wrong with a file, in the order a user can act on it, or null.
export function checkFile(file: Candidate, rules: UploadRules, listed: { name: string; size: number }[] = []): FileProblem | null {
  if (listed.some((l) => l.name === file.name && l.size === file.size)) return { message: UPLOAD_MESSAGES.duplicate, invalidType: false };
  const ext = extensionOf(file.name);
  const type = file.type.toLowerCase();
  if (!rules.extensions.includes(ext) || (!UNSPECIFIC_TYPES.includes(type) && !rules.mimeTypes.includes(type))) {
    return { message: rules.typeMessage, invalidType: true };
  }
  if (file.size > rules.maxBytes) return { message: rules.sizeMessage, invalidType: false };
  if (file.size <= 0) return { message: UPLOAD_MESSAGES.failed, invalidType: false };
  return null;
}

// The file picker's accept attribute: extensions and content types together.
export function acceptAttribute(rules: UploadRules): string {
  return [...rules.extensions, ...rules.mimeTypes].join(',');
}

// Non-GIF images are resized in the browser before upload (spec 01 section 5).
export function shouldResize(file: Candidate, resizeImages: boolean): boolean {
  if (!resizeImages) return false;
  const ext = extensionOf(file.name);
  return ['.png', '.jpg', '.jpeg'].includes(ext) && !file.type.toLowerCase().includes('gif');
}

// The size that fits `width` x `height` inside a `max` square, keeping the aspect ratio and
// never enlarging.
export function fitWithin(width: number, height: number, max = 600): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

// 'Team photo.PNG' -> 'Team photo.jpg': the name a resized image is sent under.
export function asJpegName(name: string): string {
  const ext = extensionOf(name);
  return `${ext ? name.slice(0, name.length - ext.length) : name}.jpg`;
}

// What the dashboard checks before a file leaves the browser (spec 01 section 5). The server
// checks the same again, and the content too; this only saves the user a wasted upload.
import type { FileKind } from '@shared/api-types';

export const MB = 1024 * 1024;
export const VIDEO_MAX_BYTES = 314_572_800;

export const UPLOAD_MESSAGES = {
  duplicate: 'Duplicate file detected',
  invalidType: 'Invalid file type!',
  videoType: 'Please upload .mp4 or .mov file only',
  videoSize: 'Max video size is 300mb',
  videoHelp: '300mb max upload size',
  imageSize15: 'Max image size is 15mb',
  imageSize10: 'Max image size is 10mb',
  gifSize: 'Max GIF size is 14mb',
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

const JPEG_TYPES = ['image/jpeg', 'image/jpg', 'image/pjpeg'];
const PNG_JPG = { extensions: ['.png', '.jpg', '.jpeg'], mimeTypes: ['image/png', ...JPEG_TYPES] };
const PNG_JPG_GIF = { extensions: ['.png', '.jpg', '.jpeg', '.gif'], mimeTypes: ['image/png', ...JPEG_TYPES, 'image/gif'] };
const small = (types: { extensions: string[]; mimeTypes: string[] }): UploadRules => ({
  ...types,
  maxBytes: 10 * MB,
  sizeMessage: UPLOAD_MESSAGES.imageSize10,
  typeMessage: UPLOAD_MESSAGES.invalidType,
  help: `${types.extensions.join(', ')} up to 10mb`,
});

// The limits of POST files?type=... for each kind, as the server enforces them.
export const RULES: Record<FileKind, UploadRules> = {
  video: {
    extensions: ['.mp4', '.mov'],
    mimeTypes: ['video/mp4', 'video/quicktime'],
    maxBytes: VIDEO_MAX_BYTES,
    sizeMessage: UPLOAD_MESSAGES.videoSize,
    typeMessage: UPLOAD_MESSAGES.videoType,
    help: UPLOAD_MESSAGES.videoHelp,
  },
  image: { ...PNG_JPG, maxBytes: 15 * MB, sizeMessage: UPLOAD_MESSAGES.imageSize15, typeMessage: UPLOAD_MESSAGES.invalidType, help: '.png, .jpg, .jpeg up to 15mb' },
  gif: { extensions: ['.gif'], mimeTypes: ['image/gif'], maxBytes: 14 * MB, sizeMessage: UPLOAD_MESSAGES.gifSize, typeMessage: UPLOAD_MESSAGES.invalidType, help: '.gif up to 14mb' },
  logo: small(PNG_JPG),
  cover: small(PNG_JPG_GIF),
  videoIcon: small(PNG_JPG),
  profile: small(PNG_JPG),
  attachment: small(PNG_JPG),
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

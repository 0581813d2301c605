// What each kind of upload may be (spec 01 section 5, the files API contract): the dashboard
// checks it before a file leaves the browser, the server again with the real content. One table,
// so the two never disagree.
// Pure: no Node, Nest or React imports; shared by the server and the dashboard.
import type { FileKind } from './api-types.js';

export const FILE_KINDS = ['video', 'image', 'gif', 'logo', 'cover', 'videoIcon', 'profile', 'attachment'] as const satisfies readonly FileKind[];
export type { FileKind };

export const MB = 1024 * 1024;

// Past this many pixels an image is refused before it is decoded (decompression bombs): the
// image adapter hands it to the decoder.
export const MAX_IMAGE_PIXELS = 100_000_000;
export const MAX_GIF_SIDE = 4096;
// All frames of a GIF together: what a mail client or browser would have to decode.
export const MAX_GIF_TOTAL_PIXELS = 1_000_000_000;

export const UPLOAD_LIMIT_MESSAGES = {
  videoTooLarge: 'Max video size is 300 MB',
  image10TooLarge: 'Max image size is 10 MB',
  image15TooLarge: 'Max image size is 15 MB',
  gifTooLarge: 'Max GIF size is 14 MB',
  videoType: 'Please upload .mp4 or .mov file only',
  imageType: 'Invalid file type!',
} as const;

export interface UploadLimit {
  maxBytes: number;
  tooLarge: string;
  wrongType: string;
  // Lower-case, without the dot.
  extensions: readonly string[];
  // Content types a browser may declare for those extensions.
  declaredTypes: readonly string[];
}

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'];
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg'];

const image = (maxBytes: number, tooLarge: string): UploadLimit => ({
  maxBytes,
  tooLarge,
  wrongType: UPLOAD_LIMIT_MESSAGES.imageType,
  extensions: IMAGE_EXTENSIONS,
  declaredTypes: IMAGE_TYPES,
});

export const UPLOAD_LIMITS: Record<FileKind, UploadLimit> = {
  video: {
    maxBytes: 314_572_800,
    tooLarge: UPLOAD_LIMIT_MESSAGES.videoTooLarge,
    wrongType: UPLOAD_LIMIT_MESSAGES.videoType,
    extensions: ['mp4', 'mov'],
    declaredTypes: ['video/mp4', 'video/quicktime'],
  },
  image: image(15 * MB, UPLOAD_LIMIT_MESSAGES.image15TooLarge),
  gif: {
    maxBytes: 14 * MB,
    tooLarge: UPLOAD_LIMIT_MESSAGES.gifTooLarge,
    wrongType: UPLOAD_LIMIT_MESSAGES.imageType,
    extensions: ['gif'],
    declaredTypes: ['image/gif'],
  },
  logo: image(10 * MB, UPLOAD_LIMIT_MESSAGES.image10TooLarge),
  cover: {
    ...image(10 * MB, UPLOAD_LIMIT_MESSAGES.image10TooLarge),
    extensions: [...IMAGE_EXTENSIONS, 'gif'],
    declaredTypes: [...IMAGE_TYPES, 'image/gif'],
  },
  videoIcon: image(10 * MB, UPLOAD_LIMIT_MESSAGES.image10TooLarge),
  profile: image(10 * MB, UPLOAD_LIMIT_MESSAGES.image10TooLarge),
  attachment: image(10 * MB, UPLOAD_LIMIT_MESSAGES.image10TooLarge),
};

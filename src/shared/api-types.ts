// Response shapes of the files, videos and snippets calls, shared by the server mappers, their
// OpenAPI DTOs (tied to them with sameShape, common/response-shape.ts) and the dashboard's API
// modules, so every side reads the same contract. Types only: no runtime code.
import type { CoverPlacement, LogoAlignment, VideoOverlay } from './snippet-rules.js';

// The `type` query value of POST files: which kind of file the server stores and checks.
export type FileKind = 'video' | 'image' | 'gif' | 'logo' | 'cover' | 'videoIcon' | 'profile' | 'attachment';

// An uploaded file (POST files, GET files/{id}).
export interface FileView {
  fileId: string;
  fileName: string;
  fileType: FileKind;
  contentType: string;
  size: number;
  // absolute public address of the stored file
  url: string;
  width: number | null;
  height: number | null;
  durationSecs: number | null;
  dateUploadedUTC: string;
}

// One entry of GET files?type=...: the file with a thumbnail, its name without the extension.
export interface FileListItem {
  file: FileView & { thumbnailUrl: string | null };
  fileName: string;
  dateUploadedUTC: string;
  // Videos only: the caller's own EyeMails that use the video (id and name), newest first.
  usedBy?: { snippetId: string; title: string }[];
}

// GET files/usage: what the account stores (files and the declared lengths of its unfinished
// uploads) and its quota, in bytes.
export interface StorageUsage {
  usedBytes: number;
  quotaBytes: number;
}

export type EncodingState = 'queued' | 'active' | 'completed' | 'failed';

// An encoding (POST videos/{id}, GET videos/encodings/{id}); URLs only once completed.
export interface EncodingView {
  encodingId: string;
  // the uploaded video (file id)
  videoId: string;
  overlay: VideoOverlay;
  width: number;
  state: EncodingState;
  progress: number;
  error: string | null;
  videoUrl: string | null;
  // the email's MP4 (without sound); videoUrl, with sound, is the web view's
  emailVideoUrl: string | null;
  thumbnailUrl: string | null;
  gifUrl: string | null;
  outWidth: number | null;
  outHeight: number | null;
  durationSecs: number | null;
  hasAudio: boolean | null;
}

export interface SnippetUrls {
  previewUrl: string;
  liveUrl: string;
  exportUrl: string;
  livePreviewUrlForEmail: string;
}

// An EyeMail as its owner reads it (field names of spec 01 section 3).
export interface SnippetView extends SnippetUrls {
  snippet: string;
  // The name, the owner's own.
  title: string;
  // The title recipients see.
  publicTitle: string;
  status: boolean;
  dateCreatedUTC: string;
  dateUpdatedUTC: string;
  thumbnailUrl: string | null;
  landingPageUrl: string | null;
  logoImageId: string | null;
  logoImageUrl: string | null;
  logoImageAlignment: LogoAlignment;
  logoImageWidth: number;
  coverImageId: string | null;
  coverImageUrl: string | null;
  coverImagePlacement: CoverPlacement;
  coverImageSpacing: number;
  videoId: string;
  videoUrl: string | null;
  gifId: string | null;
  gifUrl: string | null;
  video: { url: string | null; thumbnailUrl: string | null; gifUrl: string | null };
  videoLogoImgId: string | null;
  videoLogoImgUrl: string | null;
  videoURLData: string | null;
  addVideoOverlay: boolean;
  videoOverlay: VideoOverlay;
  width: number;
  ctaButtonsJSON: string;
  ctaButtonsHTML: string;
  encoding: { state: string; progress: number } | null;
}

// One entry of GET snippets/brief.
export interface SnippetBrief {
  snippet: string;
  title: string;
  thumbnailUrl: string | null;
}

// GET snippets/{id}/slug: a readable link.
export interface SnippetSlug {
  slug: string;
  url: string;
}

// What the public viewer reads (GET public/snippets/{id}): display fields only, no file ids.
export interface PublicSnippetView {
  snippet: string;
  title: string;
  logoImageUrl: string | null;
  logoImageAlignment: LogoAlignment;
  logoImageWidth: number;
  coverImageUrl: string | null;
  coverImagePlacement: CoverPlacement;
  coverImageSpacing: number;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  gifUrl: string | null;
  video: { url: string | null; thumbnailUrl: string | null; gifUrl: string | null };
  videoLogoImgUrl: string | null;
  videoURLData: string | null;
  width: number;
  addVideoOverlay: boolean;
  videoOverlay: VideoOverlay;
  ctaButtonsHTML: string;
  landingPageUrl: string | null;
}

// GET snippets/{id}/html: the export.
export interface SnippetExport {
  // The whole document (the .html download).
  html: string;
  sizeBytes: number;
  platform: string;
  // The block with its styles, for an HTML block of an existing email.
  blockHtml: string;
  blockSizeBytes: number;
}

// Where to paste the export in a platform: the block or the whole document.
export interface PasteHint {
  block: string;
  document: string;
}

// What global/email-platforms answers for each platform (spec 01 section 3: code, name,
// iconUrl), plus the tags so the dashboard can show them.
export interface EmailPlatformView {
  code: string;
  name: string;
  iconUrl: string;
  recipientTag: string;
  unsubscribeTag: string | null;
  unsubscribeRequired: boolean;
  notes: string;
}

// GET global/config.
export interface PublicConfig {
  baseUrl: string;
  productTitle: string;
}

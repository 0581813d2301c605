import type { FileListItem, FileView } from '../shared/api-types.js';
import { nameWithoutExtension, type FileKind } from './upload-rules.js';

// The fields the mappers read: a MediaFile entity fits, and so does a plain row in tests.
export interface MediaFileFields {
  id: string;
  kind: FileKind;
  fileName: string;
  contentType: string;
  size: number;
  width?: number | null;
  height?: number | null;
  durationSecs?: number | null;
  createdAt: Date;
}

export type { FileView, FileListItem } from '../shared/api-types.js';

export function toFileView(f: MediaFileFields, url: string): FileView {
  return {
    fileId: f.id,
    fileName: f.fileName,
    fileType: f.kind,
    contentType: f.contentType,
    size: Number(f.size),
    url,
    width: f.width ?? null,
    height: f.height ?? null,
    durationSecs: f.durationSecs === null || f.durationSecs === undefined ? null : Math.round(Number(f.durationSecs) * 1000) / 1000,
    dateUploadedUTC: new Date(f.createdAt).toISOString(),
  };
}

export function toListItem(view: FileView, thumbnailUrl: string | null): FileListItem {
  return {
    file: { ...view, thumbnailUrl },
    fileName: nameWithoutExtension(view.fileName),
    dateUploadedUTC: view.dateUploadedUTC,
  };
}

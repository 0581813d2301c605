// Uploads one file (video, image, GIF, profile picture) with progress; used by the shared upload
// component and the profile picture block.
import type { FileKind, FileView } from '@shared/api-types';
import { apiUpload, type UploadHandle, type UploadOptions } from '@/lib/api-client';

export type UploadFileOptions = Omit<UploadOptions, 'query'> & { query?: UploadOptions['query'] };

export function uploadFile(kind: FileKind, file: Blob, options: UploadFileOptions = {}, fileName?: string): UploadHandle<FileView> {
  return apiUpload<FileView>('files', file, { ...options, query: { ...options.query, type: kind } }, fileName);
}

// Uploads one file (video, image, GIF, profile picture) with progress; used by the shared upload
// component and the profile picture block.
import type { FileKind, FileView } from '@shared/api-types';
import { apiUpload, type UploadHandle, type UploadOptions } from '@/lib/api-client';

export type UploadFileOptions = Omit<UploadOptions, 'query'> & { query?: UploadOptions['query'] };

// A profile picture and a support attachment are the person's own, whatever workspace is shown
// (the server keeps them in the personal workspace): they are sent without one, so a company's
// viewer may change their picture too.
const PERSONAL_KINDS: readonly FileKind[] = ['profile', 'attachment'];

export function uploadFile(kind: FileKind, file: Blob, options: UploadFileOptions = {}, fileName?: string): UploadHandle<FileView> {
  const workspace = PERSONAL_KINDS.includes(kind) ? { workspaceId: null } : {};
  return apiUpload<FileView>('files', file, { ...options, ...workspace, query: { ...options.query, type: kind } }, fileName);
}

// Uploaded files and the video library: the calls shared by the upload component, the video
// library, the profile picture block and (later) the EyeMail forms.
import type { FileKind, FileView, FileListItem as VideoListItem } from '@shared/api-types';
import { api, apiUpload, type UploadHandle, type UploadOptions } from './api-client';

export type { FileKind, FileView, FileListItem as VideoListItem } from '@shared/api-types';

export const mediaApi = {
  upload: (kind: FileKind, file: Blob, options: Omit<UploadOptions, 'query'> & { query?: UploadOptions['query'] } = {}, fileName?: string): UploadHandle<FileView> =>
    apiUpload<FileView>('files', file, { ...options, query: { ...options.query, type: kind } }, fileName),
  listVideos: () => api.get<VideoListItem[]>('files', { query: { type: 'video' } }),
  deleteFile: (fileId: string) => api.delete<null>(`files/${encodeURIComponent(fileId)}`),
  setProfilePicture: (fileId: string) => api.put<{ profilePictureUrl: string | null }>('users/profile-picture', { query: { profilePicture: fileId } }),
  removeProfilePicture: () => api.delete<null>('users/profile-picture'),
};

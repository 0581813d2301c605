// Uploaded files and the video library: the calls shared by the upload component, the video
// library, the profile picture block and (later) the EyeMail forms.
import { api, apiUpload, type UploadHandle, type UploadOptions } from './api-client';

// The `type` query value of POST files: which kind of file the server stores and checks.
export type FileKind = 'video' | 'image' | 'gif' | 'logo' | 'cover' | 'videoIcon' | 'profile' | 'attachment';

export interface FileView {
  fileId: string;
  fileName: string;
  fileType: FileKind;
  contentType: string;
  size: number;
  url: string;
  width: number | null;
  height: number | null;
  durationSecs: number | null;
  dateUploadedUTC: string;
}

export interface VideoListItem {
  file: FileView & { thumbnailUrl: string | null };
  // Without the extension.
  fileName: string;
  dateUploadedUTC: string;
}

export const mediaApi = {
  upload: (kind: FileKind, file: Blob, options: Omit<UploadOptions, 'query'> & { query?: UploadOptions['query'] } = {}, fileName?: string): UploadHandle<FileView> =>
    apiUpload<FileView>('files', file, { ...options, query: { ...options.query, type: kind } }, fileName),
  listVideos: () => api.get<VideoListItem[]>('files', { query: { type: 'video' } }),
  deleteFile: (fileId: string) => api.delete<null>(`files/${encodeURIComponent(fileId)}`),
  setProfilePicture: (fileId: string) => api.put<{ profilePictureUrl: string | null }>('users/profile-picture', { query: { profilePicture: fileId } }),
  removeProfilePicture: () => api.delete<null>('users/profile-picture'),
};

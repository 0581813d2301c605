// Encoding an uploaded video for email (POST videos/{fileId}) and following its progress.
import type { VideoOverlay } from '@shared/snippet-rules';
import type { EncodingView } from '@shared/api-types';
import { api } from './api-client';

export type { EncodingState, EncodingView } from '@shared/api-types';

export const videosApi = {
  // 202 with a queued/active encoding, or 200 with the completed one when it exists already.
  encode: (fileId: string, overlay: VideoOverlay, width: number) =>
    api.post<EncodingView>(`videos/${encodeURIComponent(fileId)}`, { query: { overlay, width } }),
  encoding: (encodingId: string) => api.get<EncodingView>(`videos/encodings/${encodeURIComponent(encodingId)}`),
};

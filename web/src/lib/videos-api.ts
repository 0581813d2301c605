// Encoding an uploaded video for email (POST videos/{fileId}) and following its progress.
import type { VideoOverlay } from '@shared/snippet-rules';
import { api } from './api-client';

export type EncodingState = 'queued' | 'active' | 'completed' | 'failed';

export interface EncodingView {
  encodingId: string;
  videoId: string;
  overlay: VideoOverlay;
  width: number;
  state: EncodingState;
  progress: number;
  error: string | null;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  gifUrl: string | null;
  outWidth: number | null;
  outHeight: number | null;
  durationSecs: number | null;
  hasAudio: boolean | null;
}

export const videosApi = {
  // 202 with a queued/active encoding, or 200 with the completed one when it exists already.
  encode: (fileId: string, overlay: VideoOverlay, width: number) =>
    api.post<EncodingView>(`videos/${encodeURIComponent(fileId)}`, { query: { overlay, width } }),
  encoding: (encodingId: string) => api.get<EncodingView>(`videos/encodings/${encodeURIComponent(encodingId)}`),
};

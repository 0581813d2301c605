// Encoding an uploaded video for email: 202 with a queued or active encoding, or 200 with the
// completed one when it exists already. Followed by polling get-encoding.
import type { VideoOverlay } from '@shared/snippet-rules';
import type { EncodingView } from '@shared/api-types';
import { api, type ApiResult } from '@/lib/api-client';

export function encodeVideo(fileId: string, overlay: VideoOverlay, width: number): Promise<ApiResult<EncodingView>> {
  return api.post<EncodingView>(`videos/${encodeURIComponent(fileId)}`, { query: { overlay, width } });
}

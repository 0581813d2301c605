// The progress of one encoding, polled by use-video-encoding until it completes or fails.
import type { EncodingView } from '@shared/api-types';
import { api, type ApiResult } from '@/lib/api-client';

export function getEncoding(encodingId: string): Promise<ApiResult<EncodingView>> {
  return api.get<EncodingView>(`videos/encodings/${encodeURIComponent(encodingId)}`);
}

// The email encoding of a saved recording: asked for at Stop (the whole recording, the form's
// default options) so it is ready soon after, and again with the cut when the user trimmed.
import type { EncodingView } from '@shared/api-types';
import { api } from '@/lib/api-client';

export async function encodeRecording(fileId: string, cut: { trimStart: number; trimEnd?: number } | null): Promise<EncodingView> {
  const res = await api.post<EncodingView>(`videos/${encodeURIComponent(fileId)}`, { query: { overlay: 'none', width: 600, ...(cut ?? {}) } });
  if (!res.result || !res.body) throw new Error(res.message || 'We could not process your recording. Please try again.');
  return res.body;
}

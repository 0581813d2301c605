import type { EncodingView } from '../shared/api-types.js';
import type { OverlayVariant } from '../encoding/encode-plan.js';
import type { EncodingState } from './video-encoding.entity.js';

// The fields the mapper reads: a VideoEncoding entity fits, and so does a plain row in tests.
export interface EncodingFields {
  id: string;
  sourceFileId: string;
  overlay: OverlayVariant;
  width: number;
  state: EncodingState;
  progress: number;
  error?: string | null;
  mp4Key?: string | null;
  emailMp4Key?: string | null;
  posterKey?: string | null;
  gifKey?: string | null;
  outWidth?: number | null;
  outHeight?: number | null;
  durationSecs?: number | null;
  hasAudio?: boolean | null;
}

export type { EncodingView } from '../shared/api-types.js';

// URLs only for a completed encoding, whose three outputs are all stored.
export function toEncodingView(e: EncodingFields, publicUrl: (key: string) => string): EncodingView {
  const done = e.state === 'completed' && !!e.mp4Key && !!e.posterKey && !!e.gifKey;
  return {
    encodingId: e.id,
    videoId: e.sourceFileId,
    overlay: e.overlay,
    width: e.width,
    state: e.state,
    progress: e.state === 'completed' ? 100 : Math.max(0, Math.min(99, Number(e.progress) || 0)),
    error: e.state === 'failed' ? (e.error ?? 'Something went wrong while processing your video. Please try again.') : null,
    videoUrl: done ? publicUrl(e.mp4Key!) : null,
    // email's sound-less MP4; the one MP4 when there is none (no sound, or encoded before)
    emailVideoUrl: done ? publicUrl(e.emailMp4Key || e.mp4Key!) : null,
    thumbnailUrl: done ? publicUrl(e.posterKey!) : null,
    gifUrl: done ? publicUrl(e.gifKey!) : null,
    outWidth: done ? (e.outWidth ?? null) : null,
    outHeight: done ? (e.outHeight ?? null) : null,
    durationSecs: done && e.durationSecs !== null && e.durationSecs !== undefined ? Math.round(Number(e.durationSecs) * 1000) / 1000 : null,
    hasAudio: done ? (e.hasAudio ?? null) : null,
  };
}

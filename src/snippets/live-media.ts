import type { SnippetTier } from '../shared/snippet-rules.js';
import type { LiveMediaRequest } from './export/live-media-urls.js';
import type { SnippetMedia } from './snippet-view.js';

// What a living EyeMail's media address answers (export/live-media-urls.ts names them). Pure.

// The EyeMail as it is now; null once deleted (or never made).
export interface LiveEyeMail {
  active: boolean;
  tier: SnippetTier;
  media: SnippetMedia;
}

export type LiveMediaAnswer =
  // the current version: streamed (local disk) or redirected to (bucket)
  | { kind: 'stored'; url: string }
  // "This video is no longer available", drawn at the size the email shows it
  | { kind: 'still'; format: 'gif' | 'jpeg'; width: number; height: number }
  // a transparent pixel: a picture the EyeMail no longer shows
  | { kind: 'blank' }
  // 404: the video of an EyeMail that is off, or media it does not have
  | { kind: 'gone' };

function currentUrl(slot: LiveMediaRequest['slot'], now: LiveEyeMail): string | null {
  const { media } = now;
  const express = now.tier === 'express';
  switch (slot) {
    case 'video':
      // the email's sound-less MP4 (encodings made before it existed: the one with sound)
      return media.encoding?.emailVideoUrl ?? media.encoding?.videoUrl ?? null;
    case 'gif':
      // the user's own GIF replaces the encoder's
      return media.gifUrl ?? media.encoding?.gifUrl ?? null;
    case 'poster':
      return media.encoding?.thumbnailUrl ?? null;
    case 'logo':
      return express ? null : media.logoUrl;
    case 'cover':
      return express ? null : media.coverUrl;
    case 'icon':
      return media.videoIconUrl;
  }
}

export function liveMediaAnswer(req: LiveMediaRequest, now: LiveEyeMail | null): LiveMediaAnswer {
  const url = now?.active ? currentUrl(req.slot, now) : null;
  if (url) return { kind: 'stored', url };
  switch (req.slot) {
    case 'video':
      return { kind: 'gone' };
    case 'gif':
    case 'poster':
      // an active EyeMail without one (never the case once encoded) is no "no longer available"
      if (now?.active) return { kind: 'gone' };
      return { kind: 'still', format: req.slot === 'gif' ? 'gif' : 'jpeg', width: req.width ?? 600, height: req.height ?? 338 };
    default:
      return { kind: 'blank' };
  }
}

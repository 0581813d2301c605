import { WIDTH_DEFAULT, WIDTH_MAX, WIDTH_MIN } from '../../shared/snippet-rules.js';
import { isUuid } from '../../shared/uuid.js';
import { clamp, heightAt } from './email-geometry.js';
import type { ExportSnippet } from './export-types.js';

// The living EyeMail's media addresses (docs/architecture.md "The living EyeMail"). Pure.
// An export names its media by the EyeMail, never by a stored version, so what an email already
// sent shows follows the EyeMail: an edit's new video, GIF, poster, logo, cover or icon, and a
// deactivation's neutral still. /m/<snippetId>/<file>:
//   video.mp4                  the email's MP4 (gone once the EyeMail is off)
//   gif-<W>x<H>.gif            the GIF (or, off, a one-frame still of W x H)
//   poster-<W>x<H>.jpg         the poster (or, off, a still of W x H)
//   logo, cover, icon          the pictures (or, off or removed, a transparent pixel)
// W x H is the size the email shows the picture at: the still of a deleted EyeMail, whose record
// is gone, still fits the email it is in.

export const LIVE_MEDIA_ROUTE = 'm/:snippetId/:file';

export type LiveSlot = 'video' | 'gif' | 'poster' | 'logo' | 'cover' | 'icon';

export interface LiveMediaRequest {
  snippetId: string;
  slot: LiveSlot;
  // gif and poster only
  width: number | null;
  height: number | null;
}

// The largest still drawn (the email is at most WIDTH_MAX wide; a tall GIF at most 4 times that).
export const STILL_MAX_SIDE = WIDTH_MAX * 4;
// 16:9 when an email was exported without knowing the picture's height.
const DEFAULT_RATIO = 9 / 16;

const SIZED = /^(gif|poster)-([1-9]\d{0,3})x([1-9]\d{0,3})\.(gif|jpg)$/;

export function liveMediaPath(snippetId: string, slot: LiveSlot, size?: { width: number; height: number }): string {
  const id = snippetId.toLowerCase();
  switch (slot) {
    case 'video':
      return `/m/${id}/video.mp4`;
    case 'gif':
    case 'poster':
      return `/m/${id}/${slot}-${size?.width ?? WIDTH_DEFAULT}x${size?.height ?? Math.round(WIDTH_DEFAULT * DEFAULT_RATIO)}.${slot === 'gif' ? 'gif' : 'jpg'}`;
    default:
      return `/m/${id}/${slot}`;
  }
}

// What a request names, or null for an address no export writes (answered 404).
export function parseLiveMediaPath(snippetId: unknown, file: unknown): LiveMediaRequest | null {
  if (!isUuid(snippetId) || typeof file !== 'string') return null;
  const id = snippetId.toLowerCase();
  if (file === 'video.mp4') return { snippetId: id, slot: 'video', width: null, height: null };
  if (file === 'logo' || file === 'cover' || file === 'icon') return { snippetId: id, slot: file, width: null, height: null };
  const m = SIZED.exec(file);
  if (!m || (m[1] === 'gif') !== (m[4] === 'gif')) return null;
  const width = Number(m[2]);
  const height = Number(m[3]);
  if (width > STILL_MAX_SIDE || height > STILL_MAX_SIDE) return null;
  return { snippetId: id, slot: m[1] as 'gif' | 'poster', width, height };
}

// The snippet as the export prints it, its media named by the EyeMail. The sizes in the GIF's and
// the poster's addresses are the ones the view model shows them at (export-view-model.ts).
export function withLiveMedia(snippet: ExportSnippet, publicBaseUrl: string): ExportSnippet {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const at = (slot: LiveSlot, size?: { width: number; height: number }) => `${base}${liveMediaPath(snippet.id, slot, size)}`;
  const width = clamp(snippet.width, WIDTH_MIN, WIDTH_MAX, WIDTH_DEFAULT);
  const frameHeight = heightAt(width, snippet.video?.size) ?? Math.round(width * DEFAULT_RATIO);
  const gifHeight = heightAt(width, snippet.video?.gifSize) ?? frameHeight;
  const video = snippet.video;
  return {
    ...snippet,
    logo: snippet.logo?.url ? { ...snippet.logo, url: at('logo') } : snippet.logo,
    cover: snippet.cover?.url ? { ...snippet.cover, url: at('cover') } : snippet.cover,
    videoIcon: snippet.videoIcon?.url ? { ...snippet.videoIcon, url: at('icon') } : snippet.videoIcon,
    video: {
      ...video,
      mp4Url: video.mp4Url ? at('video') : '',
      posterUrl: video.posterUrl ? at('poster', { width, height: frameHeight }) : '',
      gifUrl: video.gifUrl ? at('gif', { width, height: gifHeight }) : null,
    },
  };
}

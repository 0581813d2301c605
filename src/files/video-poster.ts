// Pure: the ffmpeg arguments for the small poster cut from an uploaded video for the library
// grid. One frame, upright and tone-mapped like the email encode (the same filter chain, from
// the encoder's plan), a little way in so a fade from black is usually over.
import { planEncode } from '../encoding/encode-plan.js';
import type { MediaInfo } from '../encoding/probe.js';

export const POSTER_WIDTH = 600;

// Seconds into the video: 40% of a short clip, at most 1.5 s into a long one.
export function posterSeekSecs(durationSecs: number): number {
  if (!(durationSecs > 0)) return 0;
  return Math.round(Math.min(1.5, durationSecs * 0.4) * 1000) / 1000;
}

export function posterArgs(info: MediaInfo, inputFile: string, outputFile: string, seekSecs = posterSeekSecs(info.durationSecs)): string[] {
  const plan = planEncode(info, { width: POSTER_WIDTH, overlay: 'none' });
  return [
    '-hide_banner', '-nostdin', '-y', '-loglevel', 'error',
    // the chain turns the picture itself, as the encoder does
    '-noautorotate',
    '-ss', String(seekSecs),
    // a recording from the browser is WebM (Matroska's demuxer); everything else MP4/MOV
    '-protocol_whitelist', 'file', '-f', /\bwebm\b/.test(info.formatName) ? 'matroska' : 'mov', '-i', `file:${inputFile}`,
    '-map', `0:${plan.videoStream}`,
    '-vf', `${plan.videoFilter},scale=out_range=full,format=yuvj420p`,
    '-frames:v', '1', '-q:v', '4', '-map_metadata', '-1',
    '-f', 'image2', '-update', '1', outputFile,
  ];
}

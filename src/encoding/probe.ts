// Pure: turns ffprobe's JSON (`-show_format -show_streams -of json`) into the few facts the
// encoder decides on, and checks an upload against the limits with messages people can act on.

export type HdrTransfer = 'hlg' | 'pq';

export interface Rational {
  num: number;
  den: number;
}

export interface VideoStreamInfo {
  // index in the container, used to map exactly this stream
  index: number;
  codec: string;
  // coded size, as the decoder outputs it
  codedWidth: number;
  codedHeight: number;
  // size as a viewer sees it: rotation and non-square pixels applied
  displayWidth: number;
  displayHeight: number;
  // clockwise degrees the coded picture must be turned to be upright
  rotation: 0 | 90 | 180 | 270;
  sampleAspect: number;
  pixelFormat: string;
  bitDepth: number;
  // pixels sharing one chroma sample across and down (4:2:0 is 2x2): the decoded frame's sides
  // must be multiples of these before zscale will take it
  chroma: ChromaSubsampling;
  // the container's nominal rate and the measured average; they differ for variable frame rate
  frameRate: Rational | null;
  avgFrameRate: Rational | null;
  variableFrameRate: boolean;
  colorPrimaries: string | null;
  colorTransfer: string | null;
  colorSpace: string | null;
  fullRange: boolean;
  hdr: HdrTransfer | null;
}

export interface ChromaSubsampling {
  x: number;
  y: number;
}

export interface AudioStreamInfo {
  index: number;
  codec: string;
  channels: number;
  sampleRate: number;
}

export interface MediaInfo {
  formatName: string;
  durationSecs: number;
  sizeBytes: number | null;
  video: VideoStreamInfo | null;
  audio: AudioStreamInfo | null;
}

export interface MediaLimits {
  maxDurationSecs: number;
  minDurationSecs: number;
  maxDimension: number;
  // smaller than this on a side is no picture to show (and a 1-pixel 4:2:0 frame has no
  // chroma to crop to)
  minDimension: number;
  // the longer side at most this many times the shorter: flatter strips cannot be shown at
  // email width without becoming a line a few pixels high
  maxAspect: number;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = { maxDurationSecs: 600, minDurationSecs: 0.1, maxDimension: 8192, minDimension: 16, maxAspect: 8 };

// The one message for anything that is not a readable .mp4/.mov video.
export const NOT_A_VIDEO_MESSAGE = 'This file is not a video we can read. Please upload an .mp4 or .mov file.';

type Json = Record<string, unknown>;

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' && v !== 'unknown' ? v : null);

export function parseRational(v: unknown): Rational | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d+)(?:[/:](\d+))?$/.exec(v.trim());
  if (!m) return null;
  const n = Number(m[1]);
  const d = m[2] === undefined ? 1 : Number(m[2]);
  if (!n || !d) return null;
  return { num: n, den: d };
}

export const rationalValue = (r: Rational): number => r.num / r.den;

// Bits per sample from the pixel format name (yuv420p10le -> 10, p010le -> 10, yuv420p -> 8).
export function bitDepthOf(pixelFormat: string, bitsPerRawSample?: unknown): number {
  const m = /p(\d{2})(?:le|be)$/.exec(pixelFormat) ?? /^p[0-2](\d{2})(?:le|be)?$/.exec(pixelFormat);
  if (m) return Number(m[1]);
  const raw = num(bitsPerRawSample);
  return raw && raw > 8 && raw <= 16 ? raw : 8;
}

// From the pixel format's name: yuv420p10le and nv12 -> 2x2, yuv422p and uyvy422 -> 2x1,
// yuv411p -> 4x1, yuv444p, RGB and grey -> 1x1. An unknown name counts as 4:2:0, the commonest
// (cropping a line more than needed is invisible).
export function chromaSubsamplingOf(pixelFormat: string): ChromaSubsampling {
  const planar = /^yuva?j?(4\d\d)/.exec(pixelFormat);
  const code = planar?.[1] ?? (/^(?:nv12|nv21|p01[026])/.test(pixelFormat) ? '420' : null)
    ?? (/^(?:nv16|nv20|p21[026]|y21[026]|yuyv422|uyvy422|yvyu422)/.test(pixelFormat) ? '422' : null)
    ?? (/^(?:nv24|nv42|p41[026]|gray|ya|rgb|bgr|gbr|argb|abgr|rgba|bgra|0rgb|rgb0|bgr0|0bgr|x2rgb|x2bgr|pal8|monow|monob|xyz)/.test(pixelFormat) ? '444' : null);
  switch (code) {
    case '444':
      return { x: 1, y: 1 };
    case '422':
      return { x: 2, y: 1 };
    case '440':
      return { x: 1, y: 2 };
    case '411':
      return { x: 4, y: 1 };
    case '410':
      return { x: 4, y: 4 };
    default:
      return { x: 2, y: 2 };
  }
}

export function hdrTransferOf(colorTransfer: string | null): HdrTransfer | null {
  if (colorTransfer === 'arib-std-b67') return 'hlg';
  if (colorTransfer === 'smpte2084') return 'pq';
  return null;
}

// Display-matrix rotation as ffprobe prints it is counter-clockwise; older files carry a
// clockwise `rotate` tag instead. Both become clockwise quarter turns.
export function rotationOf(stream: Json): 0 | 90 | 180 | 270 {
  let clockwise: number | null = null;
  const sideData = Array.isArray(stream.side_data_list) ? (stream.side_data_list as Json[]) : [];
  for (const sd of sideData) {
    const r = num(sd.rotation);
    if (r !== null && String(sd.side_data_type ?? '').toLowerCase().includes('display matrix')) clockwise = -r;
  }
  if (clockwise === null) {
    const tags = (stream.tags ?? {}) as Json;
    const r = num(tags.rotate);
    if (r !== null) clockwise = r;
  }
  if (clockwise === null) return 0;
  const q = (((Math.round(clockwise / 90) * 90) % 360) + 360) % 360;
  return q as 0 | 90 | 180 | 270;
}

function sampleAspectOf(v: unknown): number {
  const r = parseRational(v);
  if (!r) return 1;
  const a = rationalValue(r);
  return a > 0.1 && a < 10 ? a : 1;
}

function isAttachedPicture(stream: Json): boolean {
  const d = (stream.disposition ?? {}) as Json;
  return num(d.attached_pic) === 1 || num(d.still_image) === 1;
}

export function parseVideoStream(s: Json): VideoStreamInfo {
  const codedWidth = num(s.width) ?? 0;
  const codedHeight = num(s.height) ?? 0;
  const rotation = rotationOf(s);
  const sampleAspect = sampleAspectOf(s.sample_aspect_ratio);
  // non-square pixels widen (or narrow) the picture before it is turned
  const uprightW = Math.round(codedWidth * sampleAspect);
  const uprightH = codedHeight;
  const turned = rotation === 90 || rotation === 270;
  const pixelFormat = str(s.pix_fmt) ?? 'unknown';
  const frameRate = parseRational(s.r_frame_rate);
  const avgFrameRate = parseRational(s.avg_frame_rate);
  const colorTransfer = str(s.color_transfer);
  const r = frameRate ? rationalValue(frameRate) : null;
  const a = avgFrameRate ? rationalValue(avgFrameRate) : null;
  return {
    index: num(s.index) ?? 0,
    codec: str(s.codec_name) ?? 'unknown',
    codedWidth,
    codedHeight,
    displayWidth: turned ? uprightH : uprightW,
    displayHeight: turned ? uprightW : uprightH,
    rotation,
    sampleAspect,
    pixelFormat,
    bitDepth: bitDepthOf(pixelFormat, s.bits_per_raw_sample),
    chroma: chromaSubsamplingOf(pixelFormat),
    frameRate,
    avgFrameRate,
    // the nominal rate is the finest tick all timestamps fit on; an average well below it
    // means frames come at uneven intervals
    variableFrameRate: r !== null && a !== null && Math.abs(r - a) / r > 0.02,
    colorPrimaries: str(s.color_primaries),
    colorTransfer,
    colorSpace: str(s.color_space),
    fullRange: s.color_range === 'pc' || pixelFormat.startsWith('yuvj'),
    hdr: hdrTransferOf(colorTransfer),
  };
}

export function parseProbe(json: unknown): MediaInfo {
  const root = (json && typeof json === 'object' ? json : {}) as Json;
  const format = (root.format ?? {}) as Json;
  const streams = Array.isArray(root.streams) ? (root.streams as Json[]) : [];
  const videoStream = streams.find((s) => s.codec_type === 'video' && !isAttachedPicture(s));
  const audioStream = streams.find((s) => s.codec_type === 'audio' && str(s.codec_name) !== null && (num(s.channels) ?? 0) > 0);
  const video = videoStream ? parseVideoStream(videoStream) : null;
  const durations = [num(videoStream?.duration), num(format.duration)].filter((d): d is number => d !== null && d > 0);
  return {
    formatName: str(format.format_name) ?? '',
    // the video track's own length when known: audio may run longer than the picture
    durationSecs: durations[0] ?? 0,
    sizeBytes: num(format.size),
    video,
    audio: audioStream
      ? {
          index: num(audioStream.index) ?? 0,
          codec: str(audioStream.codec_name) ?? 'unknown',
          channels: num(audioStream.channels) ?? 2,
          sampleRate: num(audioStream.sample_rate) ?? 48000,
        }
      : null,
  };
}

export interface MediaProblem {
  code: 'not-a-video' | 'no-video-track' | 'too-long' | 'too-short' | 'too-large' | 'too-small' | 'bad-shape';
  message: string;
}

function minutes(secs: number): string {
  const m = secs / 60;
  return Number.isInteger(m) ? `${m} minute${m === 1 ? '' : 's'}` : `${secs} seconds`;
}

// Pure: null when the file can be encoded, else the reason in words for the uploader.
// WebM is read only when the caller says the file is a browser recording (`recording`).
export function checkMedia(info: MediaInfo, limits: MediaLimits = DEFAULT_MEDIA_LIMITS, recording = false): MediaProblem | null {
  const container = recording ? /\b(mov|mp4|matroska|webm)\b/ : /\b(mov|mp4)\b/;
  if (!container.test(info.formatName)) return { code: 'not-a-video', message: NOT_A_VIDEO_MESSAGE };
  const v = info.video;
  if (!v) {
    return { code: 'no-video-track', message: 'This file has no video picture in it. Please upload an .mp4 or .mov video.' };
  }
  if (v.codec === 'unknown' || v.codedWidth <= 0 || v.codedHeight <= 0 || v.pixelFormat === 'unknown') {
    return { code: 'not-a-video', message: NOT_A_VIDEO_MESSAGE };
  }
  if (v.codedWidth > limits.maxDimension || v.codedHeight > limits.maxDimension) {
    return {
      code: 'too-large',
      message: `This video is ${v.codedWidth}x${v.codedHeight} pixels; the largest we accept is ${limits.maxDimension} pixels on a side.`,
    };
  }
  if (v.codedWidth < limits.minDimension || v.codedHeight < limits.minDimension) {
    return {
      code: 'too-small',
      message: `This video is ${v.codedWidth}x${v.codedHeight} pixels; it must be at least ${limits.minDimension} pixels on each side.`,
    };
  }
  const long = Math.max(v.displayWidth, v.displayHeight);
  const short = Math.max(1, Math.min(v.displayWidth, v.displayHeight));
  if (long / short > limits.maxAspect) {
    return {
      code: 'bad-shape',
      message: `This video is ${v.displayWidth}x${v.displayHeight} pixels, too narrow a strip to show in an email. Please crop it to at most ${limits.maxAspect} times wider than high (or higher than wide).`,
    };
  }
  if (!(info.durationSecs > 0)) return { code: 'not-a-video', message: NOT_A_VIDEO_MESSAGE };
  if (info.durationSecs < limits.minDurationSecs) {
    return { code: 'too-short', message: 'This video is too short to play. Please upload a longer clip.' };
  }
  if (info.durationSecs > limits.maxDurationSecs) {
    return {
      code: 'too-long',
      message: `This video is longer than ${minutes(limits.maxDurationSecs)}. Please trim it and upload it again.`,
    };
  }
  return null;
}

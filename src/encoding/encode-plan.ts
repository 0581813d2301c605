// Pure: from a probed source and the snippet's options, decide everything about the email
// rendition (size, frame rate, filters, bitrate cap, audio, overlay placement, preview clip).
// The argument builders in ffmpeg-args.ts only spell these decisions out.
import { NO_TRIM, trimmedDuration, type SourceContainer, type Trim } from './recording.js';
import { rationalValue, type AudioStreamInfo, type MediaInfo, type Rational, type VideoStreamInfo } from './probe.js';

export type OverlayVariant = 'black' | 'white' | 'none';

export interface EncodeOptions {
  // the snippet width in CSS pixels (600-800); the MP4 is exactly this wide
  width?: number;
  overlay?: OverlayVariant;
  // the cut (seconds; end 0 = to the end) and the source's container (WebM only from the recorder)
  trim?: Trim;
  container?: SourceContainer;
}

export const EMAIL_WIDTH = { min: 600, max: 800, default: 600 } as const;
export const MAX_FPS = 30;

// x264 for email: Main profile for every player; veryfast with three reference frames, the
// diamond motion search (measured here on 600 px camera footage: 3% smaller and 10% faster than
// plain veryfast) and the quickest subpixel refinement (subme=1: about 0.45 CPU-s less per 30 s
// of 1080p, the same SSIM, 6% more bytes, still well under the naive encode's size); CRF 25 (SSIM >= 0.985 against the scaled source) and a VBV cap so no scene
// bursts past what a phone on mobile data streams smoothly.
export const X264 = {
  preset: 'veryfast',
  profile: 'main',
  level: '4.0',
  crf: 25,
  params: 'ref=3:me=dia:subme=1',
  // bits per pixel per frame for the cap; 600x338 at 30 fps gives about 1.2 Mbit/s
  capBitsPerPixel: 0.2,
  minCapKbps: 600,
  maxCapKbps: 3000,
} as const;

// How much of the start the preview clip keeps: the GIF (up to 5 s) may begin after a fade-in
// of up to 3 s, and the poster is picked from these seconds too.
export const PREVIEW = { seconds: 8, fps: 10 } as const;

export interface MuteIconPlacement {
  variant: 'black' | 'white';
  // square box in output pixels, and its distance from the top and right edges
  size: number;
  margin: number;
  x: number;
  y: number;
}

export interface ColourIn {
  matrix: 'bt709' | 'bt601' | 'bt2020';
  fullRange: boolean;
}

export interface EncodePlan {
  videoStream: number;
  audioStream: number | null;
  width: number;
  height: number;
  fps: Rational;
  // how long the output will be: the source's length, or the cut's (a frame either way)
  durationSecs: number;
  container: SourceContainer;
  trim: Trim;
  // from the decoded frames to upright, scaled, SDR yuv420p frames (no overlay yet)
  videoFilter: string;
  overlay: MuteIconPlacement | null;
  x264: { preset: string; profile: string; level: string; crf: number; params: string; maxrateKbps: number; bufsizeKbps: number };
  audio: { bitrateKbps: number; sampleRate: number } | null;
  preview: { seconds: number; fps: number };
  hdr: VideoStreamInfo['hdr'];
  threads: { decoder: number; x264: number };
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

export function normaliseOptions(options: EncodeOptions = {}): { width: number; overlay: OverlayVariant } {
  const w = Number(options.width);
  const width = Number.isFinite(w) && w > 0 ? Math.min(EMAIL_WIDTH.max, Math.max(EMAIL_WIDTH.min, Math.round(w))) : EMAIL_WIDTH.default;
  const overlay = options.overlay === 'black' || options.overlay === 'white' ? options.overlay : 'none';
  return { width: width - (width % 2), overlay };
}

// Output frame size: the snippet width, the source's shape, even numbers. A picture taller than
// twice its width is narrowed instead, so H.264 level 4.0 always holds.
export function outputSize(displayWidth: number, displayHeight: number, width: number): { width: number; height: number } {
  const aspect = displayHeight / displayWidth;
  let w = width;
  let h = even(w * aspect);
  if (h > 2 * width) {
    h = 2 * width;
    w = even(h / aspect);
  }
  return { width: w, height: Math.max(16, h) };
}

const STANDARD_RATES = [15, 24, 25, 30];

// Constant frame rate, 30 at most: a steady source keeps its rate (24, 25, 29.97, 30); faster
// ones are divided evenly (60 -> 30, 50 -> 25, 59.94 -> 29.97) so motion stays smooth; uneven
// (VFR) sources get the nearest standard rate at or above their average (15, 24, 25, 30).
export function chooseFrameRate(v: Pick<VideoStreamInfo, 'frameRate' | 'avgFrameRate' | 'variableFrameRate'>): Rational {
  const nominal = v.frameRate && rationalValue(v.frameRate) >= 1 ? v.frameRate : null;
  const average = v.avgFrameRate && rationalValue(v.avgFrameRate) >= 1 ? v.avgFrameRate : null;
  if (v.variableFrameRate || !nominal) {
    const avg = average ? rationalValue(average) : MAX_FPS;
    return { num: STANDARD_RATES.find((r) => r >= avg - 0.5) ?? MAX_FPS, den: 1 };
  }
  return divideDown(nominal);
}

function divideDown(r: Rational): Rational {
  const value = rationalValue(r);
  if (value <= MAX_FPS + 0.01) return simplify(r);
  const k = Math.ceil(value / (MAX_FPS + 0.01));
  return simplify({ num: r.num, den: r.den * k });
}

function simplify(r: Rational): Rational {
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const g = gcd(r.num, r.den) || 1;
  return { num: r.num / g, den: r.den / g };
}

export const rationalText = (r: Rational) => (r.den === 1 ? String(r.num) : `${r.num}/${r.den}`);

// Which YUV matrix the source uses. Untagged HD is BT.709 in practice, untagged SD BT.601.
export function colourIn(v: Pick<VideoStreamInfo, 'colorSpace' | 'fullRange' | 'codedWidth' | 'codedHeight'>): ColourIn {
  const cs = v.colorSpace ?? '';
  let matrix: ColourIn['matrix'];
  if (cs === 'bt709') matrix = 'bt709';
  else if (cs === 'smpte170m' || cs === 'bt470bg' || cs === 'fcc') matrix = 'bt601';
  else if (cs.startsWith('bt2020')) matrix = 'bt2020';
  else matrix = v.codedWidth >= 1280 || v.codedHeight >= 720 ? 'bt709' : 'bt601';
  return { matrix, fullRange: v.fullRange };
}

// Decoders hand over frames of the coded size, and zscale refuses a frame whose sides are not
// multiples of its chroma subsampling (a 720x405 4:2:0 MPEG-2 clip: 'image dimensions must be
// divisible by subsampling factor'). Such a frame loses its last odd column or row first: one
// pixel nobody misses, and cropping only moves pointers, it costs nothing.
export function cropToChroma(v: Pick<VideoStreamInfo, 'codedWidth' | 'codedHeight' | 'chroma'>): string | null {
  const { x, y } = v.chroma;
  if (v.codedWidth % x === 0 && v.codedHeight % y === 0) return null;
  // expressions, not numbers: the decoder's frame size is what counts
  const side = (n: number, dim: 'iw' | 'ih') => (n === 1 ? dim : `trunc(${dim}/${n})*${n}`);
  return `crop=w=${side(x, 'iw')}:h=${side(y, 'ih')}:x=0:y=0`;
}

function transposeFor(rotation: VideoStreamInfo['rotation']): string[] {
  if (rotation === 90) return ['transpose=clock'];
  if (rotation === 270) return ['transpose=cclock'];
  if (rotation === 180) return ['hflip', 'vflip'];
  return [];
}

const ZIMG_MATRIX: Record<ColourIn['matrix'], string> = { bt709: '709', bt601: '170m', bt2020: '2020_ncl' };

// The filter chain. Order matters for speed: drop surplus frames first, then scale while the
// picture is still big, then turn the small picture, then (HDR only) tone-map it, about 3x
// faster than at full size. Scaling is zscale (zimg): its downscaling filter widens with the
// ratio (no aliasing), it runs on several threads, it was cheaper here than swscale's area
// mode, and unlike swscale it really converts BT.601 sources to BT.709. zscale refuses to
// guess colours, so the source's matrix and range are always stated.
export function videoFilterChain(v: VideoStreamInfo, size: { width: number; height: number }, fps: Rational): string {
  const turned = v.rotation === 90 || v.rotation === 270;
  const sw = turned ? size.height : size.width;
  const sh = turned ? size.width : size.height;
  const range = v.fullRange ? 'full' : 'limited';
  const chain = [`fps=${rationalText(fps)}`];
  const crop = cropToChroma(v);
  if (crop) chain.push(crop);
  if (v.hdr) {
    const tin = v.hdr === 'hlg' ? 'arib-std-b67' : 'smpte2084';
    chain.push(
      // resize only, at 16 bits so the 10-bit source keeps its precision
      `zscale=w=${sw}:h=${sh}:f=bilinear`,
      'format=yuv420p16le',
      ...transposeFor(v.rotation),
      `zscale=tin=${tin}:pin=bt2020:min=2020_ncl:rin=${range}:t=linear:npl=100`,
      'format=gbrpf32le',
      'zscale=p=bt709',
      'tonemap=tonemap=hable:desat=0',
      'zscale=t=bt709:m=709:r=limited',
      'format=yuv420p',
    );
  } else {
    const c = colourIn(v);
    chain.push(
      `zscale=w=${sw}:h=${sh}:f=bilinear:min=${ZIMG_MATRIX[c.matrix]}:m=709:rin=${range}:r=limited${v.bitDepth > 8 ? ':d=ordered' : ''}`,
      'format=yuv420p',
      ...transposeFor(v.rotation),
    );
  }
  chain.push('setsar=1');
  return chain.join(',');
}

// The mute icon scales with the video: 8% of the width, a 2.5% margin, top-right corner, where
// the viewer page draws its own overlay.
export function muteIconPlacement(variant: OverlayVariant, width: number): MuteIconPlacement | null {
  if (variant === 'none') return null;
  const size = even(width * 0.08);
  const margin = Math.round(width * 0.025);
  return { variant, size, margin, x: width - size - margin, y: margin };
}

export function bitrateCap(width: number, height: number, fps: Rational): { maxrateKbps: number; bufsizeKbps: number } {
  const raw = (width * height * rationalValue(fps) * X264.capBitsPerPixel) / 1000;
  const maxrateKbps = Math.round(Math.min(X264.maxCapKbps, Math.max(X264.minCapKbps, raw)) / 50) * 50;
  return { maxrateKbps, bufsizeKbps: maxrateKbps * 2 };
}

// AAC-LC stereo: mono sources (voice-overs) need fewer bits for the same quality.
export function audioSettings(a: AudioStreamInfo | null): EncodePlan['audio'] {
  if (!a) return null;
  return {
    bitrateKbps: a.channels <= 1 ? 64 : 96,
    sampleRate: a.sampleRate === 44100 || a.sampleRate === 48000 ? a.sampleRate : 48000,
  };
}

// Threads for a machine with `cpus` cores. Measured here on 2 cores: more decoder frame
// threads than cores keep the decoder busy while ffmpeg's single main thread filters and hands
// frames to x264, and x264 with one frame thread per core (instead of 1.5 per core) competes
// less with decoding; together about 7% faster than ffmpeg's defaults.
export function threadPlan(cpus: number): EncodePlan['threads'] {
  const n = Math.max(1, Math.floor(cpus) || 1);
  return { decoder: Math.min(8, n * 2), x264: Math.min(8, n) };
}

export function planEncode(info: MediaInfo, options: EncodeOptions = {}, cpus = 2): EncodePlan {
  const v = info.video;
  if (!v) throw new Error('planEncode needs a video stream');
  const opts = normaliseOptions(options);
  const size = outputSize(v.displayWidth, v.displayHeight, opts.width);
  const fps = chooseFrameRate(v);
  const trim = options.trim ?? NO_TRIM;
  const durationSecs = trimmedDuration(info.durationSecs, trim);
  return {
    videoStream: v.index,
    audioStream: info.audio?.index ?? null,
    width: size.width,
    height: size.height,
    fps,
    durationSecs,
    container: options.container ?? 'mov',
    trim,
    videoFilter: videoFilterChain(v, size, fps),
    overlay: muteIconPlacement(opts.overlay, size.width),
    x264: {
      preset: X264.preset,
      profile: X264.profile,
      level: X264.level,
      crf: X264.crf,
      params: X264.params,
      ...bitrateCap(size.width, size.height, fps),
    },
    audio: audioSettings(info.audio),
    preview: { seconds: Math.min(PREVIEW.seconds, Math.max(durationSecs, 0.1)), fps: PREVIEW.fps },
    hdr: v.hdr,
    threads: threadPlan(cpus),
  };
}

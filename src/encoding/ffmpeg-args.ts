// Pure: the ffmpeg/ffprobe argument lists. Every decision comes from encode-plan.ts and
// gif-recipe.ts; this file only spells them out, so the lists can be read and tested as data.
import { rationalText, type EncodePlan } from './encode-plan.js';
import type { GifRecipe } from './gif-recipe.js';
import { isTrimmed, type SourceContainer, type Trim } from './recording.js';

// Inputs are passed as file: URLs with only the file protocol allowed, so a name can never be
// read as another protocol, and the MP4/MOV demuxer is forced (the Matroska/WebM one for browser
// recordings): nothing else is accepted.
export const inputUrl = (file: string) => `file:${file}`;
const DEMUXER: Record<SourceContainer, string> = { mov: 'mov', webm: 'matroska' };
const demux = (file: string, container: SourceContainer) => ['-protocol_whitelist', 'file', '-f', DEMUXER[container], '-i', inputUrl(file)];

// The cut is an input option: ffmpeg decodes from the keyframe before the start and drops the
// frames before it (frame-accurate), and timestamps restart at 0, so picture, sound, preview
// and GIF all begin at the cut. Picture and sound passes use the same cut, so they stay in sync.
export function trimArgs(trim: Trim | null | undefined): string[] {
  if (!isTrimmed(trim)) return [];
  const args = trim.start > 0 ? ['-ss', trim.start.toFixed(3)] : [];
  if (trim.end > 0) args.push('-t', (trim.end - trim.start).toFixed(3));
  return args;
}
const SOURCE_INPUT = (file: string, plan: Pick<EncodePlan, 'container' | 'trim'>) => [...trimArgs(plan.trim), ...demux(file, plan.container)];

const COMMON = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
// machine-readable progress on stdout (out_time_us=...), no human progress line on stderr; every
// run reports it, so the adapter can tell a slow run from a stuck one
const PROGRESS = ['-nostats', '-progress', 'pipe:1'];

export function probeArgs(file: string, container: SourceContainer = 'mov'): string[] {
  return ['-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file', '-f', DEMUXER[container], '-show_format', '-show_streams', '-of', 'json', inputUrl(file)];
}

// Every packet of the first video stream, its time and length only (a recording has no
// duration in its header; demuxing without decoding is fast).
export function packetArgs(file: string, container: SourceContainer): string[] {
  return [
    '-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file', '-f', DEMUXER[container],
    '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'json', inputUrl(file),
  ];
}

// Fixed file names inside the job's private temp folder (ffmpeg runs with it as cwd, so no
// path ever needs escaping inside a filter graph).
export const WORK_FILES = {
  icon: 'icon.png',
  video: 'video.mp4',
  audio: 'audio.m4a',
  preview: 'preview.mkv',
  stats: 'frames.txt',
  gif: (attempt: number) => `gif-${attempt}.gif`,
  poster: 'poster.jpg',
  final: 'final.mp4',
  // the email's MP4: final.mp4 without its sound (only when there is sound)
  emailVideo: 'email.mp4',
} as const;

// The one decoding pass: the email MP4's picture and a short lossless preview clip of the opening
// seconds (already scaled, tone-mapped and with the icon), plus per-frame picture statistics
// of that clip. The poster and the GIF are cut from the preview, never from the source again.
export function mainPassArgs(plan: EncodePlan, inputFile: string): string[] {
  const graph: string[] = [`[0:${plan.videoStream}]${plan.videoFilter}[base]`];
  let picture = '[base]';
  if (plan.overlay) {
    graph.push(`[1:v]format=rgba[icon]`, `[base][icon]overlay=x=${plan.overlay.x}:y=${plan.overlay.y}:format=yuv420,format=yuv420p[pic]`);
    picture = '[pic]';
  }
  graph.push(
    `${picture}split=2[mp4][pv]`,
    `[pv]setpts=PTS-STARTPTS,trim=end=${plan.preview.seconds},fps=${plan.preview.fps},signalstats,` +
      `metadata=mode=print:file=${WORK_FILES.stats}[preview]`,
  );
  const args = [...COMMON, ...PROGRESS, '-noautorotate', '-threads', String(plan.threads.decoder), ...SOURCE_INPUT(inputFile, plan)];
  if (plan.overlay) args.push('-i', WORK_FILES.icon);
  args.push('-filter_complex', graph.join(';'));

  const x = plan.x264;
  args.push(
    '-map', '[mp4]',
    '-c:v', 'libx264', '-preset', x.preset, '-profile:v', x.profile, '-level:v', x.level,
    '-crf', String(x.crf), '-maxrate', `${x.maxrateKbps}k`, '-bufsize', `${x.bufsizeKbps}k`,
    '-x264-params', `${x.params}:threads=${plan.threads.x264}`, '-pix_fmt', 'yuv420p',
    '-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-color_range', 'tv',
    '-r', rationalText(plan.fps),
    // no source metadata (phone GPS tags, names) in a file sent to thousands of people
    '-map_metadata', '-1', '-map_chapters', '-1', '-an', '-sn', '-dn',
    '-f', 'mp4', WORK_FILES.video,
    // lossless, and the cheapest lossless encoder here (a third of FFV1's CPU time)
    '-map', '[preview]', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-f', 'matroska', WORK_FILES.preview,
  );
  return args;
}

// The sound, in its own process next to the picture pass: AAC encoding would otherwise run on
// ffmpeg's one main thread, in series with decoding and filtering. Reading the file twice
// costs next to nothing (the picture pass demuxes it anyway, it is in the page cache); both
// runs use the same input timestamps, so picture and sound stay in sync when muxed.
export function audioPassArgs(plan: EncodePlan, inputFile: string): string[] | null {
  if (!plan.audio || plan.audioStream === null) return null;
  return [
    ...COMMON, ...PROGRESS, ...SOURCE_INPUT(inputFile, plan),
    '-map', `0:${plan.audioStream}`, '-vn', '-sn', '-dn',
    // fill gaps and drop overlaps so broken timestamps never desync the sound
    '-af', 'aresample=async=1:first_pts=0',
    // The fast AAC coder: about 0.35 CPU-s less per 30 s; fine for the 96k stereo of email video.
    '-c:a', 'aac', '-aac_coder', 'fast', '-b:a', `${plan.audio.bitrateKbps}k`, '-ac', '2', '-ar', String(plan.audio.sampleRate),
    '-map_metadata', '-1', '-f', 'mp4', WORK_FILES.audio,
  ];
}

export interface GifPassOptions {
  recipe: GifRecipe;
  // frame of the preview clip the GIF starts on, and the preview's width and frame rate
  startFrame: number;
  previewWidth: number;
  previewFps: number;
  output: string;
  // cut the poster in the same run: that frame of the preview, as a JPEG
  poster?: { frame: number; output: string };
}

export function gifFilter(o: GifPassOptions): string {
  const r = o.recipe;
  const frames = r.still ? 1 : Math.max(1, Math.round(r.seconds * o.previewFps));
  const chain = [`trim=start_frame=${o.startFrame}:end_frame=${o.startFrame + frames}`, 'setpts=PTS-STARTPTS'];
  if (!r.still && r.fps < o.previewFps) chain.push(`fps=${r.fps}`);
  if (r.denoise === 1) chain.push('hqdn3d=4:3:6:6');
  if (r.denoise === 2) chain.push('hqdn3d=10:8:15:15');
  if (r.width < o.previewWidth) chain.push(`scale=w=${r.width}:h=-2:flags=area`);
  // dropping the two lowest bits of each channel is invisible after a 256-colour palette, and
  // makes palettegen/paletteuse several times faster on noisy footage (far fewer distinct colours)
  chain.push('format=rgb24', 'lutrgb=r=bitand(val\\,252):g=bitand(val\\,252):b=bitand(val\\,252)');
  const dither = r.dither === 'bayer' ? `dither=bayer:bayer_scale=${r.bayerScale}` : 'dither=none';
  return (
    `${chain.join(',')},split[a][b];[a]palettegen=max_colors=${r.colours}[pal];` +
    `[b][pal]paletteuse=${dither}:diff_mode=rectangle`
  );
}

export function gifPassArgs(o: GifPassOptions): string[] {
  const gif = gifFilter(o);
  const args = [...COMMON, ...PROGRESS, '-i', WORK_FILES.preview];
  if (o.poster) {
    const f = o.poster.frame;
    args.push(
      '-filter_complex',
      `[0:v]split[g][p];[g]${gif}[gif];` +
        `[p]trim=start_frame=${f}:end_frame=${f + 1},scale=out_range=full,format=yuvj420p[poster]`,
      '-map', '[gif]', '-loop', '0', '-f', 'gif', o.output,
      '-map', '[poster]', '-frames:v', '1', '-q:v', '3', '-f', 'image2', '-update', '1', o.poster.output,
    );
  } else {
    args.push('-filter_complex', `[0:v]${gif}[gif]`, '-map', '[gif]', '-loop', '0', '-f', 'gif', o.output);
  }
  return args;
}

// Final remux of picture and sound: moov atom first (+faststart, so playback starts before the
// download ends) and no rotation flag (the frames are already upright; a kept flag would turn
// them again). Stream copy: nothing is encoded again. With sound, a second output in the same
// process: the same picture without the sound, for email, whose video always plays muted (the
// track would be about a quarter of the bytes every Apple Mail open downloads); the web view,
// which plays with sound, keeps final.mp4.
export function finalizeArgs(withAudio: boolean): string[] {
  const pictureOut = ['-c', 'copy', '-metadata:s:v:0', 'rotate=0', '-map_metadata', '-1', '-movflags', '+faststart', '-f', 'mp4'];
  return [
    ...COMMON, ...PROGRESS, '-i', WORK_FILES.video, ...(withAudio ? ['-i', WORK_FILES.audio] : []),
    '-map', '0:v:0', ...(withAudio ? ['-map', '1:a:0'] : []), ...pictureOut, WORK_FILES.final,
    ...(withAudio ? ['-map', '0:v:0', '-an', ...pictureOut, WORK_FILES.emailVideo] : []),
  ];
}

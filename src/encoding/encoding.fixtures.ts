// What the unit tests of the encode plan, the ffmpeg arguments and the frame picks start from: a
// 1080p H.264 MP4 with stereo AAC, as the probe reads it, and one frame's signal statistics.
import type { FrameStats } from './frame-pick.js';
import type { MediaInfo, VideoStreamInfo } from './probe.js';

export const videoStream = (over: Partial<VideoStreamInfo> = {}): VideoStreamInfo => ({
  index: 0,
  codec: 'h264',
  codedWidth: 1920,
  codedHeight: 1080,
  displayWidth: 1920,
  displayHeight: 1080,
  rotation: 0,
  sampleAspect: 1,
  pixelFormat: 'yuv420p',
  bitDepth: 8,
  chroma: { x: 2, y: 2 },
  frameRate: { num: 30, den: 1 },
  avgFrameRate: { num: 30, den: 1 },
  variableFrameRate: false,
  colorPrimaries: 'bt709',
  colorTransfer: 'bt709',
  colorSpace: 'bt709',
  fullRange: false,
  hdr: null,
  ...over,
});

export const mediaInfo = (video: VideoStreamInfo, over: Partial<MediaInfo> = {}): MediaInfo => ({
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  durationSecs: 30,
  sizeBytes: 1,
  video,
  audio: { index: 1, codec: 'aac', channels: 2, sampleRate: 48000 },
  ...over,
});

// A well-lit frame, a tenth of a second apart from the next (10 fps).
export const frameStats = (index: number, over: Partial<FrameStats> = {}): FrameStats => ({
  index,
  time: index / 10,
  yAvg: 110,
  yLow: 40,
  yHigh: 190,
  satAvg: 40,
  yDiff: 2,
  ...over,
});

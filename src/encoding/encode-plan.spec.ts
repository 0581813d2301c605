import {
  audioSettings,
  bitrateCap,
  chooseFrameRate,
  colourIn,
  cropToChroma,
  muteIconPlacement,
  normaliseOptions,
  outputSize,
  planEncode,
  threadPlan,
  videoFilterChain,
} from './encode-plan.js';
import { mediaInfo as info, videoStream as video } from './encoding.fixtures.js';

describe('normaliseOptions', () => {
  it('defaults to 600 px and no overlay, clamps the width to 600-800 and keeps it even', () => {
    expect(normaliseOptions()).toEqual({ width: 600, overlay: 'none' });
    expect(normaliseOptions({ width: 2000 })).toEqual({ width: 800, overlay: 'none' });
    expect(normaliseOptions({ width: 100 }).width).toBe(600);
    expect(normaliseOptions({ width: 701 }).width).toBe(700);
    expect(normaliseOptions({ width: Number.NaN }).width).toBe(600);
    expect(normaliseOptions({ overlay: 'white' }).overlay).toBe('white');
    expect(normaliseOptions({ overlay: 'purple' as never }).overlay).toBe('none');
  });
});

describe('outputSize', () => {
  it('keeps the shape at the snippet width with even sides', () => {
    expect(outputSize(1920, 1080, 600)).toEqual({ width: 600, height: 338 });
    expect(outputSize(641, 359, 600)).toEqual({ width: 600, height: 336 });
    expect(outputSize(1080, 1920, 600)).toEqual({ width: 600, height: 1066 });
    expect(outputSize(3840, 2160, 800)).toEqual({ width: 800, height: 450 });
  });
  it('narrows extremely tall pictures so the height stays within twice the width', () => {
    expect(outputSize(500, 5000, 600)).toEqual({ width: 120, height: 1200 });
  });
  it('never makes a picture too flat to encode', () => {
    expect(outputSize(6000, 100, 600).height).toBe(16);
  });
});

describe('chooseFrameRate', () => {
  const rate = (num: number, den = 1) => ({ num, den });
  it('keeps steady rates up to 30, exactly', () => {
    expect(chooseFrameRate({ frameRate: rate(24000, 1001), avgFrameRate: rate(24000, 1001), variableFrameRate: false })).toEqual(rate(24000, 1001));
    expect(chooseFrameRate({ frameRate: rate(25), avgFrameRate: rate(25), variableFrameRate: false })).toEqual(rate(25));
    expect(chooseFrameRate({ frameRate: rate(30), avgFrameRate: rate(30), variableFrameRate: false })).toEqual(rate(30));
  });
  it('divides faster rates evenly', () => {
    const f = (r: { num: number; den: number }) => chooseFrameRate({ frameRate: r, avgFrameRate: r, variableFrameRate: false });
    expect(f(rate(60))).toEqual(rate(30));
    expect(f(rate(60000, 1001))).toEqual(rate(30000, 1001));
    expect(f(rate(50))).toEqual(rate(25));
    expect(f(rate(120))).toEqual(rate(30));
    expect(f(rate(48))).toEqual(rate(24));
  });
  it('gives uneven sources the nearest standard rate at or above their average', () => {
    expect(chooseFrameRate({ frameRate: rate(60), avgFrameRate: rate(37), variableFrameRate: true })).toEqual(rate(30));
    expect(chooseFrameRate({ frameRate: rate(600), avgFrameRate: rate(2950, 100), variableFrameRate: true })).toEqual(rate(30));
    expect(chooseFrameRate({ frameRate: rate(90000), avgFrameRate: rate(24), variableFrameRate: true })).toEqual(rate(24));
    expect(chooseFrameRate({ frameRate: rate(1000), avgFrameRate: rate(12), variableFrameRate: true })).toEqual(rate(15));
    expect(chooseFrameRate({ frameRate: null, avgFrameRate: null, variableFrameRate: false })).toEqual(rate(30));
  });
});

describe('colourIn', () => {
  it('uses the tagged matrix, else BT.709 for HD and BT.601 for SD', () => {
    expect(colourIn(video({ colorSpace: 'smpte170m' })).matrix).toBe('bt601');
    expect(colourIn(video({ colorSpace: null })).matrix).toBe('bt709');
    expect(colourIn(video({ colorSpace: null, codedWidth: 640, codedHeight: 480 })).matrix).toBe('bt601');
    expect(colourIn(video({ fullRange: true })).fullRange).toBe(true);
  });
});

describe('videoFilterChain', () => {
  it('drops frames, then scales while converting to BT.709 limited range', () => {
    expect(videoFilterChain(video(), { width: 600, height: 338 }, { num: 30, den: 1 })).toBe(
      'fps=30,zscale=w=600:h=338:f=bilinear:min=709:m=709:rin=limited:r=limited,format=yuv420p,setsar=1',
    );
  });
  it('converts BT.601 and full-range sources, and dithers deeper ones down to 8 bits', () => {
    const chain = videoFilterChain(video({ colorSpace: 'smpte170m', fullRange: true, bitDepth: 10 }), { width: 600, height: 338 }, { num: 25, den: 1 });
    expect(chain).toContain('min=170m:m=709:rin=full:r=limited:d=ordered');
  });
  it('scales rotated sources in their coded orientation, then turns the small picture', () => {
    const chain = videoFilterChain(video({ rotation: 90, displayWidth: 1080, displayHeight: 1920 }), { width: 600, height: 1066 }, { num: 30, den: 1 });
    expect(chain).toMatch(/^fps=30,zscale=w=1066:h=600:.*,format=yuv420p,transpose=clock,setsar=1$/);
    expect(videoFilterChain(video({ rotation: 270 }), { width: 600, height: 338 }, { num: 30, den: 1 })).toContain('transpose=cclock');
    expect(videoFilterChain(video({ rotation: 180 }), { width: 600, height: 338 }, { num: 30, den: 1 })).toContain('hflip,vflip');
  });
  it('tone-maps HDR after scaling, stating the source colour so zscale never sees untagged input', () => {
    const chain = videoFilterChain(video({ hdr: 'hlg', bitDepth: 10, colorSpace: null, colorPrimaries: null }), { width: 600, height: 338 }, { num: 30, den: 1 });
    const steps = chain.split(',');
    const resizeAt = steps.findIndex((s) => s.startsWith('zscale=w=600:h=338'));
    const tonemapAt = steps.findIndex((s) => s.startsWith('tonemap='));
    expect(resizeAt).toBeGreaterThan(-1);
    expect(tonemapAt).toBeGreaterThan(resizeAt);
    expect(chain).toContain('zscale=tin=arib-std-b67:pin=bt2020:min=2020_ncl:rin=limited:t=linear');
    expect(chain).toContain('zscale=t=bt709:m=709:r=limited,format=yuv420p');
    expect(videoFilterChain(video({ hdr: 'pq' }), { width: 600, height: 338 }, { num: 30, den: 1 })).toContain('tin=smpte2084');
  });
});

describe('cropToChroma', () => {
  it('leaves frames whose sides fit the chroma subsampling alone', () => {
    expect(cropToChroma(video())).toBeNull();
    expect(cropToChroma(video({ codedWidth: 641, codedHeight: 359, chroma: { x: 1, y: 1 } }))).toBeNull();
    expect(cropToChroma(video({ codedWidth: 640, codedHeight: 361, chroma: { x: 2, y: 1 } }))).toBeNull();
  });

  it('drops the odd last column or row where the pixel format needs even sides', () => {
    expect(cropToChroma(video({ codedWidth: 720, codedHeight: 405 }))).toBe('crop=w=trunc(iw/2)*2:h=trunc(ih/2)*2:x=0:y=0');
    expect(cropToChroma(video({ codedWidth: 721, codedHeight: 405 }))).toBe('crop=w=trunc(iw/2)*2:h=trunc(ih/2)*2:x=0:y=0');
    expect(cropToChroma(video({ codedWidth: 721, codedHeight: 405, chroma: { x: 2, y: 1 } }))).toBe('crop=w=trunc(iw/2)*2:h=ih:x=0:y=0');
    expect(cropToChroma(video({ codedWidth: 722, codedHeight: 480, chroma: { x: 4, y: 1 } }))).toBe('crop=w=trunc(iw/4)*4:h=ih:x=0:y=0');
  });

  it('crops before the first zscale, for SDR and HDR chains alike', () => {
    const sdr = videoFilterChain(video({ codedWidth: 720, codedHeight: 405 }), { width: 600, height: 338 }, { num: 25, den: 1 }).split(',');
    expect(sdr.slice(0, 3).map((f) => f.split('=')[0])).toEqual(['fps', 'crop', 'zscale']);
    const hdr = videoFilterChain(video({ codedWidth: 1081, codedHeight: 1920, hdr: 'hlg', bitDepth: 10 }), { width: 600, height: 1066 }, { num: 30, den: 1 }).split(',');
    expect(hdr.slice(0, 3).map((f) => f.split('=')[0])).toEqual(['fps', 'crop', 'zscale']);
  });
});

describe('muteIconPlacement', () => {
  it('sits in the top-right corner and grows with the width', () => {
    expect(muteIconPlacement('none', 600)).toBeNull();
    const a = muteIconPlacement('black', 600)!;
    expect(a).toEqual({ variant: 'black', size: 48, margin: 15, x: 537, y: 15 });
    const b = muteIconPlacement('white', 800)!;
    expect(b.size).toBeGreaterThan(a.size);
    expect(b.x + b.size + b.margin).toBe(800);
  });
});

describe('bitrate and audio', () => {
  it('caps the bitrate by picture area and rate, within fixed bounds', () => {
    expect(bitrateCap(600, 338, { num: 30, den: 1 })).toEqual({ maxrateKbps: 1200, bufsizeKbps: 2400 });
    expect(bitrateCap(800, 1600, { num: 30, den: 1 }).maxrateKbps).toBe(3000);
    expect(bitrateCap(600, 16, { num: 10, den: 1 }).maxrateKbps).toBe(600);
  });
  it('gives mono fewer bits, keeps 44.1/48 kHz and resamples odd rates', () => {
    expect(audioSettings(null)).toBeNull();
    expect(audioSettings({ index: 1, codec: 'aac', channels: 1, sampleRate: 44100 })).toEqual({ bitrateKbps: 64, sampleRate: 44100 });
    expect(audioSettings({ index: 1, codec: 'pcm_s16le', channels: 6, sampleRate: 96000 })).toEqual({ bitrateKbps: 96, sampleRate: 48000 });
  });
});

describe('threadPlan', () => {
  it('gives the decoder twice the cores and x264 one frame thread per core, within bounds', () => {
    expect(threadPlan(2)).toEqual({ decoder: 4, x264: 2 });
    expect(threadPlan(1)).toEqual({ decoder: 2, x264: 1 });
    expect(threadPlan(32)).toEqual({ decoder: 8, x264: 8 });
    expect(threadPlan(0)).toEqual({ decoder: 2, x264: 1 });
  });
});

describe('planEncode', () => {
  it('puts the decisions together for a 4K 60 fps phone clip with sound', () => {
    const plan = planEncode(info(video({ codedWidth: 3840, codedHeight: 2160, displayWidth: 3840, displayHeight: 2160, frameRate: { num: 60, den: 1 }, avgFrameRate: { num: 60, den: 1 } })), { width: 700, overlay: 'white' });
    expect(plan).toMatchObject({
      width: 700,
      height: 394,
      fps: { num: 30, den: 1 },
      audioStream: 1,
      audio: { bitrateKbps: 96, sampleRate: 48000 },
      overlay: { variant: 'white', x: 700 - 56 - 18, y: 18, size: 56 },
      x264: { profile: 'main', level: '4.0', crf: 25 },
      preview: { seconds: 8, fps: 10 },
    });
  });
  it('keeps the preview within a short clip', () => {
    expect(planEncode(info(video(), { durationSecs: 1.2, audio: null })).preview.seconds).toBe(1.2);
  });
  it('needs a video stream', () => {
    expect(() => planEncode(info(video(), { video: null }))).toThrow();
  });
});

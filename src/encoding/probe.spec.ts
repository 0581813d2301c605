import { bitDepthOf, checkMedia, chromaSubsamplingOf, NOT_A_VIDEO_MESSAGE, parseProbe, parseRational, rotationOf } from './probe.js';

// Shaped like `ffprobe -show_format -show_streams -of json` output of an iPhone HDR portrait clip.
const iphoneHlg = {
  streams: [
    {
      index: 0,
      codec_name: 'hevc',
      codec_type: 'video',
      width: 1920,
      height: 1080,
      sample_aspect_ratio: '1:1',
      pix_fmt: 'yuv420p10le',
      color_range: 'tv',
      color_space: 'bt2020nc',
      color_transfer: 'arib-std-b67',
      color_primaries: 'bt2020',
      r_frame_rate: '30/1',
      avg_frame_rate: '30/1',
      duration: '12.500000',
      side_data_list: [{ side_data_type: 'Display Matrix', displaymatrix: '...', rotation: -90 }],
    },
    { index: 1, codec_name: 'aac', codec_type: 'audio', sample_rate: '44100', channels: 1 },
    { index: 2, codec_name: 'none', codec_type: 'data' },
  ],
  format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.533000', size: '31000000' },
};

describe('parseProbe', () => {
  it('describes an iPhone HDR portrait clip: upright size, rotation, HLG, 10-bit, mono audio', () => {
    const info = parseProbe(iphoneHlg);
    expect(info.video).toMatchObject({
      index: 0,
      codec: 'hevc',
      codedWidth: 1920,
      codedHeight: 1080,
      displayWidth: 1080,
      displayHeight: 1920,
      rotation: 90,
      bitDepth: 10,
      hdr: 'hlg',
      variableFrameRate: false,
      fullRange: false,
    });
    expect(info.audio).toEqual({ index: 1, codec: 'aac', channels: 1, sampleRate: 44100 });
    // the picture's own length, not the container's
    expect(info.durationSecs).toBe(12.5);
    expect(checkMedia(info)).toBeNull();
  });

  it('recognises PQ, variable frame rate, full range and non-square pixels', () => {
    const info = parseProbe({
      streams: [
        {
          index: 0,
          codec_type: 'video',
          codec_name: 'h264',
          width: 720,
          height: 576,
          sample_aspect_ratio: '16:11',
          pix_fmt: 'yuvj420p',
          color_transfer: 'smpte2084',
          r_frame_rate: '60/1',
          avg_frame_rate: '3700/100',
        },
      ],
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '2.0' },
    });
    expect(info.video).toMatchObject({ hdr: 'pq', variableFrameRate: true, fullRange: true, displayWidth: 1047, displayHeight: 576 });
    expect(info.audio).toBeNull();
    expect(info.durationSecs).toBe(2);
  });

  it('skips cover-art pictures and finds the real video stream', () => {
    const info = parseProbe({
      streams: [
        { index: 0, codec_type: 'video', codec_name: 'mjpeg', width: 300, height: 300, pix_fmt: 'yuvj420p', disposition: { attached_pic: 1 } },
        { index: 1, codec_type: 'video', codec_name: 'h264', width: 640, height: 360, pix_fmt: 'yuv420p', r_frame_rate: '25/1', avg_frame_rate: '25/1' },
      ],
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '3' },
    });
    expect(info.video?.index).toBe(1);
  });

  it('survives empty or malformed input', () => {
    expect(parseProbe(null)).toEqual({ formatName: '', durationSecs: 0, sizeBytes: null, video: null, audio: null });
    expect(parseProbe({ streams: 'nope', format: 7 }).video).toBeNull();
  });
});

describe('rotationOf', () => {
  it('reads the display matrix (counter-clockwise) as clockwise quarter turns', () => {
    expect(rotationOf({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] })).toBe(90);
    expect(rotationOf({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 90 }] })).toBe(270);
    expect(rotationOf({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 180 }] })).toBe(180);
    expect(rotationOf({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: -180 }] })).toBe(180);
  });
  it('falls back to the older clockwise rotate tag, and to none', () => {
    expect(rotationOf({ tags: { rotate: '90' } })).toBe(90);
    expect(rotationOf({ tags: { rotate: '270' } })).toBe(270);
    expect(rotationOf({})).toBe(0);
    expect(rotationOf({ side_data_list: [{ side_data_type: 'Spherical Mapping' }] })).toBe(0);
  });
});

describe('small parsers', () => {
  it('parseRational', () => {
    expect(parseRational('30000/1001')).toEqual({ num: 30000, den: 1001 });
    expect(parseRational('16:9')).toEqual({ num: 16, den: 9 });
    expect(parseRational('25')).toEqual({ num: 25, den: 1 });
    expect(parseRational('0/0')).toBeNull();
    expect(parseRational('N/A')).toBeNull();
  });
  it('bitDepthOf', () => {
    expect(bitDepthOf('yuv420p')).toBe(8);
    expect(bitDepthOf('yuv420p10le')).toBe(10);
    expect(bitDepthOf('yuv422p12be')).toBe(12);
    expect(bitDepthOf('p010le')).toBe(10);
    expect(bitDepthOf('nv12')).toBe(8);
    expect(bitDepthOf('yuyv422')).toBe(8);
    expect(bitDepthOf('some_new_format', '10')).toBe(10);
  });
});

describe('checkMedia', () => {
  const ok = parseProbe(iphoneHlg);
  it('refuses files that are not MP4/MOV with the one clear message', () => {
    expect(checkMedia({ ...ok, formatName: 'png_pipe' })).toEqual({ code: 'not-a-video', message: NOT_A_VIDEO_MESSAGE });
  });
  it('refuses an MP4 with no picture', () => {
    expect(checkMedia({ ...ok, video: null })?.code).toBe('no-video-track');
  });
  it('refuses a stream that could not be decoded enough to know its format', () => {
    expect(checkMedia({ ...ok, video: { ...ok.video!, pixelFormat: 'unknown' } })?.code).toBe('not-a-video');
    expect(checkMedia({ ...ok, video: { ...ok.video!, codedWidth: 0 } })?.code).toBe('not-a-video');
    expect(checkMedia({ ...ok, durationSecs: 0 })?.code).toBe('not-a-video');
  });
  it('applies the length and size limits with numbers people understand', () => {
    expect(checkMedia({ ...ok, durationSecs: 601 })).toEqual({
      code: 'too-long',
      message: 'This video is longer than 10 minutes. Please trim it and upload it again.',
    });
    expect(checkMedia({ ...ok, durationSecs: 0.05 })?.code).toBe('too-short');
    expect(checkMedia({ ...ok, video: { ...ok.video!, codedWidth: 10000 } })?.message).toMatch(/10000x1080 pixels.*8192/);
    expect(checkMedia({ ...ok, durationSecs: 600 })).toBeNull();
  });
  it('refuses a picture too small to show, naming its size', () => {
    const tiny = { ...ok, video: { ...ok.video!, codedWidth: 1, codedHeight: 1, displayWidth: 1, displayHeight: 1 } };
    expect(checkMedia(tiny)).toEqual({ code: 'too-small', message: 'This video is 1x1 pixels; it must be at least 16 pixels on each side.' });
    const small = { ...ok, video: { ...ok.video!, codedWidth: 16, codedHeight: 16, displayWidth: 16, displayHeight: 16 } };
    expect(checkMedia(small)).toBeNull();
  });
  it('refuses a strip too narrow to show at email width, either way round', () => {
    const strip = (w: number, h: number) => ({ ...ok, video: { ...ok.video!, codedWidth: w, codedHeight: h, displayWidth: w, displayHeight: h } });
    expect(checkMedia(strip(4000, 400))?.message).toBe(
      'This video is 4000x400 pixels, too narrow a strip to show in an email. Please crop it to at most 8 times wider than high (or higher than wide).',
    );
    expect(checkMedia(strip(100, 801))?.code).toBe('bad-shape');
    expect(checkMedia(strip(3200, 400))).toBeNull();
  });
});

describe('chromaSubsamplingOf', () => {
  it('reads the subsampling from the pixel format name', () => {
    expect(chromaSubsamplingOf('yuv420p')).toEqual({ x: 2, y: 2 });
    expect(chromaSubsamplingOf('yuvj420p')).toEqual({ x: 2, y: 2 });
    expect(chromaSubsamplingOf('yuv420p10le')).toEqual({ x: 2, y: 2 });
    expect(chromaSubsamplingOf('nv12')).toEqual({ x: 2, y: 2 });
    expect(chromaSubsamplingOf('p010le')).toEqual({ x: 2, y: 2 });
    expect(chromaSubsamplingOf('yuv422p10le')).toEqual({ x: 2, y: 1 });
    expect(chromaSubsamplingOf('uyvy422')).toEqual({ x: 2, y: 1 });
    expect(chromaSubsamplingOf('yuv440p')).toEqual({ x: 1, y: 2 });
    expect(chromaSubsamplingOf('yuv411p')).toEqual({ x: 4, y: 1 });
    expect(chromaSubsamplingOf('yuv410p')).toEqual({ x: 4, y: 4 });
    expect(chromaSubsamplingOf('yuv444p12le')).toEqual({ x: 1, y: 1 });
    expect(chromaSubsamplingOf('yuva444p')).toEqual({ x: 1, y: 1 });
    expect(chromaSubsamplingOf('rgb24')).toEqual({ x: 1, y: 1 });
    expect(chromaSubsamplingOf('gbrp10le')).toEqual({ x: 1, y: 1 });
    expect(chromaSubsamplingOf('gray')).toEqual({ x: 1, y: 1 });
  });
  it('counts an unknown format as 4:2:0, the commonest', () => {
    expect(chromaSubsamplingOf('something-new')).toEqual({ x: 2, y: 2 });
  });
});

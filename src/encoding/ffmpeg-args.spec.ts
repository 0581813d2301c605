import { planEncode } from './encode-plan.js';
import { audioPassArgs, finalizeArgs, gifFilter, gifPassArgs, mainPassArgs, probeArgs, WORK_FILES } from './ffmpeg-args.js';
import { gifLadder } from './gif-recipe.js';
import { mediaInfo, videoStream } from './encoding.fixtures.js';

const source = mediaInfo(videoStream({ colorPrimaries: null, colorTransfer: null, colorSpace: null }), { sizeBytes: 1000 });

// value following a flag, for each occurrence
const after = (args: string[], flag: string) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));

describe('probeArgs', () => {
  it('reads only local files and only as MP4/MOV, whatever the name says', () => {
    const args = probeArgs('/uploads/my clip; rm -rf.mov');
    expect(args.slice(-1)).toEqual(['file:/uploads/my clip; rm -rf.mov']);
    expect(after(args, '-protocol_whitelist')).toEqual(['file']);
    expect(after(args, '-f')).toEqual(['mov']);
  });
});

describe('mainPassArgs', () => {
  const args = mainPassArgs(planEncode(source, { overlay: 'black' }), '/in/a.mov');

  it('decodes the source once, as MP4/MOV from a local file, without automatic rotation', () => {
    expect(after(args, '-i')).toEqual(['file:/in/a.mov', WORK_FILES.icon]);
    expect(args).toContain('-noautorotate');
    // threads for the 2-core default: decoder frame threads before the input, x264's in its params
    expect(after(args, '-threads')).toEqual(['4']);
    expect(after(args, '-x264-params')).toEqual(['ref=3:me=dia:subme=1:threads=2']);
    expect(after(args, '-progress')).toEqual(['pipe:1']);
  });

  it('writes the email MP4 picture (x264 Main 4.0, CRF with a VBV cap, BT.709 tags) and the preview clip', () => {
    expect(after(args, '-c:v')).toEqual(['libx264', 'libx264']);
    expect(after(args, '-qp')).toEqual(['0']);
    expect(after(args, '-profile:v')).toEqual(['main']);
    expect(after(args, '-level:v')).toEqual(['4.0']);
    expect(after(args, '-maxrate')).toEqual(['1200k']);
    expect(after(args, '-bufsize')).toEqual(['2400k']);
    expect(after(args, '-colorspace')).toEqual(['bt709']);
    expect(after(args, '-r')).toEqual(['30']);
    expect(after(args, '-map')).toEqual(['[mp4]', '[preview]']);
    expect(args).toContain('-an');
    expect(args).toContain(WORK_FILES.video);
    expect(args).toContain(WORK_FILES.preview);
    // source metadata (GPS position, device names) is not copied
    expect(after(args, '-map_metadata')).toEqual(['-1']);
  });

  it('burns the icon in before splitting, so MP4, poster and GIF all carry it', () => {
    const graph = after(args, '-filter_complex')[0];
    expect(graph).toMatch(/\[base\]\[icon\]overlay=x=537:y=15.*\[pic\];\[pic\]split=2\[mp4\]\[pv\]/);
    expect(graph).toContain(`trim=end=8,fps=10,signalstats,metadata=mode=print:file=${WORK_FILES.stats}[preview]`);
  });

  it('has no icon input when there is no overlay', () => {
    const plain = mainPassArgs(planEncode(source, { overlay: 'none' }), '/in/a.mov');
    expect(after(plain, '-i')).toEqual(['file:/in/a.mov']);
    expect(after(plain, '-filter_complex')[0]).not.toContain('overlay');
  });
});

describe('audioPassArgs', () => {
  it('encodes the chosen sound track to AAC stereo from the same local MP4/MOV input', () => {
    const args = audioPassArgs(planEncode(source), '/in/a.mov')!;
    expect(after(args, '-i')).toEqual(['file:/in/a.mov']);
    expect(after(args, '-f')).toEqual(['mov', 'mp4']);
    expect(after(args, '-map')).toEqual(['0:1']);
    expect(after(args, '-c:a')).toEqual(['aac']);
    expect(after(args, '-b:a')).toEqual(['96k']);
    expect(after(args, '-ac')).toEqual(['2']);
    expect(after(args, '-af')[0]).toContain('aresample=async=1');
    expect(args.slice(-1)).toEqual([WORK_FILES.audio]);
  });
  it('is not run without a sound track', () => {
    expect(audioPassArgs(planEncode({ ...source, audio: null }), '/in/a.mov')).toBeNull();
  });
});

describe('gif pass', () => {
  const ladder = gifLadder(600, 8);
  it('cuts the GIF from the chosen start frame, and the poster in the same run', () => {
    const args = gifPassArgs({
      recipe: ladder[0],
      startFrame: 12,
      previewWidth: 600,
      previewFps: 10,
      output: 'gif-0.gif',
      poster: { frame: 20, output: 'poster.jpg' },
    });
    const graph = after(args, '-filter_complex')[0];
    expect(graph).toContain('trim=start_frame=12:end_frame=62');
    expect(graph).toContain('palettegen=max_colors=256');
    expect(graph).toContain('hqdn3d=4:3:6:6');
    expect(graph).toContain('paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle');
    expect(graph).toContain('[p]trim=start_frame=20:end_frame=21');
    expect(after(args, '-i')).toEqual([WORK_FILES.preview]);
    expect(args.slice(-1)).toEqual(['poster.jpg']);
  });
  it('applies the leaner steps: lower rate, denoise, smaller size, fewer colours, no dither', () => {
    const g = gifFilter({ recipe: ladder[6], startFrame: 0, previewWidth: 600, previewFps: 10, output: 'g.gif' });
    expect(g).toMatch(/trim=start_frame=0:end_frame=30,setpts=PTS-STARTPTS,fps=6,hqdn3d=[^,]+,scale=w=450:h=-2:flags=area/);
    expect(g).toContain('palettegen=max_colors=32');
    expect(g).toContain('paletteuse=dither=none');
  });
  it('makes a one-frame GIF for the still step', () => {
    const still = ladder[ladder.length - 1];
    expect(gifFilter({ recipe: still, startFrame: 7, previewWidth: 600, previewFps: 10, output: 'g.gif' })).toContain('trim=start_frame=7:end_frame=8');
  });
});

describe('finalizeArgs', () => {
  it('muxes picture and sound for the web view, and the picture alone for email, index first, without rotation flag and without re-encoding', () => {
    const args = finalizeArgs(true);
    expect(after(args, '-i')).toEqual([WORK_FILES.video, WORK_FILES.audio]);
    // One process, two outputs: the web view's MP4 with sound, the email's without (its video
    // plays muted: the sound track would be bytes every open downloads for nothing).
    expect(after(args, '-map')).toEqual(['0:v:0', '1:a:0', '0:v:0']);
    expect(after(args, '-c')).toEqual(['copy', 'copy']);
    expect(after(args, '-movflags')).toEqual(['+faststart', '+faststart']);
    expect(after(args, '-metadata:s:v:0')).toEqual(['rotate=0', 'rotate=0']);
    const emailOutput = args.slice(args.indexOf(WORK_FILES.final) + 1);
    expect(emailOutput.slice(-1)).toEqual([WORK_FILES.emailVideo]);
    expect(emailOutput).toContain('-an');
    expect(after(emailOutput, '-map')).toEqual(['0:v:0']);
  });
  it('muxes the picture alone when there is no sound: one MP4 serves email and the web view', () => {
    const args = finalizeArgs(false);
    expect(after(args, '-i')).toEqual([WORK_FILES.video]);
    expect(after(args, '-map')).toEqual(['0:v:0']);
    expect(args.slice(-1)).toEqual([WORK_FILES.final]);
    expect(args).not.toContain(WORK_FILES.emailVideo);
  });
});

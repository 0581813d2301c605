import { parseProbe } from '../encoding/probe.js';
import { posterArgs, posterSeekSecs } from './video-poster.js';

const probe = (stream: Record<string, unknown>, duration = '12.0') =>
  parseProbe({
    format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration },
    streams: [{ index: 0, codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, pix_fmt: 'yuv420p', r_frame_rate: '30/1', avg_frame_rate: '30/1', ...stream }],
  });

describe('upload poster', () => {
  it('seeks a little way in, never past a short clip', () => {
    expect(posterSeekSecs(12)).toBe(1.5);
    expect(posterSeekSecs(2)).toBe(0.8);
    expect(posterSeekSecs(0.1)).toBe(0.04);
    expect(posterSeekSecs(0)).toBe(0);
    expect(posterSeekSecs(Number.NaN)).toBe(0);
  });

  it('cuts one full-range JPEG frame of the video stream, from the file protocol only', () => {
    const args = posterArgs(probe({}), '/tmp/in.upload', '/tmp/out.jpg');
    expect(args).toEqual(expect.arrayContaining(['-frames:v', '1', '-noautorotate', '-protocol_whitelist', 'file']));
    expect(args[args.indexOf('-i') + 1]).toBe('file:/tmp/in.upload');
    expect(args[args.indexOf('-ss') + 1]).toBe('1.5');
    expect(args[args.indexOf('-map') + 1]).toBe('0:0');
    expect(args.at(-1)).toBe('/tmp/out.jpg');
    expect(args[args.indexOf('-vf') + 1]).toMatch(/scale=w=600:h=338.*format=yuvj420p$/);
  });

  it('reads MP4/MOV with the mov demuxer only, a WebM recording with Matroska’s', () => {
    const demuxer = (args: string[]) => args[args.indexOf('-i') - 1];
    expect(demuxer(posterArgs(probe({}), 'in', 'out'))).toBe('mov');
    const webm = { ...probe({ codec_name: 'vp8' }), formatName: 'matroska,webm' };
    expect(demuxer(posterArgs(webm, 'in', 'out'))).toBe('matroska');
  });

  it('turns rotated phone footage upright and tone-maps HDR like the email encode', () => {
    const portrait = posterArgs(probe({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] }), 'in', 'out');
    expect(portrait[portrait.indexOf('-vf') + 1]).toContain('transpose=clock');
    const hdr = posterArgs(probe({ color_transfer: 'arib-std-b67', pix_fmt: 'yuv420p10le' }), 'in', 'out');
    expect(hdr[hdr.indexOf('-vf') + 1]).toContain('tonemap=');
  });

  it('can start from the very beginning', () => {
    const args = posterArgs(probe({}), 'in', 'out', 0);
    expect(args[args.indexOf('-ss') + 1]).toBe('0');
  });
});

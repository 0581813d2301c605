import sharp from 'sharp';
import { ImageAdapter } from '../images/image.adapter.js';
import { muteIconSvg } from './mute-icon.js';

describe('mute icon', () => {
  it('draws a dark glyph on a light backing for black, and the reverse for white', () => {
    expect(muteIconSvg('black', 48)).toMatch(/fill="#ffffff" fill-opacity="0\.72".*fill="#111111"/);
    expect(muteIconSvg('white', 48)).toMatch(/fill="#000000" fill-opacity="0\.5".*fill="#ffffff"/);
  });

  it.each([
    ['black', 48],
    ['white', 64],
  ] as const)('renders a %s PNG of exactly %i px with a transparent outside and a see-through backing', async (variant, size) => {
    const png = await new ImageAdapter().svgToPng(muteIconSvg(variant, size), size);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: size, height: size, channels: 4 });
    const alphaAt = (x: number, y: number) => data[(y * size + x) * 4 + 3];
    // corners are outside the circle
    expect(alphaAt(0, 0)).toBe(0);
    // the backing near the circle's edge is semi-transparent
    const edge = alphaAt(Math.round(size * 0.5), Math.round(size * 0.06));
    expect(edge).toBeGreaterThan(60);
    expect(edge).toBeLessThan(250);
    // the speaker glyph is opaque
    expect(alphaAt(Math.round(size * 0.27), Math.round(size * 0.5))).toBeGreaterThan(240);
  });
});

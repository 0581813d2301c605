// The mute icon burned into the video: a speaker with a cross, on a round semi-transparent
// backing so it reads on any picture. "black" is a dark glyph on a light backing, "white" a
// light glyph on a dark backing. Drawn as SVG at the exact pixel size, so it is crisp at every
// snippet width (no committed bitmaps); the image adapter turns it into the PNG ffmpeg overlays.
export type MuteIconVariant = 'black' | 'white';

const STYLE: Record<MuteIconVariant, { glyph: string; backing: string; opacity: number }> = {
  black: { glyph: '#111111', backing: '#ffffff', opacity: 0.72 },
  white: { glyph: '#ffffff', backing: '#000000', opacity: 0.5 },
};

// Pure: the SVG source for one variant and size.
export function muteIconSvg(variant: MuteIconVariant, size: number): string {
  const s = STYLE[variant];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 48 48">`,
    `<circle cx="24" cy="24" r="23" fill="${s.backing}" fill-opacity="${s.opacity}"/>`,
    `<path d="M10 19.5h6.5L25 12v24l-8.5-7.5H10z" fill="${s.glyph}"/>`,
    `<path d="M29.5 19l9.5 10M39 19l-9.5 10" stroke="${s.glyph}" stroke-width="3.4" stroke-linecap="round"/>`,
    '</svg>',
  ].join('');
}

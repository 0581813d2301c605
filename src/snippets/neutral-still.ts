import { escapeHtml } from './email-escape.js';

// The neutral still a deactivated or deleted EyeMail's GIF and poster answer: a quiet grey card
// of the size the email shows the picture at, saying the video is gone. Pure: the SVG the image
// adapter draws (once per canvas and format: live-media.service.ts keeps them).

export const STILL_TEXT = 'This video is no longer available';

// A 1x1 transparent PNG: a logo, cover or icon the EyeMail no longer shows (the email's width and
// height attributes keep its box).
export const BLANK_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

// The still is drawn on a canvas of one width and the address's shape (its height rounded to 2 px):
// the email's width and height attributes scale it to its box, as they do the GIF. So the stills
// any address can ask for are at most STILL_CANVAS_WIDTH of them per format, each drawn once; sizes
// read from an address (anyone can write one) never set how much drawing the server does.
export const STILL_CANVAS_WIDTH = 600;
export const STILL_CANVAS_MAX_HEIGHT = STILL_CANVAS_WIDTH * 2;

export function stillCanvas(width: number, height: number): { width: number; height: number } {
  const h = 2 * Math.round((STILL_CANVAS_WIDTH * height) / width / 2);
  return { width: STILL_CANVAS_WIDTH, height: Math.min(STILL_CANVAS_MAX_HEIGHT, Math.max(2, h)) };
}

export function neutralStillSvg(width: number, height: number): string {
  // The line fills at most 80 % of the width (about 0.52 em a character in a sans-serif face) and
  // a third of the height.
  const fontSize = Math.max(8, Math.min(Math.floor((width * 0.8) / (STILL_TEXT.length * 0.52)), Math.floor(height / 3)));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="100%" height="100%" fill="#e9ecef"/>`,
    `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" fill="#495057" font-size="${fontSize}" `,
    `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif">${escapeHtml(STILL_TEXT)}</text>`,
    '</svg>',
  ].join('');
}

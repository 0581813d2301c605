import { Injectable } from '@nestjs/common';
import type { Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../shared/upload-limits.js';

// The only place the app meets sharp (libvips). Uploads are decoded with a pixel limit, so a
// small file that claims a gigantic picture (a decompression bomb) is refused from its header
// alone; the encoder rasterises its own SVG mute icon here too.

export class ImageTooManyPixelsError extends Error {
  constructor() {
    super('The image has more pixels than we process');
    this.name = 'ImageTooManyPixelsError';
  }
}

export class ImageUnreadableError extends Error {
  constructor(detail: string) {
    super(`The image could not be decoded: ${detail}`);
    this.name = 'ImageUnreadableError';
  }
}

export type ImageFormat = 'jpeg' | 'png';
// PNG when the picture has transparent parts (a logo's alpha survives), else JPEG.
export type ImageFormatChoice = ImageFormat | 'png-if-transparent';

export interface NormalisedImage {
  format: ImageFormat;
  data: Buffer;
  width: number;
  height: number;
}

export interface GifFacts {
  width: number;
  // one frame's height
  height: number;
  pages: number;
}

// sharp (and libvips with it) is loaded on the first image, not at start-up: the pixel and most
// requests never need it, and loaded it costs the process memory (docs/performance-log.md, memory).
let loaded: Promise<typeof import('sharp')> | null = null;
const sharpModule = async () => (await (loaded ??= import('sharp'))).default;

function mapError(e: unknown): Error {
  const message = e instanceof Error ? e.message : String(e);
  if (/pixel limit/i.test(message)) return new ImageTooManyPixelsError();
  return new ImageUnreadableError(message.slice(0, 200));
}

@Injectable()
export class ImageAdapter {
  // Upright (EXIF orientation applied), at most maxSide on each side, and no metadata at all
  // (camera, GPS, comments, text chunks) in what is mailed to people. JPEG has transparent parts
  // on white; PNG keeps them (and stays lossless: a screenshot's text stays sharp). The format
  // actually written is returned ('png-if-transparent' decides on the picture's own alpha).
  async normalise(inputFile: string, maxSide: number, choice: ImageFormatChoice): Promise<NormalisedImage> {
    const sharp = await sharpModule();
    try {
      const image = sharp(inputFile, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', sequentialRead: true })
        .autoOrient()
        .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
      const format: ImageFormat = choice === 'png-if-transparent' ? ((await image.clone().stats()).isOpaque ? 'jpeg' : 'png') : choice;
      const encoded = format === 'png' ? image.png({ compressionLevel: 9, adaptiveFiltering: true }) : image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { format, data, width: info.width, height: info.height };
    } catch (e) {
      throw mapError(e);
    }
  }

  // A GIF's frame size and count, read from its header; the GIF itself is kept as uploaded.
  async gifFacts(inputFile: string): Promise<GifFacts> {
    let meta: Metadata;
    const sharp = await sharpModule();
    try {
      meta = await sharp(inputFile, { animated: true, limitInputPixels: false }).metadata();
    } catch (e) {
      throw mapError(e);
    }
    if (meta.format !== 'gif' || !meta.width || !meta.height) throw new ImageUnreadableError('not a GIF');
    const pages = meta.pages ?? 1;
    return { width: meta.width, height: meta.pageHeight ?? Math.round(meta.height / pages), pages };
  }

  // An SVG drawn by the app itself (an EyeMail's neutral still) at its own size, as a one-frame
  // GIF or a JPEG.
  async svgToStill(svg: string, format: 'gif' | 'jpeg'): Promise<Buffer> {
    const sharp = await sharpModule();
    const image = sharp(Buffer.from(svg));
    return (format === 'gif' ? image.gif({ colours: 32, effort: 1 }) : image.jpeg({ quality: 80, mozjpeg: true })).toBuffer();
  }

  // An SVG drawn by the app itself (the mute icon) as a PNG with alpha of exactly size x size.
  async svgToPng(svg: string, size: number): Promise<Buffer> {
    const sharp = await sharpModule();
    return sharp(Buffer.from(svg)).resize(size, size).png().toBuffer();
  }
}

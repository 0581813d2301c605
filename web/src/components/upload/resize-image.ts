// Browser-side resize of a photo to fit 600x600 as a JPEG (spec 01 section 5): smaller uploads,
// and the server receives one predictable format. Transparent areas become white, as JPEG has no
// alpha. When the browser cannot decode the file, the original goes up and the server decides.
import { asJpegName, fitWithin } from './upload-rules';

export const RESIZE_MAX = 600;
export const JPEG_QUALITY = 0.9;

export async function resizeImageToJpeg(file: File, max = RESIZE_MAX, quality = JPEG_QUALITY): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    // Honour the camera's EXIF rotation so portraits stay upright.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, max);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) return file;
    return new File([blob], asJpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

import {
  checkContent,
  checkDeclared,
  cleanFileName,
  declaredLengthTooLarge,
  extensionOf,
  gifWithinLimits,
  isFileKind,
  nameWithoutExtension,
  storedImageFormat,
  treatmentFor,
  UPLOAD_MESSAGES,
  UPLOAD_RULES,
  uploadsPerHourPolicy,
} from './upload-rules.js';
import { NOT_A_VIDEO_MESSAGE } from '../encoding/probe.js';

describe('upload rules', () => {
  it('has the limits of the spec for every kind', () => {
    expect(UPLOAD_RULES.video.maxBytes).toBe(314572800);
    expect(UPLOAD_RULES.image.maxBytes).toBe(15728640);
    expect(UPLOAD_RULES.gif.maxBytes).toBe(14 * 1024 * 1024);
    for (const kind of ['logo', 'cover', 'videoIcon', 'profile', 'attachment'] as const) {
      expect(UPLOAD_RULES[kind].maxBytes).toBe(10 * 1024 * 1024);
      expect(UPLOAD_RULES[kind].tooLarge).toBe('Max image size is 10 MB');
    }
    expect(UPLOAD_RULES.video.tooLarge).toBe('Max video size is 300 MB');
    expect(UPLOAD_RULES.image.tooLarge).toBe('Max image size is 15 MB');
    expect(UPLOAD_RULES.gif.tooLarge).toBe('Max GIF size is 14 MB');
  });

  it('knows the kinds and nothing else', () => {
    expect(isFileKind('videoIcon')).toBe(true);
    expect(isFileKind('VIDEO')).toBe(false);
    expect(isFileKind(['video'])).toBe(false);
    expect(isFileKind(undefined)).toBe(false);
  });

  describe('checkDeclared (name and declared type, before any byte is read)', () => {
    it('accepts .mp4 and .mov videos in any case, with their types or an unspecific one', () => {
      expect(checkDeclared('video', 'Launch.MP4', 'video/mp4')).toBeNull();
      expect(checkDeclared('video', 'phone.mov', 'video/quicktime')).toBeNull();
      expect(checkDeclared('video', 'clip.mp4', 'application/octet-stream')).toBeNull();
      expect(checkDeclared('video', 'clip.mp4', '')).toBeNull();
    });

    it('refuses other video extensions and types with the spec message', () => {
      expect(checkDeclared('video', 'clip.avi', 'video/x-msvideo')).toBe('Please upload .mp4 or .mov file only');
      expect(checkDeclared('video', 'clip.webm', 'video/webm')).toBe('Please upload .mp4 or .mov file only');
      expect(checkDeclared('video', 'clip', 'video/mp4')).toBe('Please upload .mp4 or .mov file only');
      expect(checkDeclared('video', 'clip.mp4', 'text/html')).toBe('Please upload .mp4 or .mov file only');
    });

    it('accepts png, jpg and jpeg images, gif only where the spec allows it', () => {
      expect(checkDeclared('logo', 'logo.PNG', 'image/png')).toBeNull();
      expect(checkDeclared('image', 'a.jpeg', 'image/jpeg')).toBeNull();
      expect(checkDeclared('profile', 'me.jpg', 'image/jpg')).toBeNull();
      expect(checkDeclared('cover', 'cover.gif', 'image/gif')).toBeNull();
      expect(checkDeclared('gif', 'anim.gif', 'image/gif')).toBeNull();
      expect(checkDeclared('logo', 'logo.gif', 'image/gif')).toBe('Invalid file type!');
      expect(checkDeclared('videoIcon', 'icon.svg', 'image/svg+xml')).toBe('Invalid file type!');
      expect(checkDeclared('gif', 'still.png', 'image/png')).toBe('Invalid file type!');
      expect(checkDeclared('attachment', 'shot.png', 'text/html')).toBe('Invalid file type!');
    });
  });

  describe('checkContent (magic bytes of what arrived)', () => {
    it('accepts what the kind stores', () => {
      expect(checkContent('video', 'mp4')).toBeNull();
      expect(checkContent('video', 'mov')).toBeNull();
      expect(checkContent('video', 'm4v')).toBeNull();
      expect(checkContent('logo', 'png')).toBeNull();
      expect(checkContent('cover', 'gif')).toBeNull();
    });

    it('refuses renamed files and unknown content', () => {
      // A video's name passed: the content is what is wrong (a PDF renamed x.mp4).
      expect(checkContent('video', 'png')).toBe(NOT_A_VIDEO_MESSAGE);
      expect(checkContent('video', 'm4a')).toBe(NOT_A_VIDEO_MESSAGE);
      expect(checkContent('video', 'pdf')).toBe(NOT_A_VIDEO_MESSAGE);
      expect(checkContent('video', null)).toBe(NOT_A_VIDEO_MESSAGE);
      expect(NOT_A_VIDEO_MESSAGE).not.toBe(UPLOAD_MESSAGES.videoType);
      expect(checkContent('logo', 'gif')).toBe(UPLOAD_MESSAGES.imageType);
      expect(checkContent('image', 'pdf')).toBe(UPLOAD_MESSAGES.imageType);
      expect(checkContent('gif', 'png')).toBe(UPLOAD_MESSAGES.imageType);
    });
  });

  it('keeps GIFs as they are and re-encodes other images', () => {
    expect(treatmentFor('cover', 'gif')).toBe('gif');
    expect(treatmentFor('cover', 'png')).toBe('image');
    expect(treatmentFor('gif', 'gif')).toBe('gif');
    expect(treatmentFor('video', 'mov')).toBe('video');
  });

  it('refuses a declared length that cannot fit, leaving room for the multipart framing', () => {
    expect(declaredLengthTooLarge('video', String(314572800 + 1000))).toBe(false);
    expect(declaredLengthTooLarge('video', String(314572800 + 1024 * 1024))).toBe(true);
    expect(declaredLengthTooLarge('logo', String(11 * 1024 * 1024))).toBe(true);
    expect(declaredLengthTooLarge('logo', undefined)).toBe(false);
    expect(declaredLengthTooLarge('logo', 'lots')).toBe(false);
  });

  it('cleans file names for storage and display', () => {
    expect(cleanFileName('C:\\Users\\ann\\Launch video.mp4')).toBe('Launch video.mp4');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('bad\u0000\u001fname.png')).toBe('badname.png');
    expect(cleanFileName('', 'video')).toBe('video');
    expect(cleanFileName(undefined, 'logo')).toBe('logo');
    const long = cleanFileName(`${'a'.repeat(400)}.mov`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.mov')).toBe(true);
  });

  it('reads extensions and strips them for display', () => {
    expect(extensionOf('a.b.MOV')).toBe('mov');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('noext')).toBe('');
    expect(nameWithoutExtension('summer.sale.mp4')).toBe('summer.sale');
    expect(nameWithoutExtension('README')).toBe('README');
  });

  it('bounds GIF frames by side and by total pixels', () => {
    expect(gifWithinLimits({ width: 800, height: 450, pages: 300 })).toBe(true);
    expect(gifWithinLimits({ width: 5000, height: 10, pages: 1 })).toBe(false);
    expect(gifWithinLimits({ width: 4000, height: 4000, pages: 100 })).toBe(false);
  });
});

describe('uploads per account and hour', () => {
  it('counts per hour and says what the limit is and what to do', () => {
    expect(uploadsPerHourPolicy(100)).toEqual({
      name: 'upload:user',
      limit: 100,
      windowSeconds: 3600,
      message: 'You can upload up to 100 files an hour. Please wait a while before uploading more.',
    });
    expect(uploadsPerHourPolicy(1).message).toBe('You can upload up to 1 file an hour. Please wait a while before uploading more.');
    expect(uploadsPerHourPolicy(2500).message).toContain('2,500 files');
  });
});

describe('storedImageFormat', () => {
  it('keeps a support attachment in the format it was sent, PNG or JPEG', () => {
    expect(storedImageFormat('attachment', 'png')).toBe('png');
    expect(storedImageFormat('attachment', 'jpg')).toBe('jpeg');
  });

  it('keeps a transparent PNG logo a PNG, so its transparency survives (dark mode); a JPEG logo has none to keep', () => {
    expect(storedImageFormat('logo', 'png')).toBe('png-if-transparent');
    expect(storedImageFormat('logo', 'jpg')).toBe('jpeg');
  });

  it('stores every other picture as JPEG, for email', () => {
    for (const kind of ['image', 'cover', 'videoIcon', 'profile'] as const) expect(storedImageFormat(kind, 'png')).toBe('jpeg');
  });
});

import { describe, expect, it } from '@jest/globals';
import { acceptAttribute, asJpegName, checkFile, extensionOf, fitWithin, RULES, shouldResize, UPLOAD_MESSAGES, VIDEO_MAX_BYTES } from './upload-rules';

const mp4 = (size = 2_000_000, name = 'launch.mp4', type = 'video/mp4') => ({ name, size, type });

describe('checkFile for videos', () => {
  it('accepts .mp4 and .mov up to exactly 300 MB', () => {
    expect(checkFile(mp4(VIDEO_MAX_BYTES), RULES.video)).toBeNull();
    expect(checkFile({ name: 'Clip.MOV', size: 10, type: 'video/quicktime' }, RULES.video)).toBeNull();
    // Some systems report no type at all; the extension decides and the server checks content.
    expect(checkFile({ name: 'clip.mp4', size: 10, type: '' }, RULES.video)).toBeNull();
  });
  it('refuses one byte over 300 MB with the size message', () => {
    expect(checkFile(mp4(VIDEO_MAX_BYTES + 1), RULES.video)).toEqual({ message: 'Max video size is 300 MB', invalidType: false });
  });
  it('refuses other extensions, and a video extension with a foreign type, as the wrong type', () => {
    for (const f of [
      { name: 'funny.gif', size: 10, type: 'image/gif' },
      { name: 'clip.avi', size: 10, type: 'video/x-msvideo' },
      { name: 'notes.txt', size: 10, type: 'text/plain' },
      { name: 'mp4', size: 10, type: '' },
      { name: 'clip.mp4', size: 10, type: 'image/png' },
    ]) {
      expect(checkFile(f, RULES.video)).toEqual({ message: 'Please upload .mp4 or .mov file only', invalidType: true });
    }
  });
  it('reports a wrong type before a wrong size', () => {
    expect(checkFile({ name: 'big.avi', size: VIDEO_MAX_BYTES * 2, type: '' }, RULES.video)?.message).toBe(UPLOAD_MESSAGES.videoType);
  });
  it('refuses an empty file', () => {
    expect(checkFile(mp4(0), RULES.video)?.message).toBe('Fail to upload try again');
  });
  it('finds a duplicate by same name and size only', () => {
    const listed = [{ name: 'launch.mp4', size: 2_000_000 }];
    expect(checkFile(mp4(), RULES.video, listed)).toEqual({ message: 'Duplicate file detected', invalidType: false });
    expect(checkFile(mp4(2_000_001), RULES.video, listed)).toBeNull();
    expect(checkFile(mp4(2_000_000, 'launch-2.mp4'), RULES.video, listed)).toBeNull();
  });
});

describe('checkFile for pictures', () => {
  it('takes png, jpg and jpeg for a profile picture, up to 10 MB', () => {
    expect(checkFile({ name: 'me.JPEG', size: 10 * 1024 * 1024, type: 'image/jpeg' }, RULES.profile)).toBeNull();
    expect(checkFile({ name: 'me.png', size: 10 * 1024 * 1024 + 1, type: 'image/png' }, RULES.profile)?.message).toBe('Max image size is 10 MB');
    expect(checkFile({ name: 'me.gif', size: 10, type: 'image/gif' }, RULES.profile)).toEqual({ message: 'Invalid file type!', invalidType: true });
  });
  it('allows gif for covers but not for logos, and keeps the 15 MB and 14 MB limits', () => {
    expect(checkFile({ name: 'c.gif', size: 10, type: 'image/gif' }, RULES.cover)).toBeNull();
    expect(checkFile({ name: 'l.gif', size: 10, type: 'image/gif' }, RULES.logo)?.invalidType).toBe(true);
    expect(checkFile({ name: 'i.jpg', size: 15 * 1024 * 1024 + 1, type: 'image/jpeg' }, RULES.image)?.message).toBe('Max image size is 15 MB');
    expect(checkFile({ name: 'a.gif', size: 14 * 1024 * 1024 + 1, type: 'image/gif' }, RULES.gif)?.message).toBe('Max GIF size is 14 MB');
  });
});

describe('sizes in the help texts', () => {
  it('read as "300 MB", "10 MB"', () => {
    expect(RULES.video.help).toBe('300 MB max upload size');
    expect(RULES.profile.help).toBe('.png, .jpg, .jpeg up to 10 MB');
    expect(RULES.image.help).toBe('.png, .jpg, .jpeg up to 15 MB');
    expect(RULES.gif.help).toBe('.gif up to 14 MB');
    expect(RULES.video.sizeMessage).toBe('Max video size is 300 MB');
  });
});

describe('helpers', () => {
  it('reads extensions case-insensitively and ignores dot-files and trailing dots', () => {
    expect(extensionOf('A.B.MoV')).toBe('.mov');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('name.')).toBe('');
  });
  it('builds the picker accept list', () => {
    expect(acceptAttribute(RULES.video)).toBe('.mp4,.mov,video/mp4,video/quicktime');
  });
  it('resizes non-GIF pictures only, and only when asked', () => {
    expect(shouldResize({ name: 'a.png', size: 1, type: 'image/png' }, true)).toBe(true);
    expect(shouldResize({ name: 'a.gif', size: 1, type: 'image/gif' }, true)).toBe(false);
    expect(shouldResize({ name: 'a.mp4', size: 1, type: 'video/mp4' }, true)).toBe(false);
    expect(shouldResize({ name: 'a.png', size: 1, type: 'image/png' }, false)).toBe(false);
  });
  it('fits a picture inside 600x600 keeping its shape, never enlarging', () => {
    expect(fitWithin(1920, 1080)).toEqual({ width: 600, height: 338 });
    expect(fitWithin(1000, 3000)).toEqual({ width: 200, height: 600 });
    expect(fitWithin(400, 300)).toEqual({ width: 400, height: 300 });
    expect(fitWithin(0, 300)).toEqual({ width: 0, height: 0 });
  });
  it('names a resized picture .jpg', () => {
    expect(asJpegName('Team photo.PNG')).toBe('Team photo.jpg');
    expect(asJpegName('noext')).toBe('noext.jpg');
  });
});

import { describe, expect, it } from '@jest/globals';
import { renamedFileName, VIDEO_NAME_MAX, VIDEO_NAME_MESSAGES, videoNameError } from './video-name.js';

describe('videoNameError', () => {
  it('accepts a name of 1 to 100 characters, judged trimmed', () => {
    expect(videoNameError('a')).toBeNull();
    expect(videoNameError(`  ${'x'.repeat(VIDEO_NAME_MAX)}  `)).toBeNull();
    expect(videoNameError('Spring promo <b>v2</b>')).toBeNull();
  });

  it('refuses an empty, missing, too long or multi-line name', () => {
    expect(videoNameError('   ')).toBe(VIDEO_NAME_MESSAGES.required);
    expect(videoNameError(undefined)).toBe(VIDEO_NAME_MESSAGES.required);
    expect(videoNameError(42)).toBe(VIDEO_NAME_MESSAGES.required);
    expect(videoNameError('x'.repeat(VIDEO_NAME_MAX + 1))).toBe(VIDEO_NAME_MESSAGES.tooLong);
    expect(videoNameError('two\nlines')).toBe(VIDEO_NAME_MESSAGES.control);
  });
});

describe('renamedFileName', () => {
  it('keeps the upload’s extension', () => {
    expect(renamedFileName('IMG_0042.MOV', ' Launch teaser ')).toBe('Launch teaser.MOV');
    expect(renamedFileName('clip.v2.mp4', 'v3.final')).toBe('v3.final.mp4');
    expect(renamedFileName('recording', 'Demo')).toBe('Demo');
  });
});

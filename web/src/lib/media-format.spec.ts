import { describe, expect, it } from '@jest/globals';
import { fileNameWithoutExtension, formatBytes, formatDuration } from './media-format';

describe('media formatting', () => {
  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(314_572_800)).toBe('300 MB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(-1)).toBe('');
  });
  it('drops only the last extension', () => {
    expect(fileNameWithoutExtension('Summer sale.final.mp4')).toBe('Summer sale.final');
    expect(fileNameWithoutExtension('README')).toBe('README');
    expect(fileNameWithoutExtension('.mov')).toBe('.mov');
  });
  it('writes durations as m:ss or h:mm:ss', () => {
    expect(formatDuration(4.2)).toBe('0:04');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('');
  });
});

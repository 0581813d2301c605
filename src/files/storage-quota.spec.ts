import { declaredBytes, formatBytes, quotaMessage, quotaRefusal, roomLeft } from './storage-quota.js';

const MB = 1024 * 1024;

describe('storage quota', () => {
  it('formats sizes as a marketer reads them', () => {
    expect(formatBytes(0)).toBe('0 MB');
    expect(formatBytes(300 * 1024)).toBe('0.3 MB');
    expect(formatBytes(216_267)).toBe('0.2 MB');
    expect(formatBytes(MB)).toBe('1 MB');
    expect(formatBytes(120.7 * MB)).toBe('120 MB');
    expect(formatBytes(5 * 1024 * MB)).toBe('5 GB');
    // Never rounded up to the quota itself.
    expect(formatBytes(5 * 1024 * MB - 1)).toBe('4.9 GB');
  });

  it('refuses an upload that would take stored plus unfinished uploads past the quota', () => {
    const use = { storedBytes: 4 * 1024 * MB, pendingBytes: 600 * MB, quotaBytes: 5 * 1024 * MB };
    expect(quotaRefusal(use, 300 * MB)).toBeNull();
    expect(quotaRefusal(use, 424 * MB)).toBeNull();
    expect(quotaRefusal(use, 424 * MB + 1)).toBe(quotaMessage(use));
    expect(quotaMessage(use)).toBe(
      'Not enough storage for this upload: your videos use 4.5 GB of your 5 GB storage. Delete videos you no longer need to upload more.',
    );
    // At the quota, nothing more (not even an upload of unknown length).
    expect(quotaRefusal({ storedBytes: 5 * MB, pendingBytes: 0, quotaBytes: 5 * MB }, 0)).not.toBeNull();
    expect(quotaRefusal({ storedBytes: 5 * MB - 1, pendingBytes: 0, quotaBytes: 5 * MB }, 0)).toBeNull();
    expect(quotaRefusal({ storedBytes: 5 * MB - 1, pendingBytes: 0, quotaBytes: 5 * MB }, 2)).not.toBeNull();
  });

  it('names the workspace’s quota when that is the one an upload would pass', () => {
    const use = { storedBytes: 900 * MB, pendingBytes: 100 * MB, quotaBytes: 1024 * MB };
    expect(quotaRefusal(use, 24 * MB, 'workspace')).toBeNull();
    expect(quotaRefusal(use, 24 * MB + 1, 'workspace')).toBe(
      'Not enough storage for this upload: this workspace’s videos use 1000 MB of its 1 GB storage. Delete videos it no longer needs to upload more.',
    );
    expect(roomLeft(use)).toBe(24 * MB);
  });

  it('reads a declared length, 0 when there is none', () => {
    expect(declaredBytes('1234')).toBe(1234);
    expect(declaredBytes(undefined)).toBe(0);
    expect(declaredBytes('12x')).toBe(0);
    expect(declaredBytes(['5', '6'])).toBe(5);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { FileView } from '@shared/api-types';
import { canAddMore, rowStatusText, uploadReducer, type UploadRow } from './upload-state';

const view = { fileId: 'f1', fileName: 'a.mp4', url: 'http://x/a.mp4' } as FileView;

function start(): UploadRow[] {
  return uploadReducer([], { type: 'add', key: 'k', name: 'a.mp4', size: 100 });
}

describe('uploadReducer', () => {
  it('starts a file at 0% uploading', () => {
    expect(start()).toEqual([{ key: 'k', name: 'a.mp4', size: 100, status: 'uploading', percent: 0, error: null, file: null }]);
  });
  it('keeps whole percentages that never go back', () => {
    let rows = uploadReducer(start(), { type: 'progress', key: 'k', percent: 41.9 });
    expect(rows[0]!.percent).toBe(41);
    rows = uploadReducer(rows, { type: 'progress', key: 'k', percent: 12 });
    expect(rows[0]!.percent).toBe(41);
    rows = uploadReducer(rows, { type: 'progress', key: 'k', percent: 250 });
    expect(rows[0]!.percent).toBe(100);
  });
  it('ends uploaded with the server file, or failed with a message, and can retry a failure', () => {
    const done = uploadReducer(start(), { type: 'uploaded', key: 'k', file: view });
    expect(done[0]).toMatchObject({ status: 'uploaded', percent: 100, file: view });
    const failed = uploadReducer(start(), { type: 'failed', key: 'k', message: 'Please upload .mp4 or .mov file only' });
    expect(failed[0]).toMatchObject({ status: 'failed', error: 'Please upload .mp4 or .mov file only' });
    expect(uploadReducer(failed, { type: 'retry', key: 'k' })[0]).toMatchObject({ status: 'uploading', percent: 0, error: null });
  });
  it('ignores late news about a removed or finished file', () => {
    const removed = uploadReducer(start(), { type: 'remove', key: 'k' });
    expect(removed).toEqual([]);
    expect(uploadReducer(removed, { type: 'uploaded', key: 'k', file: view })).toEqual([]);
    const done = uploadReducer(start(), { type: 'uploaded', key: 'k', file: view });
    expect(uploadReducer(done, { type: 'failed', key: 'k', message: 'x' })[0]!.status).toBe('uploaded');
    expect(uploadReducer(done, { type: 'progress', key: 'k', percent: 3 })[0]!.percent).toBe(100);
  });
});

describe('canAddMore', () => {
  it('rests the dropzone at maxFiles and wakes it when one is removed', () => {
    const one = start();
    expect(canAddMore([], 1)).toBe(true);
    expect(canAddMore(one, 1)).toBe(false);
    expect(canAddMore(one, 3)).toBe(true);
    expect(canAddMore(uploadReducer(one, { type: 'remove', key: 'k' }), 1)).toBe(true);
  });
});

describe('rowStatusText', () => {
  it('says what the row is doing', () => {
    const rows = uploadReducer(start(), { type: 'progress', key: 'k', percent: 57 });
    expect(rowStatusText(rows[0]!)).toBe('Uploading…');
    expect(rowStatusText(uploadReducer(rows, { type: 'progress', key: 'k', percent: 100 })[0]!)).toBe('Processing…');
    expect(rowStatusText(uploadReducer(rows, { type: 'failed', key: 'k', message: '' })[0]!)).toBe('Fail to upload try again');
  });
});

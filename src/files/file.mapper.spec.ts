import { toFileView, toListItem } from './file.mapper.js';

const row = {
  id: '6c9f2f4e-8c1a-4c59-9a53-1b1f0e7f3a10',
  kind: 'video' as const,
  fileName: 'Summer sale.final.mov',
  contentType: 'video/quicktime',
  size: 1234567,
  width: 1080,
  height: 1920,
  durationSecs: 12.345678,
  createdAt: new Date('2025-03-04T05:06:07.890Z'),
};

describe('file mapper', () => {
  it('maps a stored file to the view of the API contract', () => {
    expect(toFileView(row, 'https://x.test/media/f/a.mov')).toEqual({
      fileId: row.id,
      fileName: 'Summer sale.final.mov',
      fileType: 'video',
      contentType: 'video/quicktime',
      size: 1234567,
      url: 'https://x.test/media/f/a.mov',
      width: 1080,
      height: 1920,
      durationSecs: 12.346,
      dateUploadedUTC: '2025-03-04T05:06:07.890Z',
    });
  });

  it('reads sizes that arrive as strings (bigint) and missing facts as null', () => {
    const view = toFileView({ ...row, kind: 'logo', size: '42' as unknown as number, width: undefined, height: null, durationSecs: null }, 'u');
    expect(view).toMatchObject({ size: 42, width: null, height: null, durationSecs: null, fileType: 'logo' });
  });

  it('lists a file with its thumbnail and its name without the extension', () => {
    const item = toListItem(toFileView(row, 'u'), 'https://x.test/media/f/p.jpg');
    expect(item.fileName).toBe('Summer sale.final');
    expect(item.dateUploadedUTC).toBe('2025-03-04T05:06:07.890Z');
    expect(item.file.thumbnailUrl).toBe('https://x.test/media/f/p.jpg');
    expect(item.file.fileName).toBe('Summer sale.final.mov');
  });
});

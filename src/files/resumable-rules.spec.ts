import { checkCreation, contentAllowed, parseUploadMetadata, storedVideoExtension, uploadIdOfAddress } from './resumable-rules.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const meta = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

describe('resumable upload rules', () => {
  it('parses tus Upload-Metadata, refusing what is not in its form', () => {
    expect(parseUploadMetadata(`filename ${b64('my clip.mp4')},flag`)).toEqual({ filename: 'my clip.mp4', flag: '' });
    expect(parseUploadMetadata(null)).toEqual({});
    expect(parseUploadMetadata('a b c')).toBeNull();
    expect(parseUploadMetadata(`a ${b64('x')},a ${b64('y')}`)).toBeNull();
    expect(parseUploadMetadata('a !!!')).toBeNull();
  });

  const file = { type: 'video', filename: 'launch.mov', filetype: 'video/quicktime' };

  it('takes a file of .mp4/.mov with its length, up to 300 MB', () => {
    expect(checkCreation({ metadata: meta(file), uploadLength: '1000', deferLength: null })).toEqual({
      ok: { source: 'file', fileName: 'launch.mov', fileType: 'video/quicktime', length: 1000 },
    });
    expect(checkCreation({ metadata: meta(file), uploadLength: '314572801', deferLength: null })).toEqual({
      refused: { code: 'too_large', message: 'Max video size is 300 MB' },
    });
    expect(checkCreation({ metadata: meta(file), uploadLength: null, deferLength: '1' })).toMatchObject({ refused: { code: 'invalid' } });
    expect(checkCreation({ metadata: meta({ ...file, filename: 'a.webm', filetype: 'video/webm' }), uploadLength: '10', deferLength: null })).toEqual({
      refused: { code: 'unsupported_type', message: 'Please upload .mp4 or .mov file only' },
    });
    expect(checkCreation({ metadata: meta({ ...file, type: 'image' }), uploadLength: '10', deferLength: null })).toMatchObject({ refused: { code: 'invalid' } });
    expect(checkCreation({ metadata: meta({ ...file, source: 'camera' }), uploadLength: '10', deferLength: null })).toMatchObject({ refused: { code: 'invalid' } });
  });

  it('lets a recording be WebM (VP8/VP9 + Opus) or MP4 and defer its length', () => {
    const rec = { type: 'video', filename: 'Recording.webm', filetype: 'video/webm;codecs="vp9,opus"', source: 'recorder' };
    expect(checkCreation({ metadata: meta(rec), uploadLength: null, deferLength: '1' })).toMatchObject({ ok: { source: 'recorder', length: null } });
    expect(checkCreation({ metadata: meta({ ...rec, filetype: 'video/mp4;codecs=avc1.42E01E,mp4a.40.2' }), uploadLength: '5', deferLength: null })).toMatchObject({ ok: {} });
    expect(checkCreation({ metadata: meta({ ...rec, filetype: 'video/webm;codecs=av1' }), uploadLength: null, deferLength: '1' })).toMatchObject({ refused: { code: 'unsupported_type' } });
    expect(checkCreation({ metadata: meta({ ...rec, filetype: 'video/x-matroska' }), uploadLength: null, deferLength: '1' })).toMatchObject({ refused: { code: 'unsupported_type' } });
  });

  it('checks the received content per source', () => {
    expect(contentAllowed('file', 'mp4')).toBe(true);
    expect(contentAllowed('file', 'webm')).toBe(false);
    expect(contentAllowed('recorder', 'webm')).toBe(true);
    expect(contentAllowed('recorder', 'png')).toBe(false);
    expect(contentAllowed('recorder', null)).toBe(false);
    expect(storedVideoExtension('webm')).toBe('webm');
    expect(storedVideoExtension('m4v')).toBe('mp4');
  });

  it('takes an upload id only from the plain address', () => {
    const base = '/api/files/uploads';
    const own = 'a'.repeat(32);
    const other = 'b'.repeat(32);
    expect(uploadIdOfAddress(`${base}/${own}`, base)).toEqual({ id: own });
    // What @tus/server alone would have read as the other id.
    expect(uploadIdOfAddress(`${base}/${own}?/${other}`, base)).toEqual({ refused: 'query' });
    expect(uploadIdOfAddress(`${base}/${own}?x=1`, base)).toEqual({ refused: 'query' });
    expect(uploadIdOfAddress(`${base}/${own}%2F${other}`, base)).toEqual({ refused: 'unknown' });
    expect(uploadIdOfAddress(`${base}/${own}/${other}`, base)).toEqual({ refused: 'unknown' });
    expect(uploadIdOfAddress(`${base}/${own.toUpperCase()}`, base)).toEqual({ refused: 'unknown' });
    expect(uploadIdOfAddress(`${base}/${own}/`, base)).toEqual({ refused: 'unknown' });
    expect(uploadIdOfAddress(`/api/files/other/${own}`, base)).toEqual({ refused: 'unknown' });
  });
});

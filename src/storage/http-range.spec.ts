import { contentRange, etagFor, isNotModified, parseRangeHeader, rangeStillValid } from './http-range.js';

describe('parseRangeHeader', () => {
  const size = 1000;
  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, 999],
    ['bytes=-50', 950, 999],
    ['bytes=-1000', 0, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=990-5000', 990, 999],
    ['bytes=0-0', 0, 0],
    ['bytes=999-', 999, 999],
    ['Bytes = 10 - 20', 10, 20],
  ])('%s is the partial range %i-%i', (header, start, end) => {
    expect(parseRangeHeader(header, size)).toEqual({ type: 'partial', start, end });
  });

  it.each([
    ['no header', undefined],
    ['several ranges', 'bytes=0-1,5-6'],
    ['trailing comma', 'bytes=0-1,'],
    ['another unit', 'items=0-9'],
    ['no dash', 'bytes=10'],
    ['letters', 'bytes=a-b'],
    ['reversed', 'bytes=20-10'],
    ['negative start', 'bytes=--5'],
    ['empty', 'bytes='],
    ['only a dash', 'bytes=-'],
    ['fraction', 'bytes=1.5-2'],
    ['beyond safe integers', 'bytes=0-99999999999999999999'],
  ])('%s means the whole file', (_why, header) => {
    expect(parseRangeHeader(header, size)).toEqual({ type: 'full' });
  });

  it.each([
    ['a start at the end', 'bytes=1000-'],
    ['a start past the end', 'bytes=5000-6000'],
    ['a zero-length suffix', 'bytes=-0'],
  ])('%s is unsatisfiable', (_why, header) => {
    expect(parseRangeHeader(header, size)).toEqual({ type: 'unsatisfiable' });
  });

  it('finds nothing satisfiable in an empty file', () => {
    expect(parseRangeHeader('bytes=0-', 0)).toEqual({ type: 'unsatisfiable' });
    expect(parseRangeHeader('bytes=-10', 0)).toEqual({ type: 'unsatisfiable' });
  });

  it('writes Content-Range for partial and unsatisfiable answers only', () => {
    expect(contentRange({ type: 'partial', start: 0, end: 99 }, 1000)).toBe('bytes 0-99/1000');
    expect(contentRange({ type: 'unsatisfiable' }, 1000)).toBe('bytes */1000');
    expect(contentRange({ type: 'full' }, 1000)).toBeNull();
  });
});

describe('conditional requests', () => {
  const modified = new Date('2026-03-01T10:00:00.750Z');
  const current = { etag: etagFor(1000, modified), lastModified: modified };

  it('derives a strong ETag that changes with size and time', () => {
    expect(current.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(etagFor(1001, modified)).not.toBe(current.etag);
    expect(etagFor(1000, new Date(modified.getTime() + 1))).not.toBe(current.etag);
  });

  it('treats a matching If-None-Match (any in a list, weak or *) as not modified', () => {
    expect(isNotModified({ ifNoneMatch: current.etag }, current)).toBe(true);
    expect(isNotModified({ ifNoneMatch: `"a", ${current.etag}` }, current)).toBe(true);
    expect(isNotModified({ ifNoneMatch: `W/${current.etag}` }, current)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '*' }, current)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"other"' }, current)).toBe(false);
  });

  it('lets If-None-Match win over If-Modified-Since', () => {
    expect(isNotModified({ ifNoneMatch: '"other"', ifModifiedSince: 'Tue, 01 Jan 2030 00:00:00 GMT' }, current)).toBe(false);
  });

  it('compares If-Modified-Since at one-second precision', () => {
    expect(isNotModified({ ifModifiedSince: modified.toUTCString() }, current)).toBe(true);
    expect(isNotModified({ ifModifiedSince: 'Sun, 01 Mar 2026 09:59:59 GMT' }, current)).toBe(false);
    expect(isNotModified({ ifModifiedSince: 'not a date' }, current)).toBe(false);
    expect(isNotModified({}, current)).toBe(false);
  });

  it('keeps a range only when If-Range names the same object', () => {
    expect(rangeStillValid(undefined, current)).toBe(true);
    expect(rangeStillValid(current.etag, current)).toBe(true);
    expect(rangeStillValid('"other"', current)).toBe(false);
    expect(rangeStillValid(`W/${current.etag}`, current)).toBe(false);
    expect(rangeStillValid(modified.toUTCString(), current)).toBe(true);
    expect(rangeStillValid('Sun, 01 Mar 2026 09:00:00 GMT', current)).toBe(false);
  });
});

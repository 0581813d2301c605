import { MAX_SEGMENTS_PER_PLAY, MAX_VIDEO_SECONDS } from '../shared/metrics/watch-ranges.js';
import { MAX_SEGMENTS_PER_REPORT, parsePlayRangesReport, PLAY_RANGES_MESSAGES as M } from './play-ranges-report.js';
import { PLAY_BODY_MAX_BYTES } from './play-report.js';

const PLAY = '9b2e4c1a-0f3d-4e5b-8a6c-7d8e9f0a1b2c';
const SNIPPET = '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f';
const body = (o: unknown) => Buffer.from(JSON.stringify(o));
const report = (extra: Record<string, unknown> = {}) => body({ playId: PLAY, snippetId: SNIPPET, segments: [[0, 0, 4.25]], ...extra });

describe('parsePlayRangesReport', () => {
  it('reads what the viewer sends', () => {
    expect(parsePlayRangesReport(body({ playId: PLAY.toUpperCase(), snippetId: SNIPPET, receiver: '"ann@example.com"', length: 30.04, soundOn: true, segments: [[0, 0, 4.25], [1, 2, 3]] }))).toEqual({
      ok: true,
      report: {
        playId: PLAY,
        snippetId: SNIPPET,
        receiver: 'ann@example.com',
        unfilledTag: false,
        reportedLengthSecs: 30.04,
        soundOn: true,
        segments: [
          { id: 0, start: 0, end: 4.25 },
          { id: 1, start: 2, end: 3 },
        ],
      },
    });
  });

  it('takes no receiver, no length, no sound and no segments (a report of the sound alone)', () => {
    expect(parsePlayRangesReport(body({ playId: PLAY, snippetId: SNIPPET }))).toEqual({
      ok: true,
      report: { playId: PLAY, snippetId: SNIPPET, receiver: null, unfilledTag: false, reportedLengthSecs: null, soundOn: false, segments: [] },
    });
  });

  it('marks a receiver left as an unfilled merge tag (the web view of a test send hands it on) as a test, with no receiver', () => {
    for (const receiver of ['*|EMAIL|*', '{{contact.email}}', '%recipient.email%']) {
      const r = parsePlayRangesReport(body({ playId: PLAY, snippetId: SNIPPET, receiver }));
      expect(r.ok && [r.report.receiver, r.report.unfilledTag]).toEqual([null, true]);
    }
  });

  it('believes a browser\'s length up to a bound', () => {
    const r = parsePlayRangesReport(report({ length: 1e9 }));
    expect(r.ok && r.report.reportedLengthSecs).toBe(MAX_VIDEO_SECONDS);
  });

  it.each([
    ['nothing', undefined, M.empty],
    ['not JSON', Buffer.from('playId=1'), M.notJson],
    ['a JSON array', body([[0, 0, 1]]), M.notJson],
    ['a body over 4 KB', report({ receiver: 'x'.repeat(PLAY_BODY_MAX_BYTES) }), M.tooLarge],
    ['no playId', body({ snippetId: SNIPPET, segments: [] }), M.playId],
    ['a playId that is no GUID', report({ playId: 42 }), M.playId],
    ['no snippetId', body({ playId: PLAY, segments: [] }), M.snippetId],
    ['segments that are no list', report({ segments: '0-4' }), M.segments],
    ['a segment of two numbers', report({ segments: [[0, 4]] }), M.segments],
    ['a segment with text in it', report({ segments: [[0, '0', 4]] }), M.segments],
    ['a segment with a huge number', report({ segments: [[0, 0, 1e400]] }), M.segments],
    ['thousands of segments', report({ segments: Array.from({ length: 1000 }, (_, i) => [i % 200, i, i + 1]) }), M.tooLarge],
    ['more segments than a report carries', report({ segments: Array.from({ length: MAX_SEGMENTS_PER_REPORT + 1 }, (_, i) => [i, 0, 1]) }), M.tooMany],
    ['a segment number past the bound', report({ segments: [[MAX_SEGMENTS_PER_PLAY, 0, 1]] }), M.segmentId],
    ['a fractional segment number', report({ segments: [[0.5, 0, 1]] }), M.segmentId],
    ['a negative start', report({ segments: [[0, -5, 1]] }), M.negative],
    ['a segment ending before it starts', report({ segments: [[0, 5, 1]] }), M.backwards],
    ['a negative length', report({ length: -1 }), M.length],
    ['a length in words', report({ length: 'long' }), M.length],
    ['soundOn as text', report({ soundOn: 'yes' }), M.soundOn],
  ])('refuses %s', (_what, raw, message) => {
    expect(parsePlayRangesReport(raw)).toMatchObject({ ok: false, message });
  });
});

import { cappedDuration, parsePlayReport, PLAY_BODY_MAX_BYTES, PLAY_REPORT_MESSAGES as M } from './play-report.js';

const ID = '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f';
const body = (o: unknown) => Buffer.from(JSON.stringify(o));

describe('parsePlayReport', () => {
  it('reads what the viewer sends', () => {
    expect(parsePlayReport(body({ DurationSecs: 12.5, SnippetId: ID.toUpperCase(), TotalPlayTimeVideo: 30.04, Receiver: 'ann@example.com' }))).toEqual({
      ok: true,
      report: { snippetId: ID, durationSecs: 12.5, reportedLengthSecs: 30.04, receiver: 'ann@example.com', playId: null, unfilledTag: false },
    });
  });

  it('marks a receiver left as an unfilled merge tag as a test, with no receiver; an empty one is no test', () => {
    const r = parsePlayReport(body({ DurationSecs: 4, SnippetId: ID, Receiver: '*|EMAIL|*' }));
    expect(r.ok && [r.report.receiver, r.report.unfilledTag]).toEqual([null, true]);
    const none = parsePlayReport(body({ DurationSecs: 4, SnippetId: ID, Receiver: '' }));
    expect(none.ok && [none.report.receiver, none.report.unfilledTag]).toEqual([null, false]);
  });

  it('takes numbers sent as strings, other casings of the names, and no receiver', () => {
    const r = parsePlayReport(body({ durationSecs: '3', snippetId: ID, totalPlayTimeVideo: 0, receiver: '' }));
    expect(r).toEqual({ ok: true, report: { snippetId: ID, durationSecs: 3, reportedLengthSecs: null, receiver: null, playId: null, unfilledTag: false } });
  });

  it('names the viewer\'s play when the report carries its id, and leaves out one that is no GUID', () => {
    const play = '9b2e4c1a-0f3d-4e5b-8a6c-7d8e9f0a1b2c';
    expect(parsePlayReport(body({ DurationSecs: 3, SnippetId: ID, PlayId: play.toUpperCase() }))).toMatchObject({ ok: true, report: { playId: play } });
    expect(parsePlayReport(body({ DurationSecs: 3, SnippetId: ID, PlayId: 'x' }))).toMatchObject({ ok: true, report: { playId: null } });
  });

  it('an unfilled merge tag is no receiver', () => {
    const r = parsePlayReport(body({ DurationSecs: 1, SnippetId: ID, Receiver: '*|EMAIL|*' }));
    expect(r.ok && r.report.receiver).toBeNull();
  });

  it.each([
    ['nothing', undefined, M.empty],
    ['an empty body', Buffer.from('  '), M.empty],
    ['not JSON', Buffer.from('DurationSecs=3'), M.notJson],
    ['a JSON array', body([1, 2]), M.notJson],
    ['a JSON string', body('x'), M.notJson],
    ['JSON null', body(null), M.notJson],
    ['a body over 4 KB', body({ DurationSecs: 1, SnippetId: ID, Receiver: 'x'.repeat(PLAY_BODY_MAX_BYTES) }), M.tooLarge],
    ['no SnippetId', body({ DurationSecs: 1 }), M.snippetId],
    ['a SnippetId that is no GUID', body({ DurationSecs: 1, SnippetId: '12345' }), M.snippetId],
    ['no DurationSecs', body({ SnippetId: ID }), M.duration],
    ['a word for DurationSecs', body({ DurationSecs: 'ten', SnippetId: ID }), M.duration],
    ['a boolean for DurationSecs', body({ DurationSecs: true, SnippetId: ID }), M.duration],
    ['a negative DurationSecs', body({ DurationSecs: -1, SnippetId: ID }), M.negative],
    ['a negative DurationSecs as text', body({ DurationSecs: '-2.5', SnippetId: ID }), M.negative],
  ])('refuses %s', (_what, raw, message) => {
    expect(parsePlayReport(raw)).toMatchObject({ ok: false, message });
  });
});

describe('cappedDuration', () => {
  it("is capped at the server's video length, else the browser's, else left as sent", () => {
    expect(cappedDuration(50, 30, 60)).toBe(30);
    expect(cappedDuration(20, 30, 10)).toBe(20);
    expect(cappedDuration(50, null, 45)).toBe(45);
    expect(cappedDuration(50, null, null)).toBe(50);
  });
});

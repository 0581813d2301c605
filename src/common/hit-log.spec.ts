import { HitLog, hitSummary } from './hit-log.js';

describe('hitSummary', () => {
  it('sums up each route by outcome, with the slowest hit', () => {
    const counts = new Map([
      ['open', new Map([['stored', 12345], ['unknown snippet', 2]])],
      ['click', new Map([['stored', 1]])],
    ] as const);
    expect(hitSummary({ counts: counts as never, slowestMs: 12.34 }, 10)).toBe(
      'Public hits in the last 10 s: 12,347 opens (12,345 stored, 2 unknown snippet); 1 click (1 stored); slowest answered in 12.3 ms',
    );
  });

  it('says nothing when nothing arrived', () => {
    expect(hitSummary({ counts: new Map(), slowestMs: 0 }, 10)).toBeNull();
  });
});

describe('HitLog', () => {
  it('writes one summary line per interval (the time since the last one when flushed early) and, at debug, a line per hit without its query string', () => {
    const lines: string[] = [];
    const debug: string[] = [];
    const log = new HitLog({ log: (l) => lines.push(l), debug: (l) => debug.push(l) }, 60);
    log.hit('viewer', 'shown', performance.now(), 'GET', '/live/abc', 200);
    log.hit('viewer', 'not found', performance.now(), 'GET', '/live/def', 404);
    log.stop();
    log.flush();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Public hits in the last 1 s: 2 viewer pages \(1 shown, 1 not found\); slowest answered in \d+\.\d ms$/);
    expect(debug[0]).toMatch(/^GET \/live\/abc 200 viewer page shown in \d+\.\d ms$/);
  });
});

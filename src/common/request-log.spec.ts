import { hitSummary } from './hit-log.js';
import { logsHeaders, pathOf, requestForLog, responseForLog, summarisedRoute } from './request-log.js';

describe('the request log', () => {
  const req = { id: 7, method: 'GET', url: '/api/x?key=[REDACTED]', query: { key: '[REDACTED]' }, headers: { 'user-agent': 'UA' }, remoteAddress: '203.0.113.5' };

  it('writes method, URL and id at info; everything (redacted upstream) at debug and trace', () => {
    expect(requestForLog(req, false)).toEqual({ id: 7, method: 'GET', url: '/api/x?key=[REDACTED]' });
    expect(requestForLog(req, true)).toBe(req);
    expect(responseForLog({ statusCode: 200, headers: { 'set-cookie': 'x' } }, false)).toEqual({ statusCode: 200 });
    expect([logsHeaders('info'), logsHeaders('warn'), logsHeaders('debug'), logsHeaders('trace')]).toEqual([false, false, true, true]);
  });

  it.each([
    ['/media/videos/a/b.mp4', 'media'],
    ['/m/0b1c/video.mp4', 'media'],
    ['/api/reports/updateduration', 'play'],
    ['/api/reports/updateduration/ranges', 'play'],
    ['/api/reports/abc/summary', null],
    ['/api/notifications', null],
    ['/mine/x', null],
  ])('%s is summed up as %p', (path, route) => {
    expect(summarisedRoute(path)).toBe(route);
  });

  it('reads the path without the query string', () => {
    expect(pathOf('/m/a/b.gif?v=ann@example.com')).toBe('/m/a/b.gif');
    expect(pathOf(undefined)).toBe('');
  });

  it('sums up media and play reports by status beside the tracking routes', () => {
    const counts = new Map([
      ['media', new Map([['status 206', 4], ['status 404', 1]])],
      ['open', new Map([['stored', 2]])],
      ['play', new Map([['status 200', 1]])],
    ] as const);
    expect(hitSummary({ counts: counts as never, slowestMs: 3 }, 60)).toBe(
      'Public hits in the last 60 s: 2 opens (2 stored); 5 media files (4 status 206, 1 status 404); 1 play report (1 status 200); slowest answered in 3.0 ms',
    );
  });
});

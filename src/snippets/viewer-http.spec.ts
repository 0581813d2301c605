import { viewerRoute } from './viewer-http.js';

describe('the viewer pages answered ahead of Express', () => {
  it('take GET and HEAD of /live/<id> and /eyemail/<id>, as Express matched them', () => {
    expect(viewerRoute('GET', '/live/abc?v=a%40b.com')).toEqual({ page: 'live', id: 'abc', path: '/live/abc', search: 'v=a%40b.com' });
    expect(viewerRoute('HEAD', '/EyeMail/abc/')).toEqual({ page: 'webView', id: 'abc', path: '/EyeMail/abc/', search: '' });
    expect(viewerRoute('GET', '/LIVE/my-slug')?.page).toBe('live');
    expect(viewerRoute('GET', '/live/%22%3E%3Cscript%3E')?.id).toBe('"><script>');
    // A broken escape is no id either way: answered as an EyeMail that is not there, never an error.
    expect(viewerRoute('GET', '/live/%E0%A4%A')?.id).toBe('%E0%A4%A');
  });

  it('leave everything else to the application', () => {
    for (const [method, url] of [
      ['POST', '/live/abc'],
      ['GET', '/live/'],
      ['GET', '/live'],
      ['GET', '/live/a/b'],
      ['GET', '/livePreview/abc'],
      ['GET', '/emailpreview/abc'],
      ['GET', '/api/live/abc'],
      ['GET', 'http://host/live/abc'],
      ['GET', '/lives/abc'],
      ['GET', '/t/o/abc'],
    ]) {
      expect([method, url, viewerRoute(method, url)]).toEqual([method, url, null]);
    }
  });
});

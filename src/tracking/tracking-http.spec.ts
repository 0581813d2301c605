import { encodeLocation, redirectBody, trackingRoute } from './tracking-http.js';

describe('the tracking routes answered ahead of Express', () => {
  it('take GET and HEAD of /t/o/<pixel> and /t/c/<id>, as Express matched them', () => {
    expect(trackingRoute('GET', '/t/o/abc.gif?v=a%40b.com')).toEqual({ kind: 'open', id: 'abc.gif', path: '/t/o/abc.gif', search: 'v=a%40b.com' });
    expect(trackingRoute('HEAD', '/T/C/abc/')).toEqual({ kind: 'click', id: 'abc', path: '/T/C/abc/', search: '' });
    expect(trackingRoute('GET', '/t/o/a%2Fb.gif')?.id).toBe('a/b.gif');
    // A broken escape is no id either way: still answered (unknown), never an error.
    expect(trackingRoute('GET', '/t/o/%E0%A4%A.gif')?.id).toBe('%E0%A4%A.gif');
  });

  it('leave everything else to the application', () => {
    for (const [method, url] of [
      ['POST', '/t/o/abc.gif'],
      ['GET', '/t/o/'],
      ['GET', '/t/o/a/b'],
      ['GET', '/t/x/abc'],
      ['GET', '/api/t/o/abc'],
      ['GET', 'http://host/t/o/abc'],
      ['GET', '/t/play.js'],
    ]) {
      expect(trackingRoute(method, url)).toBeNull();
    }
  });

  it('encode the redirect target as Express does, keeping escapes already there', () => {
    expect(encodeLocation('https://shop.example.com/a b?q=ü&r=%20')).toBe('https://shop.example.com/a%20b?q=%C3%BC&r=%20');
    expect(encodeLocation('https://x.example/100%')).toBe('https://x.example/100%25');
    expect(encodeLocation('https://x.example/\ud800')).toBe('https://x.example/%EF%BF%BD');
  });

  it('answer a browser with HTML (the target escaped) and anything else with text', () => {
    expect(redirectBody('https://x.example/?a=1&b=<2>', 'text/html,application/xhtml+xml,*/*;q=0.8')).toEqual({
      type: 'text/html; charset=utf-8',
      body: '<!DOCTYPE html><head><title>Found</title></head><body><p>Found. Redirecting to https://x.example/?a=1&amp;b=&lt;2&gt;</p></body>',
    });
    expect(redirectBody('https://x.example/', undefined)).toEqual({ type: 'text/plain; charset=utf-8', body: 'Found. Redirecting to https://x.example/' });
    expect(redirectBody('https://x.example/', '*/*').type).toBe('text/plain; charset=utf-8');
  });
});

import { LOG_SERIALIZERS, redactQuery, redactRequestForLog, redactUrl } from './log-redaction.js';

describe('log redaction', () => {
  it.each([
    ['/api/accounts/verify-email?token=abc123', '/api/accounts/verify-email?token=[REDACTED]'],
    ['/resetpassword?token=abc&x=1', '/resetpassword?token=[REDACTED]&x=1'],
    ['/api/accounts/forgot-password?email=ann%40example.com', '/api/accounts/forgot-password?email=[REDACTED]'],
    ['/api/x?TOKEN=a&tok=b', '/api/x?TOKEN=[REDACTED]&tok=b'],
    ['/api/x?%74oken=a', '/api/x?%74oken=[REDACTED]'],
    ['/api/reports/a/feed/json?key=k3y&page=2', '/api/reports/a/feed/json?key=[REDACTED]&page=2'],
    ['/api/reports/a/summary?access_token=eym_x', '/api/reports/a/summary?access_token=[REDACTED]'],
    ['/t/c/a?v=ann%40example.com&u=https%3A%2F%2Fx.example', '/t/c/a?v=[REDACTED]&u=https%3A%2F%2Fx.example'],
    ['/live/a?V=ann@example.com#top', '/live/a?V=[REDACTED]'],
    ['/api/x?key[]=a&v%5B0%5D=b', '/api/x?key[]=[REDACTED]&v%5B0%5D=[REDACTED]'],
    ['/api/reports/a?receiver=ann@example.com&verbose=1', '/api/reports/a?receiver=[REDACTED]&verbose=1'],
    ['/api/health', '/api/health'],
    ['/api/x?flag', '/api/x?flag'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('redacts the parsed query and leaves other fields', () => {
    expect(redactQuery({ token: 'abc', page: '2' })).toEqual({ token: '[REDACTED]', page: '2' });
    const req = redactRequestForLog({ url: '/a?token=s', query: { token: 's' }, method: 'PUT' });
    expect(req).toEqual({ url: '/a?token=[REDACTED]', query: { token: '[REDACTED]' }, method: 'PUT' });
  });

  it('redacts the Referer header and a url logged beside an error', () => {
    const req = redactRequestForLog({ url: '/api/accounts/verify-email', headers: { referer: 'https://app.example.com/emailverification?token=s3cret', host: 'h' } });
    expect(req.headers).toEqual({ referer: 'https://app.example.com/emailverification?token=[REDACTED]', host: 'h' });
    expect(LOG_SERIALIZERS.url('/api/reports/a/feed/json?key=s3cret')).toBe('/api/reports/a/feed/json?key=[REDACTED]');
    expect(LOG_SERIALIZERS.url(undefined)).toBeUndefined();
  });
});

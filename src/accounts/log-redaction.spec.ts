import { redactQuery, redactRequestForLog, redactUrl } from './log-redaction.js';

describe('log redaction', () => {
  it.each([
    ['/api/accounts/verify-email?token=abc123', '/api/accounts/verify-email?token=[REDACTED]'],
    ['/resetpassword?token=abc&x=1', '/resetpassword?token=[REDACTED]&x=1'],
    ['/api/accounts/forgot-password?email=ann%40example.com', '/api/accounts/forgot-password?email=[REDACTED]'],
    ['/api/x?TOKEN=a&tok=b', '/api/x?TOKEN=[REDACTED]&tok=b'],
    ['/api/x?%74oken=a', '/api/x?%74oken=[REDACTED]'],
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
});

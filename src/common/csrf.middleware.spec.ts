import { withoutCookie } from './csrf.middleware.js';

describe('withoutCookie', () => {
  it('drops every Set-Cookie of the named cookie and keeps the others in order', () => {
    const set = ['XSRF-TOKEN=a; Path=/; SameSite=Lax', 'eyemail.sid=s; Path=/; HttpOnly', 'XSRF-TOKEN=b; Path=/'];
    expect(withoutCookie(set, 'XSRF-TOKEN')).toEqual(['eyemail.sid=s; Path=/; HttpOnly']);
  });

  it('reads a single header value too, and matches the name exactly', () => {
    expect(withoutCookie('XSRF-TOKEN=a; Path=/', 'XSRF-TOKEN')).toEqual([]);
    expect(withoutCookie('XSRF-TOKEN-OLD=a; Path=/', 'XSRF-TOKEN')).toEqual(['XSRF-TOKEN-OLD=a; Path=/']);
  });
});

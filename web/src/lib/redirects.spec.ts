import { describe, expect, it } from '@jest/globals';
import { afterSignInPath, afterSignUpPath, safeNextPath, signInRedirect, withNext } from './redirects';

describe('safeNextPath', () => {
  it('accepts a path on this site', () => {
    expect(safeNextPath('/reports/42?from=mail')).toBe('/reports/42?from=mail');
  });
  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'settings', '', '/a\nb', null, undefined])(
    'refuses %p',
    (value) => {
      expect(safeNextPath(value as string | null | undefined)).toBeNull();
    },
  );
});

describe('signInRedirect', () => {
  it('remembers the page that was asked for', () => {
    expect(signInRedirect('/settings')).toBe('/signin?next=%2Fsettings');
  });
  it('does not bother for home or for account pages', () => {
    expect(signInRedirect('/')).toBe('/signin');
    expect(signInRedirect('/signup?next=%2Fx')).toBe('/signin');
  });
});

describe('after sign-in and sign-up', () => {
  it('sends the admin to the admin dashboard whatever was asked', () => {
    expect(afterSignInPath('admin', '/settings')).toBe('/admin-dashboard');
    expect(afterSignUpPath('admin', null)).toBe('/admin-dashboard');
  });
  it('goes back to the requested page', () => {
    expect(afterSignInPath('user', '/reports/7')).toBe('/reports/7');
    expect(afterSignUpPath('user', '/reports/7')).toBe('/reports/7');
  });
  it('goes home after sign-in, and home with the welcome flag after sign-up, when nothing was asked', () => {
    expect(afterSignInPath('user', null)).toBe('/');
    expect(afterSignUpPath('user', null)).toBe('/?new');
    expect(afterSignUpPath('user', '/signup')).toBe('/?new');
  });
  it('never follows a foreign address', () => {
    expect(afterSignInPath('user', 'https://evil.example')).toBe('/');
    expect(afterSignUpPath('user', '//evil.example')).toBe('/?new');
  });
});

describe('withNext', () => {
  it('carries a safe target between account pages and drops an unsafe one', () => {
    expect(withNext('/signup', '/settings')).toBe('/signup?next=%2Fsettings');
    expect(withNext('/signup', 'https://evil.example')).toBe('/signup');
  });
});

import { describe, expect, it } from '@jest/globals';
import { guardRedirect } from './guard-rules';

const user = { role: 'user' };
const admin = { role: 'admin' };

describe('guardRedirect', () => {
  it('sends a signed-out visitor of a login page to sign in, remembering the page', () => {
    expect(guardRedirect('login', null, '/settings')).toBe('/signin?next=%2Fsettings');
    expect(guardRedirect('login', null, '/')).toBe('/signin');
  });
  it('lets a signed-in user through login pages and sends them home from hidden ones', () => {
    expect(guardRedirect('login', user, '/settings')).toBeNull();
    expect(guardRedirect('hidden', user, '/signin')).toBe('/');
  });
  it('lets signed-out visitors see hidden pages', () => {
    expect(guardRedirect('hidden', null, '/signup')).toBeNull();
  });
  it('keeps the admin in the admin area', () => {
    expect(guardRedirect('login', admin, '/')).toBe('/admin-dashboard');
    expect(guardRedirect('hidden', admin, '/signin')).toBe('/admin-dashboard');
    expect(guardRedirect('admin', admin, '/admin-dashboard')).toBeNull();
  });
  it('keeps everyone else out of the admin area', () => {
    expect(guardRedirect('admin', user, '/admin-dashboard')).toBe('/');
    expect(guardRedirect('admin', null, '/admin-video')).toBe('/signin?next=%2Fadmin-video');
  });
  it('shows public pages to everyone', () => {
    for (const who of [null, user, admin]) expect(guardRedirect('public', who, '/terms-of-service')).toBeNull();
  });
});

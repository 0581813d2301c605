// The session calls the shells and guards need: ask the server who is signed in; sign out.
import { api, type ApiResult } from '@/lib/api-client';
import { userFromApi, type ApiUser, type User } from './user';

// An answer that carries the user, with the tier read by its own name.
export async function withUser(call: Promise<ApiResult<ApiUser>>): Promise<ApiResult<User>> {
  const res = await call;
  return { ...res, body: res.body ? userFromApi(res.body) : null };
}

export function trySignIn(): Promise<ApiResult<User>> {
  return withUser(api.post<ApiUser>('accounts/trysignin'));
}

// The session check of this page load, started once: main.tsx starts it before the first page's
// code has arrived, and the root route reads the same answer.
let pageLoadCheck: Promise<ApiResult<User>> | null = null;
export function checkSessionOnce(): Promise<ApiResult<User>> {
  pageLoadCheck ??= trySignIn();
  return pageLoadCheck;
}

export function signOut(): Promise<ApiResult<null>> {
  return api.post<null>('accounts/signout');
}

// Fired on unload by the admin shell (spec 02: the admin session ends with the page). A beacon
// survives the page going away; it posts text/plain, which needs no CSRF header outside /api.
export function sendSignOutBeacon(): void {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  navigator.sendBeacon('/accounts/signout', new Blob([''], { type: 'text/plain' }));
}

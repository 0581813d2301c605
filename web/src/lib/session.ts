// The signed-in user, shared by every part of the dashboard, and the session calls the shells
// and guards need (ask the server who is signed in; sign out).
import { atom } from 'jotai';
import { api, type ApiResult } from './api-client';

export type Tier = 'standard' | 'enterprise';
export type Role = 'user' | 'admin';

export interface User {
  id: string;
  fullName: string;
  firstName: string;
  lastName: string | null;
  email: string;
  phoneNumber: string | null;
  tier: Tier;
  role: Role;
  emailVerified: boolean;
  profilePictureUrl: string | null;
  countryId: number | null;
  timezoneId: number | null;
}

// null: nobody is signed in. Set from the session check on every page load, then by sign-in,
// sign-up, profile updates and sign-out.
export const userAtom = atom<User | null>(null);

// False until the server has answered the session check of this page load.
export const sessionCheckedAtom = atom(false);

export function trySignIn(): Promise<ApiResult<User>> {
  return api.post<User>('accounts/trysignin');
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

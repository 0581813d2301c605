// Where to send people after guards, sign-in and sign-up. Pure, so the rules are tested alone.

export const SIGNIN_PATH = '/signin';
export const HOME_PATH = '/';
export const ADMIN_HOME_PATH = '/admin-dashboard';
export const WELCOME_PATH = '/?new';

// Account pages that are never a sensible place to come back to.
const ACCOUNT_PAGES = /^\/(signin|signup|companysignup|forgotpassword|resetpassword|emailverification)(\/|$|\?|#)/i;

// Only a path on this site may be a redirect target: "/x", never "//evil.example", "/\evil",
// "https://..." or "javascript:". Returns null when the value is unusable.
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f]/.test(value) || value.includes('\\')) return null;
  if (value.length > 2000) return null;
  return value;
}

// The sign-in address that brings the user back to `path` afterwards.
export function signInRedirect(pathWithSearch: string): string {
  const next = safeNextPath(pathWithSearch);
  if (!next || next === HOME_PATH || ACCOUNT_PAGES.test(next)) return SIGNIN_PATH;
  return `${SIGNIN_PATH}?next=${encodeURIComponent(next)}`;
}

// After sign-in: admins to their dashboard, others to the page they asked for, else home.
export function afterSignInPath(role: string, next: string | null | undefined): string {
  if (role === 'admin') return ADMIN_HOME_PATH;
  const target = safeNextPath(next);
  return target && !ACCOUNT_PAGES.test(target) ? target : HOME_PATH;
}

// After sign-up: the page asked for before, or home with the welcome flag when the sign-up
// page itself was what they opened.
export function afterSignUpPath(role: string, next: string | null | undefined): string {
  if (role === 'admin') return ADMIN_HOME_PATH;
  const target = safeNextPath(next);
  return target && !ACCOUNT_PAGES.test(target) ? target : WELCOME_PATH;
}

// Carries ?next= over to the links between account pages (sign-in <-> sign-up).
export function withNext(path: string, next: string | null | undefined): string {
  const target = safeNextPath(next);
  return target ? `${path}?next=${encodeURIComponent(target)}` : path;
}

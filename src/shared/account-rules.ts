// Account validation rules and their messages (spec 02 section 5), shared by the server DTOs and
// the dashboard forms so both say exactly the same thing. Pure: no Node, Nest or React imports.
// Each rule returns the message to show, or null when the value is fine.

export const NAME_MAX = 90;
export const PASSWORD_MIN = 6;
// The spec's hint says 6-20; longer passphrases are better security and are allowed up to a bound
// that keeps hashing cheap.
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

export const MESSAGES = {
  invalidEmail: 'Invalid email',
  invalidEmailCompany: 'Invalid email!',
  invalidPassword: 'Invalid password',
  invalidPasswordCompany: 'Invalid password!',
  name: 'Please enter your name!',
  companyName: 'Please enter your company name.',
  department: 'Please enter your department name.',
  domain: 'Please enter domain name!',
  passwordsDoNotMatch: 'Passwords do not match',
  confirmPassword: 'Please confirm your password',
  passwordsDoNotMatchSettings: 'Passwords do not match.',
  samePassword: 'Please enter a password different than the current one',
  firstName: 'Please enter your first name!',
  lastName: 'Please enter your last name!',
  country: 'Invalid country',
  timezone: 'Invalid timezone',
  passwordHint: 'Use 6-20 characters with at least one capital letter and one digit.',
} as const;

// Close to the HTML living standard's email pattern: one @, a dotted domain of letters, digits
// and hyphens, no spaces.
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function emailError(value: unknown, message: string = MESSAGES.invalidEmail): string | null {
  if (typeof value !== 'string') return message;
  const v = value.trim();
  if (v.length < 3 || v.length > EMAIL_MAX || !EMAIL_RE.test(v)) return message;
  return null;
}

export function passwordError(value: unknown, message: string = MESSAGES.invalidPassword): string | null {
  if (typeof value !== 'string') return message;
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return message;
  if (!/[A-Z]/.test(value) || !/[0-9]/.test(value)) return message;
  return null;
}

export function requiredTextError(value: unknown, message: string, max = NAME_MAX): string | null {
  if (typeof value !== 'string' || value.trim() === '' || value.trim().length > max) return message;
  return null;
}

export function optionalTextError(value: unknown, message: string, max = NAME_MAX): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' || value.trim().length > max) return message;
  return null;
}

// An empty confirmation is its own mistake: two empty fields "match" but confirm nothing.
export function confirmPasswordError(password: unknown, confirm: unknown, message: string = MESSAGES.passwordsDoNotMatch): string | null {
  if (confirm === undefined || confirm === null || confirm === '') return MESSAGES.confirmPassword;
  return password === confirm ? null : message;
}

// A bare domain such as example.com (no scheme, no path).
export function domainError(value: unknown): string | null {
  if (typeof value !== 'string') return MESSAGES.domain;
  const v = value.trim().toLowerCase();
  if (!/^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(v)) return MESSAGES.domain;
  return null;
}

// Option lists start with a blank entry of value 0; 0, null and empty all mean "not chosen".
export function selectionError(value: unknown, message: string): string | null {
  if (value === null || value === undefined || value === '' || value === 0 || value === '0') return message;
  return null;
}

// Short display name (spec 02 section 3): the first name, cut to 11 characters plus '.' when
// longer than 12; when the first name is at most 12 characters, followed by the initial of the
// second word.
export function shortName(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const first = words[0];
  if (first.length > 12) return `${first.slice(0, 11)}.`;
  return words[1] ? `${first} ${words[1][0].toUpperCase()}.` : first;
}

// First name for greetings: the first word of the full name.
export function firstNameOf(fullName: string | null | undefined): string {
  return (fullName ?? '').trim().split(/\s+/)[0] ?? '';
}

// The account tiers: Premium (logo, video, graphics and buttons) and Express (video only).
export type Tier = 'premium' | 'express';
export const TIER_LABELS: Record<Tier, string> = { premium: 'Premium', express: 'Express' };

export const TIERS: readonly Tier[] = ['premium', 'express'];
export const TIER_MESSAGE = 'Please choose an account type.';

// Sign-up's account type.
export function tierError(value: unknown): string | null {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value) ? null : TIER_MESSAGE;
}

// The API's legacy names of the tiers (spec 02): standard = Premium, enterprise = Express.
// Translated only where requests are read and answers written (request parsers, mappers, the
// dashboard's api layer); nothing inside uses them.
export type ApiTier = 'standard' | 'enterprise';
export const API_TIER_NAMES: Record<Tier, ApiTier> = { premium: 'standard', express: 'enterprise' };

export function tierToApi(tier: Tier): ApiTier {
  return API_TIER_NAMES[tier];
}

// The tier an API name stands for; null for anything else.
export function tierFromApi(value: unknown): Tier | null {
  return value === 'standard' ? 'premium' : value === 'enterprise' ? 'express' : null;
}

// ---- rules of the server's account requests (the forms check the same fields above) -----------

// Long enough for any passphrase (and the admin password from the environment), short enough to
// keep hashing cheap; sign-in does not apply the sign-up password rules.
export const SIGN_IN_PASSWORD_MAX = 1024;

export function signInPasswordError(value: unknown, message: string = MESSAGES.invalidPassword): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= SIGN_IN_PASSWORD_MAX ? null : message;
}

export const REMEMBER_ME_MESSAGE = 'rememberMe must be true or false.';

// Absent (or null) means no.
export function rememberMeError(value: unknown): string | null {
  return value === undefined || value === null || typeof value === 'boolean' ? null : REMEMBER_ME_MESSAGE;
}

// The {id} of a /companysignup/{id} link (already trimmed); blank means none.
export const INVITE_CODE_MAX = 100;
const INVITE_CODE_RE = /^[A-Za-z0-9._~-]{1,100}$/;

export function inviteCodeError(value: unknown, message: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'string' && INVITE_CODE_RE.test(value) ? null : message;
}

// An id from the countries or time zones list as a form sends it: numeric text (HTML selects hold
// text) is read as the number; anything else is left for listIdError to judge.
export function listIdFromForm(value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
}

// A list id (a positive 32-bit integer), or null for none.
export function listIdError(value: unknown, message: string): string | null {
  return value === null || (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2 ** 31) ? null : message;
}

// Settings' new password: the sign-up rules, and not the current one again.
export function newPasswordError(newPassword: unknown, currentPassword: unknown): string | null {
  return passwordError(newPassword) ?? (newPassword === currentPassword ? MESSAGES.samePassword : null);
}

// Sign-up's single "full name" field: first name before the first space, the rest as last name.
export function splitFullName(fullName: string): { firstName: string; lastName: string | null } {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  if (space < 0) return { firstName: trimmed, lastName: null };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

export function joinFullName(firstName: string, lastName: string | null): string {
  return `${firstName} ${lastName ?? ''}`.trim();
}

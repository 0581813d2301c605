// The bodies and queries of the accounts API, checked at the edge by parsed(...) with the shared
// account rules (src/shared/account-rules.ts), so the server says exactly what the dashboard says.
// Pure: each parser reads only its own fields and returns them typed, or the first message per
// field in the order the forms show them.
import { fieldsOf, firstErrors, trimmed, type ParseResult } from '../common/parsed.pipe.js';
import {
  MESSAGES,
  confirmPasswordError,
  domainError,
  emailError,
  optionalTextError,
  passwordError,
  requiredTextError,
  tierError,
  type Tier,
} from '../shared/account-rules.js';
import { ACCOUNT_MESSAGES } from './account-messages.js';

// Long enough for any passphrase (and the admin password from the environment), short enough
// to keep hashing cheap; sign-in does not apply the sign-up password rules.
export const SIGN_IN_PASSWORD_MAX = 1024;

export const signInPasswordError = (v: unknown) =>
  typeof v === 'string' && v.length > 0 && v.length <= SIGN_IN_PASSWORD_MAX ? null : MESSAGES.invalidPassword;

const REMEMBER_ME_MESSAGE = 'rememberMe must be true or false.';
const INVITE_CODE_RE = /^[A-Za-z0-9._~-]{1,100}$/;

function result<T>(errors: Record<string, string> | null, value: () => T): ParseResult<T> {
  return errors ? { value: null, errors } : { value: value(), errors: {} };
}

// ---- sign-in and sign-up ---------------------------------------------------------------------------

export interface SignInInput {
  email: string;
  password: string;
  rememberMe: boolean;
}

export function parseSignIn(raw: unknown): ParseResult<SignInInput> {
  const r = fieldsOf(raw);
  const email = trimmed(r.email);
  return result(
    firstErrors([
      ['email', emailError(email)],
      ['password', signInPasswordError(r.password)],
      ['rememberMe', r.rememberMe === undefined || r.rememberMe === null || typeof r.rememberMe === 'boolean' ? null : REMEMBER_ME_MESSAGE],
    ]),
    () => ({ email: email as string, password: r.password as string, rememberMe: r.rememberMe === true }),
  );
}

export interface SignUpInput {
  fullName: string;
  email: string;
  password: string;
  tier: Tier;
}

export function parseSignUp(raw: unknown): ParseResult<SignUpInput> {
  const r = fieldsOf(raw);
  const email = trimmed(r.email);
  return result(
    firstErrors([
      ['fullName', requiredTextError(r.fullName, MESSAGES.name)],
      ['email', emailError(email)],
      ['password', passwordError(r.password)],
      ['confirmPassword', confirmPasswordError(r.password, r.confirmPassword)],
      ['tier', tierError(r.tier)],
    ]),
    () => ({ fullName: r.fullName as string, email: email as string, password: r.password as string, tier: r.tier as Tier }),
  );
}

export interface CompanySignUpInput {
  fullName: string;
  email: string;
  password: string;
  companyName: string;
  // trimmed
  domain: string;
  department: string;
  // trimmed; null when none
  inviteCode: string | null;
}

export function parseCompanySignUp(raw: unknown): ParseResult<CompanySignUpInput> {
  const r = fieldsOf(raw);
  const email = trimmed(r.email);
  const domain = trimmed(r.domain);
  const invite = trimmed(r.inviteCode);
  return result(
    firstErrors([
      ['fullName', requiredTextError(r.fullName, MESSAGES.name)],
      ['email', emailError(email, MESSAGES.invalidEmailCompany)],
      ['password', passwordError(r.password, MESSAGES.invalidPasswordCompany)],
      ['companyName', requiredTextError(r.companyName, MESSAGES.companyName)],
      ['domain', domainError(domain)],
      ['department', requiredTextError(r.department, MESSAGES.department)],
      ['inviteCode', invite === undefined || invite === null || invite === '' || (typeof invite === 'string' && INVITE_CODE_RE.test(invite)) ? null : ACCOUNT_MESSAGES.invalidInvite],
    ]),
    () => ({
      fullName: r.fullName as string,
      email: email as string,
      password: r.password as string,
      companyName: r.companyName as string,
      domain: domain as string,
      department: r.department as string,
      inviteCode: typeof invite === 'string' && invite !== '' ? invite : null,
    }),
  );
}

// ---- recovery --------------------------------------------------------------------------------------

export function parseForgotPassword(raw: unknown): ParseResult<{ email: string }> {
  const email = trimmed(fieldsOf(raw).email);
  return result(firstErrors([['email', emailError(email)]]), () => ({ email: email as string }));
}

// The token of an emailed link, as sent: checked by the service, which answers with the link's
// own message.
export function parseToken(raw: unknown): ParseResult<{ token: unknown }> {
  return { value: { token: fieldsOf(raw).token }, errors: {} };
}

export interface ResetPasswordInput {
  token: unknown;
  password: string;
}

export function parseResetPassword(raw: unknown): ParseResult<ResetPasswordInput> {
  const r = fieldsOf(raw);
  return result(
    firstErrors([
      ['password', passwordError(r.password)],
      ['confirmPassword', confirmPasswordError(r.password, r.confirmPassword)],
    ]),
    () => ({ token: r.token, password: r.password as string }),
  );
}

// ---- profile ---------------------------------------------------------------------------------------

// An id from the countries/timezones lists, or null for none. Numeric strings (as HTML selects
// hold them) are accepted.
function idOrNull(v: unknown): unknown {
  return typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v;
}

function idOrNullError(v: unknown, message: string): string | null {
  return v === null || (typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 2 ** 31) ? null : message;
}

export interface ProfileInput {
  firstName: string;
  lastName: string | null | undefined;
  // trimmed
  email: string;
  country: number | null;
  timezone: number | null;
}

export function parseProfile(raw: unknown): ParseResult<ProfileInput> {
  const r = fieldsOf(raw);
  const email = trimmed(r.email);
  const country = idOrNull(r.country);
  const timezone = idOrNull(r.timezone);
  return result(
    firstErrors([
      ['firstName', requiredTextError(r.firstName, MESSAGES.firstName)],
      ['lastName', optionalTextError(r.lastName, MESSAGES.lastName)],
      ['email', emailError(email)],
      ['country', idOrNullError(country, MESSAGES.country)],
      ['timezone', idOrNullError(timezone, MESSAGES.timezone)],
    ]),
    () => ({
      firstName: r.firstName as string,
      lastName: r.lastName as string | null | undefined,
      email: email as string,
      country: country as number | null,
      timezone: timezone as number | null,
    }),
  );
}

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
}

export function parsePasswordChange(raw: unknown): ParseResult<PasswordChangeInput> {
  const r = fieldsOf(raw);
  return result(
    firstErrors([
      ['currentPassword', signInPasswordError(r.currentPassword) && ACCOUNT_MESSAGES.currentPasswordMissing],
      ['newPassword', passwordError(r.newPassword) ?? (r.newPassword === r.currentPassword ? MESSAGES.samePassword : null)],
      ['confirmPassword', r.confirmPassword === undefined ? null : confirmPasswordError(r.newPassword, r.confirmPassword, MESSAGES.passwordsDoNotMatchSettings)],
    ]),
    () => ({ currentPassword: r.currentPassword as string, newPassword: r.newPassword as string }),
  );
}

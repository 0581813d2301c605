// The profile form's rules (spec 02 sections 4 and 5), pure so they are tested alone.
import { MESSAGES, NAME_MAX, emailError, optionalTextError, requiredTextError, selectionError } from '@shared/account-rules';

export interface Option {
  value: number;
  label: string;
}

// Option lists begin with a blank entry of value 0 and text '-'.
export const BLANK_OPTION: Option = { value: 0, label: '-' };

export function countryOptions(list: { countryId: number; countryName: string }[]): Option[] {
  return [BLANK_OPTION, ...list.map((c) => ({ value: c.countryId, label: c.countryName }))];
}

export function timezoneOptions(list: { timezoneId: number; timezoneName: string }[]): Option[] {
  return [BLANK_OPTION, ...list.map((t) => ({ value: t.timezoneId, label: t.timezoneName }))];
}

function listed(value: number | null | undefined, options: Option[]): value is number {
  return typeof value === 'number' && value !== 0 && options.some((o) => o.value === value);
}

// The saved country, or the blank entry.
export function initialCountry(saved: number | null | undefined, options: Option[]): number {
  return listed(saved, options) ? saved : 0;
}

// The saved timezone; when none is set (null or 0) the first real option is preselected.
export function initialTimezone(saved: number | null | undefined, options: Option[]): number {
  if (listed(saved, options)) return saved;
  return options.find((o) => o.value !== 0)?.value ?? 0;
}

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  country: number;
  timezone: number;
}

export function profileFormErrors(values: ProfileFormValues): Partial<Record<keyof ProfileFormValues, string>> {
  const errors: Partial<Record<keyof ProfileFormValues, string>> = {};
  const checks: [keyof ProfileFormValues, string | null][] = [
    ['firstName', requiredTextError(values.firstName, MESSAGES.firstName, NAME_MAX)],
    ['lastName', optionalTextError(values.lastName, MESSAGES.lastName, NAME_MAX)],
    ['email', emailError(values.email)],
    ['country', selectionError(values.country, MESSAGES.country)],
    ['timezone', selectionError(values.timezone, MESSAGES.timezone)],
  ];
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}

// What PUT users/profile receives: trimmed text; country and timezone 0 or empty sent as null.
export function toProfilePayload(values: ProfileFormValues) {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    country: values.country ? values.country : null,
    timezone: values.timezone ? values.timezone : null,
  };
}

// Server field names (country, timezone) and form field names match; anything else is dropped.
export function formErrorsFromServer(errors: Record<string, string> | null): Partial<Record<keyof ProfileFormValues, string>> {
  const out: Partial<Record<keyof ProfileFormValues, string>> = {};
  if (!errors) return out;
  const map: Record<string, keyof ProfileFormValues> = {
    firstName: 'firstName',
    lastName: 'lastName',
    email: 'email',
    country: 'country',
    countryId: 'country',
    timezone: 'timezone',
    timezoneId: 'timezone',
  };
  for (const [k, v] of Object.entries(errors)) if (map[k]) out[map[k]] = v;
  return out;
}

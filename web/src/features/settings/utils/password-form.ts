// The change-password form's rules (spec 02 section 5): every field required, the new password
// valid and different from the current one, the confirmation equal to it.
import { MESSAGES, confirmPasswordError, passwordError } from '@shared/account-rules';

export interface PasswordFormValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password.';

export function passwordFormErrors(values: PasswordFormValues): Partial<Record<keyof PasswordFormValues, string>> {
  const errors: Partial<Record<keyof PasswordFormValues, string>> = {};
  if (!values.currentPassword) errors.currentPassword = CURRENT_PASSWORD_REQUIRED;
  const invalid = passwordError(values.newPassword);
  if (invalid) errors.newPassword = invalid;
  else if (values.currentPassword && values.newPassword === values.currentPassword) errors.newPassword = MESSAGES.samePassword;
  const mismatch = confirmPasswordError(values.newPassword, values.confirmPassword, MESSAGES.passwordsDoNotMatchSettings);
  if (!values.confirmPassword || mismatch) errors.confirmPassword = MESSAGES.passwordsDoNotMatchSettings;
  return errors;
}

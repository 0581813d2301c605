import {
  EMAIL_MAX,
  MESSAGES,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SIGN_IN_PASSWORD_MAX,
  confirmPasswordError,
  emailError,
  listIdError,
  listIdFromForm,
  newPasswordError,
  optionalTextError,
  requiredTextError,
  signInPasswordError,
} from '../../shared/account-rules.js';
import { Field, OptionalField } from '../../common/validation/rule.decorator.js';
import { ReadAs, Trimmed } from '../../common/validation/transforms.js';
import { ACCOUNT_MESSAGES } from '../account-messages.js';

// Profile bodies: described for /api/docs and checked by class-validator with the shared account
// rules, fields in the order the settings form shows their messages.
export class UpdateProfileDto {
  @Field({ example: 'Ann', minLength: 1, maxLength: NAME_MAX }, (v) => requiredTextError(v, MESSAGES.firstName))
  firstName: string;

  @OptionalField({ type: String, example: 'Lee', maxLength: NAME_MAX, nullable: true }, (v) => optionalTextError(v, MESSAGES.lastName))
  lastName?: string | null;

  @Field({ example: 'ann@example.com', maxLength: EMAIL_MAX }, (v) => emailError(v))
  @Trimmed()
  email: string;

  // Numeric text (an HTML select's value) is read as the number.
  @Field({ type: Number, nullable: true, minimum: 1, description: 'countryId from GET countries, or null' }, (v) => listIdError(v, MESSAGES.country))
  @ReadAs(listIdFromForm)
  country: number | null;

  @Field({ type: Number, nullable: true, minimum: 1, description: 'timezoneId from GET timezones, or null' }, (v) => listIdError(v, MESSAGES.timezone))
  @ReadAs(listIdFromForm)
  timezone: number | null;
}

export class ChangePasswordDto {
  @Field({ minLength: 1, maxLength: SIGN_IN_PASSWORD_MAX }, (v) => signInPasswordError(v, ACCOUNT_MESSAGES.currentPasswordMissing))
  currentPassword: string;

  @Field({ example: 'Secret456', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, description: 'Not the current password.' }, (v, input) => newPasswordError(v, input.currentPassword))
  newPassword: string;

  @OptionalField({ type: String, description: 'When sent, must equal newPassword.' }, (v, input) =>
    v === undefined ? null : confirmPasswordError(input.newPassword, v, MESSAGES.passwordsDoNotMatchSettings),
  )
  confirmPassword?: string;
}

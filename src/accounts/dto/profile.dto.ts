import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { MESSAGES, confirmPasswordError, emailError, optionalTextError, passwordError, requiredTextError } from '../../shared/account-rules.js';
import { ACCOUNT_MESSAGES } from '../account-messages.js';
import { SIGN_IN_PASSWORD_MAX } from './sign-in.dto.js';
import { Rule, Trim } from './rule.decorator.js';

// An id from the countries/timezones lists, or null for none. Numeric strings (as HTML selects
// hold them) are accepted.
const IdOrNull = () => Transform(({ value }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value));
const idOrNullError = (message: string) => (v: unknown) => (v === null || (Number.isInteger(v) && (v as number) > 0 && (v as number) < 2 ** 31) ? null : message);

export class UpdateProfileDto {
  @ApiProperty({ example: 'Ann', maxLength: 90 })
  @Rule((v) => requiredTextError(v, MESSAGES.firstName))
  firstName: string;

  @ApiPropertyOptional({ example: 'Lee', maxLength: 90, nullable: true })
  @Rule((v) => optionalTextError(v, MESSAGES.lastName))
  lastName?: string | null;

  @ApiProperty({ example: 'ann@example.com' })
  @Trim()
  @Rule((v) => emailError(v))
  email: string;

  @ApiProperty({ type: Number, nullable: true, description: 'countryId from GET countries, or null' })
  @IdOrNull()
  @Rule(idOrNullError(MESSAGES.country))
  country: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'timezoneId from GET timezones, or null' })
  @IdOrNull()
  @Rule(idOrNullError(MESSAGES.timezone))
  timezone: number | null;
}

export class ChangePasswordDto {
  @ApiProperty()
  @Rule((v) => (typeof v === 'string' && v.length > 0 && v.length <= SIGN_IN_PASSWORD_MAX ? null : ACCOUNT_MESSAGES.currentPasswordMissing))
  currentPassword: string;

  @ApiProperty({ example: 'Secret456' })
  @Rule((v, dto) => passwordError(v) ?? (v === dto.currentPassword ? MESSAGES.samePassword : null))
  newPassword: string;

  @ApiPropertyOptional({ description: 'When sent, must equal newPassword.' })
  @Rule((v, dto) => (v === undefined ? null : confirmPasswordError(dto.newPassword, v, MESSAGES.passwordsDoNotMatchSettings)))
  confirmPassword?: string;
}

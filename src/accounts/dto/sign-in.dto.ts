import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MESSAGES, emailError } from '../../shared/account-rules.js';
import { Rule, Trim } from './rule.decorator.js';

// Long enough for any passphrase (and the admin password from the environment), short enough
// to keep hashing cheap; sign-in does not apply the sign-up password rules.
export const SIGN_IN_PASSWORD_MAX = 1024;

export const signInPasswordError = (v: unknown) =>
  typeof v === 'string' && v.length > 0 && v.length <= SIGN_IN_PASSWORD_MAX ? null : MESSAGES.invalidPassword;

export class SignInDto {
  @ApiProperty({ example: 'ann@example.com' })
  @Trim()
  @Rule((v) => emailError(v))
  email: string;

  @ApiProperty({ example: 'Secret123' })
  @Rule(signInPasswordError)
  password: string;

  @ApiPropertyOptional({ description: 'Keep the session cookie for 30 days instead of until the browser closes.' })
  @Rule((v) => (v === undefined || v === null || typeof v === 'boolean' ? null : 'rememberMe must be true or false.'))
  rememberMe?: boolean;
}

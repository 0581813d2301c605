import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, confirmPasswordError, emailError, passwordError } from '../../shared/account-rules.js';
import { Field } from '../../common/validation/rule.decorator.js';
import { Trimmed } from '../../common/validation/transforms.js';

// Recovery bodies and queries: described for /api/docs and checked by class-validator with the
// shared account rules.
export class ForgotPasswordQuery {
  @Field({ example: 'ann@example.com', maxLength: EMAIL_MAX }, (v) => emailError(v))
  @Trimmed()
  email: string;
}

// The token of an emailed link, passed as sent: the service checks it and answers with the
// link's own message (invalid, used, expired).
export class TokenQuery {
  @ApiProperty({ type: String })
  @Allow()
  token?: unknown;
}

export class ResetPasswordDto {
  @ApiProperty({ type: String, description: 'The token of the emailed link.' })
  @Allow()
  token?: unknown;

  @Field({ example: 'Secret123', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }, (v) => passwordError(v))
  password: string;

  @Field({ example: 'Secret123' }, (v, input) => confirmPasswordError(input.password, v))
  confirmPassword: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { confirmPasswordError, emailError, passwordError } from '../../shared/account-rules.js';
import { Checked, Rule, Trim } from './rule.decorator.js';

export class ForgotPasswordQuery {
  @ApiProperty({ example: 'ann@example.com' })
  @Trim()
  @Rule((v) => emailError(v))
  email: string;
}

// The token of an emailed link; checked by the service, which answers with the link's own message.
export class TokenQuery {
  @ApiProperty()
  @Checked()
  token?: unknown;
}

export class ResetPasswordDto {
  @ApiProperty()
  @Checked()
  token?: unknown;

  @ApiProperty({ example: 'Secret123' })
  @Rule((v) => passwordError(v))
  password: string;

  @ApiProperty({ example: 'Secret123' })
  @Rule((v, dto) => confirmPasswordError(dto.password, v))
  confirmPassword: string;
}

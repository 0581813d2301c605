import { ApiProperty } from '@nestjs/swagger';

// Recovery bodies and queries, for the OpenAPI document only (checked in account-input.ts).
export class ForgotPasswordQuery {
  @ApiProperty({ example: 'ann@example.com' })
  email: string;
}

// The token of an emailed link; checked by the service, which answers with the link's own message.
export class TokenQuery {
  @ApiProperty()
  token?: unknown;
}

export class ResetPasswordDto {
  @ApiProperty()
  token?: unknown;

  @ApiProperty({ example: 'Secret123' })
  password: string;

  @ApiProperty({ example: 'Secret123' })
  confirmPassword: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

// The sign-in body, for the OpenAPI document only (checked by parseSignIn in account-input.ts).
export class SignInDto {
  @ApiProperty({ example: 'ann@example.com' })
  email: string;

  @ApiProperty({ example: 'Secret123' })
  password: string;

  @ApiPropertyOptional({ description: 'Keep the session cookie for 30 days instead of until the browser closes.' })
  rememberMe?: boolean;
}

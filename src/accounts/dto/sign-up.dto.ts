import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Tier } from '../../shared/account-rules.js';

// Sign-up bodies, for the OpenAPI document only (checked by parseSignUp and parseCompanySignUp in
// account-input.ts).
export class SignUpDto {
  @ApiProperty({ example: 'Ann Lee', maxLength: 90 })
  fullName: string;

  @ApiProperty({ example: 'ann@example.com' })
  email: string;

  @ApiProperty({ example: 'Secret123', description: 'At least 6 characters with a capital letter and a digit.' })
  password: string;

  @ApiProperty({ example: 'Secret123' })
  confirmPassword: string;

  @ApiProperty({ enum: ['standard', 'enterprise'], description: 'standard = Premium, enterprise = Express' })
  tier: Tier;
}

export class CompanySignUpDto {
  @ApiProperty({ example: 'Ann Lee', maxLength: 90 })
  fullName: string;

  @ApiProperty({ example: 'ann@acme.com' })
  email: string;

  @ApiProperty({ example: 'Secret123' })
  password: string;

  @ApiProperty({ example: 'Acme Inc.', maxLength: 90 })
  companyName: string;

  @ApiProperty({ example: 'acme.com' })
  domain: string;

  @ApiProperty({ example: 'Marketing', maxLength: 90 })
  department: string;

  @ApiPropertyOptional({ description: 'The {id} of the /companysignup/{id} link.' })
  inviteCode?: string | null;
}

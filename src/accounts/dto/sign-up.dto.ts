import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MESSAGES,
  confirmPasswordError,
  domainError,
  emailError,
  passwordError,
  requiredTextError,
  tierError,
  type Tier,
} from '../../shared/account-rules.js';
import { ACCOUNT_MESSAGES } from '../account-messages.js';
import { Rule, Trim } from './rule.decorator.js';

export class SignUpDto {
  @ApiProperty({ example: 'Ann Lee', maxLength: 90 })
  @Rule((v) => requiredTextError(v, MESSAGES.name))
  fullName: string;

  @ApiProperty({ example: 'ann@example.com' })
  @Trim()
  @Rule((v) => emailError(v))
  email: string;

  @ApiProperty({ example: 'Secret123', description: 'At least 6 characters with a capital letter and a digit.' })
  @Rule((v) => passwordError(v))
  password: string;

  @ApiProperty({ example: 'Secret123' })
  @Rule((v, dto) => confirmPasswordError(dto.password, v))
  confirmPassword: string;

  @ApiProperty({ enum: ['standard', 'enterprise'], description: 'standard = Premium, enterprise = Express' })
  @Rule((v) => tierError(v))
  tier: Tier;
}

export class CompanySignUpDto {
  @ApiProperty({ example: 'Ann Lee', maxLength: 90 })
  @Rule((v) => requiredTextError(v, MESSAGES.name))
  fullName: string;

  @ApiProperty({ example: 'ann@acme.com' })
  @Trim()
  @Rule((v) => emailError(v, MESSAGES.invalidEmailCompany))
  email: string;

  @ApiProperty({ example: 'Secret123' })
  @Rule((v) => passwordError(v, MESSAGES.invalidPasswordCompany))
  password: string;

  @ApiProperty({ example: 'Acme Inc.', maxLength: 90 })
  @Rule((v) => requiredTextError(v, MESSAGES.companyName))
  companyName: string;

  @ApiProperty({ example: 'acme.com' })
  @Trim()
  @Rule((v) => domainError(v))
  domain: string;

  @ApiProperty({ example: 'Marketing', maxLength: 90 })
  @Rule((v) => requiredTextError(v, MESSAGES.department))
  department: string;

  @ApiPropertyOptional({ description: 'The {id} of the /companysignup/{id} link.' })
  @Trim()
  @Rule((v) => (v === undefined || v === null || v === '' || (typeof v === 'string' && /^[A-Za-z0-9._~-]{1,100}$/.test(v)) ? null : ACCOUNT_MESSAGES.invalidInvite))
  inviteCode?: string | null;
}

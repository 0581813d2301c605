import {
  EMAIL_MAX,
  INVITE_CODE_MAX,
  MESSAGES,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  confirmPasswordError,
  emailError,
  inviteCodeError,
  passwordError,
  requiredTextError,
  tierError,
  tierFromApi,
  type Tier,
} from '../../shared/account-rules.js';
import { Field, OptionalField } from '../../common/validation/rule.decorator.js';
import { ReadAs, Trimmed } from '../../common/validation/transforms.js';
import { ACCOUNT_MESSAGES } from '../account-messages.js';
import { CompanyField } from '../company-fields.js';

const PASSWORD_RULES = `${PASSWORD_MIN}-${PASSWORD_MAX} characters with a capital letter and a digit.`;

// Sign-up bodies: described for /api/docs and checked by class-validator with the shared account
// rules (src/shared/account-rules.ts), fields in the order the form shows their messages.
export class SignUpDto {
  @Field({ example: 'Ann Lee', minLength: 1, maxLength: NAME_MAX }, (v) => requiredTextError(v, MESSAGES.name))
  fullName: string;

  @Field({ example: 'ann@example.com', maxLength: EMAIL_MAX }, (v) => emailError(v))
  @Trimmed()
  email: string;

  @Field({ example: 'Secret123', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, description: PASSWORD_RULES }, (v) => passwordError(v))
  password: string;

  @Field({ example: 'Secret123', description: 'The password again.' }, (v, input) => confirmPasswordError(input.password, v))
  confirmPassword: string;

  // The API's names of the tiers, read as the internal ones (standard = Premium, enterprise = Express).
  @Field({ enum: ['standard', 'enterprise'], description: 'standard = Premium, enterprise = Express' }, tierError)
  @ReadAs(tierFromApi)
  tier: Tier;
}

export class CompanySignUpDto {
  @Field({ example: 'Ann Lee', minLength: 1, maxLength: NAME_MAX }, (v) => requiredTextError(v, MESSAGES.name))
  fullName: string;

  @Field({ example: 'ann@acme.com', maxLength: EMAIL_MAX }, (v) => emailError(v, MESSAGES.invalidEmailCompany))
  @Trimmed()
  email: string;

  @Field({ example: 'Secret123', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, description: PASSWORD_RULES }, (v) => passwordError(v, MESSAGES.invalidPasswordCompany))
  password: string;

  @CompanyField('companyName') companyName: string;
  @CompanyField('domain') domain: string;
  @CompanyField('department') department: string;

  @OptionalField({ type: String, nullable: true, maxLength: INVITE_CODE_MAX, description: 'The {id} of the /companysignup/{id} link.' }, (v) => inviteCodeError(v, ACCOUNT_MESSAGES.invalidInvite))
  @Trimmed()
  inviteCode?: string | null;
}

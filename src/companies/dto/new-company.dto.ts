import { MESSAGES, NAME_MAX, domainError, requiredTextError } from '../../shared/account-rules.js';
import { Field } from '../../common/validation/rule.decorator.js';
import { Trimmed } from '../../common/validation/transforms.js';

// New Company on My Companies: the company sign-up's company fields, with its messages.
export class NewCompanyDto {
  @Field({ example: 'Acme Inc.', minLength: 1, maxLength: NAME_MAX }, (v) => requiredTextError(v, MESSAGES.companyName))
  companyName: string;

  @Field({ example: 'acme.com', description: 'A bare domain: no scheme, no path.' }, domainError)
  @Trimmed()
  domain: string;

  @Field({ example: 'Marketing', minLength: 1, maxLength: NAME_MAX }, (v) => requiredTextError(v, MESSAGES.department))
  department: string;
}

import { applyDecorators } from '@nestjs/common';
import { MESSAGES, NAME_MAX, domainError, requiredTextError } from '../shared/account-rules.js';
import { Field } from '../common/validation/rule.decorator.js';
import { Trimmed } from '../common/validation/transforms.js';

// A company's own fields as a request body gives them: the company sign-up (dto/sign-up.dto.ts)
// and New Company on My Companies (the companies module) take the same fields with the same
// description, rule, message and reading, written here once. Each body still declares them, in
// the order its form shows their messages.
const COMPANY_FIELDS = {
  companyName: Field({ example: 'Acme Inc.', minLength: 1, maxLength: NAME_MAX }, (v) => requiredTextError(v, MESSAGES.companyName)),
  domain: applyDecorators(Field({ example: 'acme.com', description: 'A bare domain: no scheme, no path.' }, domainError), Trimmed()),
  department: Field({ example: 'Marketing', minLength: 1, maxLength: NAME_MAX }, (v) => requiredTextError(v, MESSAGES.department)),
};

export type CompanyFieldName = keyof typeof COMPANY_FIELDS;

// `@CompanyField('domain') domain: string;`
export const CompanyField = (name: CompanyFieldName): PropertyDecorator => COMPANY_FIELDS[name];

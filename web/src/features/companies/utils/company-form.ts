// New Company's fields and their messages: the company sign-up's, as the server checks them.
import { MESSAGES, NAME_MAX, domainError, requiredTextError } from '@shared/account-rules';
import type { NewCompany } from '../api/companies-api';

export const COMPANY_NAME_MAX = NAME_MAX;

export const EMPTY_COMPANY: NewCompany = { companyName: '', domain: '', department: '' };

export const companyValidation = {
  companyName: (v: string) => requiredTextError(v, MESSAGES.companyName, NAME_MAX),
  domain: (v: string) => domainError(v),
  department: (v: string) => requiredTextError(v, MESSAGES.department, NAME_MAX),
};

// What is sent: trimmed, the domain in lower case.
export function companyPayload(values: NewCompany): NewCompany {
  return { companyName: values.companyName.trim(), domain: values.domain.trim().toLowerCase(), department: values.department.trim() };
}

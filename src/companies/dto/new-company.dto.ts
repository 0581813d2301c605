import { CompanyField } from '../../accounts/company-fields.js';

// New Company on My Companies: the company sign-up's company fields, with its messages.
export class NewCompanyDto {
  @CompanyField('companyName') companyName: string;
  @CompanyField('domain') domain: string;
  @CompanyField('department') department: string;
}

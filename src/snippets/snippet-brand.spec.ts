import { brandCompanyOf } from './snippet-brand.js';

describe('brandCompanyOf', () => {
  const user = '0b6f2b8e-0000-4000-8000-000000000001';
  const company = '0b6f2b8e-0000-4000-8000-0000000000c1';
  const other = '0b6f2b8e-0000-4000-8000-0000000000c2';

  it("is the creator's own company in their personal workspace, none when they have none", () => {
    expect(brandCompanyOf({ ownerId: user, workspaceId: user }, other)).toBe(other);
    expect(brandCompanyOf({ ownerId: user, workspaceId: user }, null)).toBeNull();
  });

  it("is the workspace's company in a company workspace, whatever company the creator signed up with", () => {
    expect(brandCompanyOf({ ownerId: user, workspaceId: company }, other)).toBe(company);
    expect(brandCompanyOf({ ownerId: user, workspaceId: company }, null)).toBe(company);
  });
});

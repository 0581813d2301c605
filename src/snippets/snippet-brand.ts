import type { Snippet } from './snippet.entity.js';

// The company an EyeMail carries the brand of (the name its email's logo stands for): the company
// of a company workspace (a company's workspace has the company's id), else, in its creator's
// personal workspace (whose id is theirs), the creator's own company, null for none. Pure.
export function brandCompanyOf(s: Pick<Snippet, 'ownerId' | 'workspaceId'>, creatorCompanyId: string | null): string | null {
  return s.workspaceId === s.ownerId ? creatorCompanyId : s.workspaceId;
}

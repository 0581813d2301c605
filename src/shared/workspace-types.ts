import type { WorkspaceKind, WorkspaceRole } from './workspace-roles.js';

// A workspace the signed-in user belongs to, as GET /api/workspaces lists it.
export interface WorkspaceView {
  id: string;
  kind: WorkspaceKind;
  // "Personal" for the personal workspace, else the company's name
  name: string;
  role: WorkspaceRole;
  membersCount: number;
  domain: string | null;
  department: string | null;
}

// A member of the current workspace, as GET /api/workspace/members lists them.
export interface MemberView {
  userId: string;
  fullName: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: string;
  // the signed-in user themselves
  you: boolean;
}

export const PERSONAL_WORKSPACE_NAME = 'Personal';

// How many companies one person may own (so no one makes thousands of empty workspaces).
export const COMPANIES_PER_OWNER = 20;

export const COMPANY_MESSAGES = {
  created: 'The company is ready. Switch to it to work there with your team.',
  tooMany: `You own ${COMPANIES_PER_OWNER} companies already, the most one person may own. Delete one you no longer use first.`,
  memberNotFound: 'Member not found.',
  ownerStays: 'The owner cannot be removed or given another role. Transfer the ownership first.',
  personalStays: 'Your personal workspace is yours alone: there is no one to change and nothing to leave.',
  ownerCannotLeave: 'As the owner you cannot leave. Transfer the ownership to an admin first.',
  roleChanged: 'The role was changed.',
  removed: 'The member was removed. They lost access at once.',
  left: 'You left the company.',
  transferToAdmin: 'The ownership goes to an admin of the company: make them an admin first.',
  transferred: 'The company has a new owner. You are now one of its admins.',
  notOwnerAnyMore: 'You are no longer the owner of this company.',
} as const;

// Company workspaces for tests: a company made through the API by its owner, with members of
// each role. Members are added the way an accepted invitation adds them. companyWithTeam signs
// up four people: start the app with TRUST_PROXY: 'true' so each signs up from its own address
// (the sign-up limit counts per address).
import type { TestApp } from './app.js';
import { signUp, sql, type SignedUpUser } from './account-factory.js';
import type { WorkspaceRole } from '../../src/shared/workspace-roles.js';

export interface TestCompany {
  id: string;
  owner: SignedUpUser;
  members: Record<Exclude<WorkspaceRole, 'owner'>, SignedUpUser>;
}

// Makes a company owned by `owner` (a new user when not given); returns its workspace id.
export async function createCompany(owner: SignedUpUser, name = 'Acme Marketing'): Promise<string> {
  const res = await owner.client.post('/api/companies').send({ companyName: name, domain: 'acme.example', department: 'Marketing' });
  if (res.status !== 201) throw new Error(`Creating a company failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.body.id as string;
}

export async function addMember(t: TestApp, workspaceId: string, user: SignedUpUser, role: Exclude<WorkspaceRole, 'owner'>): Promise<void> {
  await sql(t, `insert into workspace_member (workspace_id, user_id, role) values (?, ?, ?)`, [workspaceId, user.id, role]);
}

// A company with one member of every role, each client already acting in it.
export async function companyWithTeam(t: TestApp, name?: string): Promise<TestCompany> {
  const owner = await signUp(t, { fullName: 'Olive Owner' });
  const id = await createCompany(owner, name);
  const members = {} as TestCompany['members'];
  for (const [role, fullName] of [
    ['admin', 'Adam Admin'],
    ['editor', 'Edith Editor'],
    ['viewer', 'Victor Viewer'],
  ] as const) {
    members[role] = await signUp(t, { fullName });
    await addMember(t, id, members[role], role);
    members[role].client.workspace = id;
  }
  owner.client.workspace = id;
  return { id, owner, members };
}

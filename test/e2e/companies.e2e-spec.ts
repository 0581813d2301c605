// Companies through HTTP on the real app: the workspaces a person belongs to, New Company with
// the company sign-up's messages, members and their roles, removal taking effect at the next
// request, leaving, and what the owner and a personal workspace refuse.
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { companyWithTeam, createCompany, type TestCompany } from '../support/workspace-factory.js';
import { COMPANIES_PER_OWNER } from '../../src/shared/workspace-types.js';

jest.setTimeout(120_000);

let t: TestApp;

// Each client signs up from an address of its own (X-Forwarded-For), as people do.
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});

afterAll(async () => {
  await t?.close();
});

const members = async (user: SignedUpUser) => {
  const res = await user.client.get('/api/workspace/members');
  expect(res.status).toBe(200);
  return res.body.body as { userId: string; fullName: string; email: string; role: string; you: boolean }[];
};

describe('workspaces and New Company', () => {
  it('lists the personal workspace alone for a new user, then a new company owned by them', async () => {
    const ann = await signUp(t, { fullName: 'Ann Lee' });
    const before = await ann.client.get('/api/workspaces');
    expect(before.status).toBe(200);
    expect(before.body.body).toEqual([{ id: ann.id, kind: 'personal', name: 'Personal', role: 'owner', membersCount: 1, domain: null, department: null }]);

    const made = await ann.client.post('/api/companies').send({ companyName: '  Acme Inc. ', domain: 'Acme.COM', department: 'Marketing' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ result: true, message: expect.stringMatching(/company is ready/) });
    const company = made.body.body;
    expect(company).toEqual({ id: expect.any(String), kind: 'company', name: 'Acme Inc.', role: 'owner', membersCount: 1, domain: 'acme.com', department: 'Marketing' });

    const after = (await ann.client.get('/api/workspaces')).body.body;
    expect(after.map((w: { name: string }) => w.name)).toEqual(['Personal', 'Acme Inc.']);
    ann.client.workspace = company.id;
    expect(await members(ann)).toEqual([{ userId: ann.id, fullName: 'Ann Lee', email: ann.email, role: 'owner', joinedAt: expect.any(String), you: true }]);
  });

  it.each([
    [{ domain: 'acme.com', department: 'Marketing' }, 'companyName', 'Please enter your company name.'],
    [{ companyName: '   ', domain: 'acme.com', department: 'Marketing' }, 'companyName', 'Please enter your company name.'],
    [{ companyName: 'Acme', department: 'Marketing' }, 'domain', 'Please enter domain name!'],
    [{ companyName: 'Acme', domain: 'acme.com', department: '' }, 'department', 'Please enter your department name.'],
  ])('refuses %j with the company sign-up message and makes nothing', async (body, field, message) => {
    const bob = await signUp(t);
    const res = await bob.client.post('/api/companies').send(body);
    expect(res.status).toBe(400);
    expect(res.body.result).toBe(false);
    expect(res.body.errors[field]).toBe(message);
    expect((await bob.client.get('/api/workspaces')).body.body).toHaveLength(1);
  });

  it('needs a session, and caps the companies one person owns', async () => {
    expect((await t.http.post('/api/companies').send({ companyName: 'X', domain: 'x.com', department: 'Y' })).status).toBe(403); // no CSRF token, no session
    const cat = await signUp(t);
    await sql(t, `insert into company (id, name, domain, department, owner_user_id) select gen_random_uuid(), 'Co ' || g, 'co.example', 'Sales', ? from generate_series(1, ?) g`, [cat.id, COMPANIES_PER_OWNER]);
    const res = await cat.client.post('/api/companies').send({ companyName: 'One more', domain: 'more.example', department: 'Sales' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/most one person may own/);
    expect((await cat.client.get('/api/workspaces')).body.body).toHaveLength(1 + COMPANIES_PER_OWNER);
  });

  it('answers 404 for a workspace the caller is not in, whatever the header names', async () => {
    const dan = await signUp(t);
    const eve = await signUp(t);
    const evesCompany = await createCompany(eve, 'Eve Co');
    for (const id of [evesCompany, eve.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      dan.client.workspace = id;
      const res = await dan.client.get('/api/workspace/members');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ result: false, message: 'Workspace not found.' });
    }
    // Routes about the person still answer, in their personal workspace.
    dan.client.workspace = evesCompany;
    expect((await dan.client.get('/api/workspaces')).body.body).toHaveLength(1);
  });
});

describe('members and roles', () => {
  let co: TestCompany;

  beforeAll(async () => {
    co = await companyWithTeam(t, 'Team Co');
  });

  it('every member sees the members, owner first, with their roles', async () => {
    for (const who of [co.owner, co.members.admin, co.members.editor, co.members.viewer]) {
      const list = await members(who);
      expect(list.map((m) => [m.fullName, m.role])).toEqual([
        ['Olive Owner', 'owner'],
        ['Adam Admin', 'admin'],
        ['Edith Editor', 'editor'],
        ['Victor Viewer', 'viewer'],
      ]);
      expect(list.filter((m) => m.you).map((m) => m.userId)).toEqual([who.id]);
    }
    const ws = (await co.members.viewer.client.get('/api/workspaces')).body.body;
    expect(ws[1]).toMatchObject({ id: co.id, kind: 'company', name: 'Team Co', role: 'viewer', membersCount: 4 });
  });

  it('editors and viewers cannot change roles or remove anyone (403), and nothing changes', async () => {
    for (const who of [co.members.editor, co.members.viewer]) {
      const change = await who.client.patch(`/api/workspace/members/${co.members.viewer.id}`).send({ role: 'admin' });
      expect(change.status).toBe(403);
      expect(change.body.result).toBe(false);
      expect(change.body.message).toMatch(/does not allow this/);
      expect((await who.client.delete(`/api/workspace/members/${co.members.admin.id}`)).status).toBe(403);
    }
    expect((await members(co.owner)).map((m) => m.role)).toEqual(['owner', 'admin', 'editor', 'viewer']);
  });

  it('an admin changes roles, never the owner, and refuses roles that do not exist', async () => {
    const up = await co.members.admin.client.patch(`/api/workspace/members/${co.members.viewer.id}`).send({ role: 'editor' });
    expect(up.status).toBe(200);
    expect((await members(co.owner)).find((m) => m.userId === co.members.viewer.id)?.role).toBe('editor');
    const back = await co.members.admin.client.patch(`/api/workspace/members/${co.members.viewer.id}`).send({ role: 'viewer' });
    expect(back.status).toBe(200);

    const owner = await co.members.admin.client.patch(`/api/workspace/members/${co.owner.id}`).send({ role: 'viewer' });
    expect(owner.status).toBe(403);
    expect(owner.body.message).toMatch(/owner cannot be removed or given another role/);
    for (const role of ['owner', 'superuser', '', null]) {
      const bad = await co.members.admin.client.patch(`/api/workspace/members/${co.members.editor.id}`).send({ role });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.role).toBe('Choose a role: admin, editor or viewer.');
    }
    const stranger = await signUp(t);
    for (const id of [stranger.id, 'nope']) {
      const res = await co.members.admin.client.patch(`/api/workspace/members/${id}`).send({ role: 'viewer' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Member not found.');
    }
    expect((await members(co.owner)).map((m) => m.role)).toEqual(['owner', 'admin', 'editor', 'viewer']);
  });

  it('a removed member loses access at their very next request; the owner cannot be removed', async () => {
    const team = await companyWithTeam(t, 'Gone Co');
    expect((await team.members.editor.client.get('/api/workspace/members')).status).toBe(200);
    const res = await team.members.admin.client.delete(`/api/workspace/members/${team.members.editor.id}`);
    expect(res.status).toBe(200);
    const after = await team.members.editor.client.get('/api/workspace/members');
    expect(after.status).toBe(404);
    expect(after.body.message).toBe('Workspace not found.');
    expect((await team.members.editor.client.get('/api/workspaces')).body.body.map((w: { kind: string }) => w.kind)).toEqual(['personal']);
    expect((await team.members.admin.client.delete(`/api/workspace/members/${team.owner.id}`)).status).toBe(403);
    expect((await members(team.owner)).map((m) => m.fullName)).toEqual(['Olive Owner', 'Adam Admin', 'Victor Viewer']);
  });

  it('a member leaves; the owner cannot; nobody leaves or changes a personal workspace', async () => {
    const team = await companyWithTeam(t, 'Leave Co');
    const left = await team.members.viewer.client.post('/api/workspace/leave');
    expect(left.status).toBe(200);
    expect((await team.members.viewer.client.get('/api/workspace/members')).status).toBe(404);
    const ownerLeaves = await team.owner.client.post('/api/workspace/leave');
    expect(ownerLeaves.status).toBe(403);
    expect(ownerLeaves.body.message).toMatch(/Transfer the ownership/);

    const solo = await signUp(t);
    expect((await solo.client.post('/api/workspace/leave')).status).toBe(403);
    expect((await solo.client.delete(`/api/workspace/members/${solo.id}`)).status).toBe(403);
    expect((await solo.client.get('/api/workspaces')).body.body).toHaveLength(1);
  });

  it('the owner hands the company to an admin, who becomes the one owner; the old owner is an admin', async () => {
    const team = await companyWithTeam(t, 'Handover Co');
    const toEditor = await team.owner.client.post('/api/workspace/transfer').send({ userId: team.members.editor.id });
    expect(toEditor.status).toBe(403);
    expect(toEditor.body.message).toMatch(/make them an admin first/);
    expect((await team.members.admin.client.post('/api/workspace/transfer').send({ userId: team.members.admin.id })).status).toBe(403);
    expect((await team.owner.client.post('/api/workspace/transfer').send({ userId: 'nope' })).status).toBe(400);

    const done = await team.owner.client.post('/api/workspace/transfer').send({ userId: team.members.admin.id });
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/new owner/);
    expect((await members(team.owner)).map((m) => [m.fullName, m.role])).toEqual([
      ['Adam Admin', 'owner'],
      ['Olive Owner', 'admin'],
      ['Edith Editor', 'editor'],
      ['Victor Viewer', 'viewer'],
    ]);
    const [company] = await sql<{ owner: string }>(t, 'select owner_user_id as owner from company where id = ?', [team.id]);
    expect(company.owner).toBe(team.members.admin.id);
    // The old owner is an admin now: no second transfer, no leaving the new owner out.
    expect((await team.owner.client.post('/api/workspace/transfer').send({ userId: team.owner.id })).status).toBe(403);
    expect((await team.owner.client.delete(`/api/workspace/members/${team.members.admin.id}`)).status).toBe(403);
    const ws = (await team.members.admin.client.get('/api/workspaces')).body.body;
    expect(ws.find((w: { id: string }) => w.id === team.id).role).toBe('owner');
  });

  it('owner and admins read the audit log of who did what to whom, newest first; others cannot', async () => {
    const team = await companyWithTeam(t, 'Audit Co');
    await team.members.admin.client.patch(`/api/workspace/members/${team.members.viewer.id}`).send({ role: 'editor' });
    await team.owner.client.delete(`/api/workspace/members/${team.members.editor.id}`);
    await team.members.viewer.client.post('/api/workspace/leave');
    await team.owner.client.post('/api/workspace/transfer').send({ userId: team.members.admin.id });

    const log = await team.owner.client.get('/api/workspace/audit');
    expect(log.status).toBe(200);
    expect(log.body.body.map((e: { action: string; actorName: string; subject: string | null; detail: string | null }) => [e.action, e.actorName, e.subject, e.detail])).toEqual([
      ['ownership.transferred', 'Olive Owner', team.members.admin.email, null],
      ['member.left', 'Victor Viewer', team.members.viewer.email, 'Editor'],
      ['member.removed', 'Olive Owner', team.members.editor.email, 'Editor'],
      ['member.role_changed', 'Adam Admin', team.members.viewer.email, 'Viewer → Editor'],
      ['company.created', 'Olive Owner', 'Audit Co', null],
    ]);
    // Keyset paging: the entries before the second one.
    const older = await team.owner.client.get(`/api/workspace/audit?before=${log.body.body[1].id}`);
    expect(older.body.body.map((e: { action: string }) => e.action)).toEqual(['member.removed', 'member.role_changed', 'company.created']);

    const other = await companyWithTeam(t, 'Other Audit Co');
    expect((await other.members.editor.client.get('/api/workspace/audit')).status).toBe(403);
    expect((await other.members.viewer.client.get('/api/workspace/audit')).status).toBe(403);
    // Another company's log never shows this one's.
    const theirs = (await other.owner.client.get('/api/workspace/audit')).body.body;
    expect(theirs.map((e: { subject: string }) => e.subject)).toEqual(['Other Audit Co']);
  });
});

// Invitations to a company workspace through HTTP on the real app and database, each link read
// from the mail the app wrote to its outbox: inviting (who may, seats, hourly limits), the pending
// list, resend and revoke, what a link shows, and accepting it (only the invited, verified
// address; a new person signing up from the link), with every way a link stops working.
import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signUp, sql, uniqueEmail, type Client, type SignedUpUser } from '../support/account-factory.js';
import { linkIn, outboxMails } from '../support/smtp.js';
import { companyWithTeam, createCompany, type TestCompany } from '../support/workspace-factory.js';
import { INVITATION_MESSAGES as M, INVITATIONS_PER_COMPANY_HOUR, INVITATIONS_PER_INVITER_HOUR } from '../../src/shared/invitation-types.js';

jest.setTimeout(180_000);

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});

afterAll(async () => {
  await t?.close();
});

const taken = new Set<string>();
// The newest invitation mail to the address not read yet, and its link's token.
function invitationMailTo(address: string) {
  const mail = outboxMails(t.config.dataDir)
    .filter((m) => !taken.has(m.file) && m.to.some((to) => to.toLowerCase().includes(address.toLowerCase())) && /invited you to/.test(m.subject))
    .pop();
  if (!mail) throw new Error(`No invitation mail to ${address}`);
  taken.add(mail.file);
  const m = /http:\/\/eyemail\.test\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`No invitation link in:\n${mail.text}`);
  return { mail, token: m[1] };
}

function invitationMailsTo(address: string) {
  return outboxMails(t.config.dataDir).filter((m) => m.to.some((to) => to.toLowerCase().includes(address.toLowerCase())) && /invited you to/.test(m.subject));
}

async function invite(client: Client, emails: string[], role = 'editor') {
  return client.post('/api/workspace/invitations').send({ emails, role });
}

// Invites one address and answers the link's token.
async function invited(client: Client, email: string, role = 'editor'): Promise<string> {
  const res = await invite(client, [email], role);
  expect(res.status).toBe(201);
  expect(res.body.body.invited).toHaveLength(1);
  return invitationMailTo(email).token;
}

// A person whose address is verified, through the link of their verification mail.
async function verifiedUser(fullName = 'Vera Fied'): Promise<SignedUpUser> {
  const u = await signUp(t, { fullName });
  const mail = outboxMails(t.config.dataDir).find((m) => m.to.some((to) => to.includes(u.email)) && /Verify/.test(m.subject));
  if (!mail) throw new Error('No verification mail');
  const token = linkIn(mail, 'emailverification').searchParams.get('token')!;
  await u.client.put(`/api/accounts/verify-email?token=${token}`).expect(200);
  return u;
}

// The company's audit log about one address, newest first: action, who, role.
async function auditOf(client: Client, email: string) {
  const entries = (await client.get('/api/workspace/audit').expect(200)).body.body as { action: string; actorName: string; subject: string; detail: string }[];
  return entries.filter((e) => e.subject === email).map((e) => [e.action, e.actorName, e.detail]);
}

const workspacesOf = async (u: SignedUpUser) => (await u.client.get('/api/workspaces').expect(200)).body.body as { id: string; role: string }[];
const emailVerified = async (u: SignedUpUser) => (await u.client.post('/api/accounts/trysignin').expect(200)).body.body.emailVerified as boolean;

describe('inviting', () => {
  let co: TestCompany;
  beforeAll(async () => {
    co = await companyWithTeam(t, 'Acme Marketing');
  });

  it('invites each address once with the role, mails a link whose token only its hash is kept of, and reports members', async () => {
    const ann = uniqueEmail('ann');
    const bob = uniqueEmail('bob');
    const res = await invite(co.owner.client, [`  ${ann.toUpperCase()} `, bob, ann, co.members.viewer.email.toUpperCase()], 'editor');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('2 invitations sent. 1 address was skipped.');
    const { invited, skipped, mailFailed } = res.body.body;
    expect(invited.map((i: { email: string }) => i.email)).toEqual([ann, bob]);
    expect(invited[0]).toEqual({
      id: expect.any(String),
      email: ann,
      role: 'editor',
      inviterName: 'Olive Owner',
      sentAt: expect.any(String),
      expiresAt: expect.any(String),
      expired: false,
    });
    const days = (Date.parse(invited[0].expiresAt) - Date.parse(invited[0].sentAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect(skipped).toEqual([{ email: co.members.viewer.email, reason: 'member', message: M.member }]);
    expect(mailFailed).toEqual([]);

    const { mail, token } = invitationMailTo(ann);
    expect(mail.subject).toBe('Olive Owner invited you to Acme Marketing on EyeMail as an editor');
    expect(mail.text).toContain(`http://eyemail.test/invitations/${token}`);
    expect(mail.text).toContain('expires in 7 days');
    expect(mail.text).toContain(`The invitation is for ${ann}`);
    expect(mail.html).toContain(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invitationMailsTo(ann)).toHaveLength(1); // once, although typed twice
    expect(invitationMailsTo(co.members.viewer.email)).toHaveLength(0);

    const rows = await sql<{ token_hash: string }>(t, 'select token_hash from invitation where email = ?', [ann]);
    expect(rows).toEqual([{ token_hash: crypto.createHash('sha256').update(token).digest('hex') }]);
    expect(JSON.stringify(await sql(t, 'select * from invitation where email = ?', [ann]))).not.toContain(token);

    // Asked again while pending: reported, no second mail.
    const again = await invite(co.members.admin.client, [ann], 'viewer');
    expect(again.status).toBe(201);
    expect(again.body.body.invited).toEqual([]);
    expect(again.body.body.skipped).toEqual([{ email: ann, reason: 'pending', message: M.pending }]);
    expect(again.body.message).toBe('Nobody was invited. 1 address was skipped.');
    expect(invitationMailsTo(ann)).toHaveLength(1);
  });

  it('lists pending invitations with address, role, inviter and dates, to owners and admins only', async () => {
    const cid = uniqueEmail('cid');
    await invited(co.members.admin.client, cid, 'viewer');
    const list = await co.owner.client.get('/api/workspace/invitations').expect(200);
    const entry = list.body.body.find((i: { email: string }) => i.email === cid);
    expect(entry).toMatchObject({ email: cid, role: 'viewer', inviterName: 'Adam Admin', expired: false });
    expect(Date.parse(entry.expiresAt)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect((await co.members.admin.client.get('/api/workspace/invitations').expect(200)).body.body).toEqual(list.body.body);
  });

  it('refuses editors and viewers (403), outsiders (404) and a personal workspace (403)', async () => {
    const someone = uniqueEmail('someone');
    for (const role of ['editor', 'viewer'] as const) {
      const c = co.members[role].client;
      const res = await invite(c, [someone]);
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/does not allow this/);
      expect((await c.get('/api/workspace/invitations')).status).toBe(403);
    }
    const outsider = await signUp(t, { fullName: 'Otto Outsider' });
    outsider.client.workspace = co.id;
    const res = await invite(outsider.client, [someone]);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Workspace not found.');
    expect((await outsider.client.get('/api/workspace/invitations')).status).toBe(404);

    outsider.client.workspace = undefined;
    const personal = await invite(outsider.client, [someone]);
    expect(personal.status).toBe(403);
    expect(personal.body.message).toBe(M.personal);
    expect(invitationMailsTo(someone)).toHaveLength(0);

    const anonymous = await newClient(t);
    expect((await invite(anonymous, [someone])).status).toBe(401);
  });

  it('checks the addresses (each one its own message) and the role', async () => {
    const bad = await invite(co.owner.client, ['good@example.com', 'not an address', 'x@'], 'editor');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'emails.1': 'Invalid email', 'emails.2': 'Invalid email' });
    expect((await invite(co.owner.client, [], 'editor')).body.errors).toEqual({ emails: M.addresses });
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@example.com`);
    expect((await invite(co.owner.client, many, 'editor')).body.errors).toEqual({ emails: M.addresses });
    const owner = await invite(co.owner.client, ['role@example.com'], 'owner');
    expect(owner.status).toBe(400);
    expect(owner.body.errors).toEqual({ role: 'Choose a role: admin, editor or viewer.' });
    expect(invitationMailsTo('good@example.com')).toHaveLength(0);
  });
});

describe('the link', () => {
  let co: TestCompany;
  beforeAll(async () => {
    co = await companyWithTeam(t, 'Link Co');
  });

  it('shows what it is for to anyone, and nothing for a random or malformed token', async () => {
    const email = uniqueEmail('dee');
    const token = await invited(co.members.admin.client, email, 'admin');
    const anonymous = await newClient(t);
    const res = await anonymous.get(`/api/invitations/${token}`).expect(200);
    expect(res.body.body).toEqual({ companyName: 'Link Co', inviterName: 'Adam Admin', role: 'admin', email, expiresAt: expect.any(String) });

    for (const wrong of [crypto.randomBytes(32).toString('base64url'), 'short', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`]) {
      const r = await anonymous.get(`/api/invitations/${wrong}`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ result: false, message: M.linkInvalid, body: null, errors: null });
    }
  });

  it('is accepted once by the verified account with the invited address, who joins with the role', async () => {
    const vera = await verifiedUser('Vera Fied');
    const token = await invited(co.owner.client, vera.email.toUpperCase(), 'viewer');
    const res = await vera.client.post(`/api/invitations/${token}/accept`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: true, message: 'Welcome to Link Co! You joined as a viewer.' });
    expect(res.body.body).toEqual({ workspaceId: co.id, companyName: 'Link Co', role: 'viewer', emailVerified: false });
    expect(await workspacesOf(vera)).toContainEqual(expect.objectContaining({ id: co.id, role: 'viewer' }));
    vera.client.workspace = co.id;
    expect((await vera.client.get('/api/workspace/members').expect(200)).body.body).toContainEqual(expect.objectContaining({ userId: vera.id, role: 'viewer', you: true }));
    expect((await co.owner.client.get('/api/workspace/invitations').expect(200)).body.body.map((i: { email: string }) => i.email)).not.toContain(vera.email);

    expect(await auditOf(co.owner.client, vera.email)).toEqual([
      ['invitation.accepted', 'Vera Fied', 'Viewer'],
      ['invitation.sent', 'Olive Owner', 'Viewer'],
    ]);

    // Single use: accepted is accepted, whoever asks again.
    const again = await vera.client.post(`/api/invitations/${token}/accept`);
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(M.linkUsed);
    expect((await (await newClient(t)).get(`/api/invitations/${token}`)).status).toBe(410);
    // An accepted address is a member now: inviting it again is reported.
    expect((await invite(co.owner.client, [vera.email])).body.body.skipped).toEqual([{ email: vera.email, reason: 'member', message: M.member }]);
  });

  it('refuses another account, saying which address it is for, and stays usable', async () => {
    const email = uniqueEmail('frank');
    const token = await invited(co.owner.client, email);
    const other = await verifiedUser('Olga Other');
    const res = await other.client.post(`/api/invitations/${token}/accept`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(`This invitation is for fr***@example.com. Sign out, then sign in or create an account with that address to accept it.`);
    expect(await workspacesOf(other)).toHaveLength(1);
    expect((await other.client.get(`/api/invitations/${token}`)).status).toBe(200);
    expect((await newClient(t).then((c) => c.post(`/api/invitations/${token}/accept`))).status).toBe(401);
  });

  it('refuses an account that was there before the invitation until its address is verified', async () => {
    const gus = await signUp(t, { fullName: 'Gus Unverified' });
    const token = await invited(co.owner.client, gus.email);
    const res = await gus.client.post(`/api/invitations/${token}/accept`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.notVerified);
    expect(await workspacesOf(gus)).toHaveLength(1);
    expect(await emailVerified(gus)).toBe(false);

    const mail = outboxMails(t.config.dataDir).find((m) => m.to.some((to) => to.includes(gus.email)) && /Verify/.test(m.subject))!;
    await gus.client.put(`/api/accounts/verify-email?token=${linkIn(mail, 'emailverification').searchParams.get('token')}`).expect(200);
    expect((await gus.client.post(`/api/invitations/${token}/accept`)).status).toBe(200);
    expect(await workspacesOf(gus)).toContainEqual(expect.objectContaining({ id: co.id, role: 'editor' }));
  });

  it('lets a new person sign up from the link: accepting verifies the address the mail came to', async () => {
    const email = uniqueEmail('hana');
    const token = await invited(co.owner.client, email, 'editor');
    const anonymous = await newClient(t);
    expect((await anonymous.get(`/api/invitations/${token}`).expect(200)).body.body.email).toBe(email);
    const hana = await signUp(t, { fullName: 'Hana New', email }, anonymous);
    expect(await emailVerified(hana)).toBe(false);
    const res = await hana.client.post(`/api/invitations/${token}/accept`);
    expect(res.status).toBe(200);
    expect(res.body.body).toEqual({ workspaceId: co.id, companyName: 'Link Co', role: 'editor', emailVerified: true });
    expect(await emailVerified(hana)).toBe(true);
    expect(await workspacesOf(hana)).toContainEqual(expect.objectContaining({ id: co.id, role: 'editor' }));
  });

  it('stops working once expired (7 days) until it is resent; the resent link replaces the old one', async () => {
    const ivy = await verifiedUser('Ivy Late');
    const token = await invited(co.owner.client, ivy.email);
    await sql(t, `update invitation set expires_at = now() - interval '1 second' where email = ?`, [ivy.email]);
    const shown = await ivy.client.get(`/api/invitations/${token}`);
    expect(shown.status).toBe(410);
    expect(shown.body.message).toBe(M.linkExpired);
    expect((await ivy.client.post(`/api/invitations/${token}/accept`)).status).toBe(410);
    expect(await workspacesOf(ivy)).toHaveLength(1);

    const entry = (await co.owner.client.get('/api/workspace/invitations').expect(200)).body.body.find((i: { email: string }) => i.email === ivy.email);
    expect(entry.expired).toBe(true);
    const resent = await co.members.admin.client.post(`/api/workspace/invitations/${entry.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.body).toMatchObject({ id: entry.id, email: ivy.email, expired: false, inviterName: 'Adam Admin' });
    expect((await auditOf(co.owner.client, ivy.email))[0]).toEqual(['invitation.resent', 'Adam Admin', 'Editor']);
    const fresh = invitationMailTo(ivy.email).token;
    expect(fresh).not.toBe(token);
    expect((await ivy.client.get(`/api/invitations/${token}`)).status).toBe(404);
    expect((await ivy.client.post(`/api/invitations/${token}/accept`)).status).toBe(404);
    expect((await ivy.client.post(`/api/invitations/${fresh}/accept`)).status).toBe(200);
  });

  it('resends a pending invitation with a new link: the old one stops at once', async () => {
    const jo = await verifiedUser('Jo Again');
    const first = await invited(co.owner.client, jo.email);
    const [entry] = (await co.owner.client.get('/api/workspace/invitations').expect(200)).body.body.filter((i: { email: string }) => i.email === jo.email);
    await co.owner.client.post(`/api/workspace/invitations/${entry.id}/resend`).expect(200);
    const second = invitationMailTo(jo.email).token;
    expect((await jo.client.post(`/api/invitations/${first}/accept`)).status).toBe(404);
    expect((await jo.client.post(`/api/invitations/${second}/accept`)).status).toBe(200);
    // Accepted: nothing left to resend or revoke.
    expect((await co.owner.client.post(`/api/workspace/invitations/${entry.id}/resend`)).status).toBe(404);
    expect((await co.owner.client.delete(`/api/workspace/invitations/${entry.id}`)).status).toBe(404);
  });

  it('is revoked by an admin: the link says so, the invitation leaves the list, another company cannot touch it', async () => {
    const kim = await verifiedUser('Kim Revoked');
    const token = await invited(co.owner.client, kim.email);
    const entry = (await co.owner.client.get('/api/workspace/invitations').expect(200)).body.body.find((i: { email: string }) => i.email === kim.email);

    const stranger = await signUp(t, { fullName: 'Stan Stranger' });
    stranger.client.workspace = await createCompany(stranger, 'Other Co');
    expect((await stranger.client.delete(`/api/workspace/invitations/${entry.id}`)).status).toBe(404);
    expect((await stranger.client.post(`/api/workspace/invitations/${entry.id}/resend`)).status).toBe(404);
    expect((await co.members.editor.client.delete(`/api/workspace/invitations/${entry.id}`)).status).toBe(403);
    expect((await kim.client.get(`/api/invitations/${token}`)).status).toBe(200);

    const res = await co.members.admin.client.delete(`/api/workspace/invitations/${entry.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.revoked);
    const shown = await kim.client.get(`/api/invitations/${token}`);
    expect(shown.status).toBe(410);
    expect(shown.body.message).toBe(M.linkRevoked);
    expect((await kim.client.post(`/api/invitations/${token}/accept`)).status).toBe(410);
    expect(await workspacesOf(kim)).toHaveLength(1);
    expect((await co.owner.client.get('/api/workspace/invitations').expect(200)).body.body.map((i: { id: string }) => i.id)).not.toContain(entry.id);
    expect((await co.owner.client.delete(`/api/workspace/invitations/${entry.id}`)).status).toBe(404);
    expect((await co.owner.client.delete('/api/workspace/invitations/not-a-uuid')).status).toBe(404);
    expect(await auditOf(co.owner.client, kim.email)).toEqual([
      ['invitation.revoked', 'Adam Admin', 'Editor'],
      ['invitation.sent', 'Olive Owner', 'Editor'],
    ]);
    // Revoked, the address may be invited afresh.
    expect((await invite(co.owner.client, [kim.email])).body.body.invited).toHaveLength(1);
  });
});

describe('limits', () => {
  const addresses = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}.${i}.${crypto.randomBytes(3).toString('hex')}@example.com`);

  it(`counts members and pending invitations against the company's seats (COMPANY_SEATS, 25 by default)`, async () => {
    const co = await companyWithTeam(t, 'Seats Co'); // 4 members
    expect((await invite(co.owner.client, addresses(20, 'seat'))).status).toBe(201); // 24
    const overAddresses = addresses(2, 'over');
    const over = await invite(co.owner.client, overAddresses);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(
      'This company has 25 seats and only 1 free (members and pending invitations count). Invite at most 1 more, or revoke a pending invitation or remove a member first.',
    );
    const last = addresses(1, 'last');
    expect((await invite(co.owner.client, last)).status).toBe(201); // 25
    const full = await invite(co.members.admin.client, addresses(1, 'full'));
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(
      'This company has all its 25 seats taken (members and pending invitations). Revoke a pending invitation or remove a member to invite someone new.',
    );
    // An expired invitation holds no seat, and resending it takes one back.
    const lastEntry = (await co.owner.client.get('/api/workspace/invitations').expect(200)).body.body.find((i: { email: string }) => i.email === last[0]);
    await sql(t, `update invitation set expires_at = now() - interval '1 second' where id = ?`, [lastEntry.id]);
    const other = addresses(1, 'freed');
    expect((await invite(co.owner.client, other)).status).toBe(201);
    expect((await co.owner.client.post(`/api/workspace/invitations/${lastEntry.id}/resend`)).status).toBe(409);
    // Revoking frees a seat.
    const any = (await co.owner.client.get('/api/workspace/invitations').expect(200)).body.body.find((i: { expired: boolean }) => !i.expired);
    await co.owner.client.delete(`/api/workspace/invitations/${any.id}`).expect(200);
    expect((await co.owner.client.post(`/api/workspace/invitations/${lastEntry.id}/resend`)).status).toBe(200);
    for (const a of overAddresses) expect(invitationMailsTo(a)).toHaveLength(0);
  });

  it(`sends at most ${INVITATIONS_PER_INVITER_HOUR} invitations per inviter and ${INVITATIONS_PER_COMPANY_HOUR} per company within an hour`, async () => {
    const co = await companyWithTeam(t, 'Busy Co');
    const revokeAll = async () => {
      for (const i of (await co.owner.client.get('/api/workspace/invitations').expect(200)).body.body) await co.owner.client.delete(`/api/workspace/invitations/${i.id}`).expect(200);
    };
    expect((await invite(co.owner.client, addresses(20, 'a'))).status).toBe(201);
    await revokeAll(); // seats are not what is tested here
    expect((await invite(co.owner.client, addresses(10, 'b'))).status).toBe(201); // the owner's 30
    const tooMany = await invite(co.owner.client, addresses(1, 'c'));
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.message).toBe(M.tooManyForInviter);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(3000);
    const pending = (await co.owner.client.get('/api/workspace/invitations').expect(200)).body.body;
    expect((await co.owner.client.post(`/api/workspace/invitations/${pending[0].id}/resend`)).status).toBe(429);

    await revokeAll();
    expect((await invite(co.members.admin.client, addresses(20, 'd'))).status).toBe(201); // the company's 50
    const companyFull = await invite(co.members.admin.client, addresses(1, 'e'));
    expect(companyFull.status).toBe(429);
    expect(companyFull.body.message).toBe(M.tooManyForCompany);
    expect(await sql(t, `select count(*)::int as n from invitation where workspace_id = ?`, [co.id])).toEqual([{ n: 50 }]);

    // An hour later the company may invite again.
    await sql(t, `update invitation_send set sent_at = sent_at - interval '61 minutes' where workspace_id = ?`, [co.id]);
    await revokeAll();
    expect((await invite(co.members.admin.client, addresses(1, 'f'))).status).toBe(201);
  });
});

describe('COMPANY_SEATS', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ TRUST_PROXY: 'true', COMPANY_SEATS: '5' });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('is the number of seats of every company', async () => {
    const co = await companyWithTeam(small, 'Small Co'); // 4 members
    expect((await invite(co.owner.client, [uniqueEmail('fifth')])).status).toBe(201);
    const full = await invite(co.owner.client, [uniqueEmail('sixth')]);
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/^This company has all its 5 seats taken/);
  });
});

// The authorization matrix of workspaces: every signed-in route of the running app x every kind
// of caller (anonymous, outsider, viewer, editor, admin and owner of the company, a member of
// another company, a removed member, the site admin, and the API tokens of a member, an outsider
// and a removed member). The routes and the rule each declares are read from the app itself
// (test/support/route-table.ts), their calls from test/support/route-calls.ts, so a new route
// without a rule, or without a call, fails here.
//
// What each caller must get, from the route's declared rule:
// - @WorkspaceScope(role): members with at least that role succeed, members below it get 403;
//   non-members get 404 for a thing of the company (it does not exist for them) and their own
//   workspace's answer for a list, with nothing of the company in it; a removed member whose
//   dashboard still names the company gets 404 "Workspace not found.".
// - @AccountScope: about the person; the company's things never leak.
// - site admin routes: the site admin only.
// - API tokens: only routes with a token scope, only their own workspace's things; a removed
//   member's token opens nothing.
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signInAdmin, signUp, sql, type Client, type SignedUpUser } from '../support/account-factory.js';
import { listRoutes, type RouteInfo } from '../support/route-table.js';
import { buildWorld, keyOf, ROUTES, routeKey, SECRET_TITLE, type Call, type RouteSpec, type World } from '../support/route-calls.js';
import { addMember, companyWithTeam, createCompany, type TestCompany } from '../support/workspace-factory.js';
import { roleAllows, WORKSPACE_ROLES, type WorkspaceRole } from '../../src/shared/workspace-roles.js';

const ADMIN_EMAIL = 'admin@eyemail.test';
const ADMIN_PASSWORD = 'admin-pass-1';

type Membership = WorkspaceRole | 'none' | 'removed';

interface Caller {
  name: string;
  client?: Client;
  token?: string;
  membership: Membership | 'anonymous' | 'site-admin';
  // acts in their personal workspace
  inPersonal?: boolean;
}

let t: TestApp;
let w: World;
let team: TestCompany;
let routes: RouteInfo[];
let callers: Caller[];
let companyId: string;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD, TRUST_PROXY: 'true' });
  team = await companyWithTeam(t, 'Secret Team Co');
  companyId = team.id;
  const removed = await signUp(t, { fullName: 'Remy Removed' });
  await addMember(t, companyId, removed, 'admin');
  removed.client.workspace = companyId;
  const outsider = await signUp(t, { fullName: 'Otto Outsider' });
  const rival = await signUp(t, { fullName: 'Rita Rival' });
  rival.client.workspace = await createCompany(rival, 'Rival Co');
  const victim = await signUp(t, { fullName: 'Vic Victim' });
  const siteAdmin = await signInAdmin(t);
  await addMember(t, companyId, victim, 'viewer');
  w = await buildWorld(t, { owner: team.owner, other: outsider, victim, admin: siteAdmin, anonymous: await newClient(t), memberId: victim.id });
  const token = async (u: SignedUpUser) => {
    const res = await u.client.post('/api/api-tokens').send({ name: `Token of ${u.fullName}` });
    if (res.status !== 201) throw new Error(`No token for ${u.fullName}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.body.token as string;
  };
  const [memberToken, outsiderToken, removedToken] = [await token(team.members.admin), await token(outsider), await token(removed)];
  const gone = await team.owner.client.delete(`/api/workspace/members/${removed.id}`);
  if (gone.status !== 200) throw new Error(`Could not remove: ${gone.status}`);
  callers = [
    { name: 'anonymous', client: w.anonymous, membership: 'anonymous' },
    { name: 'outsider', client: outsider.client, membership: 'none', inPersonal: true },
    { name: 'member of another company', client: rival.client, membership: 'none' },
    { name: 'site admin', client: siteAdmin, membership: 'site-admin', inPersonal: true },
    { name: 'removed member', client: removed.client, membership: 'removed' },
    { name: 'viewer', client: team.members.viewer.client, membership: 'viewer' },
    { name: 'editor', client: team.members.editor.client, membership: 'editor' },
    { name: 'admin', client: team.members.admin.client, membership: 'admin' },
    { name: 'owner', client: team.owner.client, membership: 'owner' },
    { name: "a member's API token", token: memberToken, membership: 'admin' },
    { name: "an outsider's API token", token: outsiderToken, membership: 'none', inPersonal: true },
    { name: "a removed member's API token", token: removedToken, membership: 'removed' },
  ];
  routes = listRoutes(t.app);
}, 240_000);

afterAll(async () => t?.close());

async function send(caller: Caller, method: string, c: Call) {
  const qs = c.query ? `?${new URLSearchParams(c.query)}` : '';
  const via = caller.client ?? w.anonymous;
  const req = (via as unknown as Record<string, (p: string) => import('supertest').Test>)[method.toLowerCase()](c.path + qs);
  for (const [k, v] of Object.entries(c.headers ?? {})) req.set(k, v);
  if (caller.token) req.set('Authorization', `Bearer ${caller.token}`);
  if (c.body !== undefined) req.send(c.body as object);
  const res = await req;
  const text = typeof res.text === 'string' && res.text ? res.text : Buffer.isBuffer(res.body) ? res.body.toString('utf8') : JSON.stringify(res.body ?? '');
  return { status: res.status, text };
}

// What of the company must never reach a caller outside it (or a refused one).
const markers = () => [SECRET_TITLE, team.owner.email, w.logoId, w.attachmentId, 'Secret Team Co'];

const PAST_THE_GUARD = [200, 201, 202, 204, 400, 409];

const isMember = (m: Caller['membership']): m is WorkspaceRole => (WORKSPACE_ROLES as readonly string[]).includes(m);

// The statuses a caller may get on a route, or 'skip' when this matrix does not judge it (the
// public routes: security-access.e2e-spec.ts), with whether the answer may show the company.
function expectation(route: RouteInfo, spec: RouteSpec, caller: Caller, leastAllowed: WorkspaceRole | null): { statuses: number[]; mayShow: boolean } | 'skip' {
  const okStatuses = spec.ok ?? [200, 201, 202, 204];
  if (route.access === 'public') return 'skip';
  if (caller.membership === 'anonymous') return { statuses: [401], mayShow: false };
  if (route.access === 'admin') return caller.membership === 'site-admin' && !caller.token ? { statuses: spec.ok ?? [200], mayShow: true } : { statuses: caller.token && caller.membership === 'removed' ? [401, 403] : [403], mayShow: false };
  if (caller.token) {
    if (!route.tokenScope) return { statuses: caller.membership === 'removed' ? [401, 403] : [403], mayShow: false };
    if (caller.membership === 'removed') return { statuses: [401], mayShow: false };
    if (caller.membership === 'none') return spec.kind === 'owned' ? { statuses: spec.refused ?? [404], mayShow: false } : { statuses: okStatuses, mayShow: false };
    return { statuses: okStatuses, mayShow: true };
  }
  if (route.scope === 'account') {
    if (spec.kind === 'owned') {
      if (caller.membership === 'owner') return { statuses: okStatuses, mayShow: true };
      if (isMember(caller.membership)) return 'skip';
      return { statuses: spec.refused ?? [403, 404], mayShow: false };
    }
    // About the person: the guard lets every signed-in caller through (what the call then
    // says of its body is the route's own test's business).
    return { statuses: spec.ok ?? PAST_THE_GUARD, mayShow: isMember(caller.membership) };
  }
  const needed = route.scope as WorkspaceRole;
  if (caller.membership === 'removed') return { statuses: [404], mayShow: false };
  if (isMember(caller.membership)) {
    if (!roleAllows(caller.membership, needed)) return { statuses: [403], mayShow: false };
    // A call that deletes succeeds once: for the least role allowed.
    if (spec.destructive && caller.membership !== leastAllowed) return 'skip';
    return { statuses: okStatuses, mayShow: true };
  }
  // outsiders, members of another company and the site admin, each in their own workspace
  if (caller.inPersonal && spec.personal) return { statuses: spec.personal, mayShow: false };
  return spec.kind === 'owned' ? { statuses: spec.refused ?? [404], mayShow: false } : { statuses: okStatuses, mayShow: false };
}

describe('the route list', () => {
  it('gives every signed-in route a workspace rule: @WorkspaceScope(role) or @AccountScope', () => {
    const missing = routes.filter((r) => r.access === 'user' && r.scope === null).map((r) => `${keyOf(r)} (${r.controller}.${r.handler})`);
    expect(missing).toEqual([]);
  });
});

describe('every signed-in route x every kind of workspace caller', () => {
  it('lets each role do what it may, refuses the rest with 403, hides the company from everyone else with 404, and leaks nothing', async () => {
    const failures: string[] = [];
    const rank = (k: string) => (ROUTES[k].last ? 2 : ROUTES[k].destructive ? 1 : 0);
    const keys = Object.keys(ROUTES).sort((a, b) => rank(a) - rank(b));
    for (const key of keys) {
      const route = routes.find((r) => keyOf(r) === routeKey(key));
      const spec = ROUTES[key];
      if (!route || spec.last) continue;
      const method = key.split(' ')[0];
      const leastAllowed = route.scope && route.scope !== 'account' ? route.scope : null;
      // Refused callers first, the allowed ones (the least role of them last, for deletions) after.
      const ordered = [...callers].sort((a, b) => Number(isMember(a.membership) && !a.token) - Number(isMember(b.membership) && !b.token));
      for (const caller of ordered) {
        const want = expectation(route, spec, caller, leastAllowed);
        if (want === 'skip') continue;
        const { status, text } = await send(caller, method, spec.call(w));
        const fail = (why: string) => failures.push(`${key} as ${caller.name}: ${why} (got ${status}) ${text.slice(0, 160)}`);
        if (status >= 500) fail('server error');
        else if (!want.statuses.includes(status)) fail(`expected ${want.statuses.join(' or ')}`);
        if (!want.mayShow || status >= 400) {
          const leaked = markers().find((m) => text.toLowerCase().includes(m.toLowerCase()));
          if (leaked) fail(`answered with the company's "${leaked}"`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('left the company as it was, but for what its members were allowed to change', async () => {
    const s = await team.owner.client.get(`/api/snippets/${w.snippetId}`);
    expect(s.status).toBe(200);
    expect(s.body.body).toMatchObject({ title: SECRET_TITLE });
    expect((await team.owner.client.get(`/api/files/${w.logoId}`)).status).toBe(200);
    expect((await team.owner.client.get(`/api/snippets/${w.snippetForDelete}`)).status).toBe(404);
    const [members] = await sql<{ n: string }>(t, 'select count(*) as n from workspace_member where workspace_id = ?', [companyId]);
    expect(Number(members.n)).toBe(4);
  });
});

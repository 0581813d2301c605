// Every route of the running app x {anonymous, owner, other user, admin}: nobody reads or changes
// what is not theirs, and nothing of the owner leaks into another caller's answer. The routes are
// read from the app itself (test/support/route-table.ts), so a route added later fails here until
// it is classified below.
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signIn, signInAdmin, signUp, sql, type Client } from '../support/account-factory.js';
import { listRoutes, type RouteInfo } from '../support/route-table.js';
import { addMember, createCompany } from '../support/workspace-factory.js';
import { ACCESS_OF, buildWorld, keyOf, ROUTES, routeKey, SECRET_TITLE, type Call, type Kind, type World } from '../support/route-calls.js';

const ADMIN_EMAIL = 'admin@eyemail.test';
const ADMIN_PASSWORD = 'admin-pass-1';

type Role = 'anonymous' | 'owner' | 'other' | 'admin';


let t: TestApp;
let w: World;
let routes: RouteInfo[];

function clientOf(role: Role): Client {
  return role === 'anonymous' ? w.anonymous : role === 'owner' ? w.owner.client : role === 'other' ? w.other.client : w.admin;
}

async function send(role: Role, method: string, c: Call) {
  const qs = c.query ? `?${new URLSearchParams(c.query)}` : '';
  const req = (clientOf(role) as unknown as Record<string, (p: string) => import('supertest').Test>)[method.toLowerCase()](c.path + qs);
  for (const [k, v] of Object.entries(c.headers ?? {})) req.set(k, v);
  if (c.body !== undefined) req.send(c.body as object);
  const res = await req;
  const text = typeof res.text === 'string' && res.text ? res.text : Buffer.isBuffer(res.body) ? res.body.toString('utf8') : JSON.stringify(res.body ?? '');
  return { status: res.status, text };
}

// The owner's data that must never reach another caller.
function privateMarkers(kind: Kind): string[] {
  const always = [w.owner.email, w.owner.id];
  // Public pages show the EyeMail itself (title, media) by design; nothing about its owner.
  return kind === 'public' || kind === 'account' ? always : [...always, SECRET_TITLE, w.logoId, w.profilePictureId, w.attachmentId];
}

function expectNoLeak(kind: Kind, role: Role, key: string, text: string): void {
  for (const m of privateMarkers(kind)) {
    if (text.toLowerCase().includes(m.toLowerCase())) throw new Error(`${key} as ${role} answered with the owner's "${m}": ${text.slice(0, 300)}`);
  }
}

// The owner's snippet and files are as they were.
async function expectOwnerThingsIntact(): Promise<void> {
  const s = await w.owner.client.get(`/api/snippets/${w.snippetId}`);
  expect(s.status).toBe(200);
  expect(s.body.body).toMatchObject({ title: SECRET_TITLE, status: true });
  expect((await w.owner.client.get(`/api/files/${w.logoId}`)).status).toBe(200);
  const [victim] = await sql<{ active: boolean }>(t, 'select is_active as active from app_user where id = ?', [w.victim.id]);
  expect(victim.active).toBe(true);
}

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });
  const [owner, other, victim] = [await signUp(t, { fullName: 'Olga Owner' }), await signUp(t, { fullName: 'Otto Other' }), await signUp(t, { fullName: 'Vic Victim' })];
  // The owner works in a company of theirs, the victim a viewer of it (every rule of the roles:
  // security-workspaces.e2e-spec.ts).
  owner.client.workspace = await createCompany(owner, 'Owner Co');
  await addMember(t, owner.client.workspace, victim, 'viewer');
  w = await buildWorld(t, { owner, other, victim, admin: await signInAdmin(t), anonymous: await newClient(t), memberId: victim.id });
  routes = listRoutes(t.app);
}, 180_000);

afterAll(async () => t?.close());

describe('the route list', () => {
  it('is read from the app and agrees with the OpenAPI document', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const doc = (await t.http.get('/api/docs/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{([^}]+)\}/g, ':$1')}`)));
    // Every documented call is a route we know of (the viewer and tracking routes are left out of
    // the document on purpose, so the other direction does not hold).
    for (const d of documented) expect(routes.map(keyOf)).toContain(d);
  });

  it('has every route classified, with the access its guard declares', () => {
    const unclassified = routes.filter((r) => !ROUTES[keyOf(r)]).map(keyOf);
    expect(unclassified).toEqual([]);
    const stale = Object.keys(ROUTES).filter((k) => !routes.some((r) => keyOf(r) === routeKey(k)));
    expect(stale).toEqual([]);
    const wrongAccess = routes.filter((r) => ACCESS_OF[ROUTES[keyOf(r)].kind] !== r.access).map((r) => `${keyOf(r)} is ${r.access}, classified ${ROUTES[keyOf(r)].kind}`);
    expect(wrongAccess).toEqual([]);
  });
});

describe('every route x {anonymous, owner, other user, admin}', () => {
  // Non-destructive first, then the ones that delete (each on a thing of its own).
  const rank = (k: string) => (ROUTES[k].last ? 2 : ROUTES[k].destructive ? 1 : 0);
  const keys = () => Object.keys(ROUTES).sort((a, b) => rank(a) - rank(b));

  it('gives nobody what is not theirs, leaks nothing, and never answers 5xx', async () => {
    const failures: string[] = [];
    for (const key of keys()) {
      if (!routes.some((r) => keyOf(r) === routeKey(key))) continue;
      const spec = ROUTES[key];
      const method = key.split(' ')[0];
      const call = spec.call(w);
      const roles: Role[] = spec.kind === 'admin' ? ['anonymous', 'owner', 'other', 'admin'] : ['anonymous', 'other', 'admin', 'owner'];
      for (const role of roles) {
        const { status, text } = await send(role, method, call);
        const fail = (why: string) => failures.push(`${key} as ${role}: ${why} (${status}) ${text.slice(0, 200)}`);
        if (status >= 500) fail('server error');
        if (role !== 'owner' && !(spec.kind === 'admin' && role === 'admin')) {
          try {
            expectNoLeak(spec.kind, role, key, text);
          } catch (e) {
            failures.push((e as Error).message);
          }
        }
        switch (spec.kind) {
          case 'self':
            if (role === 'anonymous' && status !== 401) fail('expected 401');
            break;
          case 'owned':
            if (role === 'anonymous' && status !== 401) fail('expected 401');
            if ((role === 'other' || role === 'admin') && !(spec.refused ?? [403, 404]).includes(status)) fail("expected 404 or 403 for another's thing");
            if (role === 'owner' && !(spec.ok ?? [200, 201, 202]).includes(status)) fail('the owner should succeed');
            break;
          case 'admin':
            if (role === 'anonymous' && status !== 401) fail('expected 401');
            if ((role === 'owner' || role === 'other') && status !== 403) fail('expected 403');
            if (role === 'admin' && !(spec.ok ?? [200]).includes(status)) fail('the admin should succeed');
            break;
          default:
            break;
        }
        // Refused calls changed nothing.
        if (role === 'admin' && spec.kind !== 'admin' && !spec.destructive && !spec.last) await expectOwnerThingsIntact();
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('left the deleted things gone only for their owner, after the refused attempts', async () => {
    // The sign-out routes ran last and ended the owner's session.
    w.owner.client = await signIn(t, w.owner.email, w.owner.password);
    w.owner.client.workspace = (await w.owner.client.get('/api/workspaces')).body.body.find((x: { name: string }) => x.name === 'Owner Co').id;
    expect((await w.owner.client.get(`/api/snippets/${w.snippetForDelete}`)).status).toBe(404);
    expect((await w.owner.client.get(`/api/snippets/${w.snippetForBodyDelete}`)).status).toBe(404);
    expect((await w.owner.client.get(`/api/files/${w.spareFileId}`)).status).toBe(404);
    await expectOwnerThingsIntact();
  });
});

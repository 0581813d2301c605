// Hostile bodies, queries and path parameters on every route of the running app (the list is
// read from the app, so new routes are fuzzed too), signed in and signed out: every answer is a
// clear 2xx-4xx, never a 5xx, and the app keeps working afterwards.
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signInAdmin, signUp, type Client } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { listRoutes, type RouteInfo } from '../support/route-table.js';

let t: TestApp;
let user: Client;
let anonymous: Client;
let admin: Client;
let videoId: string;
let snippetId: string;
let routes: RouteInfo[];

// Names the app's calls use, so each gets hostile values of every type.
const FIELDS = [
  'title', 'videoId', 'snippetId', 'SnippetId', 'fileId', 'email', 'password', 'confirmPassword', 'currentPassword', 'newPassword', 'fullName', 'firstName', 'lastName',
  'country', 'timezone', 'tier', 'status', 'type', 'message', 'text', 'attachments', 'ctaButtonsJSON', 'landingPageUrl', 'width', 'logoImageWidth', 'logoImageId', 'coverImageId',
  'videoOverlay', 'addVideoOverlay', 'coverImageSpacing', 'token', 'rememberMe', 'inviteCode', 'domain', 'companyName', 'department', 'headerText', 'emailPlatform', 'overlay',
  'query', 'page', 'Page', 'size', 'sort', 'order', 'key', 'from', 'to', 'EmailId', 'Status', 'emailId', 'profilePicture', 'v', 'u', 'week', 'country', 'device', 'platform', 'client',
];

const VALUES: unknown[] = [
  null, true, -1, 0, 1e308, -1e308, 2 ** 53 + 1, 'NaN', '', ' ', '\u0000', '\uffff\ud800', 'x'.repeat(20_000), '../../../etc/passwd', "'; drop table app_user; --",
  '<script>alert(1)</script>', '{{constructor.constructor("return process")()}}', '%00', '00000000-0000-0000-0000-000000000000', [], [null], [[[]]], {}, { $ne: null }, { __proto__: { admin: true } },
];

function nested(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

// Whole bodies of the wrong shape, then every field with every hostile value (one body per value).
const BODIES: unknown[] = [
  {}, [], 'a string', 12, true, null, nested(2000), Array.from({ length: 5000 }, (_, i) => i),
  JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"role": "admin"}}}'),
  ...VALUES.map((v) => Object.fromEntries(FIELDS.map((f) => [f, v]))),
];

const QUERIES: string[] = [
  '', '?a=1&a=2', '?type=video&type=logo', '?status[]=true', '?status[$ne]=x', '?page=-1&size=99999999', '?Page=1e999&size=NaN', `?query=${'%25'.repeat(3000)}`,
  '?from=2025-13-45&to=yesterday', '?emailPlatform=__proto__', '?overlay=../../x&width=1e9', '?token=%00%ff', '?v=%3Cscript%3E&u=javascript:alert(1)', '?week=-99',
  // A NUL, a lone surrogate (%ED%A0%80, invalid UTF-8), markup and quotes in every field.
  ...FIELDS.map((f) => `?${f}=%00%ED%A0%80%3C%3E%22%27`),
];

const PARAMS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(3000), '%E2%80%AE%F0%9F%92%A9', '1e999', '%ZZ', '__proto__', 'constructor'];

// The route's path with each parameter replaced by a hostile value (a real id first, so the
// handler's own checks run, not only the id parser).
function pathsFor(r: RouteInfo): string[] {
  if (!/[:*]/.test(r.path)) return [r.path];
  const fill = (v: string) => r.path.replace(/:[A-Za-z]+/g, v).replace(/\*[A-Za-z]+/g, v);
  return [fill(snippetId), ...PARAMS.map(fill)];
}

async function call(client: Client, method: string, path: string, body?: unknown, raw?: { type: string; data: string }) {
  const req = (client as unknown as Record<string, (p: string) => import('supertest').Test>)[method.toLowerCase()](path);
  // Bodies go out as JSON text exactly (supertest refuses bare numbers and booleans).
  const payload = raw ?? (body !== undefined ? { type: 'application/json', data: JSON.stringify(body) } : undefined);
  if (payload) req.set('Content-Type', payload.type).send(payload.data);
  const res = await req;
  return { status: res.status, text: (res.text ?? '').slice(0, 300) };
}

// Calls that end the session are fuzzed signed out only, so the signed-in run keeps its session.
const endsSession = (r: RouteInfo) => /signout$/i.test(r.path);

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: 'admin@eyemail.test', ADMIN_PASSWORD: 'admin-pass-1', TRUST_PROXY: 'true' });
  const u = await signUp(t, { fullName: 'Fuzz Tester' });
  user = u.client;
  anonymous = await newClient(t);
  videoId = (await readyVideo(user)).videoId;
  snippetId = (await createSnippet(user, snippetPayload(videoId))).snippet;
  admin = await signInAdmin(t);
  // Deleting calls last, so the real id stays real for the others.
  routes = listRoutes(t.app).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}, 120_000);

afterAll(async () => t?.close());

describe('text PostgreSQL cannot store', () => {
  // Found by the fuzzing below: both were 500s from the database.
  it('answers a NUL character in a query or a body with a clear 400, storing nothing', async () => {
    const q = await user.get('/api/snippets?query=a%00b').expect(400);
    expect(q.body).toEqual({ result: false, message: 'Text may not contain NUL characters.', body: null, errors: null });
    const b = await user.post('/api/sys/feedback').send({ text: 'hello\u0000world' }).expect(400);
    expect(b.body.message).toBe('Text may not contain NUL characters.');
    const ok = await user.post('/api/sys/feedback').send({ text: 'hello world' });
    expect(ok.status).toBe(200);
  });
});

describe('fuzzed requests on every route', () => {
  it('covers every route the app has', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it.each([
    ['signed in', () => user],
    ['signed out', () => anonymous],
  ])('bodies, queries and path parameters never get a 5xx (%s)', async (label, who) => {
    const client = who();
    const failures: string[] = [];
    let sent = 0;
    const check = (what: string, r: { status: number; text: string }) => {
      sent += 1;
      if (r.status >= 500) failures.push(`${what} -> ${r.status} ${r.text}`);
    };
    for (const r of routes) {
      if (label === 'signed in' && endsSession(r)) continue;
      const paths = pathsFor(r);
      // Hostile path parameters and queries.
      for (const p of paths) for (const q of paths.length > 1 ? QUERIES.slice(0, 4) : QUERIES) check(`${r.method} ${p.slice(0, 80)}${q.slice(0, 60)}`, await call(client, r.method, p + q));
      for (const q of QUERIES) check(`${r.method} ${paths[0]}${q.slice(0, 60)}`, await call(client, r.method, paths[0] + q));
      if (r.method === 'GET' || r.method === 'HEAD') continue;
      // Hostile bodies, as JSON and as other media types.
      for (const b of BODIES) check(`${r.method} ${paths[0]} body ${JSON.stringify(b)?.slice(0, 60)}`, await call(client, r.method, paths[0], b));
      for (const raw of [
        { type: 'application/json', data: '{"title": "unterminated' },
        { type: 'application/json', data: '\u0000\u0001' },
        { type: 'application/json', data: '[' .repeat(10_000) },
        { type: 'text/plain', data: 'hello' },
        { type: 'application/x-www-form-urlencoded', data: 'a[b][c][d]=1&a=2&__proto__[x]=1' },
        { type: 'multipart/form-data; boundary=xyz', data: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="../../a.mp4"\r\n\r\nnot a video\r\n' },
        { type: 'multipart/form-data', data: 'no boundary at all' },
        { type: 'application/xml', data: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
      ]) {
        check(`${r.method} ${paths[0]} ${raw.type} ${JSON.stringify(raw.data.slice(0, 40))}`, await call(client, r.method, paths[0], undefined, raw));
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 10);
    // Still serving, still signed in (or still signed out).
    const me = await client.post('/api/accounts/trysignin').expect(200);
    expect(me.body.result).toBe(label === 'signed in');
    await client.get('/api/health').expect(200);
  }, 600_000);
});

// Type confusion, field by field: every call the OpenAPI document describes, with a valid request
// in which one body field or one query parameter at a time takes a value of another type
// (arrays, objects, numbers, null, huge or odd text, prototype keys), so each field's own handling
// is reached rather than the first check that fails. Admin calls are sent by the admin.
describe('every documented field, one at a time, with values of every type', () => {
  interface Schema { $ref?: string; properties?: Record<string, { example?: unknown; default?: unknown; format?: string; type?: string; enum?: unknown[] }> }
  interface Operation { parameters?: { name: string; in: string; required?: boolean; example?: unknown; schema?: { enum?: unknown[]; default?: unknown } }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }

  const TYPES: unknown[] = [null, true, -1, 1e308, '', 'x'.repeat(20_000), '\u202e\ud83d\udca9 ẞ \ud800', [], ['a', 'b'], [{}], {}, { $gt: '' }, '__proto__', 'constructor'];
  const QUERY_FORMS = (f: string) => [`${f}=`, `${f}[]=a&${f}[]=b`, `${f}[a]=b`, `${f}=${'x'.repeat(5000)}`, `${f}=-1`, `${f}=1e309`, `${f}=%E2%80%AE%F0%9F%92%A9`, `${f}[__proto__][polluted]=1`, `__proto__[polluted]=1&${f}=1`];

  // A plausible valid value for a documented field, so the other fields of a call pass.
  function validValue(name: string, prop: { example?: unknown; default?: unknown; format?: string; type?: string; enum?: unknown[] }, method: string): unknown {
    if (prop.example !== undefined) return prop.example;
    if (prop.enum?.length) return prop.enum[0];
    if (prop.default !== undefined) return prop.default;
    if (prop.format === 'uuid' || /id$/i.test(name)) return method === 'DELETE' ? '00000000-0000-0000-0000-000000000000' : /video/i.test(name) ? videoId : snippetId;
    if (prop.type === 'boolean') return true;
    if (prop.type === 'number' || prop.type === 'integer') return 1;
    return 'text';
  }

  it.each([
    ['a user', () => user, false],
    ['the admin', () => admin, true],
  ])('answers no call of %s with a 5xx, and pollutes no prototype', async (_label, who, adminCalls) => {
    const client = who();
    const doc = (await client.get('/api/docs/openapi.json').expect(200)).body as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
    const failures: string[] = [];
    let sent = 0;
    const check = (what: string, r: { status: number; text: string }) => {
      sent += 1;
      if (r.status >= 500) failures.push(`${what} -> ${r.status} ${r.text}`);
    };
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(ops)) {
        const method = m.toUpperCase();
        if (/signout$/i.test(template)) continue;
        const isAdminCall = /\/api\/admin\//i.test(template);
        if (isAdminCall !== adminCalls) continue;
        const realId = /\/api\/(files|videos)\//.test(template) ? videoId : snippetId;
        const path = template.replace(/\{[^}]+\}/g, method === 'DELETE' ? '00000000-0000-0000-0000-000000000000' : realId);
        // Sign-up and sign-in would sign this client in as someone else: a client of their own.
        const caller = /\/api\/accounts\//.test(template) ? await newClient(t) : client;
        const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
        // Only the required parameters by default, so each mutated one is judged on its own.
        const baseQuery = queryParams.filter((p) => p.required).map((p) => `${p.name}=${encodeURIComponent(String(p.example ?? p.schema?.enum?.[0] ?? p.schema?.default ?? '1'))}`);
        const ref = op.requestBody?.content?.['application/json']?.schema?.$ref;
        const props = ref ? (doc.components.schemas[ref.split('/').pop()!]?.properties ?? {}) : {};
        let base: Record<string, unknown> = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validValue(k, v, method)]));
        if (/\/api\/snippets$/.test(template) && (method === 'POST' || method === 'PUT')) base = { ...snippetPayload(videoId), ...(method === 'PUT' ? { snippetId } : {}) };
        const body = ref ? base : undefined;
        for (const q of queryParams) {
          const rest = baseQuery.filter((x) => !x.startsWith(`${q.name}=`));
          for (const form of QUERY_FORMS(q.name)) check(`${method} ${path}?${form.slice(0, 60)}`, await call(caller, method, `${path}?${[...rest, form].join('&')}`, body));
        }
        const qs = baseQuery.length ? `?${baseQuery.join('&')}` : '';
        for (const field of Object.keys(base)) {
          for (const v of TYPES) check(`${method} ${path} ${field}=${JSON.stringify(v)?.slice(0, 40)}`, await call(caller, method, path + qs, { ...base, [field]: v }));
          // A key that is not a plain field: prototype pollution through the body.
          check(`${method} ${path} ${field}.__proto__`, await call(caller, method, path + qs, undefined, { type: 'application/json', data: JSON.stringify({ ...base, [field]: 'x' }).replace(/^\{/, '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},') }));
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(adminCalls ? 30 : 500);
    // Nothing reached Object.prototype in the server (it runs in this process).
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await client.post('/api/accounts/trysignin').expect(200);
  }, 600_000);
});

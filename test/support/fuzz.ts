// The hostile requests of the security fuzz tests (security-fuzz*.e2e-spec.ts), shared by their
// files so jest runs them side by side: every route of the running app (the list is read from the
// app, so new routes are fuzzed too) signed in and signed out, and every documented field of every
// call one at a time. Every answer must be a clear 2xx-4xx, never a 5xx, and the app keeps working.
import { expect } from '@jest/globals';
import { startTestApp, type TestApp } from './app.js';
import { newClient, signInAdmin, signUp, type Client } from './account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from './snippet-factory.js';
import { listRoutes, type RouteInfo } from './route-table.js';

// Names the app's calls use, so each gets hostile values of every type.
export const FIELDS = [
  'title', 'videoId', 'snippetId', 'SnippetId', 'fileId', 'email', 'password', 'confirmPassword', 'currentPassword', 'newPassword', 'fullName', 'firstName', 'lastName',
  'country', 'timezone', 'tier', 'status', 'type', 'message', 'text', 'attachments', 'ctaButtonsJSON', 'landingPageUrl', 'width', 'logoImageWidth', 'logoImageId', 'coverImageId',
  'videoOverlay', 'addVideoOverlay', 'coverImageSpacing', 'token', 'rememberMe', 'inviteCode', 'domain', 'companyName', 'department', 'headerText', 'emailPlatform', 'overlay',
  'query', 'page', 'Page', 'size', 'sort', 'order', 'key', 'from', 'to', 'EmailId', 'Status', 'emailId', 'profilePicture', 'v', 'u', 'week', 'country', 'device', 'platform', 'client',
];

export const VALUES: unknown[] = [
  null, true, -1, 0, 1e308, -1e308, 2 ** 53 + 1, 'NaN', '', ' ', '\u0000', '\uffff\ud800', 'x'.repeat(20_000), '../../../etc/passwd', "'; drop table app_user; --",
  '<script>alert(1)</script>', '{{constructor.constructor("return process")()}}', '%00', '00000000-0000-0000-0000-000000000000', [], [null], [[[]]], {}, { $ne: null }, { __proto__: { admin: true } },
];

function nested(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

// Whole bodies of the wrong shape, then every field with every hostile value (one body per value).
export const BODIES: unknown[] = [
  {}, [], 'a string', 12, true, null, nested(2000), Array.from({ length: 5000 }, (_, i) => i),
  JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"role": "admin"}}}'),
  ...VALUES.map((v) => Object.fromEntries(FIELDS.map((f) => [f, v]))),
];

export const QUERIES: string[] = [
  '', '?a=1&a=2', '?type=video&type=logo', '?status[]=true', '?status[$ne]=x', '?page=-1&size=99999999', '?Page=1e999&size=NaN', `?query=${'%25'.repeat(3000)}`,
  '?from=2025-13-45&to=yesterday', '?emailPlatform=__proto__', '?overlay=../../x&width=1e9', '?token=%00%ff', '?v=%3Cscript%3E&u=javascript:alert(1)', '?week=-99',
  // Every field at once: with a NUL (refused up front by the NUL check, whatever the field), and
  // with only a lone surrogate (%ED%A0%80, invalid UTF-8), markup and quotes, which the handlers
  // read. (One query per field with the NUL made 62 requests per route that all stopped at the
  // NUL check, 15,559 of the file's 26,000 requests; no field ever reached a handler.)
  `?${FIELDS.map((f) => `${f}=%00%ED%A0%80%3C%3E%22%27`).join('&')}`,
  `?${FIELDS.map((f) => `${f}=%ED%A0%80%3C%3E%22%27`).join('&')}`,
];

export const PARAMS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(3000), '%E2%80%AE%F0%9F%92%A9', '1e999', '%ZZ', '__proto__', 'constructor'];

// The route's path with each parameter replaced by a hostile value (a real id first, so the
// handler's own checks run, not only the id parser).
function pathsFor(r: RouteInfo, snippetId: string): string[] {
  if (!/[:*]/.test(r.path)) return [r.path];
  const fill = (v: string) => r.path.replace(/:[A-Za-z]+/g, v).replace(/\*[A-Za-z]+/g, v);
  return [fill(snippetId), ...PARAMS.map(fill)];
}

export async function call(client: Client, method: string, path: string, body?: unknown, raw?: { type: string; data: string }) {
  const req = (client as unknown as Record<string, (p: string) => import('supertest').Test>)[method.toLowerCase()](path);
  // Bodies go out as JSON text exactly (supertest refuses bare numbers and booleans).
  const payload = raw ?? (body !== undefined ? { type: 'application/json', data: JSON.stringify(body) } : undefined);
  if (payload) req.set('Content-Type', payload.type).send(payload.data);
  const res = await req;
  return { status: res.status, text: (res.text ?? '').slice(0, 300) };
}

// Calls that end the session are fuzzed signed out only, so the signed-in run keeps its session.
export const endsSession = (r: RouteInfo) => /signout$/i.test(r.path);

export interface FuzzTarget {
  t: TestApp;
  user: Client;
  anonymous: Client;
  admin: Client;
  videoId: string;
  snippetId: string;
  routes: RouteInfo[];
}

// The app under fuzzing, with a user who has a ready video and an EyeMail (their ids are the
// real ids in the paths), a signed-out client and the admin.
export async function startFuzzTarget(): Promise<FuzzTarget> {
  const t = await startTestApp({ ADMIN_EMAIL: 'admin@eyemail.test', ADMIN_PASSWORD: 'admin-pass-1', TRUST_PROXY: 'true' });
  const u = await signUp(t, { fullName: 'Fuzz Tester' });
  const user = u.client;
  const anonymous = await newClient(t);
  const videoId = (await readyVideo(user)).videoId;
  const snippetId = (await createSnippet(user, snippetPayload(videoId))).snippet;
  const admin = await signInAdmin(t);
  // Deleting calls last, so the real id stays real for the others.
  const routes = listRoutes(t.app).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  return { t, user, anonymous, admin, videoId, snippetId, routes };
}

// Hostile bodies, queries and path parameters on every route, as the user or signed out.
export async function fuzzEveryRoute(s: FuzzTarget, label: 'signed in' | 'signed out'): Promise<void> {
  const client = label === 'signed in' ? s.user : s.anonymous;
  const failures: string[] = [];
  let sent = 0;
  const check = (what: string, r: { status: number; text: string }) => {
    sent += 1;
    if (r.status >= 500) failures.push(`${what} -> ${r.status} ${r.text}`);
  };
  for (const r of s.routes) {
    if (label === 'signed in' && endsSession(r)) continue;
    const paths = pathsFor(r, s.snippetId);
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
  expect(sent).toBeGreaterThan(s.routes.length * 10);
  // Still serving, still signed in (or still signed out).
  const me = await client.post('/api/accounts/trysignin').expect(200);
  expect(me.body.result).toBe(label === 'signed in');
  await client.get('/api/health').expect(200);
}

// Type confusion, field by field: every call the OpenAPI document describes, with a valid request
// in which one body field or one query parameter at a time takes a value of another type
// (arrays, objects, numbers, null, huge or odd text, prototype keys), so each field's own handling
// is reached rather than the first check that fails. Admin calls are sent by the admin.
interface Schema { $ref?: string; properties?: Record<string, { example?: unknown; default?: unknown; format?: string; type?: string; enum?: unknown[] }> }
interface Operation { parameters?: { name: string; in: string; required?: boolean; example?: unknown; schema?: { enum?: unknown[]; default?: unknown } }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }

const TYPES: unknown[] = [null, true, -1, 1e308, '', 'x'.repeat(20_000), '\u202e\ud83d\udca9 ẞ \ud800', [], ['a', 'b'], [{}], {}, { $gt: '' }, '__proto__', 'constructor'];
const QUERY_FORMS = (f: string) => [`${f}=`, `${f}[]=a&${f}[]=b`, `${f}[a]=b`, `${f}=${'x'.repeat(5000)}`, `${f}=-1`, `${f}=1e309`, `${f}=%E2%80%AE%F0%9F%92%A9`, `${f}[__proto__][polluted]=1`, `__proto__[polluted]=1&${f}=1`];

// A plausible valid value for a documented field, so the other fields of a call pass.
function validValue(s: FuzzTarget, name: string, prop: { example?: unknown; default?: unknown; format?: string; type?: string; enum?: unknown[] }, method: string): unknown {
  if (prop.example !== undefined) return prop.example;
  if (prop.enum?.length) return prop.enum[0];
  if (prop.default !== undefined) return prop.default;
  if (prop.format === 'uuid' || /id$/i.test(name)) return method === 'DELETE' ? '00000000-0000-0000-0000-000000000000' : /video/i.test(name) ? s.videoId : s.snippetId;
  if (prop.type === 'boolean') return true;
  if (prop.type === 'number' || prop.type === 'integer') return 1;
  return 'text';
}

export async function fuzzDocumentedFields(s: FuzzTarget, adminCalls: boolean): Promise<void> {
  const client = adminCalls ? s.admin : s.user;
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
      const realId = /\/api\/(files|videos)\//.test(template) ? s.videoId : s.snippetId;
      const path = template.replace(/\{[^}]+\}/g, method === 'DELETE' ? '00000000-0000-0000-0000-000000000000' : realId);
      // Sign-up and sign-in would sign this client in as someone else: a client of their own.
      const caller = /\/api\/accounts\//.test(template) ? await newClient(s.t) : client;
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
      // Only the required parameters by default, so each mutated one is judged on its own.
      const baseQuery = queryParams.filter((p) => p.required).map((p) => `${p.name}=${encodeURIComponent(String(p.example ?? p.schema?.enum?.[0] ?? p.schema?.default ?? '1'))}`);
      const ref = op.requestBody?.content?.['application/json']?.schema?.$ref;
      const props = ref ? (doc.components.schemas[ref.split('/').pop()!]?.properties ?? {}) : {};
      let base: Record<string, unknown> = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validValue(s, k, v, method)]));
      if (/\/api\/snippets$/.test(template) && (method === 'POST' || method === 'PUT')) base = { ...snippetPayload(s.videoId), ...(method === 'PUT' ? { snippetId: s.snippetId } : {}) };
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
}

import { IngestLoader } from '../../src/ingest/ingest-loader.service.js';
import crypto from 'node:crypto';
import request from 'supertest';
import superagent from 'superagent';
import { MikroORM } from '@mikro-orm/postgresql';
import type { TestApp } from './app.js';

export const DEFAULT_PASSWORD = 'Secret123';

let counter = 0;

// A unique address for this run (and this test file's database).
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${crypto.randomBytes(3).toString('hex')}@example.com`;
}

type Method = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';

// An event stream (the bell's, GET /api/notifications/stream) does not end by itself, and a
// supertest call waits for the end of what it reads: its first chunk is the body, and the
// connection is closed (the route tables walk every route with these clients; the stream's own
// tests read it as it arrives: test/support/sse.ts).
superagent.buffer['text/event-stream'] = true;
superagent.parse['text/event-stream'] = (res, cb) => {
  const stream = res as unknown as import('node:http').IncomingMessage;
  stream.setEncoding('utf8');
  stream.once('data', (chunk: string) => {
    stream.destroy();
    cb(null, chunk as never);
  });
  stream.once('end', () => cb(null, '' as never));
};

// A browser-like client: keeps the cookies the app sets and sends them back, and echoes the
// XSRF-TOKEN cookie in X-XSRF-TOKEN on every call, as the dashboard does. It also sends its own
// address in X-Forwarded-For, which the app reads when started with TRUST_PROXY=true, so per-IP
// limits apply per client.
export class Client {
  private readonly cookies = new Map<string, string>();
  // The workspace the calls act in (X-Workspace-Id, as the dashboard sends it); none: personal.
  workspace: string | undefined;

  constructor(
    private readonly server: Parameters<typeof request>[0],
    readonly ip: string,
  ) {}

  // The Cookie header this client sends, for requests made without it (raw HTTP).
  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get xsrfToken(): string {
    return decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
  }

  get(path: string) {
    return this.call('get', path);
  }
  head(path: string) {
    return this.call('head', path);
  }
  post(path: string) {
    return this.call('post', path);
  }
  put(path: string) {
    return this.call('put', path);
  }
  patch(path: string) {
    return this.call('patch', path);
  }
  delete(path: string) {
    return this.call('delete', path);
  }

  private call(method: Method, path: string) {
    const test = request(this.server)[method](path);
    if (this.cookies.size) test.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (this.xsrfToken) test.set('X-XSRF-TOKEN', this.xsrfToken);
    if (this.workspace) test.set('X-Workspace-Id', this.workspace);
    test.set('X-Forwarded-For', this.ip);
    test.on('response', (res: { headers: Record<string, string | string[] | undefined> }) => this.keep(res.headers['set-cookie']));
    return test;
  }

  private keep(setCookie: string | string[] | undefined): void {
    for (const c of ([] as string[]).concat(setCookie ?? [])) {
      const [pair, ...attrs] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expires = attrs.find((a) => /^\s*expires=/i.test(a));
      const expired = expires !== undefined && new Date(expires.split('=')[1]).getTime() <= Date.now();
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export async function newClient(t: TestApp, opts: { ip?: string } = {}): Promise<Client> {
  const client = new Client(t.app.getHttpServer(), opts.ip ?? `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`);
  await client.get('/api/health');
  if (!client.xsrfToken) throw new Error('The app did not set an XSRF-TOKEN cookie');
  return client;
}

export function readCookie(setCookie: string | string[] | undefined, name: string): string | undefined {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const c of list) {
    const [pair] = c.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq).trim() === name) return decodeURIComponent(pair.slice(eq + 1));
  }
  return undefined;
}

export interface SignedUpUser {
  client: Client;
  id: string;
  email: string;
  password: string;
  fullName: string;
  body: Record<string, unknown>;
  // "eyemail.sid=..." as the browser would send it back.
  sessionCookie: string;
}

// Signs up through the API (the new user is signed in on the returned client).
export async function signUp(
  t: TestApp,
  overrides: Partial<{ fullName: string; email: string; password: string; tier: 'standard' | 'enterprise' }> = {},
  existing?: Client,
): Promise<SignedUpUser> {
  const client = existing ?? (await newClient(t));
  const fullName = overrides.fullName ?? 'Ann Lee';
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const res = await client
    .post('/api/accounts/signup')
    .send({ fullName, email, password, confirmPassword: password, tier: overrides.tier ?? 'standard' });
  if (res.status !== 201) throw new Error(`Sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const sid = readCookie(res.headers['set-cookie'], 'eyemail.sid');
  if (!sid) throw new Error('Sign-up set no session cookie');
  return { client, id: res.body.body.id, email, password, fullName, body: res.body.body, sessionCookie: `eyemail.sid=${encodeURIComponent(sid)}` };
}

// Signs in through the API on a fresh client (or the given one).
export async function signIn(t: TestApp, email: string, password: string, opts: { rememberMe?: boolean; client?: Client } = {}): Promise<Client> {
  const client = opts.client ?? (await newClient(t));
  const res = await client.post('/api/accounts/signin').send({ email, password, rememberMe: opts.rememberMe ?? false });
  if (res.status !== 200) throw new Error(`Sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

// The admin account is created at start-up from ADMIN_EMAIL / ADMIN_PASSWORD (see
// startTestApp's env); this signs it in.
export function signInAdmin(t: TestApp): Promise<Client> {
  if (!t.config.adminEmail || !t.config.adminPassword) throw new Error('Start the test app with ADMIN_EMAIL and ADMIN_PASSWORD');
  return signIn(t, t.config.adminEmail, t.config.adminPassword);
}

// Runs SQL on the test app's database (for setting up states a client cannot reach, such as an
// expired link), once the ingest's journal is loaded, as a report reads (ingest-loader.service.ts:
// a hit is answered once journaled; test/e2e/ingest-journal.e2e-spec.ts checks the loading itself).
export async function sql<T = Record<string, unknown>>(t: TestApp, query: string, params: unknown[] = []): Promise<T[]> {
  await t.app.get(IngestLoader).catchUp();
  return (await t.app.get(MikroORM).em.fork().getConnection().execute(query, params as any[], 'all')) as T[];
}

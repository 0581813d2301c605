// Sessions and accounts as an attacker would try them: a copied cookie after sign-out, after a
// password change or a reset; a session record that outlives its end; cookie flags behind an
// https proxy; and whether sign-up, sign-in or forgot-password tell that an address has an account.
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signIn, signUp, sql, uniqueEmail, type SignedUpUser } from '../support/account-factory.js';
import { linkIn, outboxMails } from '../support/smtp.js';
import { waitFor } from '../support/wait.js';
import { PgSessionStore } from '../../src/common/session-store.js';

const SIGNED_OUT = { result: false, message: 'Nobody is signed in.', body: null, errors: null };
const LINK_SENT = 'If an account uses this email address, a link to reset your password has been sent to it.';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => t?.close());

// A request carrying only the given session cookie, as an attacker holding a copy would send it.
function withCookie(cookie: string) {
  const server = t.app.getHttpServer();
  return {
    profile: () => request(server).get('/api/users/profile').set('Cookie', cookie),
    trySignIn: () => request(server).post('/api/accounts/trysignin').set('Cookie', cookie),
  };
}

function sessionCookieOf(res: request.Response): string | undefined {
  const c = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((x) => x.startsWith('eyemail.sid='));
  return c?.split(';')[0];
}

async function expectRefused(cookie: string): Promise<void> {
  const profile = await withCookie(cookie).profile();
  expect(profile.status).toBe(401);
  expect(JSON.stringify(profile.body)).not.toMatch(/@example\.com/);
  expect((await withCookie(cookie).trySignIn().expect(200)).body).toEqual(SIGNED_OUT);
}

async function sessionRows(userId: string) {
  return sql<{ sid: string; data: unknown; expires_at: Date }>(t, 'select sid, data, expires_at from http_session where user_id = ?', [userId]);
}

describe('a copied session cookie', () => {
  it('is refused after sign-out', async () => {
    const u = await signUp(t);
    await withCookie(u.sessionCookie).profile().expect(200);
    await u.client.post('/api/accounts/signout').expect(200);
    await expectRefused(u.sessionCookie);
    expect(await sessionRows(u.id)).toEqual([]);
  });

  it('is refused after a password change, for every other session and for the old id of this one', async () => {
    const u = await signUp(t);
    const phone = await signIn(t, u.email, u.password, { rememberMe: true });
    const res = await u.client.put('/api/users/profile-password').send({ currentPassword: u.password, newPassword: 'Fresh9Pass' }).expect(200);
    // This browser stays signed in, under a new id: a stolen copy of its old cookie is worthless.
    const renewed = sessionCookieOf(res);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(u.sessionCookie);
    expect((await u.client.post('/api/accounts/trysignin').expect(200)).body.body.id).toBe(u.id);
    await expectRefused(u.sessionCookie);
    await expectRefused(phone.cookieHeader.split('; ').find((c) => c.startsWith('eyemail.sid='))!);
    expect((await phone.get('/api/users/profile')).status).toBe(401);
    expect(await sessionRows(u.id)).toHaveLength(1);
  });

  it('is refused after a password reset by the emailed link, everywhere', async () => {
    const u = await signUp(t);
    const laptop = await signIn(t, u.email, u.password);
    const anon = await newClient(t);
    await anon.post(`/api/accounts/forgot-password?email=${encodeURIComponent(u.email)}`).expect(200);
    const mail = await waitFor(() => outboxMails(t.config.dataDir).find((m) => m.to.some((a) => a.includes(u.email)) && /reset/i.test(m.subject)), 'the reset mail');
    const token = linkIn(mail, 'resetpassword').searchParams.get('token');
    await anon.put('/api/accounts/reset-password').send({ token, password: 'Brand9New', confirmPassword: 'Brand9New' }).expect(200);
    await expectRefused(u.sessionCookie);
    expect((await laptop.get('/api/users/profile')).status).toBe(401);
    expect(await sessionRows(u.id)).toEqual([]);
  });

  // Found by this review: a session record written back after its end (a request still in flight
  // re-saving it) used to open the account again.
  it('stays refused when its stored record is written back after a password change', async () => {
    const u = await signUp(t);
    const other = await signIn(t, u.email, u.password);
    const otherCookie = other.cookieHeader.split('; ').find((c) => c.startsWith('eyemail.sid='))!;
    const [before] = (await sessionRows(u.id)).filter((r) => otherCookie.includes(r.sid));
    expect(before).toBeDefined();
    await u.client.put('/api/users/profile-password').send({ currentPassword: u.password, newPassword: 'Fresh9Pass' }).expect(200);
    await sql(t, 'insert into http_session (sid, user_id, data, expires_at) values (?, ?, ?, ?)', [before.sid, u.id, JSON.stringify(before.data), before.expires_at]);
    await expectRefused(otherCookie);
    // The refusal removed the record again.
    expect((await sessionRows(u.id)).map((r) => r.sid)).not.toContain(before.sid);
  });

  it('is not brought back by the store when a request in flight saves a destroyed session', async () => {
    const u = await signUp(t);
    const store = t.app.get(PgSessionStore);
    const [row] = await sessionRows(u.id);
    const loaded = await new Promise<Record<string, unknown> | null | undefined>((resolve, reject) => store.get(row.sid, (e, s) => (e ? reject(e) : resolve(s as never))));
    expect(loaded).toMatchObject({ userId: u.id });
    await u.client.post('/api/accounts/signout').expect(200);
    // What express-session does at the end of a request that changed the session it had loaded.
    await new Promise<void>((resolve, reject) => store.set(row.sid, { ...loaded, closingAt: Date.now() } as never, (e) => (e ? reject(e) : resolve())));
    expect(await sessionRows(u.id)).toEqual([]);
    await expectRefused(u.sessionCookie);
  });

  it('planted before sign-in is worthless after it (session fixation)', async () => {
    const attacker = await signUp(t, { fullName: 'Mal Lory' });
    const victim = await signUp(t, { fullName: 'Vic Tim' });
    await victim.client.post('/api/accounts/signout').expect(200);
    // The victim's browser holds the attacker's cookie, then the victim signs in with it.
    const res = await request(t.app.getHttpServer())
      .post('/api/accounts/signin')
      .set('Cookie', attacker.sessionCookie)
      .set('X-Forwarded-For', '10.9.9.9')
      .send({ email: victim.email, password: victim.password })
      .expect(200);
    const issued = sessionCookieOf(res)!;
    expect(issued).not.toBe(attacker.sessionCookie);
    expect((await withCookie(issued).profile().expect(200)).body.body.email).toBe(victim.email);
    // The planted id never becomes the victim's.
    const planted = await withCookie(attacker.sessionCookie).profile();
    expect(JSON.stringify(planted.body)).not.toContain(victim.email);
  });
});

describe('the CSRF token', () => {
  // Found by this review: the XSRF-TOKEN cookie outlived sign-in and sign-out, so a token that
  // leaked before sign-in (a shared computer, a log) stayed good for the signed-in session.
  it('known before sign-in is worthless after it, and renewed again at sign-out', async () => {
    const u = await signUp(t);
    const leaked = 'leaked-token-leaked-token-leaked-token-01';
    const server = t.app.getHttpServer();
    const signin = await request(server)
      .post('/api/accounts/signin')
      .set('Cookie', `XSRF-TOKEN=${leaked}`)
      .set('X-Forwarded-For', '10.7.7.7')
      .send({ email: u.email, password: u.password })
      .expect(200);
    const session = sessionCookieOf(signin)!;
    const issued = ([] as string[]).concat(signin.headers['set-cookie'] ?? []).filter((c) => c.startsWith('XSRF-TOKEN=')).pop()!.split(';')[0].slice('XSRF-TOKEN='.length);
    expect(issued).not.toBe(leaked);
    // Another site's page sends the browser's cookies with the leaked token in the header: refused.
    const forged = await request(server).put('/api/users/profile').set('Cookie', `${session}; XSRF-TOKEN=${issued}`).set('X-XSRF-TOKEN', leaked).send({ firstName: 'Mallory' });
    expect(forged.status).toBe(403);
    await request(server).put('/api/users/profile').set('Cookie', `${session}; XSRF-TOKEN=${issued}`).set('X-XSRF-TOKEN', decodeURIComponent(issued)).send({ firstName: 'Ann', lastName: '', email: u.email, country: null, timezone: null }).expect(200);

    const before = u.client.xsrfToken;
    await u.client.post('/api/accounts/signout').expect(200);
    expect(u.client.xsrfToken).not.toBe(before);
  });
});

describe('cookie flags', () => {
  function cookies(res: request.Response): Record<string, string> {
    const out: Record<string, string> = {};
    for (const c of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) out[c.split('=')[0]] = c;
    return out;
  }

  async function signInOver(proto: 'http' | 'https') {
    const u = await signUp(t);
    const res = await request(t.app.getHttpServer())
      .post('/api/accounts/signin')
      .set('X-Forwarded-Proto', proto)
      .set('X-Forwarded-For', `10.8.${proto === 'https' ? 1 : 2}.${Math.floor(Math.random() * 250) + 1}`)
      .send({ email: u.email, password: u.password })
      .expect(200);
    return cookies(res);
  }

  it('keeps the session out of scripts and cross-site requests: HttpOnly, SameSite=Lax, Path=/', async () => {
    const c = await signInOver('http');
    expect(c['eyemail.sid']).toMatch(/; HttpOnly/i);
    expect(c['eyemail.sid']).toMatch(/; SameSite=Lax/i);
    expect(c['eyemail.sid']).toMatch(/; Path=\//i);
    // Read by the dashboard to echo in X-XSRF-TOKEN, so not HttpOnly, but Lax too.
    expect(c['XSRF-TOKEN']).not.toMatch(/HttpOnly/i);
    expect(c['XSRF-TOKEN']).toMatch(/; SameSite=Lax/i);
    // Plain http (local use): a Secure cookie would never come back.
    expect(c['eyemail.sid']).not.toMatch(/; Secure/i);
  });

  // Found by this review: behind an https proxy (TRUST_PROXY) with an http PUBLIC_BASE_URL the
  // cookies went out without Secure.
  it('marks both cookies Secure when the request came over https through the trusted proxy', async () => {
    const c = await signInOver('https');
    expect(c['eyemail.sid']).toMatch(/; Secure/i);
    expect(c['XSRF-TOKEN']).toMatch(/; Secure/i);
  });
});

describe('user enumeration', () => {
  let known: SignedUpUser;
  beforeAll(async () => {
    known = await signUp(t);
  });

  it('signs in an unknown address and a wrong password with the same answer', async () => {
    const client = await newClient(t);
    const wrong = await client.post('/api/accounts/signin').send({ email: known.email, password: 'Wrong1234' });
    const unknown = await client.post('/api/accounts/signin').send({ email: uniqueEmail('ghost'), password: 'Wrong1234' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers forgot-password the same for a known, an unknown and a deactivated address', async () => {
    const deactivated = await signUp(t);
    await sql(t, 'update app_user set is_active = false where id = ?', [deactivated.id]);
    const answers = [];
    for (const email of [known.email, uniqueEmail('ghost'), deactivated.email]) {
      const res = await (await newClient(t)).post(`/api/accounts/forgot-password?email=${encodeURIComponent(email)}`);
      answers.push({ status: res.status, body: res.body });
    }
    expect(answers).toEqual(Array(3).fill({ status: 200, body: { result: true, message: LINK_SENT, body: null, errors: null } }));
  });

  // Sign-up signs the new account in at once (spec 02), so a taken address cannot be answered as
  // a new one; what it answers is limited per IP instead, like sign-in and forgot-password.
  it('limits sign-ups per IP address (20 an hour), taken addresses included', async () => {
    const client = await newClient(t, { ip: '198.51.100.7' });
    for (let i = 0; i < 19; i++) await signUp(t, {}, client);
    await client.post('/api/accounts/signup').send({ fullName: 'X', email: known.email, password: 'Secret123', confirmPassword: 'Secret123', tier: 'standard' }).expect(409);
    const res = await client.post('/api/accounts/signup').send({ fullName: 'X', email: uniqueEmail(), password: 'Secret123', confirmPassword: 'Secret123', tier: 'standard' }).expect(429);
    expect(res.body).toMatchObject({ result: false, message: 'Too many requests. Please wait a few minutes and try again.' });
    const company = await client.post('/api/accounts/companysignup').send({ fullName: 'C', email: uniqueEmail(), password: 'Secret123', companyName: 'Acme', domain: 'acme.com', department: 'Sales' });
    expect(company.status).toBe(429);
    // Another address is not affected.
    await signUp(t);
  });

  it('limits forgot-password per address and per IP, known or not', async () => {
    const client = await newClient(t, { ip: '198.51.100.8' });
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 3; i++) await client.post(`/api/accounts/forgot-password?email=${ghost}`).expect(200);
    await client.post(`/api/accounts/forgot-password?email=${ghost}`).expect(429);
  });
});

describe('a rolling session', () => {
  it('renews its record at most once a minute, and still renews it once a minute has passed', async () => {
    const u = await signUp(t);
    await withCookie(u.sessionCookie).profile().expect(200);
    const [first] = await sessionRows(u.id);
    // The calls of a page load, at once: none writes the record again.
    await Promise.all([withCookie(u.sessionCookie).profile().expect(200), withCookie(u.sessionCookie).trySignIn().expect(200), withCookie(u.sessionCookie).profile().expect(200)]);
    const [same] = await sessionRows(u.id);
    const ms = (d: Date | string) => new Date(d).getTime();
    expect(ms(same.expires_at)).toBe(ms(first.expires_at));
    // Two minutes later (the record's expiry as if renewed then), the next call renews it.
    await sql(t, `update http_session set expires_at = expires_at - interval '2 minutes' where sid = ?`, [first.sid]);
    const [aged] = await sessionRows(u.id);
    await withCookie(u.sessionCookie).profile().expect(200);
    const [renewed] = await sessionRows(u.id);
    expect(ms(renewed.expires_at)).toBeGreaterThanOrEqual(ms(aged.expires_at) + 110_000);
    expect(renewed.data).not.toHaveProperty('readExpiry');
  });
});

import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app.js';
import { DEFAULT_PASSWORD, newClient, signIn, signInAdmin, signUp, sql, uniqueEmail } from '../support/account-factory.js';
import { outboxMails, linkIn } from '../support/smtp.js';
import { UsersService } from '../../src/accounts/users.service.js';
import { AdminBootstrapService } from '../../src/accounts/admin-bootstrap.service.js';
import { AccountHousekeepingService } from '../../src/accounts/account-housekeeping.service.js';
import { accountAddressSubject, SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS, SIGN_IN_FAILURES_PER_ADDRESS } from '../../src/accounts/account-rate-limits.js';
import { rateLimitKey } from '../../src/common/rate-limit.js';

const ADMIN_EMAIL = 'admin@eyemail.test';
const ADMIN_PASSWORD = 'admin-pass-1';

// What trysignin answers without a (valid) session: a normal answer, not an error.
const SIGNED_OUT = { result: false, message: 'Nobody is signed in.', body: null, errors: null };

const USER_KEYS = [
  'id',
  'fullName',
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'tier',
  'role',
  'emailVerified',
  'profilePictureUrl',
  'countryId',
  'timezoneId',
].sort();

function sessionCookie(res: request.Response): string | undefined {
  const list = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return list.find((c) => c.startsWith('eyemail.sid='));
}

function validSignUp(overrides: Record<string, unknown> = {}) {
  return { fullName: 'Ann Lee', email: uniqueEmail(), password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD, tier: 'standard', ...overrides };
}

function validCompanySignUp(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Carl Boss',
    email: uniqueEmail('owner'),
    password: DEFAULT_PASSWORD,
    companyName: 'Acme Inc.',
    domain: 'acme.com',
    department: 'Marketing',
    ...overrides,
  };
}

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY: each test client has its own X-Forwarded-For address (per-IP limits).
    t = await startTestApp({ TRUST_PROXY: 'true', ADMIN_EMAIL, ADMIN_PASSWORD });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('sign-up', () => {
    it('creates the account, signs it in and says to check the email', async () => {
      const client = await newClient(t);
      const email = uniqueEmail();
      const res = await client.post('/api/accounts/signup').send(validSignUp({ email, fullName: 'Maria del Carmen' })).expect(201);
      expect(res.body).toMatchObject({
        result: true,
        message: 'Your account has been created. Please check your email to verify your address.',
        errors: null,
      });
      expect(Object.keys(res.body.body).sort()).toEqual(USER_KEYS);
      expect(res.body.body).toMatchObject({
        fullName: 'Maria del Carmen',
        firstName: 'Maria',
        lastName: 'del Carmen',
        email,
        tier: 'standard',
        role: 'user',
        emailVerified: false,
        profilePictureUrl: null,
        countryId: null,
        timezoneId: null,
      });
      const cookie = sessionCookie(res)!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Expires=/i); // a browser-session cookie

      const me = await client.post('/api/accounts/trysignin').expect(200);
      expect(me.body.body.id).toBe(res.body.body.id);
    });

    it('makes an Express account with tier enterprise', async () => {
      const { body } = await signUp(t, { tier: 'enterprise' });
      expect(body.tier).toBe('enterprise');
    });

    it('stores the address trimmed and refuses it again in any case with 409', async () => {
      const email = uniqueEmail('Mixed.Case');
      const first = await (await newClient(t)).post('/api/accounts/signup').send(validSignUp({ email: `  ${email}  ` })).expect(201);
      expect(first.body.body.email).toBe(email);
      const again = await (await newClient(t)).post('/api/accounts/signup').send(validSignUp({ email: email.toUpperCase() })).expect(409);
      expect(again.body).toMatchObject({ result: false, message: 'An account with this email address already exists.', body: null });
    });

    it('ignores fields a client must not set, such as role', async () => {
      const res = await (await newClient(t)).post('/api/accounts/signup').send(validSignUp({ role: 'admin', emailVerified: true })).expect(201);
      expect(res.body.body).toMatchObject({ role: 'user', emailVerified: false });
    });

    it.each([
      ['fullName', '', 'Please enter your name!'],
      ['fullName', '   ', 'Please enter your name!'],
      ['fullName', 'x'.repeat(91), 'Please enter your name!'],
      ['email', 'not-an-email', 'Invalid email'],
      ['email', 'a@b', 'Invalid email'],
      ['password', 'Abc12', 'Invalid password'],
      ['password', 'secret123', 'Invalid password'],
      ['password', 'Secretive', 'Invalid password'],
      ['confirmPassword', 'Secret124', 'Passwords do not match'],
      ['tier', 'gold', 'Please choose an account type.'],
      ['tier', undefined, 'Please choose an account type.'],
    ])('refuses %s %p with %p', async (field, value, message) => {
      const payload = validSignUp({ [field]: value });
      if (field === 'password') payload.confirmPassword = value as string;
      const client = await newClient(t);
      const res = await client.post('/api/accounts/signup').send(payload).expect(400);
      expect(res.body).toEqual({ result: false, message, body: null, errors: { [field]: message } });
      expect((await client.post('/api/accounts/trysignin').expect(200)).body).toEqual(SIGNED_OUT);
    });

    it('lists every field error of an empty form', async () => {
      const res = await (await newClient(t)).post('/api/accounts/signup').send({}).expect(400);
      expect(res.body.errors).toEqual({
        fullName: 'Please enter your name!',
        email: 'Invalid email',
        password: 'Invalid password',
        confirmPassword: 'Please confirm your password',
        tier: 'Please choose an account type.',
      });
    });

    it('writes the verification email to the outbox when no SMTP server is configured', async () => {
      const { email } = await signUp(t, { fullName: 'Otto Box' });
      const mail = outboxMails(t.config.dataDir).find((m) => m.to[0].includes(email));
      expect(mail).toBeDefined();
      expect(mail!.subject).toBe('Verify your email address for EyeMail');
      expect(mail!.text).toContain('Hi Otto,');
      const link = linkIn(mail!, 'emailverification');
      expect(link.origin).toBe('http://eyemail.test');
      await (await newClient(t)).put(`/api/accounts/verify-email?token=${link.searchParams.get('token')}`).expect(200);
    });
  });

  describe('company sign-up', () => {
    it('creates the company and its owner, signed in, with tier standard', async () => {
      const client = await newClient(t);
      const payload = validCompanySignUp({ inviteCode: 'team-42', domain: 'Acme.COM' });
      const res = await client.post('/api/accounts/companysignup').send(payload).expect(201);
      expect(res.body.body).toMatchObject({ email: payload.email, tier: 'standard', role: 'user', fullName: 'Carl Boss' });
      await client.post('/api/accounts/trysignin').expect(200);
      const [row] = await sql<{ name: string; domain: string; department: string; invite_code: string; owner_user_id: string; company_id: string }>(
        t,
        'select c.*, u.company_id from company c join app_user u on u.id = c.owner_user_id where u.id = ?',
        [res.body.body.id],
      );
      expect(row).toMatchObject({ name: 'Acme Inc.', domain: 'acme.com', department: 'Marketing', invite_code: 'team-42', owner_user_id: res.body.body.id });
      expect(row.company_id).toBeTruthy();
    });

    it.each([
      ['email', 'nope', 'Invalid email!'],
      ['password', 'weak', 'Invalid password!'],
      ['fullName', '', 'Please enter your name!'],
      ['companyName', ' ', 'Please enter your company name.'],
      ['department', '', 'Please enter your department name.'],
      ['domain', '', 'Please enter domain name!'],
      ['domain', 'https://acme.com/path', 'Please enter domain name!'],
    ])('refuses %s %p with %p', async (field, value, message) => {
      const res = await (await newClient(t)).post('/api/accounts/companysignup').send(validCompanySignUp({ [field]: value })).expect(400);
      expect(res.body).toMatchObject({ result: false, message, errors: { [field]: message } });
    });

    it('refuses a taken address with 409 and leaves no company behind', async () => {
      const { email } = await signUp(t);
      const before = await sql<{ n: string }>(t, 'select count(*)::int as n from company');
      const res = await (await newClient(t)).post('/api/accounts/companysignup').send(validCompanySignUp({ email })).expect(409);
      expect(res.body.message).toBe('An account with this email address already exists.');
      expect(await sql(t, 'select count(*)::int as n from company')).toEqual(before);
    });
  });

  describe('sign-in', () => {
    it('signs in with a new session id; rememberMe keeps the cookie 30 days', async () => {
      const { email, password } = await signUp(t);
      const client = await newClient(t);
      const res = await client.post('/api/accounts/signin').send({ email, password, rememberMe: true }).expect(200);
      expect(Object.keys(res.body.body).sort()).toEqual(USER_KEYS);
      expect(res.body.body.email).toBe(email);
      const expires = /Expires=([^;]+)/i.exec(sessionCookie(res)!)?.[1];
      const days = (new Date(expires!).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);

      const plain = await (await newClient(t)).post('/api/accounts/signin').send({ email, password, rememberMe: false }).expect(200);
      expect(sessionCookie(plain)).not.toMatch(/Expires=/i);
    });

    it('finds the account whatever the case and spaces of the address', async () => {
      const { email, password } = await signUp(t);
      await (await newClient(t)).post('/api/accounts/signin').send({ email: `  ${email.toUpperCase()} `, password }).expect(200);
    });

    it('answers a wrong password and an unknown address alike, without a session', async () => {
      const { email } = await signUp(t);
      const client = await newClient(t);
      const wrong = await client.post('/api/accounts/signin').send({ email, password: 'Wrong1234' }).expect(401);
      const unknown = await client.post('/api/accounts/signin').send({ email: uniqueEmail('ghost'), password: 'Wrong1234' }).expect(401);
      expect(wrong.body).toEqual({ result: false, message: 'Invalid email or password.', body: null, errors: null });
      expect(unknown.body).toEqual(wrong.body);
      expect(sessionCookie(wrong)).toBeUndefined();
      expect((await client.post('/api/accounts/trysignin').expect(200)).body).toEqual(SIGNED_OUT);
    });

    it.each([
      [{ email: 'bad', password: 'x' }, { email: 'Invalid email' }],
      [{ email: 'ann@example.com', password: '' }, { password: 'Invalid password' }],
      [{}, { email: 'Invalid email', password: 'Invalid password' }],
      [{ email: 'ann@example.com', password: 'Secret123', rememberMe: 'yes' }, { rememberMe: 'rememberMe must be true or false.' }],
    ])('refuses %p with field errors', async (payload, errors) => {
      const res = await (await newClient(t)).post('/api/accounts/signin').send(payload).expect(400);
      expect(res.body.errors).toEqual(errors);
      expect(res.body.message).toBe(Object.values(errors)[0]);
    });

    it('regenerates the session id at sign-in, so an id known before is worthless (session fixation)', async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      const client = a.client;
      const before = await client.post('/api/accounts/trysignin').expect(200);
      expect(before.body.body.id).toBe(a.id);
      const oldCookie = a.sessionCookie;

      const res = await client.post('/api/accounts/signin').send({ email: b.email, password: b.password }).expect(200);
      const newCookie = sessionCookie(res)!.split(';')[0];
      expect(newCookie).not.toBe(oldCookie);
      expect((await client.post('/api/accounts/trysignin').expect(200)).body.body.id).toBe(b.id);

      // The old id no longer opens anything.
      expect((await request(t.app.getHttpServer()).post('/api/accounts/trysignin').set('Cookie', oldCookie).expect(200)).body).toEqual(SIGNED_OUT);
    });

    it('tells a deactivated user so, only with the right password, and ends their sessions', async () => {
      const u = await signUp(t);
      await u.client.post('/api/accounts/trysignin').expect(200);
      // As the admin area will: by address, in any case.
      const users = t.app.get(UsersService);
      expect(await users.idForEmail(u.email.toUpperCase())).toBe(u.id);
      expect(await users.setActive(u.id, false)).toBe(true);

      const gone = await u.client.post('/api/accounts/trysignin').expect(200);
      expect(gone.body).toEqual(SIGNED_OUT);
      const client = await newClient(t);
      const res = await client.post('/api/accounts/signin').send({ email: u.email, password: u.password }).expect(403);
      expect(res.body).toMatchObject({ result: false, message: 'Your account has been deactivated. Please contact support at support@eyemail.local.' });
      await client.post('/api/accounts/signin').send({ email: u.email, password: 'Wrong1234' }).expect(401);
      expect((await client.post('/api/accounts/trysignin').expect(200)).body).toEqual(SIGNED_OUT);

      await t.app.get(UsersService).setActive(u.id, true);
      await client.post('/api/accounts/signin').send({ email: u.email, password: u.password }).expect(200);
    });

    it('stops a session whose user was deactivated meanwhile with 403', async () => {
      const u = await signUp(t);
      // Deactivated without ending sessions (as if another instance had not yet caught up).
      await sql(t, 'update app_user set is_active = false where id = ?', [u.id]);
      const res = await u.client.get('/api/users/profile').expect(403);
      expect(res.body.message).toBe('Your account has been deactivated. Please contact support at support@eyemail.local.');
      await sql(t, 'update app_user set is_active = true where id = ?', [u.id]);
      // The session was destroyed by the refusal.
      await u.client.get('/api/users/profile').expect(401);
    });

    it('keeps last activity up to date, at most once a minute', async () => {
      const u = await signUp(t);
      const read = async () => (await sql<{ at: Date }>(t, 'select last_activity_at as at from app_user where id = ?', [u.id]))[0].at;
      await sql(t, `update app_user set last_activity_at = now() - interval '2 hours' where id = ?`, [u.id]);
      await u.client.post('/api/accounts/trysignin').expect(200);
      const touched = await read();
      expect(Date.now() - new Date(touched).getTime()).toBeLessThan(60_000);

      await sql(t, `update app_user set last_activity_at = now() - interval '30 seconds' where id = ?`, [u.id]);
      const recent = await read();
      await u.client.post('/api/accounts/trysignin').expect(200);
      expect(await read()).toEqual(recent);
    });
  });

  describe('admin account', () => {
    it('is created at start-up and signs in with role admin', async () => {
      const client = await newClient(t);
      const res = await client.post('/api/accounts/signin').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);
      expect(res.body.body).toMatchObject({ email: ADMIN_EMAIL, role: 'admin', emailVerified: true, fullName: 'Admin User' });
      expect((await client.post('/api/accounts/trysignin').expect(200)).body.body.role).toBe('admin');
    });

    it('is created once however many instances boot, and follows a changed ADMIN_PASSWORD', async () => {
      const boot = t.app.get(AdminBootstrapService);
      await Promise.all([boot.onApplicationBootstrap(), boot.onApplicationBootstrap()]);
      expect(await sql(t, `select count(*)::int as n from app_user where role = 'admin'`)).toEqual([{ n: 1 }]);

      const oldSession = await signInAdmin(t);
      const previous = t.config.adminPassword;
      try {
        t.config.adminPassword = 'rotated-pass-2';
        await boot.onApplicationBootstrap();
        expect((await oldSession.post('/api/accounts/trysignin').expect(200)).body).toEqual(SIGNED_OUT);
        await (await newClient(t)).post('/api/accounts/signin').send({ email: ADMIN_EMAIL, password: previous }).expect(401);
        await signIn(t, ADMIN_EMAIL, 'rotated-pass-2');
      } finally {
        t.config.adminPassword = previous;
        await boot.onApplicationBootstrap();
      }
      await signInAdmin(t);
    });
  });

  describe('sign-out', () => {
    it('destroys the session server-side and clears the cookie', async () => {
      const u = await signUp(t);
      const res = await u.client.post('/api/accounts/signout').expect(200);
      expect(res.body).toMatchObject({ result: true });
      expect(sessionCookie(res)).toMatch(/^eyemail\.sid=;.*Expires=Thu, 01 Jan 1970/);
      expect((await u.client.post('/api/accounts/trysignin').expect(200)).body).toEqual(SIGNED_OUT);
      expect((await request(t.app.getHttpServer()).post('/api/accounts/trysignin').set('Cookie', u.sessionCookie).expect(200)).body).toEqual(SIGNED_OUT);
      // Twice is fine.
      await u.client.post('/api/accounts/signout').expect(200);
    });

    it('answers the unload beacon outside /api with 204; a reload keeps the session, a closed page ends it', async () => {
      const u = await signUp(t);
      await u.client.post('/accounts/signout').set('Content-Type', 'text/plain').send('').expect(204);
      // The reloaded page asks for its session at once: still signed in.
      await u.client.post('/api/accounts/trysignin').expect(200);

      await u.client.post('/accounts/signout').set('Content-Type', 'text/plain').send('').expect(204);
      // Nothing came back within the grace period: the page was closed.
      await sql(t, "update http_session set data = jsonb_set(data, '{closingAt}', to_jsonb((data->>'closingAt')::bigint - 20000)) where user_id = ?", [u.id]);
      expect((await u.client.post('/api/accounts/trysignin').expect(200)).body).toEqual(SIGNED_OUT);
      expect(await sql(t, 'select sid from http_session where user_id = ?', [u.id])).toHaveLength(0);

      await (await newClient(t)).post('/accounts/signout').set('Content-Type', 'text/plain').send('bye').expect(204);
    });

    it('ignores a beacon the browser flags as cross-site', async () => {
      const u = await signUp(t);
      await u.client.post('/accounts/signout').set('Sec-Fetch-Site', 'cross-site').expect(204);
      await u.client.post('/api/accounts/trysignin').expect(200);
    });
  });

  describe('CSRF protection', () => {
    it('refuses state-changing calls without the X-XSRF-TOKEN header, or with a wrong one', async () => {
      const u = await signUp(t);
      const xsrf = u.client.xsrfToken;
      const cookies = `${u.sessionCookie}; XSRF-TOKEN=${xsrf}`;
      const bare = request(t.app.getHttpServer());
      for (const headers of [{}, { 'X-XSRF-TOKEN': 'A'.repeat(32) }]) {
        const res = await bare.post('/api/accounts/signout').set('Cookie', cookies).set(headers).expect(403);
        expect(res.body.message).toBe('Your session token is missing or out of date. Reload the page and try again.');
        await bare.put('/api/users/profile').set('Cookie', cookies).set(headers).send({ firstName: 'Eve' }).expect(403);
      }
      // Still signed in: nothing happened.
      await u.client.post('/api/accounts/trysignin').expect(200);
      await bare.post('/api/accounts/signout').set('Cookie', cookies).set('X-XSRF-TOKEN', xsrf!).expect(200);
    });

    it('lets sign-in through without the header (it needs credentials instead)', async () => {
      const { email, password } = await signUp(t);
      await request(t.app.getHttpServer()).post('/api/accounts/signin').send({ email, password }).expect(200);
    });

    it('takes credentials only as JSON, so another site cannot post a sign-in form (login CSRF)', async () => {
      const { email, password } = await signUp(t);
      const bare = request(t.app.getHttpServer());
      const form = await bare.post('/api/accounts/signin').type('form').send({ email, password }).expect(415);
      expect(form.body).toMatchObject({ result: false, message: 'Send the request as JSON (Content-Type: application/json).' });
      expect(sessionCookie(form)).toBeUndefined();
      await bare.post('/api/accounts/signin').set('Content-Type', 'text/plain').send(JSON.stringify({ email, password })).expect(415);
      await bare.post('/api/accounts/signup').type('form').send(validSignUp()).expect(415);
      await bare.post('/api/accounts/companysignup').type('form').send(validCompanySignUp()).expect(415);
      await bare.put('/api/accounts/reset-password').type('form').send({ token: 'x', password: 'Secret123', confirmPassword: 'Secret123' }).expect(415);
    });

    it('refuses a JSON body that is not an object', async () => {
      const client = await newClient(t);
      await client.post('/api/accounts/signin').set('Content-Type', 'application/json').send('[]').expect(400);
      await client.post('/api/accounts/signup').set('Content-Type', 'application/json').send('[{"fullName":"A"}]').expect(400);
    });
  });

  describe('guard', () => {
    it.each([
      ['post', '/api/accounts/resend-verification'],
      ['get', '/api/users/profile'],
      ['put', '/api/users/profile'],
      ['put', '/api/users/profile-password'],
      ['get', '/api/countries'],
      ['get', '/api/timezones'],
    ] as const)('%s %s answers 401 without a session', async (method, path) => {
      const client = await newClient(t);
      const res = await client[method](path).send({}).expect(401);
      expect(res.body).toEqual({ result: false, message: 'Please sign in to continue.', body: null, errors: null });
    });

    it('answers a forged session cookie as signed out', async () => {
      await request(t.app.getHttpServer()).get('/api/users/profile').set('Cookie', 'eyemail.sid=s%3Aforged.signature').expect(401);
      expect((await request(t.app.getHttpServer()).post('/api/accounts/trysignin').set('Cookie', 'eyemail.sid=s%3Aforged.signature').expect(200)).body).toEqual(SIGNED_OUT);
    });

    it('answers trysignin without a session with 200 and result false (no error logged by browsers), and sets no session', async () => {
      const client = await newClient(t);
      const res = await client.post('/api/accounts/trysignin').expect(200);
      expect(res.body).toEqual(SIGNED_OUT);
      expect(sessionCookie(res)).toBeUndefined();
    });

    it('documents the account calls in the OpenAPI document', async () => {
      const doc = (await request(t.app.getHttpServer()).get('/api/docs/openapi.json').expect(200)).body;
      for (const p of ['/api/accounts/signin', '/api/accounts/signup', '/api/accounts/signout', '/api/users/profile', '/api/countries', '/api/timezones']) {
        expect(Object.keys(doc.paths)).toContain(p);
      }
    });
  });

  describe('housekeeping', () => {
    it('deletes expired sessions, rate-limit windows and old link tokens, and keeps live ones', async () => {
      const live = await signUp(t);
      await sql(t, `insert into http_session (sid, data, expires_at) values ('old-sid', '{}', now() - interval '1 minute')`);
      await sql(t, `insert into rate_limit_hit (key, hits, window_ends_at) values ('test:old', 1, now() - interval '1 minute'), ('test:live', 1, now() + interval '1 hour')`);
      await sql(t, `update auth_token set expires_at = now() - interval '8 days' where user_id = ?`, [live.id]);
      const other = await signUp(t);

      await t.app.get(AccountHousekeepingService).run();

      expect(await sql(t, `select sid from http_session where sid = 'old-sid'`)).toEqual([]);
      expect(await sql(t, `select key from rate_limit_hit where key like 'test:%'`)).toEqual([{ key: 'test:live' }]);
      expect(await sql(t, 'select id from auth_token where user_id = ?', [live.id])).toEqual([]);
      expect(await sql(t, 'select id from auth_token where user_id = ?', [other.id])).toHaveLength(1);
      await live.client.post('/api/accounts/trysignin').expect(200);
    });
  });

  describe('rate limits', () => {
    const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';
    const signInFrom = (client: Awaited<ReturnType<typeof newClient>>, email: string, password: string) =>
      client.post('/api/accounts/signin').send({ email, password });
    // As if the guesser had waited out the delay: every count's last failure moves `secs` back.
    const wait = (secs: number) => sql(t, `update rate_limit_hit set window_ends_at = window_ends_at - ? * interval '1 second' where key like 'signin:%'`, [secs]);

    it('never locks the owner out: a stranger’s 20 wrong passwords from one address leave the owner signing in from another', async () => {
      const { email, password } = await signUp(t);
      const stranger = await newClient(t);
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await signInFrom(stranger, email, 'Wrong1234')).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual(Array(15).fill(429));
      const owner = await newClient(t);
      await signInFrom(owner, email, password).expect(200);
      await owner.post('/api/accounts/trysignin').expect(200);
      // In any case of the address, again and again.
      for (let i = 0; i < 3; i++) await signInFrom(await newClient(t), email.toUpperCase(), password).expect(200);
    });

    it('slows the guesser with 429 and a Retry-After that doubles, even for the right password from that address', async () => {
      const { email, password } = await signUp(t);
      const guesser = await newClient(t);
      for (let i = 0; i < 5; i++) await signInFrom(guesser, email, 'Wrong1234').expect(401);
      const first = await signInFrom(guesser, email, password).expect(429);
      expect(first.body).toEqual({ result: false, message: TOO_MANY, body: null, errors: null });
      const retryAfter = [Number(first.headers['retry-after'])];
      expect(retryAfter[0]).toBeGreaterThan(25);
      expect(retryAfter[0]).toBeLessThanOrEqual(30);
      for (let round = 0; round < 3; round++) {
        await wait(retryAfter[retryAfter.length - 1]);
        // Once the delay has passed, one more try is answered...
        await signInFrom(guesser, email, 'Wrong1234').expect(401);
        // ...and the next waits twice as long.
        const res = await signInFrom(guesser, email, 'Wrong1234').expect(429);
        retryAfter.push(Number(res.headers['retry-after']));
      }
      for (let i = 1; i < retryAfter.length; i++) {
        expect(retryAfter[i]).toBeGreaterThan(retryAfter[i - 1] * 2 - 5);
        expect(retryAfter[i]).toBeLessThanOrEqual(retryAfter[i - 1] * 2 + 5);
      }
      // Waiting it out, the right password gets in, and the failures are forgiven.
      await wait(retryAfter[retryAfter.length - 1]);
      await signInFrom(guesser, email, password).expect(200);
      for (let i = 0; i < 5; i++) await signInFrom(guesser, email, 'Wrong1234').expect(401);
    });

    it('never counts successful sign-ins', async () => {
      const { email, password } = await signUp(t);
      const owner = await newClient(t, { ip: '198.51.100.44' });
      for (let i = 0; i < 35; i++) await signInFrom(owner, email, password).expect(200);
      const keys = [rateLimitKey(SIGN_IN_FAILURES_PER_ADDRESS, owner.ip), rateLimitKey(SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS, accountAddressSubject(email, owner.ip)!)];
      expect(await sql(t, 'select hits from rate_limit_hit where key in (?, ?) and hits > 0', keys)).toEqual([]);
    });

    it('answers a burst of simultaneous guesses with at most the free tries', async () => {
      const { email } = await signUp(t);
      const guesser = await newClient(t);
      const statuses = await Promise.all(Array.from({ length: 12 }, () => signInFrom(guesser, email, 'Wrong1234').then((r) => r.status)));
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    });

    it('lets a free try through when the last failure was stamped by a transaction that began after it', async () => {
      // In a burst, a sign-in whose statement waited on the count's row lock can find the last
      // failure stamped a moment after its own transaction began; its try is still free.
      const { email } = await signUp(t);
      const guesser = await newClient(t, { ip: '198.51.100.61' });
      await signInFrom(guesser, email, 'Wrong1234').expect(401);
      const key = rateLimitKey(SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS, accountAddressSubject(email, guesser.ip)!);
      await sql(t, `update rate_limit_hit set window_ends_at = window_ends_at + interval '60 seconds' where key = ?`, [key]);
      for (let i = 0; i < 4; i++) await signInFrom(guesser, email, 'Wrong1234').expect(401);
      await signInFrom(guesser, email, 'Wrong1234').expect(429);
    });

    it('slows an address trying many accounts, not other addresses', async () => {
      const client = await newClient(t, { ip: '198.51.100.7' });
      for (let i = 0; i < 30; i++) await signInFrom(client, uniqueEmail('spray'), 'Guess1234').expect(401);
      const res = await signInFrom(client, uniqueEmail('spray'), 'Guess1234').expect(429);
      expect(res.body.message).toBe(TOO_MANY);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is fine.
      await signInFrom(await newClient(t), uniqueEmail('spray'), 'Guess1234').expect(401);
    });

    it('keeps the counts in the database, without addresses in clear', async () => {
      const { email } = await signUp(t);
      const client = await newClient(t);
      for (let i = 0; i < 3; i++) await signInFrom(client, email, 'Wrong1234').expect(401);
      const rows = await sql<{ key: string }>(t, `select key from rate_limit_hit where key like 'signin:account-address:%'`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => !r.key.includes('@') && !r.key.includes(client.ip))).toBe(true);
    });

    it('limits forgot-password per (account, address): a stranger’s requests leave the owner theirs', async () => {
      const { email } = await signUp(t);
      const stranger = await newClient(t);
      for (let i = 0; i < 3; i++) await stranger.post(`/api/accounts/forgot-password?email=${encodeURIComponent(email)}`).expect(200);
      await stranger.post(`/api/accounts/forgot-password?email=${encodeURIComponent(email)}`).expect(429);
      await (await newClient(t)).post(`/api/accounts/forgot-password?email=${encodeURIComponent(email)}`).expect(200);
    });
  });
});

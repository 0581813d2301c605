import crypto from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signIn, signUp, sql, uniqueEmail } from '../support/account-factory.js';
import { linkIn, startSmtp, type TestSmtp } from '../support/smtp.js';
import { waitFor } from '../support/wait.js';
import { rateLimitKey } from '../../src/common/rate-limit.js';
import { FORGOT_MAILS_PER_ACCOUNT } from '../../src/accounts/account-rate-limits.js';

const INVALID_RESET = 'This password reset link is invalid or has expired.';
const USED_RESET = 'This password reset link has already been used, or a newer one was sent. Ask for a new link if you still need to reset your password.';
const EXPIRED_RESET = 'This password reset link has expired: links work for one hour. Ask for a new link to reset your password.';
const INVALID_VERIFICATION = 'This verification link is invalid or has expired.';
const LINK_SENT = 'If an account uses this email address, a link to reset your password has been sent to it.';

// Mail goes through a real SMTP server started here; every link is followed from the mail itself.
describe('account emails (SMTP)', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ TRUST_PROXY: 'true', SMTP_URL: smtp.url, MAIL_FROM: 'EyeMail <hello@eyemail.test>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const tokenOf = (url: URL) => url.searchParams.get('token')!;

  describe('email verification', () => {
    it('mails a verification link at sign-up that verifies the address once', async () => {
      const u = await signUp(t, { fullName: 'Vera Fied' });
      const mail = await smtp.next(u.email);
      expect(mail.from).toBe('hello@eyemail.test');
      expect(mail.subject).toBe('Verify your email address for EyeMail');
      expect(mail.text).toContain('Hi Vera,');
      expect(mail.text).toContain('expires in 48 hours');
      const link = linkIn(mail, 'emailverification');
      expect(`${link.origin}${link.pathname}`).toBe('http://eyemail.test/emailverification');
      expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
      expect(mail.html).toContain(tokenOf(link));

      const anon = await newClient(t);
      const res = await anon.put(`/api/accounts/verify-email?token=${tokenOf(link)}`).expect(200);
      expect(res.body).toMatchObject({ result: true, message: 'Your email address has been verified.' });
      expect((await u.client.post('/api/accounts/trysignin').expect(200)).body.body.emailVerified).toBe(true);

      // Used twice (a second click, another device): the address is verified, so it says so and
      // the page offers sign-in, instead of calling the link invalid.
      const again = await anon.put(`/api/accounts/verify-email?token=${tokenOf(link)}`).expect(200);
      expect(again.body).toEqual({ result: true, message: 'This address is already verified.', body: { alreadyVerified: true }, errors: null });
      expect((await u.client.post('/api/accounts/trysignin').expect(200)).body.body.emailVerified).toBe(true);
    });

    it('stores only a hash of the token', async () => {
      const u = await signUp(t);
      const token = tokenOf(linkIn(await smtp.next(u.email), 'emailverification'));
      const rows = await sql<{ token_hash: string }>(t, 'select token_hash from auth_token where user_id = ?', [u.id]);
      expect(rows).toEqual([{ token_hash: crypto.createHash('sha256').update(token).digest('hex') }]);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('escapes what the user typed in the HTML part', async () => {
      const u = await signUp(t, { fullName: '<b>Ann</b>&"Co\' Lee' });
      const mail = await smtp.next(u.email);
      expect(mail.html).toContain('Hi &lt;b&gt;Ann&lt;/b&gt;&amp;&quot;Co&#x27;,');
      expect(mail.html).not.toContain('<b>Ann');
      expect(mail.text).toContain('Hi <b>Ann</b>&"Co\',');
    });

    it('refuses an expired link (48 hours)', async () => {
      const u = await signUp(t);
      const token = tokenOf(linkIn(await smtp.next(u.email), 'emailverification'));
      await sql(t, `update auth_token set expires_at = now() - interval '1 second' where user_id = ?`, [u.id]);
      const res = await u.client.put(`/api/accounts/verify-email?token=${token}`).expect(400);
      expect(res.body.message).toBe(INVALID_VERIFICATION);
      expect((await u.client.post('/api/accounts/trysignin')).body.body.emailVerified).toBe(false);
    });

    it('issues links that live 48 hours', async () => {
      const u = await signUp(t);
      await smtp.next(u.email);
      const [row] = await sql<{ lifetime: number }>(t, `select extract(epoch from expires_at - created_at)::int as lifetime from auth_token where user_id = ?`, [u.id]);
      expect(Math.abs(row.lifetime - 48 * 3600)).toBeLessThanOrEqual(2);
    });

    it.each([['garbage'], ['A'.repeat(43)], [''], [undefined]])('refuses the token %p', async (token) => {
      const client = await newClient(t);
      const res = await client.put(token === undefined ? '/api/accounts/verify-email' : `/api/accounts/verify-email?token=${token}`).expect(400);
      expect(res.body.message).toBe(INVALID_VERIFICATION);
    });

    it('sends a new link on request, refuses once verified, and limits requests', async () => {
      const u = await signUp(t);
      await smtp.next(u.email);
      const res = await u.client.post('/api/accounts/resend-verification').expect(200);
      expect(res.body).toMatchObject({ result: true, message: 'We have sent you a new verification link.' });
      const link = linkIn(await smtp.next(u.email), 'emailverification');
      await u.client.post('/api/accounts/resend-verification').expect(200);
      await u.client.post('/api/accounts/resend-verification').expect(200);
      const limited = await u.client.post('/api/accounts/resend-verification').expect(429);
      expect(limited.body.message).toBe('Too many requests. Please wait a few minutes and try again.');

      await u.client.put(`/api/accounts/verify-email?token=${tokenOf(link)}`).expect(200);
      await sql(t, 'delete from rate_limit_hit');
      const done = await u.client.post('/api/accounts/resend-verification').expect(400);
      expect(done.body.message).toBe('Your email address is already verified.');
    });

    it('asks to verify a changed address again; older links no longer count', async () => {
      const u = await signUp(t);
      const oldLink = linkIn(await smtp.next(u.email), 'emailverification');
      const newEmail = uniqueEmail('moved');
      const res = await u.client
        .put('/api/users/profile')
        .send({ firstName: 'Ann', lastName: 'Lee', email: newEmail, country: null, timezone: null })
        .expect(200);
      expect(res.body.body.email).toBe(newEmail);
      const mail = await smtp.next(newEmail);
      expect(mail.text).toContain('You changed the email address');
      // The old link verified nothing that is still current: invalid, not "already verified".
      const old = await u.client.put(`/api/accounts/verify-email?token=${tokenOf(oldLink)}`).expect(400);
      expect(old.body.message).toBe(INVALID_VERIFICATION);
      expect((await u.client.post('/api/accounts/trysignin')).body.body.emailVerified).toBe(false);
      await u.client.put(`/api/accounts/verify-email?token=${tokenOf(linkIn(mail, 'emailverification'))}`).expect(200);
      expect((await u.client.post('/api/accounts/trysignin')).body.body.emailVerified).toBe(true);
    });
  });

  describe('password reset', () => {
    async function signUpVerified() {
      const u = await signUp(t);
      await smtp.next(u.email);
      return u;
    }

    async function requestReset(email: string) {
      const client = await newClient(t);
      const res = await client.post(`/api/accounts/forgot-password?email=${encodeURIComponent(email)}`).expect(200);
      expect(res.body).toEqual({ result: true, message: LINK_SENT, body: null, errors: null });
      const mail = await smtp.next(email);
      return { client, mail, token: tokenOf(linkIn(mail, 'resetpassword')) };
    }

    it('mails a one-hour link that sets a new password and ends every session', async () => {
      const u = await signUp(t, { fullName: 'Rita Reset' });
      await smtp.next(u.email); // verification
      const elsewhere = await signIn(t, u.email, u.password, { rememberMe: true });

      const { client, mail, token } = await requestReset(u.email);
      expect(mail.subject).toBe('Reset your EyeMail password');
      expect(mail.text).toContain('Hi Rita,');
      expect(mail.text).toContain('expires in 60 minutes');
      expect(linkIn(mail, 'resetpassword').origin).toBe('http://eyemail.test');

      const valid = await client.get(`/api/accounts/validate-reset-password-token?token=${token}`).expect(200);
      expect(valid.body.result).toBe(true);

      const res = await client.put('/api/accounts/reset-password').send({ token, password: 'Brand9New', confirmPassword: 'Brand9New' }).expect(200);
      expect(res.body).toMatchObject({ result: true, message: 'Your password has been reset successfully' });

      expect((await u.client.post('/api/accounts/trysignin').expect(200)).body).toMatchObject({ result: false, body: null });
      expect((await elsewhere.post('/api/accounts/trysignin').expect(200)).body).toMatchObject({ result: false, body: null });
      await (await newClient(t)).post('/api/accounts/signin').send({ email: u.email, password: u.password }).expect(401);
      await signIn(t, u.email, 'Brand9New');

      // Single use.
      const reuse = await client.put('/api/accounts/reset-password').send({ token, password: 'Other9New', confirmPassword: 'Other9New' }).expect(400);
      expect(reuse.body).toEqual({ result: false, message: USED_RESET, body: null, errors: null });
      const stale = await client.get(`/api/accounts/validate-reset-password-token?token=${token}`).expect(400);
      expect(stale.body.message).toBe(USED_RESET);
    });

    it('finds the account whatever the case of the address', async () => {
      const u = await signUp(t);
      await smtp.next(u.email);
      await (await newClient(t)).post(`/api/accounts/forgot-password?email=${encodeURIComponent(` ${u.email.toUpperCase()} `)}`).expect(200);
      expect(linkIn(await smtp.next(u.email), 'resetpassword')).toBeTruthy();
    });

    it('refuses an expired link (1 hour)', async () => {
      const u = await signUp(t);
      await smtp.next(u.email);
      const { client, token } = await requestReset(u.email);
      const [row] = await sql<{ lifetime: number }>(
        t,
        `select extract(epoch from expires_at - created_at)::int as lifetime from auth_token where user_id = ? and purpose = 'reset_password'`,
        [u.id],
      );
      expect(Math.abs(row.lifetime - 3600)).toBeLessThanOrEqual(2);
      await sql(t, `update auth_token set expires_at = now() - interval '1 second' where user_id = ? and purpose = 'reset_password'`, [u.id]);
      expect((await client.get(`/api/accounts/validate-reset-password-token?token=${token}`).expect(400)).body.message).toBe(EXPIRED_RESET);
      expect((await client.put('/api/accounts/reset-password').send({ token, password: 'Brand9New', confirmPassword: 'Brand9New' }).expect(400)).body.message).toBe(EXPIRED_RESET);
      await signIn(t, u.email, u.password);
    });

    it('uses up older links together with the one used', async () => {
      const u = await signUp(t);
      await smtp.next(u.email);
      const first = await requestReset(u.email);
      const second = await requestReset(u.email);
      await second.client.put('/api/accounts/reset-password').send({ token: second.token, password: 'Brand9New', confirmPassword: 'Brand9New' }).expect(200);
      await first.client.put('/api/accounts/reset-password').send({ token: first.token, password: 'Other9New', confirmPassword: 'Other9New' }).expect(400);
    });

    it('does not take a verification link as a reset link', async () => {
      const u = await signUp(t);
      const verification = tokenOf(linkIn(await smtp.next(u.email), 'emailverification'));
      const client = await newClient(t);
      await client.get(`/api/accounts/validate-reset-password-token?token=${verification}`).expect(400);
      await client.put('/api/accounts/reset-password').send({ token: verification, password: 'Brand9New', confirmPassword: 'Brand9New' }).expect(400);
    });

    it.each([
      [{ password: 'weak', confirmPassword: 'weak' }, { password: 'Invalid password' }],
      [{ password: 'Brand9New', confirmPassword: 'Brand9Old' }, { confirmPassword: 'Passwords do not match' }],
    ])('checks the new password %p before the link', async (fields, errors) => {
      const u = await signUp(t);
      await smtp.next(u.email);
      const { client, token } = await requestReset(u.email);
      const res = await client.put('/api/accounts/reset-password').send({ token, ...fields }).expect(400);
      expect(res.body.errors).toEqual(errors);
      // The link is still good after a refused form.
      await client.get(`/api/accounts/validate-reset-password-token?token=${token}`).expect(200);
    });

    it.each([['garbage'], [''], [undefined]])('refuses the token %p', async (token) => {
      const client = await newClient(t);
      const q = token === undefined ? '' : `?token=${token}`;
      expect((await client.get(`/api/accounts/validate-reset-password-token${q}`).expect(400)).body.message).toBe(INVALID_RESET);
      const res = await client.put('/api/accounts/reset-password').send({ token, password: 'Brand9New', confirmPassword: 'Brand9New' }).expect(400);
      expect(res.body.message).toBe(INVALID_RESET);
    });

    // User enumeration: the answer never tells whether an account uses the address.
    it('answers an unknown address exactly as a known one, mailing nobody, and 400 for a malformed one', async () => {
      const client = await newClient(t);
      const nobody = uniqueEmail('nobody');
      const unknown = await client.post(`/api/accounts/forgot-password?email=${nobody}`).expect(200);
      expect(unknown.body).toEqual({ result: true, message: LINK_SENT, body: null, errors: null });
      const bad = await client.post('/api/accounts/forgot-password?email=not-an-address').expect(400);
      expect(bad.body).toMatchObject({ message: 'Invalid email', errors: { email: 'Invalid email' } });
      await client.post('/api/accounts/forgot-password').expect(400);
      // A known address afterwards is mailed; the unknown one never was.
      await requestReset((await signUpVerified()).email);
      expect(smtp.pending(nobody)).toEqual([]);
    });

    it('answers a deactivated account like any other address, without mailing it a link', async () => {
      const u = await signUp(t);
      await smtp.next(u.email);
      await sql(t, 'update app_user set is_active = false where id = ?', [u.id]);
      const res = await (await newClient(t)).post(`/api/accounts/forgot-password?email=${u.email}`).expect(200);
      expect(res.body).toEqual({ result: true, message: LINK_SENT, body: null, errors: null });
      const active = await signUpVerified();
      await requestReset(active.email);
      expect(smtp.pending(u.email)).toEqual([]);
      const [tokens] = await sql<{ n: number }>(t, `select count(*)::int as n from auth_token where user_id = ? and purpose = 'reset_password'`, [u.id]);
      expect(tokens.n).toBe(0);
    });

    it('limits requests per account and IP (3 per 15 minutes), so a stranger never uses up the owner’s, and per IP', async () => {
      const u = await signUp(t);
      await smtp.next(u.email);
      const stranger = await newClient(t);
      for (let i = 0; i < 3; i++) {
        await stranger.post(`/api/accounts/forgot-password?email=${u.email}`).expect(200);
        await smtp.next(u.email);
      }
      const res = await stranger.post(`/api/accounts/forgot-password?email=${u.email}`).expect(429);
      expect(res.body).toMatchObject({ result: false, message: 'Too many requests. Please wait a few minutes and try again.' });
      expect(smtp.pending(u.email)).toEqual([]);
      // The owner, from their own address, still gets a link.
      await requestReset(u.email);

      const client = await newClient(t, { ip: '203.0.113.9' });
      for (let i = 0; i < 10; i++) await client.post(`/api/accounts/forgot-password?email=${uniqueEmail('probe')}`).expect(200);
      await client.post(`/api/accounts/forgot-password?email=${uniqueEmail('probe')}`).expect(429);
    });
    it('mails one account at most 5 links an hour however many addresses ask, and the last link still works', async () => {
      const u = await signUp(t);
      await smtp.next(u.email);
      // Eight strangers, each from an address of their own, each within its own limit.
      for (let i = 0; i < 8; i++) {
        const res = await (await newClient(t, { ip: `198.51.100.${20 + i}` })).post(`/api/accounts/forgot-password?email=${u.email}`).expect(200);
        expect(res.body).toEqual({ result: true, message: LINK_SENT, body: null, errors: null });
      }
      // Every request has been weighed (the mail goes out after the answer).
      await waitFor(async () => {
        const [row] = await sql<{ hits: number }>(t, 'select hits from rate_limit_hit where key = ?', [rateLimitKey(FORGOT_MAILS_PER_ACCOUNT, u.id)]);
        return row?.hits === 8 ? row : null;
      }, 'all eight requests weighed');
      const mails = [];
      for (let i = 0; i < 5; i++) mails.push(await smtp.next(u.email));
      const [tokens] = await sql<{ n: number }>(t, `select count(*)::int as n from auth_token where user_id = ? and purpose = 'reset_password'`, [u.id]);
      expect(tokens.n).toBe(5);
      expect(smtp.pending(u.email)).toEqual([]);
      // The owner is not locked out: the newest link in their inbox sets a new password.
      const token = tokenOf(linkIn(mails[4], 'resetpassword'));
      await (await newClient(t)).put('/api/accounts/reset-password').send({ token, password: 'Brand9New', confirmPassword: 'Brand9New' }).expect(200);
      await signIn(t, u.email, 'Brand9New');
    });
  });

  // Last: stops the SMTP server.
  describe('when the mail server is down', () => {
    beforeAll(async () => {
      await smtp.close();
    });

    it('still creates the account and says the mail could not be sent', async () => {
      const client = await newClient(t);
      const email = uniqueEmail();
      const res = await client.post('/api/accounts/signup').send({ fullName: 'Ann Lee', email, password: 'Secret123', confirmPassword: 'Secret123', tier: 'standard' }).expect(201);
      expect(res.body.message).toMatch(/could not send the verification email/);
      await client.post('/api/accounts/trysignin').expect(200);
    });

    it('answers forgot-password as always (the same for every address) and logs the failed mail', async () => {
      const u = await signUp(t);
      const res = await (await newClient(t)).post(`/api/accounts/forgot-password?email=${u.email}`).expect(200);
      expect(res.body).toEqual({ result: true, message: LINK_SENT, body: null, errors: null });
    });
  });
});

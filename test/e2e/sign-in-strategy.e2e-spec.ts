import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signUp, sql } from '../support/account-factory.js';

// Sign-in runs Passport's local strategy behind a body check, and the app's own session code
// signs the user in (no Passport session).
describe('sign-in through the local strategy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a bad body with its messages before any credential is tried: no failure is counted', async () => {
    const u = await signUp(t);
    const client = await newClient(t);
    // More than the 30 failures an address gets free, and the 5 of this account from it.
    for (let i = 0; i < 35; i++) {
      const res = await client.post('/api/accounts/signin').send({ email: u.email, password: '' }).expect(400);
      expect(res.body).toEqual({ result: false, message: 'Invalid password', body: null, errors: { password: 'Invalid password' } });
    }
    const ok = await client.post('/api/accounts/signin').send({ email: ` ${u.email.toUpperCase()} `, password: u.password }).expect(200);
    expect(ok.body).toMatchObject({ result: true, message: 'Signed in successfully.', body: { email: u.email } });
  });

  it('keeps the session in the app’s own store, with no Passport data, and answers a wrong password without one', async () => {
    const u = await signUp(t);
    const wrong = await newClient(t);
    const refused = await wrong.post('/api/accounts/signin').send({ email: u.email, password: 'Wrong1234' }).expect(401);
    expect(refused.body).toEqual({ result: false, message: 'Invalid email or password.', body: null, errors: null });
    expect(([] as string[]).concat(refused.headers['set-cookie'] ?? []).some((c) => c.startsWith('eyemail.sid='))).toBe(false);

    const client = await newClient(t);
    await client.post('/api/accounts/signin').send({ email: u.email, password: u.password, rememberMe: true }).expect(200);
    const rows = await sql<{ data: Record<string, unknown> }>(t, 'select data from http_session where user_id = ?', [u.id]);
    const signedIn = rows.filter((r) => r.data.signedInAt !== undefined);
    expect(signedIn.length).toBeGreaterThan(0);
    for (const r of signedIn) expect(r.data).not.toHaveProperty('passport');
    await client.get('/api/users/profile').expect(200);
  });
});

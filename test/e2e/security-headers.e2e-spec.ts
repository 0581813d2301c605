// Response headers as a browser sees them: Strict-Transport-Security only on responses that came
// over https, and one XSRF-TOKEN cookie per response.
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp } from '../support/account-factory.js';

const HSTS = 'strict-transport-security';

function xsrfCookies(res: request.Response): string[] {
  return ([] as string[]).concat(res.headers['set-cookie'] ?? []).filter((c) => c.startsWith('XSRF-TOKEN='));
}

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => t?.close());

  it('sends Strict-Transport-Security on responses the proxy received over https', async () => {
    const api = await request(t.app.getHttpServer()).get('/api/health').set('X-Forwarded-Proto', 'https').expect(200);
    expect(api.headers[HSTS]).toBe('max-age=31536000; includeSubDomains');
    const page = await request(t.app.getHttpServer()).get('/signin').set('X-Forwarded-Proto', 'https');
    expect(page.headers[HSTS]).toBe('max-age=31536000; includeSubDomains');
  });

  it('never over plain http', async () => {
    for (const proto of ['http', undefined]) {
      const call = request(t.app.getHttpServer()).get('/api/health');
      if (proto) call.set('X-Forwarded-Proto', proto);
      const res = await call.expect(200);
      expect({ proto, hsts: res.headers[HSTS] }).toEqual({ proto, hsts: undefined });
    }
    const page = await request(t.app.getHttpServer()).get('/signin').set('X-Forwarded-Proto', 'http');
    expect(page.headers[HSTS]).toBeUndefined();
  });

  it('sets the XSRF-TOKEN cookie once on a first visit', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/health').expect(200);
    expect(xsrfCookies(res)).toHaveLength(1);
  });

  it('sets the XSRF-TOKEN cookie once when signing in without one, and that token is the one that works', async () => {
    const u = await signUp(t);
    const server = t.app.getHttpServer();
    const signin = await request(server).post('/api/accounts/signin').set('X-Forwarded-For', '10.9.9.9').send({ email: u.email, password: u.password }).expect(200);
    const set = xsrfCookies(signin);
    expect(set).toHaveLength(1);
    const token = set[0].split(';')[0].slice('XSRF-TOKEN='.length);
    const session = ([] as string[]).concat(signin.headers['set-cookie'] ?? []).find((c) => c.startsWith('eyemail.sid='))!.split(';')[0];
    await request(server)
      .put('/api/users/profile')
      .set('Cookie', `${session}; XSRF-TOKEN=${token}`)
      .set('X-XSRF-TOKEN', decodeURIComponent(token))
      .send({ firstName: 'Ann', lastName: '', email: u.email, country: null, timezone: null })
      .expect(200);
  });

  it('sets it once on sign-up and sign-out too', async () => {
    const server = t.app.getHttpServer();
    const signup = await request(server)
      .post('/api/accounts/signup')
      .set('X-Forwarded-For', '10.9.9.10')
      .send({ fullName: 'Bo Day', email: `bo.${Date.now()}@example.com`, password: 'Secret123', confirmPassword: 'Secret123', tier: 'standard' })
      .expect(201);
    expect(xsrfCookies(signup)).toHaveLength(1);
    const u = await signUp(t);
    const out = await u.client.post('/api/accounts/signout').expect(200);
    expect(xsrfCookies(out)).toHaveLength(1);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('ignores a forged X-Forwarded-Proto: no Strict-Transport-Security over plain http', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/health').set('X-Forwarded-Proto', 'https').expect(200);
    expect(res.headers[HSTS]).toBeUndefined();
  });
});

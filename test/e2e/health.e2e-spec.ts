import { startTestApp, type TestApp } from '../support/app.js';
import { startGcsStub } from '../support/gcs-stub-server.js';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports the database in /api/health', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toMatchObject({ result: true, body: { status: 'up', components: { database: { status: 'up' } } } });
  });

  it('answers unknown API paths with a JSON 404 envelope', async () => {
    const res = await t.http.get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual({ result: false, message: 'Not found.', body: null, errors: null });
  });

  it('refuses malformed JSON with a clear 400 and no parser internals', async () => {
    const res = await t.http
      .post('/api/no-such-thing')
      .set('Content-Type', 'application/json')
      .send('{bad');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: false, message: 'The request body is not valid JSON.' });
  });

  it('refuses request bodies over the size limit with 413', async () => {
    const res = await t.http
      .post('/api/no-such-thing')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ x: 'a'.repeat(200_000) }));
    expect(res.status).toBe(413);
    expect(res.body.result).toBe(false);
  });

  it('serves the dashboard for page paths, never for /api/', async () => {
    const page = await t.http.get('/some/unknown/page').set('Accept', 'text/html').expect(200);
    expect(page.headers['content-type']).toMatch(/html/);
    expect(page.text).toMatch(/EyeMail/);
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.http.get('/api/docs/openapi.json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/health');
  });

  it('sets security headers', async () => {
    const res = await t.http.get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

// The browser may reach the app by another address than PUBLIC_BASE_URL (a LAN IP, localhost vs
// 127.0.0.1, an internal name behind a proxy); stored media URLs are on PUBLIC_BASE_URL (or the
// bucket), so the policy must name those origins or the dashboard's pictures and videos are
// blocked.
describe('Content-Security-Policy names where media is served from', () => {
  const directive = (csp: string, name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `))?.split(/\s+/).slice(1) ?? [];

  it.each([
    ['local media on another public address', false, { PUBLIC_BASE_URL: 'http://media-host.test:8080' }, ['http://media-host.test:8080']],
    ['a GCS bucket', true, { PUBLIC_BASE_URL: 'https://eyemail.example.com' }, ['https://eyemail.example.com']],
  ])('%s', async (_label, withBucket, env, origins) => {
    // a reachable stand-in for the bucket: the client's retries must not outlive the test
    const stub = withBucket ? await startGcsStub(['eyemail-media']) : null;
    const bucketEnv = stub ? { GCS_BUCKET: 'eyemail-media', GCS_API_ENDPOINT: stub.url, GCS_PROJECT_ID: 'eyemail-test' } : {};
    if (stub) origins = [...origins, new URL(stub.url).origin];
    const app = await startTestApp({ ...env, ...bucketEnv });
    try {
      for (const p of ['/', '/api/health', '/static/viewer/viewer.js']) {
        const csp = String((await app.http.get(p)).headers['content-security-policy']);
        for (const name of ['img-src', 'media-src', 'connect-src']) {
          expect([p, name, directive(csp, name)]).toEqual([p, name, expect.arrayContaining(["'self'", ...origins])]);
        }
        expect(directive(csp, 'script-src')).toEqual(["'self'"]);
      }
    } finally {
      await app.close();
      await stub?.close();
    }
  });
});

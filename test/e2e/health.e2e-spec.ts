import { startTestApp, type TestApp } from '../support/app.js';

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

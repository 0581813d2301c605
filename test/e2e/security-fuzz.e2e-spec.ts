// Hostile bodies, queries and path parameters on every route of the running app, signed in: every
// answer is a clear 2xx-4xx, never a 5xx, and the app keeps working afterwards. The same signed
// out, and every documented field one at a time, are security-fuzz-signed-out and
// security-fuzz-fields (files of their own, so jest runs them side by side); the cases are in
// test/support/fuzz.ts.
import { fuzzEveryRoute, startFuzzTarget, type FuzzTarget } from '../support/fuzz.js';

let s: FuzzTarget;

beforeAll(async () => {
  s = await startFuzzTarget();
}, 120_000);

afterAll(async () => s?.t.close());

describe('text PostgreSQL cannot store', () => {
  // Found by the fuzzing below: both were 500s from the database.
  it('answers a NUL character in a query or a body with a clear 400, storing nothing', async () => {
    const q = await s.user.get('/api/snippets?query=a%00b').expect(400);
    expect(q.body).toEqual({ result: false, message: 'Text may not contain NUL characters.', body: null, errors: null });
    const b = await s.user.post('/api/sys/feedback').send({ text: 'hello\u0000world' }).expect(400);
    expect(b.body.message).toBe('Text may not contain NUL characters.');
    const ok = await s.user.post('/api/sys/feedback').send({ text: 'hello world' });
    expect(ok.status).toBe(200);
  });
});

describe('fuzzed requests on every route', () => {
  it('covers every route the app has', () => {
    expect(s.routes.length).toBeGreaterThan(40);
  });

  it('bodies, queries and path parameters never get a 5xx (signed in)', () => fuzzEveryRoute(s, 'signed in'), 600_000);
});

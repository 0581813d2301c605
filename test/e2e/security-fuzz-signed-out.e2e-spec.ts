// Hostile bodies, queries and path parameters on every route of the running app, signed out:
// every answer is a clear 2xx-4xx, never a 5xx, and the client is still signed out and the app
// still serving afterwards. The cases are in test/support/fuzz.ts (security-fuzz runs them signed in).
import { fuzzEveryRoute, startFuzzTarget, type FuzzTarget } from '../support/fuzz.js';

let s: FuzzTarget;

beforeAll(async () => {
  s = await startFuzzTarget();
}, 120_000);

afterAll(async () => s?.t.close());

describe('fuzzed requests on every route', () => {
  it('bodies, queries and path parameters never get a 5xx (signed out)', () => fuzzEveryRoute(s, 'signed out'), 600_000);
});

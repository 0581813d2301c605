// Type confusion, field by field: every call the OpenAPI document describes, with a valid request
// in which one body field or one query parameter at a time takes a value of another type
// (arrays, objects, numbers, null, huge or odd text, prototype keys), so each field's own handling
// is reached rather than the first check that fails. Admin calls are sent by the admin. No 5xx,
// nothing on Object.prototype. The cases are in test/support/fuzz.ts.
import { fuzzDocumentedFields, startFuzzTarget, type FuzzTarget } from '../support/fuzz.js';

let s: FuzzTarget;

beforeAll(async () => {
  s = await startFuzzTarget();
}, 120_000);

afterAll(async () => s?.t.close());

describe('every documented field, one at a time, with values of every type', () => {
  it.each([
    ['a user', false],
    ['the admin', true],
  ])('answers no call of %s with a 5xx, and pollutes no prototype', (_label, adminCalls) => fuzzDocumentedFields(s, adminCalls), 600_000);
});

import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signUp, uniqueEmail, type Client } from '../support/account-factory.js';

// The OpenAPI document and the validation come from the same DTO classes: for every JSON body
// below, each limit /api/docs states (required, maxLength, minLength, minimum, maximum, enum,
// nullable) is what the API accepts and refuses. Every request also breaks one other field, so
// nothing is created and no credential is tried: only the field under test is judged.
interface Prop { type?: string; format?: string; maxItems?: number; maxLength?: number; minLength?: number; minimum?: number; maximum?: number; enum?: unknown[]; nullable?: boolean }
interface Schema { required?: string[]; properties?: Record<string, Prop> }
interface Doc { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>>; components: { schemas: Record<string, Schema> } }

const VIDEO = '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';

// A valid value of length n for a text field.
function text(field: string, n: number): string {
  if (/email/i.test(field)) return `${'a'.repeat(Math.max(1, n - 12))}@example.com`;
  if (/url/i.test(field)) return `https://example.com/${'a'.repeat(Math.max(0, n - 20))}`;
  if (/password/i.test(field)) return `Aa1${'a'.repeat(Math.max(0, n - 3))}`;
  return 'a'.repeat(n);
}

interface Case {
  method: 'post' | 'put';
  path: string;
  client: () => Client;
  base: () => Record<string, unknown>;
  // one other field made wrong, so the call stops at validation (and the field that breaks it
  // when that field is the one under test)
  breaks: [field: string, value: unknown][];
}

describe('the OpenAPI document states the limits the validation applies', () => {
  let t: TestApp;
  let doc: Doc;
  let anon: Client;
  let user: Client;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
    anon = await newClient(t);
    user = (await signUp(t)).client;
    doc = (await t.http.get('/api/docs/openapi.json').expect(200)).body as Doc;
  });
  afterAll(async () => {
    await t.close();
  });

  const signUpBody = () => ({ fullName: 'Ann Lee', email: uniqueEmail(), password: 'Secret123', confirmPassword: 'Secret123', tier: 'standard' });
  const snippet = () => ({ title: 'Spring', videoId: VIDEO, width: 600, logoImageWidth: 120, coverImageSpacing: 1 });
  const cases: Case[] = [
    { method: 'post', path: '/api/accounts/signup', client: () => anon, base: signUpBody, breaks: [['tier', 'nope'], ['fullName', '']] },
    {
      method: 'post',
      path: '/api/accounts/companysignup',
      client: () => anon,
      base: () => ({ fullName: 'Co Owner', email: uniqueEmail(), password: 'Secret123', companyName: 'Acme', domain: 'acme.com', department: 'Sales', inviteCode: 'abc' }),
      breaks: [['department', ''], ['fullName', '']],
    },
    { method: 'post', path: '/api/accounts/signin', client: () => anon, base: () => ({ email: uniqueEmail(), password: 'Secret123', rememberMe: false }), breaks: [['rememberMe', 'x'], ['email', 'bad']] },
    { method: 'put', path: '/api/accounts/reset-password', client: () => anon, base: () => ({ token: 'x', password: 'Secret123', confirmPassword: 'Secret123' }), breaks: [['confirmPassword', 'Other1'], ['password', 'weak']] },
    { method: 'put', path: '/api/users/profile', client: () => user, base: () => ({ firstName: 'Ann', lastName: 'Lee', email: uniqueEmail(), country: null, timezone: null }), breaks: [['country', 'x'], ['firstName', '']] },
    { method: 'put', path: '/api/users/profile-password', client: () => user, base: () => ({ currentPassword: 'Secret123', newPassword: 'Other9876', confirmPassword: 'Other9876' }), breaks: [['confirmPassword', 'Other1'], ['newPassword', 'weak']] },
    { method: 'post', path: '/api/snippets', client: () => user, base: snippet, breaks: [['videoId', 'not-an-id'], ['title', '']] },
    { method: 'put', path: '/api/snippets', client: () => user, base: () => ({ ...snippet(), snippetId: VIDEO }), breaks: [['videoId', 'not-an-id'], ['title', '']] },
    { method: 'post', path: '/api/support', client: () => user, base: () => ({ type: 'Bug / Issues', message: 'It broke', snippetId: VIDEO, attachments: [VIDEO] }), breaks: [['type', 'Other'], ['message', '']] },
    { method: 'post', path: '/api/webhooks', client: () => user, base: () => ({ url: 'https://hooks.example.com/x', events: ['eyemail.opened'], snippetIds: [VIDEO], description: 'CRM' }), breaks: [['events', []], ['url', '']] },
  ];

  function schemaOf(c: Case): Schema {
    const ref = doc.paths[c.path]?.[c.method]?.requestBody?.content?.['application/json']?.schema?.$ref;
    if (!ref) throw new Error(`${c.method} ${c.path} has no JSON body in /api/docs`);
    return doc.components.schemas[ref.split('/').pop()!];
  }

  // The message for `field` when the body is the base with `change` and another field broken.
  async function messageFor(c: Case, field: string, change: Record<string, unknown>, omit = false): Promise<string | undefined> {
    const [breakField, breakValue] = c.breaks.find(([f]) => f !== field)!;
    const body: Record<string, unknown> = { ...c.base(), ...change, [breakField]: breakValue };
    if (omit) delete body[field];
    const res = await c.client()[c.method](c.path).send(body);
    expect({ call: `${c.method} ${c.path} ${field}`, status: res.status }).toEqual({ call: `${c.method} ${c.path} ${field}`, status: 400 });
    expect(res.body.errors?.[breakField]).toBeDefined();
    return res.body.errors?.[field] as string | undefined;
  }

  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])('body %#: every documented limit is the one applied', async (i) => {
    const c = cases[i];
    const schema = schemaOf(c);
    const props = Object.entries(schema.properties ?? {});
    expect(props.length).toBeGreaterThan(0);
    let checked = 0;
    for (const [field, p] of props) {
      if (field === 'ctaButtonsHTML' || field === 'addVideoOverlay') continue; // documented as ignored / free
      if (schema.required?.includes(field) && field !== 'token') {
        expect({ field, omitted: await messageFor(c, field, {}, true) }).toEqual({ field, omitted: expect.any(String) });
        checked++;
      }
      if (p.maxLength !== undefined && p.format !== 'uuid') {
        expect({ field, atMax: await messageFor(c, field, { [field]: text(field, p.maxLength) }) }).toEqual({ field, atMax: undefined });
        expect({ field, overMax: await messageFor(c, field, { [field]: text(field, p.maxLength + 1) }) }).toEqual({ field, overMax: expect.any(String) });
        checked++;
      }
      if (p.minLength !== undefined && p.minLength > 0) {
        expect({ field, atMin: await messageFor(c, field, { [field]: text(field, p.minLength) }) }).toEqual({ field, atMin: undefined });
        expect({ field, underMin: await messageFor(c, field, { [field]: p.minLength > 1 ? text(field, p.minLength - 1) : '' }) }).toEqual({ field, underMin: expect.any(String) });
        checked++;
      }
      if (p.maximum !== undefined) {
        expect({ field, atMax: await messageFor(c, field, { [field]: p.maximum }) }).toEqual({ field, atMax: undefined });
        expect({ field, overMax: await messageFor(c, field, { [field]: p.maximum + 1 }) }).toEqual({ field, overMax: expect.any(String) });
        checked++;
      }
      if (p.minimum !== undefined) {
        expect({ field, atMin: await messageFor(c, field, { [field]: p.minimum }) }).toEqual({ field, atMin: undefined });
        expect({ field, underMin: await messageFor(c, field, { [field]: p.minimum - 1 }) }).toEqual({ field, underMin: expect.any(String) });
        checked++;
      }
      if (p.enum) {
        for (const v of p.enum) expect({ field, v, m: await messageFor(c, field, { [field]: v }) }).toEqual({ field, v, m: undefined });
        expect({ field, outside: await messageFor(c, field, { [field]: typeof p.enum[0] === 'number' ? 99 : 'not-listed' }) }).toEqual({ field, outside: expect.any(String) });
        checked++;
      }
      if (p.maxItems !== undefined) {
        expect({ field, atMax: await messageFor(c, field, { [field]: Array(p.maxItems).fill(VIDEO) }) }).toEqual({ field, atMax: undefined });
        expect({ field, overMax: await messageFor(c, field, { [field]: Array(p.maxItems + 1).fill(VIDEO) }) }).toEqual({ field, overMax: expect.any(String) });
        checked++;
      }
      if (p.nullable) {
        expect({ field, nulled: await messageFor(c, field, { [field]: null }) }).toEqual({ field, nulled: undefined });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1);
  }, 120_000);

  it('documents the snippet payload with the shared limits', () => {
    const s = schemaOf(cases[6]);
    expect(s.required).toEqual(expect.arrayContaining(['title', 'videoId']));
    expect(s.properties).toMatchObject({ title: { maxLength: 240 }, width: { minimum: 600, maximum: 800 }, logoImageWidth: { minimum: 40, maximum: 600 } });
    expect(schemaOf(cases[8]).properties).toMatchObject({ message: { maxLength: 5000 }, attachments: { type: 'array', maxItems: 3 }, type: { enum: ['General Inquiry', 'Feature Suggestion', 'Bug / Issues'] } });
    expect(schemaOf(cases[0]).properties).toMatchObject({ fullName: { maxLength: 90 }, password: { minLength: 6, maxLength: 128 }, tier: { enum: ['standard', 'enterprise'] } });
  });

  it('documents the report query from its DTO: every filter, the page where records are paged, the week where there is a timeline', () => {
    const paths = doc.paths as unknown as Record<string, { get: { parameters: { name: string; in: string }[] } }>;
    const names = (path: string) => paths[path].get.parameters.filter((p) => p.in === 'query').map((p) => p.name).sort();
    const filters = ['clientscsv', 'country', 'dateFrom', 'dateTill', 'devicescsv', 'includeMachine', 'ipAddress', 'platformscsv', 'receiver', 'timeFrom', 'timeTill', 'tz'];
    expect(names('/api/reports/{snippetId}')).toEqual([...filters, 'page', 'size'].sort());
    expect(names('/api/reports/{snippetId}/summary')).toEqual([...filters, 'weekEnding'].sort());
    expect(names('/api/reports/{snippetId}/download')).toEqual([...filters, 'key'].sort());
  });

  it('describes the plays and the engagement reports from their DTOs, tied to the shared types', () => {
    type Answer = { content?: Record<string, { schema?: { $ref?: string; items?: { $ref?: string } } }> };
    const paths = doc.paths as unknown as Record<string, { get: { responses: Record<string, Answer> } }>;
    const schema = (path: string) => paths[path].get.responses['200'].content?.['application/json']?.schema;
    expect(schema('/api/reports/{snippetId}/plays')?.items?.$ref).toBe('#/components/schemas/PlayRecordDto');
    expect(Object.keys(doc.components.schemas.PlayRecordDto.properties ?? {})).toEqual(
      expect.arrayContaining(['playId', 'watchedSecs', 'shareWatched', 'completed', 'soundOn', 'ranges', 'seconds', 'receiver']),
    );
    expect(schema('/api/reports/{snippetId}/engagement')?.$ref).toBe('#/components/schemas/EngagementReportDto');
    expect(Object.keys(doc.components.schemas.EngagementReportDto.properties ?? {})).toEqual(
      expect.arrayContaining(['opens', 'visits', 'plays', 'playRate', 'engagement', 'clicks', 'clickThroughRate', 'funnel', 'graph', 'timeline']),
    );
  });
});

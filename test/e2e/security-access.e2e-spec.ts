// Every route of the running app x {anonymous, owner, other user, admin}: nobody reads or changes
// what is not theirs, and nothing of the owner leaks into another caller's answer. The routes are
// read from the app itself (test/support/route-table.ts), so a route added later fails here until
// it is classified below.
import crypto from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signIn, signInAdmin, signUp, sql, type Client, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload, tinyPng, uploadFile } from '../support/snippet-factory.js';
import { listRoutes, type Access, type RouteInfo } from '../support/route-table.js';

const ADMIN_EMAIL = 'admin@eyemail.test';
const ADMIN_PASSWORD = 'admin-pass-1';
const SECRET_TITLE = 'Owner secret title 7f3a';

type Role = 'anonymous' | 'owner' | 'other' | 'admin';

// What the owner has: the ids every classified route is called with.
interface World {
  owner: SignedUpUser;
  other: SignedUpUser;
  victim: SignedUpUser;
  admin: Client;
  anonymous: Client;
  videoId: string;
  encodingId: string;
  snippetId: string;
  snippetForDelete: string;
  snippetForBodyDelete: string;
  logoId: string;
  spareFileId: string;
  profilePictureId: string;
  attachmentId: string;
  mediaPath: string;
  apiTokenId: string;
  webhookId: string;
  uploadPath: string;
  spareUploadPath: string;
}

interface Call {
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

// How a route is checked:
// - public: anyone; never an error, never the owner's email or id in the answer.
// - account: the sign-in/up/out and recovery calls (public too; their own rules are tested in
//   accounts*.e2e-spec.ts and security-sessions.e2e-spec.ts).
// - self: signed in, acts on the caller's own data only: 401 anonymous, and no answer to another
//   user or the admin carries the owner's data.
// - owned: names one of the owner's things (in the path, query or body): 401 anonymous, 403/404
//   for the other user and the admin with nothing of the owner in the answer and nothing
//   changed; the owner succeeds.
// - admin: 401 anonymous, 403 for users, the admin succeeds.
type Kind = 'public' | 'account' | 'self' | 'owned' | 'admin';

interface RouteSpec {
  kind: Kind;
  call: (w: World) => Call;
  // Status the owner (or, for admin routes, the admin) gets; default any 2xx.
  ok?: number[];
  // Changes or deletes the owner's thing: run after the others, on a thing of its own.
  destructive?: boolean;
  // What another user and the admin may get instead of 403/404.
  refused?: number[];
  // Ends the caller's session: run at the very end.
  last?: boolean;
}

const id = (w: World) => w.snippetId;
// A tus request (resumable uploads) names the protocol version; the creation, a video's metadata.
const TUS = { 'Tus-Resumable': '1.0.0', 'Upload-Metadata': `filename ${Buffer.from('a.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}` };

const ROUTES: Record<string, RouteSpec> = {
  // Accounts and sessions.
  'POST /accounts/signout': { kind: 'account', last: true, call: () => ({ path: '/accounts/signout' }) },
  'POST /api/accounts/signout': { kind: 'account', last: true, call: () => ({ path: '/api/accounts/signout' }) },
  'POST /api/accounts/signin': { kind: 'account', call: (w) => ({ path: '/api/accounts/signin', body: { email: w.owner.email, password: 'Wrong1234' } }) },
  'POST /api/accounts/signup': { kind: 'account', call: (w) => ({ path: '/api/accounts/signup', body: { fullName: 'X', email: w.owner.email, password: 'Secret123', confirmPassword: 'Secret123', tier: 'standard' } }) },
  'POST /api/accounts/companysignup': { kind: 'account', call: () => ({ path: '/api/accounts/companysignup', body: {} }) },
  'POST /api/accounts/forgot-password': { kind: 'account', call: () => ({ path: '/api/accounts/forgot-password', query: { email: 'nobody@example.com' } }) },
  'PUT /api/accounts/reset-password': { kind: 'account', call: () => ({ path: '/api/accounts/reset-password', body: { token: 'x', password: 'Secret123', confirmPassword: 'Secret123' } }) },
  'GET /api/accounts/validate-reset-password-token': { kind: 'account', call: () => ({ path: '/api/accounts/validate-reset-password-token', query: { token: 'x' } }) },
  'PUT /api/accounts/verify-email': { kind: 'account', call: () => ({ path: '/api/accounts/verify-email', query: { token: 'x' } }) },
  'POST /api/accounts/trysignin': { kind: 'account', call: () => ({ path: '/api/accounts/trysignin' }) },
  'POST /api/accounts/resend-verification': { kind: 'self', call: () => ({ path: '/api/accounts/resend-verification' }) },
  'GET /api/users/profile': { kind: 'self', call: () => ({ path: '/api/users/profile' }) },
  'PUT /api/users/profile': { kind: 'self', call: () => ({ path: '/api/users/profile', body: { firstName: 'Changed' } }) },
  'PUT /api/users/profile-password': { kind: 'self', call: () => ({ path: '/api/users/profile-password', body: { currentPassword: 'Wrong1234', newPassword: 'Other9876', confirmPassword: 'Other9876' } }) },
  'PUT /api/users/profile-picture': { kind: 'owned', call: (w) => ({ path: '/api/users/profile-picture', query: { profilePicture: w.profilePictureId } }) },
  'DELETE /api/users/profile-picture': { kind: 'self', call: () => ({ path: '/api/users/profile-picture' }) },
  'GET /api/countries': { kind: 'self', call: () => ({ path: '/api/countries' }) },
  'GET /api/timezones': { kind: 'self', call: () => ({ path: '/api/timezones' }) },

  // Files and videos.
  'GET /api/files': { kind: 'self', call: () => ({ path: '/api/files', query: { type: 'video' } }) },
  'GET /api/files/usage': { kind: 'self', call: () => ({ path: '/api/files/usage' }) },
  'POST /api/files/uploads': { kind: 'self', ok: [201], call: () => ({ path: '/api/files/uploads', headers: { ...TUS, 'Upload-Length': '1000' } }) },
  'HEAD /api/files/uploads/:id': { kind: 'owned', call: (w) => ({ path: w.uploadPath, headers: TUS }) },
  'PATCH /api/files/uploads/:id': { kind: 'owned', ok: [204], call: (w) => ({ path: w.uploadPath, headers: { ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' } }) },
  'DELETE /api/files/uploads/:id': { kind: 'owned', ok: [204], destructive: true, call: (w) => ({ path: w.spareUploadPath, headers: TUS }) },
  'POST /api/files': { kind: 'self', call: () => ({ path: '/api/files', query: { type: 'logo' } }) },
  'GET /api/files/:id': { kind: 'owned', call: (w) => ({ path: `/api/files/${w.logoId}` }) },
  'PATCH /api/files/:id': { kind: 'owned', call: (w) => ({ path: `/api/files/${w.videoId}`, body: { name: 'Renamed by the caller' } }) },
  'DELETE /api/files/:id': { kind: 'owned', destructive: true, call: (w) => ({ path: `/api/files/${w.spareFileId}` }) },
  'POST /api/videos/:id': { kind: 'owned', call: (w) => ({ path: `/api/videos/${w.videoId}`, query: { overlay: 'none', width: '600' } }) },
  'GET /api/videos/encodings/:encodingId': { kind: 'owned', call: (w) => ({ path: `/api/videos/encodings/${w.encodingId}` }) },
  'GET /media/*key': { kind: 'public', call: (w) => ({ path: w.mediaPath }) },
  'GET /m/:snippetId/:file': { kind: 'public', call: (w) => ({ path: `/m/${w.snippetId}/poster-600x338.jpg` }) },

  // Snippets.
  'GET /api/snippets': { kind: 'self', call: () => ({ path: '/api/snippets' }) },
  'GET /api/snippets/brief': { kind: 'self', call: () => ({ path: '/api/snippets/brief' }) },
  'POST /api/snippets': { kind: 'owned', ok: [201], call: (w) => ({ path: '/api/snippets', body: snippetPayload(w.videoId, { title: 'Made from the video' }) }) },
  'PUT /api/snippets': { kind: 'owned', call: (w) => ({ path: '/api/snippets', body: snippetPayload(w.videoId, { snippetId: w.snippetId, title: SECRET_TITLE }) }) },
  'PUT /api/snippets/status': { kind: 'owned', call: (w) => ({ path: '/api/snippets/status', body: { snippetId: w.snippetId, status: true } }) },
  'POST /api/snippets/snippetId': { kind: 'owned', call: (w) => ({ path: '/api/snippets/snippetId', body: { snippetId: w.snippetId } }) },
  'DELETE /api/snippets': { kind: 'owned', destructive: true, call: (w) => ({ path: '/api/snippets', body: { SnippetId: w.snippetForBodyDelete } }) },
  'GET /api/snippets/:id': { kind: 'owned', call: (w) => ({ path: `/api/snippets/${id(w)}` }) },
  'GET /api/snippets/:id/u': { kind: 'owned', call: (w) => ({ path: `/api/snippets/${id(w)}/u` }) },
  'GET /api/snippets/:id/slug': { kind: 'owned', call: (w) => ({ path: `/api/snippets/${id(w)}/slug` }) },
  'GET /api/snippets/:id/html': { kind: 'owned', call: (w) => ({ path: `/api/snippets/${id(w)}/html`, query: { emailPlatform: 'mailchimp' } }) },
  'DELETE /api/snippets/:id': { kind: 'owned', destructive: true, call: (w) => ({ path: `/api/snippets/${w.snippetForDelete}` }) },
  'GET /api/global/config': { kind: 'public', call: () => ({ path: '/api/global/config' }) },
  'GET /api/global/email-platforms': { kind: 'public', call: () => ({ path: '/api/global/email-platforms' }) },
  'GET /api/public/snippets/:id': { kind: 'public', call: (w) => ({ path: `/api/public/snippets/${id(w)}` }) },
  'GET /live/:id': { kind: 'public', call: (w) => ({ path: `/live/${id(w)}` }) },
  'GET /livePreview/:id': { kind: 'public', call: (w) => ({ path: `/livePreview/${id(w)}` }) },
  'GET /eyemail/:id': { kind: 'public', call: (w) => ({ path: `/eyemail/${id(w)}`, query: { v: 'reader@example.com' } }) },
  'GET /emailpreview/:id': { kind: 'public', call: (w) => ({ path: `/emailpreview/${id(w)}` }) },
  'GET /t/o/:pixel': { kind: 'public', call: (w) => ({ path: `/t/o/${id(w)}.gif`, query: { v: 'reader@example.com' } }) },
  'GET /t/c/:id': { kind: 'public', call: (w) => ({ path: `/t/c/${id(w)}`, query: { v: 'reader@example.com', u: 'https://shop.example.com/spring' } }) },
  'GET /api/health': { kind: 'public', call: () => ({ path: '/api/health' }) },

  // Reports.
  'GET /api/reports/:snippetId': { kind: 'owned', call: (w) => ({ path: `/api/reports/${id(w)}` }) },
  'GET /api/reports/:snippetId/summary': { kind: 'owned', call: (w) => ({ path: `/api/reports/${id(w)}/summary` }) },
  'GET /api/reports/:snippetId/download': { kind: 'owned', call: (w) => ({ path: `/api/reports/${id(w)}/download` }) },
  'GET /api/reports/:snippetId/feed/json': { kind: 'owned', call: (w) => ({ path: `/api/reports/${id(w)}/feed/json` }) },
  'GET /api/reports/:snippetId/feed/xml': { kind: 'owned', call: (w) => ({ path: `/api/reports/${id(w)}/feed/xml` }) },
  'GET /api/reports/:snippetId/engagement': { kind: 'owned', call: (w) => ({ path: `/api/reports/${id(w)}/engagement` }) },
  'GET /api/reports/:snippetId/plays': { kind: 'owned', call: (w) => ({ path: `/api/reports/${id(w)}/plays` }) },
  'POST /api/reports/updateduration/ranges': {
    kind: 'public',
    call: (w) => ({ path: '/api/reports/updateduration/ranges', body: { playId: crypto.randomUUID(), snippetId: w.snippetId, receiver: 'reader@example.com', segments: [[0, 0, 1]] } }),
  },
  'POST /api/reports/updateduration': { kind: 'public', call: (w) => ({ path: '/api/reports/updateduration', body: { DurationSecs: 1, SnippetId: w.snippetId, TotalPlayTimeVideo: 1, Receiver: 'reader@example.com' } }) },
  'GET /api/reports/filter/platforms': { kind: 'self', call: () => ({ path: '/api/reports/filter/platforms' }) },
  'GET /api/reports/filter/devices': { kind: 'self', call: () => ({ path: '/api/reports/filter/devices' }) },
  'GET /api/reports/filter/clients': { kind: 'self', call: () => ({ path: '/api/reports/filter/clients' }) },
  'GET /api/reports/filter/countries': { kind: 'self', call: () => ({ path: '/api/reports/filter/countries' }) },

  // Support: an inquiry may name a snippet and attach files, which must be the sender's own.
  'POST /api/support': {
    kind: 'owned',
    // Another's snippet is a field error of the form (400), never accepted.
    refused: [400, 403, 404],
    call: (w) => ({ path: '/api/support', body: { type: 'Bug / Issues', message: 'It broke', snippetId: w.snippetId, attachments: [w.attachmentId] } }),
  },
  'POST /api/support#attachment': {
    kind: 'owned',
    refused: [400, 403, 404],
    call: (w) => ({ path: '/api/support', body: { type: 'Feature Suggestion', message: 'Look at this', attachments: [w.attachmentId] } }),
  },
  'POST /api/sys/feedback': { kind: 'self', call: () => ({ path: '/api/sys/feedback', body: { text: 'Nice' } }) },

  // Admin.
  'GET /api/Admin/GetDashboardData': { kind: 'admin', call: () => ({ path: '/api/Admin/GetDashboardData' }) },
  'GET /api/Admin/GetAllUserData': { kind: 'admin', call: () => ({ path: '/api/Admin/GetAllUserData' }) },
  'GET /api/Admin/GetAllVideos': { kind: 'admin', call: () => ({ path: '/api/Admin/GetAllVideos' }) },
  // API tokens and feed links (their use by a token: api-tokens.e2e-spec.ts).
  'GET /api/api-tokens': { kind: 'self', call: () => ({ path: '/api/api-tokens' }) },
  'POST /api/api-tokens': { kind: 'self', call: () => ({ path: '/api/api-tokens', body: { name: 'Probe' } }) },
  'DELETE /api/api-tokens/:id': { kind: 'owned', destructive: true, call: (w) => ({ path: `/api/api-tokens/${w.apiTokenId}` }) },
  'GET /api/feed-links/:snippetId': { kind: 'owned', call: (w) => ({ path: `/api/feed-links/${id(w)}` }) },
  'POST /api/feed-links/:snippetId': { kind: 'owned', call: (w) => ({ path: `/api/feed-links/${id(w)}` }) },
  'DELETE /api/feed-links/:snippetId': { kind: 'owned', destructive: true, call: (w) => ({ path: `/api/feed-links/${id(w)}` }) },

  // Webhook endpoints (a public address given as an IP: no DNS look-up in the test).
  'GET /api/notifications': { kind: 'self', call: () => ({ path: '/api/notifications' }) },
  // An event stream: read up to its first chunk (test/support/account-factory.ts).
  'GET /api/notifications/stream': { kind: 'self', call: () => ({ path: '/api/notifications/stream' }) },
  'POST /api/notifications/read': { kind: 'self', call: () => ({ path: '/api/notifications/read' }) },
  'GET /api/notifications/settings': { kind: 'self', call: () => ({ path: '/api/notifications/settings' }) },
  'PUT /api/notifications/settings': { kind: 'self', call: () => ({ path: '/api/notifications/settings', body: { events: ['open', 'click'] } }) },
  'GET /api/notifications/settings/:snippetId': { kind: 'owned', call: (w) => ({ path: `/api/notifications/settings/${id(w)}` }) },
  'PUT /api/notifications/settings/:snippetId': { kind: 'owned', call: (w) => ({ path: `/api/notifications/settings/${id(w)}`, body: { events: ['half'] } }) },
  // Signed-token links of the notification mails (notifications.e2e-spec.ts): without a token, 400.
  'GET /notifications/unsubscribe': { kind: 'account', ok: [400], call: () => ({ path: '/notifications/unsubscribe' }) },
  'POST /notifications/unsubscribe': { kind: 'account', ok: [400], call: () => ({ path: '/notifications/unsubscribe' }) },
  'GET /api/webhooks': { kind: 'self', call: () => ({ path: '/api/webhooks' }) },
  'POST /api/webhooks': { kind: 'self', call: () => ({ path: '/api/webhooks', body: { url: 'https://93.184.216.34/hook', events: ['eyemail.opened'] } }) },
  'PUT /api/webhooks/:id': { kind: 'owned', call: (w) => ({ path: `/api/webhooks/${w.webhookId}`, body: { description: 'Changed' } }) },
  'DELETE /api/webhooks/:id': { kind: 'owned', destructive: true, call: (w) => ({ path: `/api/webhooks/${w.webhookId}` }) },
  'POST /api/webhooks/:id/rotate-secret': { kind: 'owned', call: (w) => ({ path: `/api/webhooks/${w.webhookId}/rotate-secret` }) },
  'POST /api/webhooks/:id/test': { kind: 'owned', call: (w) => ({ path: `/api/webhooks/${w.webhookId}/test` }) },
  'GET /api/webhooks/:id/deliveries': { kind: 'owned', call: (w) => ({ path: `/api/webhooks/${w.webhookId}/deliveries` }) },

  'PUT /api/Admin/UpdateUserStatus': { kind: 'admin', call: (w) => ({ path: '/api/Admin/UpdateUserStatus', query: { EmailId: w.victim.email, Status: '1' } }) },
};

// What the declared access of a route must be for its kind (a route whose guard changes is
// caught here as well).
const ACCESS_OF: Record<Kind, Access> = { public: 'public', account: 'public', self: 'user', owned: 'user', admin: 'admin' };

const keyOf = (r: Pick<RouteInfo, 'method' | 'path'>) => `${r.method} ${r.path}`;
// 'POST /api/support#attachment': a second case of the same route.
const routeKey = (k: string) => k.split('#')[0];

let t: TestApp;
let w: World;
let routes: RouteInfo[];

function clientOf(role: Role): Client {
  return role === 'anonymous' ? w.anonymous : role === 'owner' ? w.owner.client : role === 'other' ? w.other.client : w.admin;
}

async function send(role: Role, method: string, c: Call) {
  const qs = c.query ? `?${new URLSearchParams(c.query)}` : '';
  const req = (clientOf(role) as unknown as Record<string, (p: string) => import('supertest').Test>)[method.toLowerCase()](c.path + qs);
  for (const [k, v] of Object.entries(c.headers ?? {})) req.set(k, v);
  if (c.body !== undefined) req.send(c.body as object);
  const res = await req;
  const text = typeof res.text === 'string' && res.text ? res.text : Buffer.isBuffer(res.body) ? res.body.toString('utf8') : JSON.stringify(res.body ?? '');
  return { status: res.status, text };
}

// The owner's data that must never reach another caller.
function privateMarkers(kind: Kind): string[] {
  const always = [w.owner.email, w.owner.id];
  // Public pages show the EyeMail itself (title, media) by design; nothing about its owner.
  return kind === 'public' || kind === 'account' ? always : [...always, SECRET_TITLE, w.logoId, w.profilePictureId, w.attachmentId];
}

function expectNoLeak(kind: Kind, role: Role, key: string, text: string): void {
  for (const m of privateMarkers(kind)) {
    if (text.toLowerCase().includes(m.toLowerCase())) throw new Error(`${key} as ${role} answered with the owner's "${m}": ${text.slice(0, 300)}`);
  }
}

// The owner's snippet and files are as they were.
async function expectOwnerThingsIntact(): Promise<void> {
  const s = await w.owner.client.get(`/api/snippets/${w.snippetId}`);
  expect(s.status).toBe(200);
  expect(s.body.body).toMatchObject({ title: SECRET_TITLE, status: true });
  expect((await w.owner.client.get(`/api/files/${w.logoId}`)).status).toBe(200);
  const [victim] = await sql<{ active: boolean }>(t, 'select is_active as active from app_user where id = ?', [w.victim.id]);
  expect(victim.active).toBe(true);
}

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });
  const [owner, other, victim] = [await signUp(t, { fullName: 'Olga Owner' }), await signUp(t, { fullName: 'Otto Other' }), await signUp(t, { fullName: 'Vic Victim' })];
  const { videoId, encodings } = await readyVideo(owner.client);
  const logo = await uploadFile(owner.client, 'logo', tinyPng('blue', '120x60'));
  const spare = await uploadFile(owner.client, 'logo', tinyPng('green', '120x60'));
  const picture = await uploadFile(owner.client, 'profile', tinyPng('red', '320x320'));
  const attachment = await uploadFile(owner.client, 'attachment', tinyPng('yellow', '200x100'));
  const base = snippetPayload(videoId, { title: SECRET_TITLE, logoImageId: logo.fileId });
  const snippet = await createSnippet(owner.client, base);
  const forDelete = await createSnippet(owner.client, snippetPayload(videoId, { title: 'To delete' }));
  const forBodyDelete = await createSnippet(owner.client, snippetPayload(videoId, { title: 'To delete by body' }));
  w = {
    owner,
    other,
    victim,
    admin: await signInAdmin(t),
    anonymous: await newClient(t),
    videoId,
    encodingId: encodings[0].encodingId,
    snippetId: snippet.snippet,
    snippetForDelete: forDelete.snippet,
    snippetForBodyDelete: forBodyDelete.snippet,
    logoId: logo.fileId,
    spareFileId: spare.fileId,
    profilePictureId: picture.fileId,
    attachmentId: attachment.fileId,
    mediaPath: new URL(encodings[0].videoUrl!, 'http://eyemail.test').pathname,
    apiTokenId: (await owner.client.post('/api/api-tokens').send({ name: 'Owner token' })).body.body.id,
    webhookId: (await owner.client.post('/api/webhooks').send({ url: 'https://93.184.216.34/owner', events: ['eyemail.opened'] })).body.body.id,
    uploadPath: '',
    spareUploadPath: '',
  };
  const newUpload = async () =>
    (await owner.client.post('/api/files/uploads').set(TUS).set('Upload-Length', '1000').expect(201)).headers.location as string;
  w.uploadPath = await newUpload();
  w.spareUploadPath = await newUpload();
  routes = listRoutes(t.app);
}, 180_000);

afterAll(async () => t?.close());

describe('the route list', () => {
  it('is read from the app and agrees with the OpenAPI document', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const doc = (await t.http.get('/api/docs/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{([^}]+)\}/g, ':$1')}`)));
    // Every documented call is a route we know of (the viewer and tracking routes are left out of
    // the document on purpose, so the other direction does not hold).
    for (const d of documented) expect(routes.map(keyOf)).toContain(d);
  });

  it('has every route classified, with the access its guard declares', () => {
    const unclassified = routes.filter((r) => !ROUTES[keyOf(r)]).map(keyOf);
    expect(unclassified).toEqual([]);
    const stale = Object.keys(ROUTES).filter((k) => !routes.some((r) => keyOf(r) === routeKey(k)));
    expect(stale).toEqual([]);
    const wrongAccess = routes.filter((r) => ACCESS_OF[ROUTES[keyOf(r)].kind] !== r.access).map((r) => `${keyOf(r)} is ${r.access}, classified ${ROUTES[keyOf(r)].kind}`);
    expect(wrongAccess).toEqual([]);
  });
});

describe('every route x {anonymous, owner, other user, admin}', () => {
  // Non-destructive first, then the ones that delete (each on a thing of its own).
  const rank = (k: string) => (ROUTES[k].last ? 2 : ROUTES[k].destructive ? 1 : 0);
  const keys = () => Object.keys(ROUTES).sort((a, b) => rank(a) - rank(b));

  it('gives nobody what is not theirs, leaks nothing, and never answers 5xx', async () => {
    const failures: string[] = [];
    for (const key of keys()) {
      if (!routes.some((r) => keyOf(r) === routeKey(key))) continue;
      const spec = ROUTES[key];
      const method = key.split(' ')[0];
      const call = spec.call(w);
      const roles: Role[] = spec.kind === 'admin' ? ['anonymous', 'owner', 'other', 'admin'] : ['anonymous', 'other', 'admin', 'owner'];
      for (const role of roles) {
        const { status, text } = await send(role, method, call);
        const fail = (why: string) => failures.push(`${key} as ${role}: ${why} (${status}) ${text.slice(0, 200)}`);
        if (status >= 500) fail('server error');
        if (role !== 'owner' && !(spec.kind === 'admin' && role === 'admin')) {
          try {
            expectNoLeak(spec.kind, role, key, text);
          } catch (e) {
            failures.push((e as Error).message);
          }
        }
        switch (spec.kind) {
          case 'self':
            if (role === 'anonymous' && status !== 401) fail('expected 401');
            break;
          case 'owned':
            if (role === 'anonymous' && status !== 401) fail('expected 401');
            if ((role === 'other' || role === 'admin') && !(spec.refused ?? [403, 404]).includes(status)) fail("expected 404 or 403 for another's thing");
            if (role === 'owner' && !(spec.ok ?? [200, 201, 202]).includes(status)) fail('the owner should succeed');
            break;
          case 'admin':
            if (role === 'anonymous' && status !== 401) fail('expected 401');
            if ((role === 'owner' || role === 'other') && status !== 403) fail('expected 403');
            if (role === 'admin' && !(spec.ok ?? [200]).includes(status)) fail('the admin should succeed');
            break;
          default:
            break;
        }
        // Refused calls changed nothing.
        if (role === 'admin' && spec.kind !== 'admin' && !spec.destructive) await expectOwnerThingsIntact();
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('left the deleted things gone only for their owner, after the refused attempts', async () => {
    // The sign-out routes ran last and ended the owner's session.
    w.owner.client = await signIn(t, w.owner.email, w.owner.password);
    expect((await w.owner.client.get(`/api/snippets/${w.snippetForDelete}`)).status).toBe(404);
    expect((await w.owner.client.get(`/api/snippets/${w.snippetForBodyDelete}`)).status).toBe(404);
    expect((await w.owner.client.get(`/api/files/${w.spareFileId}`)).status).toBe(404);
    await expectOwnerThingsIntact();
  });
});

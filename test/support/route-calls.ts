// The calls of every route of the app, for the security tests that walk the route list
// (security-access: every route x {anonymous, owner, other user, admin}; security-workspaces:
// every route x every kind of workspace caller). Each names one of the owner's things, made by
// buildWorld; a route added later fails those tests until it is classified here.
import crypto from 'node:crypto';
import type { TestApp } from './app.js';
import type { Client, SignedUpUser } from './account-factory.js';
import { createSnippet, readyVideo, snippetPayload, tinyPng, uploadFile } from './snippet-factory.js';
import type { Access, RouteInfo } from './route-table.js';

export const SECRET_TITLE = 'Owner secret title 7f3a';

// What the owner has: the ids every classified route is called with.
export interface World {
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
  // a member of the owner's company other than the owner (the victim, as a viewer)
  memberId: string;
  // pending invitations of the owner's company
  invitationId: string;
  invitationForDelete: string;
}

export interface Call {
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
export type Kind = 'public' | 'account' | 'self' | 'owned' | 'admin';

export interface RouteSpec {
  kind: Kind;
  call: (w: World) => Call;
  // Status the owner (or, for admin routes, the admin) gets; default any 2xx.
  ok?: number[];
  // Changes or deletes the owner's thing: run after the others, on a thing of its own.
  destructive?: boolean;
  // What another user and the admin may get instead of 403/404.
  refused?: number[];
  // Ends the caller's session or membership: run at the very end.
  last?: boolean;
  // What a caller gets in their personal workspace, for routes about companies only.
  personal?: number[];
}

const id = (w: World) => w.snippetId;
// A tus request (resumable uploads) names the protocol version; the creation, a video's metadata.
export const TUS = { 'Tus-Resumable': '1.0.0', 'Upload-Metadata': `filename ${Buffer.from('a.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}` };

export const ROUTES: Record<string, RouteSpec> = {
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
  // No file: a caller the guard lets through meets the missing file (400).
  'POST /api/files': { kind: 'self', ok: [400], call: () => ({ path: '/api/files', query: { type: 'logo' } }) },
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
  'GET /api/reports/workspace': { kind: 'self', call: () => ({ path: '/api/reports/workspace' }) },
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
  'GET /api/Admin/companies': { kind: 'admin', call: () => ({ path: '/api/Admin/companies' }) },
  // the owner's company (the workspace the owner's client acts in)
  'GET /api/Admin/companies/:id/members': { kind: 'admin', call: (w) => ({ path: `/api/Admin/companies/${w.owner.client.workspace ?? w.owner.id}/members` }) },
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
  'GET /api/notifications/follow/:snippetId': { kind: 'owned', call: (w) => ({ path: `/api/notifications/follow/${id(w)}` }) },
  'PUT /api/notifications/follow/:snippetId': { kind: 'owned', call: (w) => ({ path: `/api/notifications/follow/${id(w)}`, body: { following: true, events: ['half'] } }) },
  // Signed-token links of the notification mails (notifications.e2e-spec.ts): without a token, 400.
  'GET /notifications/unsubscribe': { kind: 'account', ok: [400], call: () => ({ path: '/notifications/unsubscribe' }) },
  'POST /notifications/unsubscribe': { kind: 'account', ok: [400], call: () => ({ path: '/notifications/unsubscribe' }) },
  'GET /api/webhooks': { kind: 'self', call: () => ({ path: '/api/webhooks' }) },
  'POST /api/webhooks': { kind: 'self', call: () => ({ path: '/api/webhooks', body: { url: 'https://93.184.216.34/hook', events: ['eyemail.opened'] } }) },
  'PUT /api/webhooks/:id': { kind: 'owned', call: (w) => ({ path: `/api/webhooks/${w.webhookId}`, body: { description: 'Changed' } }) },
  'DELETE /api/webhooks/:id': { kind: 'owned', destructive: true, call: (w) => ({ path: `/api/webhooks/${w.webhookId}` }) },
  'POST /api/webhooks/:id/rotate-secret': { kind: 'owned', call: (w) => ({ path: `/api/webhooks/${w.webhookId}/rotate-secret` }) },
  // Workspaces and companies (their rules in detail: companies.e2e-spec.ts). Leaving is the
  // caller's own and ends their membership: run at the very end.
  'GET /api/workspaces': { kind: 'self', call: () => ({ path: '/api/workspaces' }) },
  // Which workspace a link opens in: the owner's EyeMail's; anyone outside it meets a missing one.
  'GET /api/workspaces/locate': { kind: 'owned', call: (w) => ({ path: '/api/workspaces/locate', query: { eyemail: w.snippetId } }) },
  // Deleting the company (company-delete.e2e-spec.ts): the world's company has an active EyeMail,
  // so the owner meets the refusal (409) and nothing is deleted; a rival owner acting in a company
  // of their own without one meets the typed name (400: no company has this name).
  'DELETE /api/workspace': {
    kind: 'owned',
    ok: [409],
    refused: [400, 403, 404],
    personal: [403],
    destructive: true,
    call: () => ({ path: '/api/workspace', body: { name: 'Not the name of any company' } }),
  },
  'POST /api/companies': { kind: 'self', ok: [201], call: () => ({ path: '/api/companies', body: { companyName: 'Probe Co', domain: 'probe.example', department: 'Sales' } }) },
  'GET /api/workspace/members': { kind: 'self', call: () => ({ path: '/api/workspace/members' }) },
  'PATCH /api/workspace/members/:userId': { kind: 'owned', personal: [403], call: (w) => ({ path: `/api/workspace/members/${w.memberId}`, body: { role: 'viewer' } }) },
  'DELETE /api/workspace/members/:userId': { kind: 'owned', personal: [403], destructive: true, call: (w) => ({ path: `/api/workspace/members/${w.memberId}` }) },
  // Invitations (their rules in detail: invitations.e2e-spec.ts). A new address each call.
  'GET /api/workspace/invitations': { kind: 'self', personal: [403], call: () => ({ path: '/api/workspace/invitations' }) },
  'POST /api/workspace/invitations': { kind: 'self', ok: [201], personal: [403], call: () => ({ path: '/api/workspace/invitations', body: { emails: [`probe.${crypto.randomUUID().slice(0, 8)}@example.com`], role: 'viewer' } }) },
  'POST /api/workspace/invitations/:id/resend': { kind: 'owned', personal: [403], call: (w) => ({ path: `/api/workspace/invitations/${w.invitationId}/resend` }) },
  'DELETE /api/workspace/invitations/:id': { kind: 'owned', personal: [403], destructive: true, call: (w) => ({ path: `/api/workspace/invitations/${w.invitationForDelete}` }) },
  // A token that is no invitation's: nothing to show or accept, whoever asks.
  'GET /api/invitations/:token': { kind: 'account', ok: [404], call: () => ({ path: `/api/invitations/${'x'.repeat(43)}` }) },
  'POST /api/invitations/:token/accept': { kind: 'self', ok: [404], call: () => ({ path: `/api/invitations/${'x'.repeat(43)}/accept` }) },
  'POST /api/workspace/transfer': { kind: 'owned', personal: [403], ok: [403], call: (w) => ({ path: '/api/workspace/transfer', body: { userId: w.memberId } }) },
  'GET /api/workspace/audit': { kind: 'self', call: () => ({ path: '/api/workspace/audit' }) },
  'POST /api/workspace/leave': { kind: 'self', last: true, ok: [200, 403], call: () => ({ path: '/api/workspace/leave' }) },
  'POST /api/webhooks/:id/test': { kind: 'owned', call: (w) => ({ path: `/api/webhooks/${w.webhookId}/test` }) },
  'GET /api/webhooks/:id/deliveries': { kind: 'owned', call: (w) => ({ path: `/api/webhooks/${w.webhookId}/deliveries` }) },

  'PUT /api/Admin/UpdateUserStatus': { kind: 'admin', call: (w) => ({ path: '/api/Admin/UpdateUserStatus', query: { EmailId: w.victim.email, Status: '1' } }) },
};

// What the declared access of a route must be for its kind (a route whose guard changes is
// caught here as well).
export const ACCESS_OF: Record<Kind, Access> = { public: 'public', account: 'public', self: 'user', owned: 'user', admin: 'admin' };

export const keyOf = (r: Pick<RouteInfo, 'method' | 'path'>) => `${r.method} ${r.path}`;
// 'POST /api/support#attachment': a second case of the same route.
export const routeKey = (k: string) => k.split('#')[0];

// The owner's things every classified route is called with, made through the API by the owner's
// client (in whatever workspace it acts in).
export async function buildWorld(t: TestApp, people: Pick<World, 'owner' | 'other' | 'victim' | 'admin' | 'anonymous' | 'memberId'>): Promise<World> {
  const { owner } = people;
  const { videoId, encodings } = await readyVideo(owner.client);
  const logo = await uploadFile(owner.client, 'logo', tinyPng('blue', '120x60'));
  const spare = await uploadFile(owner.client, 'logo', tinyPng('green', '120x60'));
  const picture = await uploadFile(owner.client, 'profile', tinyPng('red', '320x320'));
  const attachment = await uploadFile(owner.client, 'attachment', tinyPng('yellow', '200x100'));
  const base = snippetPayload(videoId, { title: SECRET_TITLE, logoImageId: logo.fileId });
  const snippet = await createSnippet(owner.client, base);
  const forDelete = await createSnippet(owner.client, snippetPayload(videoId, { title: 'To delete' }));
  const forBodyDelete = await createSnippet(owner.client, snippetPayload(videoId, { title: 'To delete by body' }));
  const w: World = {
    ...people,
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
    invitationId: '',
    invitationForDelete: '',
  };
  const newUpload = async () =>
    (await owner.client.post('/api/files/uploads').set(TUS).set('Upload-Length', '1000').expect(201)).headers.location as string;
  w.uploadPath = await newUpload();
  w.spareUploadPath = await newUpload();
  const invite = async (email: string) => {
    const res = await owner.client.post('/api/workspace/invitations').send({ emails: [email], role: 'viewer' });
    if (res.status !== 201) throw new Error(`Could not invite: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.body.invited[0].id as string;
  };
  w.invitationId = await invite(`invited.${crypto.randomUUID().slice(0, 8)}@example.com`);
  w.invitationForDelete = await invite(`revoked.${crypto.randomUUID().slice(0, 8)}@example.com`);
  return w;
}

// GET /api/workspaces/locate: which workspace a shared link to an EyeMail (its page, its report) or
// a video opens in. A member of the object's workspace gets its id whatever workspace they act in;
// anyone else (an outsider, a removed member, another user's personal object) gets exactly the
// answer of an id that does not exist.
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload, tinyPng, uploadFile } from '../support/snippet-factory.js';
import { addMember, companyWithTeam, createCompany, type TestCompany } from '../support/workspace-factory.js';

jest.setTimeout(180_000);

let t: TestApp;
let team: TestCompany;
let eyemailId: string;
let videoId: string;
let logoId: string;
let outsider: SignedUpUser;
let removed: SignedUpUser;
let rival: SignedUpUser;
let rivalCompany: string;

const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
  team = await companyWithTeam(t, 'Linked Co');
  const video = await readyVideo(team.owner.client);
  videoId = video.videoId;
  logoId = (await uploadFile(team.owner.client, 'logo', tinyPng('blue', '120x60'))).fileId;
  eyemailId = (await createSnippet(team.owner.client, snippetPayload(videoId, { title: 'Company launch' }))).snippet;
  outsider = await signUp(t, { fullName: 'Otto Outsider' });
  removed = await signUp(t, { fullName: 'Remy Removed' });
  await addMember(t, team.id, removed, 'editor');
  rival = await signUp(t, { fullName: 'Rita Rival' });
  rivalCompany = await createCompany(rival, 'Rival Co');
  // Removed through the API, as an admin does.
  const gone = await team.owner.client.delete(`/api/workspace/members/${removed.id}`);
  expect(gone.status).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

const locate = (u: SignedUpUser, query: Record<string, string>) => u.client.get(`/api/workspaces/locate?${new URLSearchParams(query)}`);

describe('a member', () => {
  it('gets the company for its EyeMail and its video from their personal workspace', async () => {
    const viewer = team.members.viewer;
    viewer.client.workspace = undefined;
    // Acting in Personal, the EyeMail is not found: what the link's page meets today.
    expect((await viewer.client.get(`/api/snippets/${eyemailId}`)).status).toBe(404);

    const byEyeMail = await locate(viewer, { eyemail: eyemailId });
    expect(byEyeMail.status).toBe(200);
    expect(byEyeMail.body).toMatchObject({ result: true, body: { workspaceId: team.id } });
    const byVideo = await locate(viewer, { video: videoId });
    expect(byVideo.status).toBe(200);
    expect(byVideo.body.body).toEqual({ workspaceId: team.id });
    // Upper case ids are the same ids.
    expect((await locate(viewer, { eyemail: eyemailId.toUpperCase() })).body.body).toEqual({ workspaceId: team.id });

    // Acting there, the EyeMail opens.
    viewer.client.workspace = byEyeMail.body.body.workspaceId;
    expect((await viewer.client.get(`/api/snippets/${eyemailId}`)).status).toBe(200);
  });

  it('gets it while acting in another company of theirs, and the owner gets it too', async () => {
    const editor = team.members.editor;
    const elsewhere = await createCompany(editor, 'Side Project');
    editor.client.workspace = elsewhere;
    expect((await locate(editor, { eyemail: eyemailId })).body.body).toEqual({ workspaceId: team.id });
    editor.client.workspace = team.id;
    expect((await locate(team.owner, { video: videoId })).body.body).toEqual({ workspaceId: team.id });
  });

  it('gets their own personal EyeMail located in their personal workspace', async () => {
    const admin = team.members.admin;
    admin.client.workspace = undefined;
    const own = await readyVideo(admin.client);
    const mine = (await createSnippet(admin.client, snippetPayload(own.videoId, { title: 'Mine' }))).snippet;
    admin.client.workspace = team.id;
    expect((await locate(admin, { eyemail: mine })).body.body).toEqual({ workspaceId: admin.id });
    expect((await locate(admin, { video: own.videoId })).body.body).toEqual({ workspaceId: admin.id });

    // A teammate does not get someone's personal EyeMail or video: not found, as if missing.
    const other = await locate(team.members.viewer, { eyemail: mine });
    expect(other.status).toBe(404);
    expect(other.body).toEqual((await locate(team.members.viewer, { eyemail: MISSING })).body);
    const otherVideo = await locate(team.owner, { video: own.videoId });
    expect(otherVideo.status).toBe(404);
    expect(otherVideo.body).toEqual((await locate(team.owner, { video: MISSING })).body);
  });
});

describe('anyone else', () => {
  it('gets for an EyeMail the very answer of one that does not exist: outsider, removed member, member of another company, bad ids', async () => {
    const missing = await locate(outsider, { eyemail: MISSING });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ result: false, message: 'EyeMail not found.', body: null, errors: null });
    rival.client.workspace = rivalCompany;
    const answers = [
      await locate(outsider, { eyemail: eyemailId }),
      await locate(removed, { eyemail: eyemailId }),
      await locate(rival, { eyemail: eyemailId }),
      await locate(outsider, { eyemail: 'not-an-id' }),
      await locate(outsider, { eyemail: `${eyemailId}x` }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
      expect(res.text).not.toContain(team.id);
    }
  });

  it('gets for a video the very answer of one that does not exist, and a logo is no video', async () => {
    const missing = await locate(outsider, { video: MISSING });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ result: false, message: 'File not found.', body: null, errors: null });
    for (const res of [await locate(outsider, { video: videoId }), await locate(removed, { video: videoId }), await locate(outsider, { video: 'nope' }), await locate(team.owner, { video: logoId })]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
  });

  it('is asked for one thing: an EyeMail or a video', async () => {
    for (const query of [{}, { eyemail: eyemailId, video: videoId }, { eyemail: '' }] as Record<string, string>[]) {
      const res = await locate(team.owner, query);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Name one EyeMail (eyemail=<id>) or one video (video=<id>).');
    }
  });

  it('needs a session', async () => {
    expect((await t.http.get(`/api/workspaces/locate?eyemail=${eyemailId}`)).status).toBe(401);
  });
});

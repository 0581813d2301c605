import { startTestApp, type TestApp } from '../support/app.js';
import type { UserListPage } from '../../src/shared/admin-types.js';
import { newClient, signIn, signInAdmin, signUp, sql, uniqueEmail, type Client, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload, tinyClip, uploadFile } from '../support/snippet-factory.js';

const ADMIN_EMAIL = 'ops@eyemail.test';
const ADMIN_PASSWORD = 'AdminPass123';
const DEACTIVATED = 'Your account has been deactivated. Please contact support at support@eyemail.local.';


// The admin API (spec 02 section 7, Admin) through HTTP on the real app: who may call it, what the
// lists hold for the accounts and videos made here, and what a status change does.
describe('admin API', () => {
  let t: TestApp;
  let admin: Client;
  let user: SignedUpUser;
  // Made in beforeAll: four users (one Express), 3 + 1 + 0 + 0 videos.
  let zara: SignedUpUser;
  let zack: SignedUpUser;
  let quinn: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD, TRUST_PROXY: 'true' });
    admin = await signInAdmin(t);
    zara = await signUp(t, { fullName: 'Zara Zed', email: uniqueEmail('zara') });
    zack = await signUp(t, { fullName: 'Zack Young', email: uniqueEmail('zack'), tier: 'enterprise' });
    quinn = await signUp(t, { fullName: 'Quinn', email: uniqueEmail('quinn') });
    user = await signUp(t, { fullName: 'Plain User', email: uniqueEmail('plain') });
    for (let i = 0; i < 3; i++) await uploadFile(zara.client, 'video', tinyClip(), `zara-${i}.mp4`);
    await uploadFile(zack.client, 'video', tinyClip(), 'zack.mp4');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const list = async (query: string): Promise<UserListPage> => {
    const res = await admin.get(`/api/Admin/GetAllUserData?${query}`).expect(200);
    expect(res.body.result).toBe(true);
    return res.body.body;
  };

  describe('role matrix', () => {
    const calls: [string, 'get' | 'put', string][] = [
      ['dashboard counts', 'get', '/api/Admin/GetDashboardData'],
      ['user list', 'get', '/api/Admin/GetAllUserData?Page=1&size=10'],
      ['videos', 'get', '/api/Admin/GetAllVideos'],
      ['status change', 'put', '/api/Admin/UpdateUserStatus?EmailId=nobody@example.com&Status=1'],
    ];

    it.each(calls)('%s: 401 without a session, 403 for a user, allowed for the admin', async (_name, method, path) => {
      const anonymous = await newClient(t);
      const anon = await anonymous[method](path).expect(401);
      expect(anon.body).toMatchObject({ result: false, body: null });

      const refused = await user.client[method](path).expect(403);
      expect(refused.body).toMatchObject({ result: false, message: 'You are not allowed to do that.', body: null });

      const res = await admin[method](path);
      // The status change of an unknown address is a 404 of the admin's own call, past the guard.
      expect(res.status).toBe(method === 'put' ? 404 : 200);
    });

    it('routes the spec paths case-insensitively', async () => {
      await admin.get('/api/admin/getdashboarddata').expect(200);
      await user.client.get('/api/admin/getdashboarddata').expect(403);
    });
  });

  it('counts users (not the admin) and uploaded videos', async () => {
    const res = await admin.get('/api/Admin/GetDashboardData').expect(200);
    expect(res.body).toMatchObject({ result: true, body: { userCount: 4, videoCount: 4 } });
  });

  describe('GetAllUserData', () => {
    it('answers the spec shape, newest joiner first, with video counts and activity', async () => {
      const page = await list('Page=1&size=10');
      expect(page).toMatchObject({ currentPage: 1, totalCount: 4, totalPage: 1 });
      expect(page.data.map((r) => r.email)).toEqual([user.email, quinn.email, zack.email, zara.email]);
      const row = page.data.find((r) => r.email === zara.email)!;
      expect(row).toEqual({
        firstName: 'Zara',
        lastName: 'Zed',
        phoneNumber: '',
        dateOfJoining: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        lastActivityDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        email: zara.email,
        registrationType: 'Premium',
        videoCount: 3,
        status: 1,
      });
      expect(page.data.find((r) => r.email === zack.email)).toMatchObject({ registrationType: 'Express', videoCount: 1 });
      expect(page.data.find((r) => r.email === quinn.email)).toMatchObject({ lastName: '', videoCount: 0 });
      // No admin in the list.
      expect(page.data.some((r) => r.email === ADMIN_EMAIL)).toBe(false);
    });

    it('defaults to page 1 of 12', async () => {
      const page = await list('');
      expect(page).toMatchObject({ currentPage: 1, totalCount: 4, totalPage: 1 });
      expect(page.data).toHaveLength(4);
    });

    it('searches first name, last name, full name and email, trimmed and ignoring case', async () => {
      const emails = async (key: string) => (await list(`key=${encodeURIComponent(key)}`)).data.map((r) => r.email).sort();
      expect(await emails('  zED ')).toEqual([zara.email]);
      expect(await emails('za')).toEqual([zack.email, zara.email].sort());
      expect(await emails('zara zed')).toEqual([zara.email]);
      expect(await emails(zack.email.toUpperCase())).toEqual([zack.email]);
      expect(await emails('young')).toEqual([zack.email]);
      // LIKE wildcards are plain characters.
      expect(await emails('%')).toEqual([]);
      expect(await emails('_')).toEqual([]);
      const none = await list('key=nobody-here');
      expect(none).toEqual({ data: [], currentPage: 1, totalCount: 0, totalPage: 1 });
    });

    it('pages with totals, and past the last page keeps the totals', async () => {
      const first = await list('Page=1&size=3');
      const second = await list('Page=2&size=3');
      expect(first).toMatchObject({ currentPage: 1, totalCount: 4, totalPage: 2 });
      expect(second).toMatchObject({ currentPage: 2, totalCount: 4, totalPage: 2 });
      expect(first.data).toHaveLength(3);
      expect(second.data).toHaveLength(1);
      expect(new Set([...first.data, ...second.data].map((r) => r.email)).size).toBe(4);
      const beyond = await list('Page=9&size=3');
      expect(beyond).toEqual({ data: [], currentPage: 9, totalCount: 4, totalPage: 2 });
    });

    it('sorts by any column, either way', async () => {
      const emails = async (q: string) => (await list(q)).data.map((r) => r.email);
      expect(await emails('sort=videoCount&order=desc')).toEqual([zara.email, zack.email, user.email, quinn.email]);
      expect((await emails('sort=videoCount&order=asc')).slice(2)).toEqual([zack.email, zara.email]);
      expect(await emails('sort=firstName&order=asc')).toEqual([user.email, quinn.email, zack.email, zara.email]);
      expect(await emails('sort=firstName&order=desc')).toEqual([zara.email, zack.email, quinn.email, user.email]);
      expect((await emails('sort=registrationType&order=asc'))[0]).toBe(zack.email);
      expect(await emails('sort=dateOfJoining&order=asc')).toEqual([zara.email, zack.email, quinn.email, user.email]);
      expect((await emails('sort=lastName&order=desc'))[0]).toBe(zara.email);
      // Sorting and paging together: page 2 of the video ranking.
      expect((await list('sort=videoCount&order=desc&Page=2&size=1')).data.map((r) => r.email)).toEqual([zack.email]);
    });

    it.each([
      ['size=0', 'size', 'size must be a whole number from 1 to 100.'],
      ['size=101', 'size', 'size must be a whole number from 1 to 100.'],
      ['size=abc', 'size', 'size must be a whole number from 1 to 100.'],
      ['Page=0', 'Page', 'Page must be a whole number from 1.'],
      ['Page=-1', 'Page', 'Page must be a whole number from 1.'],
      ['status=2', 'status', 'status must be all, 1 (activated) or 0 (deactivated).'],
      ['sort=password', 'sort', expect.stringContaining('sort must be one of firstName')],
      ['sort=email&order=up', 'order', 'order must be asc or desc.'],
    ])('refuses %s', async (query, field, message) => {
      const res = await admin.get(`/api/Admin/GetAllUserData?${query}`).expect(400);
      expect(res.body).toMatchObject({ result: false, message, body: null, errors: { [field]: message } });
    });
  });

  describe('GetAllVideos', () => {
    it('lists every uploaded video, newest first, with its owner and a total', async () => {
      const res = await admin.get('/api/Admin/GetAllVideos').expect(200);
      const { urLs, countData } = res.body.body;
      expect(countData).toBe(4);
      expect(urLs).toHaveLength(4);
      expect(urLs[0]).toMatchObject({ email: zack.email, fileName: 'zack.mp4', url: expect.stringMatching(/^http:\/\/eyemail\.test\/.+\.mp4$/) });
      const dates = urLs.map((v: { createdDate: string }) => v.createdDate);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(urLs.every((v: { thumbnailUrl: string | null }) => typeof v.thumbnailUrl === 'string')).toBe(true);
    });

    it('filters by the owner’s address, in any case; an unknown address has none', async () => {
      const mine = (await admin.get(`/api/Admin/GetAllVideos?emailId=${encodeURIComponent(zara.email.toUpperCase())}`).expect(200)).body.body;
      expect(mine.countData).toBe(3);
      expect(mine.urLs.map((v: { fileName: string }) => v.fileName).sort()).toEqual(['zara-0.mp4', 'zara-1.mp4', 'zara-2.mp4']);
      const none = (await admin.get(`/api/Admin/GetAllVideos?emailId=${encodeURIComponent(uniqueEmail('ghost'))}`).expect(200)).body.body;
      expect(none).toMatchObject({ urLs: [], countData: 0 });
      const quinnOnes = (await admin.get(`/api/Admin/GetAllVideos?emailId=${encodeURIComponent(quinn.email)}`).expect(200)).body.body;
      expect(quinnOnes).toMatchObject({ urLs: [], countData: 0 });
      // The dashboard sends null for an empty search.
      expect((await admin.get('/api/Admin/GetAllVideos?emailId=null').expect(200)).body.body.countData).toBe(4);
    });

    it('pages (never the whole library in one answer)', async () => {
      const p1 = (await admin.get(`/api/Admin/GetAllVideos?emailId=${encodeURIComponent(zara.email)}&Page=1&size=2`).expect(200)).body.body;
      const p2 = (await admin.get(`/api/Admin/GetAllVideos?emailId=${encodeURIComponent(zara.email)}&Page=2&size=2`).expect(200)).body.body;
      expect(p1).toMatchObject({ countData: 3, currentPage: 1, totalPage: 2 });
      expect(p1.urLs).toHaveLength(2);
      expect(p2.urLs).toHaveLength(1);
      expect(p2.urLs[0].fileName).toBe('zara-0.mp4');
      await admin.get('/api/Admin/GetAllVideos?size=500').expect(400);
      const bad = await admin.get('/api/Admin/GetAllVideos?emailId=not-an-address').expect(400);
      expect(bad.body.errors).toEqual({ emailId: 'emailId must be an email address.' });
    });
  });

  describe('UpdateUserStatus', () => {
    it('deactivating ends every session at once, blocks sign-in and is logged; activating lets them back', async () => {
      const target = await signUp(t, { fullName: 'Dee Activate', email: uniqueEmail('dee') });
      const otherBrowser = await signIn(t, target.email, target.password);
      await target.client.get('/api/users/profile').expect(200);
      await otherBrowser.get('/api/users/profile').expect(200);

      const res = await admin.put(`/api/Admin/UpdateUserStatus?EmailId=${encodeURIComponent(target.email)}&Status=0`).expect(200);
      expect(res.body).toEqual({ result: true, message: 'The user has been deactivated.', body: { email: target.email, status: 0 }, errors: null });

      // Both sessions are gone from the store, not only refused.
      expect(await sql(t, 'select sid from http_session where user_id = ?', [target.id])).toEqual([]);
      await target.client.get('/api/users/profile').expect(401);
      await otherBrowser.get('/api/users/profile').expect(401);
      expect((await target.client.post('/api/accounts/trysignin').expect(200)).body).toMatchObject({ result: false, body: null });

      const again = await newClient(t);
      const signin = await again.post('/api/accounts/signin').send({ email: target.email, password: target.password, rememberMe: false }).expect(403);
      expect(signin.body).toMatchObject({ result: false, message: DEACTIVATED });

      const row = (await list(`key=${encodeURIComponent(target.email)}`)).data[0];
      expect(row.status).toBe(0);
      expect((await list('status=0')).data.map((r) => r.email)).toEqual([target.email]);
      expect((await list('status=1')).data.map((r) => r.email)).not.toContain(target.email);

      await admin.put(`/api/Admin/UpdateUserStatus?EmailId=${encodeURIComponent(target.email.toUpperCase())}&Status=1`).expect(200);
      await signIn(t, target.email, target.password);
      expect((await list('status=0')).data).toEqual([]);

      const log = await sql<{ actor_email: string; user_email: string; was_active: boolean; is_active: boolean; recent: boolean }>(
        t,
        `select actor_email, user_email, was_active, is_active, changed_at > now() - interval '1 minute' as recent
         from account_status_change where user_id = ? order by changed_at`,
        [target.id],
      );
      expect(log).toEqual([
        { actor_email: ADMIN_EMAIL, user_email: target.email, was_active: true, is_active: false, recent: true },
        { actor_email: ADMIN_EMAIL, user_email: target.email, was_active: false, is_active: true, recent: true },
      ]);
    });

    it('setting the status a user already has changes nothing and logs nothing', async () => {
      await admin.put(`/api/Admin/UpdateUserStatus?EmailId=${encodeURIComponent(quinn.email)}&Status=1`).expect(200);
      expect(await sql(t, 'select id from account_status_change where user_id = ?', [quinn.id])).toEqual([]);
      await quinn.client.get('/api/users/profile').expect(200);
    });

    it('keeps a deactivated user’s published EyeMail playing', async () => {
      const owner = await signUp(t, { fullName: 'Pia Published', email: uniqueEmail('pia') });
      const { videoId } = await readyVideo(owner.client);
      const snippet = await createSnippet(owner.client, snippetPayload(videoId, { title: 'Still playing' }));
      await admin.put(`/api/Admin/UpdateUserStatus?EmailId=${encodeURIComponent(owner.email)}&Status=0`).expect(200);
      const anonymous = await newClient(t);
      const page = await anonymous.get(`/live/${snippet.snippet}`).expect(200);
      expect(page.text).toContain('Still playing');
      expect(page.text).toContain('<video');
    }, 120_000);

    it('refuses to deactivate the admin’s own account', async () => {
      const res = await admin.put(`/api/Admin/UpdateUserStatus?EmailId=${encodeURIComponent(ADMIN_EMAIL)}&Status=0`).expect(409);
      expect(res.body).toMatchObject({ result: false, message: 'You cannot deactivate your own account.' });
      await admin.get('/api/Admin/GetDashboardData').expect(200);
      expect(await sql(t, 'select id from account_status_change where user_email = ?', [ADMIN_EMAIL])).toEqual([]);
    });

    it.each([
      ['EmailId=&Status=0', { EmailId: 'EmailId must be an email address.' }],
      ['EmailId=a@b.co&Status=2', { Status: 'Status must be 1 (activate) or 0 (deactivate).' }],
      ['EmailId=a@b.co', { Status: 'Status must be 1 (activate) or 0 (deactivate).' }],
      ['Status=1', { EmailId: 'EmailId must be an email address.' }],
    ])('refuses %s', async (query, errors) => {
      const res = await admin.put(`/api/Admin/UpdateUserStatus?${query}`).expect(400);
      expect(res.body).toMatchObject({ result: false, errors });
    });

    it('answers 404 for an address nobody has', async () => {
      const res = await admin.put(`/api/Admin/UpdateUserStatus?EmailId=${encodeURIComponent(uniqueEmail('ghost'))}&Status=0`).expect(404);
      expect(res.body).toMatchObject({ result: false, message: 'No user found with this email address.' });
    });
  });

  it('records the last activity of a signed-in user at most once a minute', async () => {
    const u = await signUp(t, { fullName: 'Act Ive', email: uniqueEmail('active') });
    await sql(t, `update app_user set last_activity_at = now() - interval '2 hours', last_sign_in_at = now() - interval '3 hours' where id = ?`, [u.id]);
    const before = (await list(`key=${encodeURIComponent(u.email)}`)).data[0].lastActivityDate!;
    await u.client.get('/api/users/profile').expect(200);
    const after = (await list(`key=${encodeURIComponent(u.email)}`)).data[0].lastActivityDate!;
    expect(Date.parse(after) - Date.parse(before)).toBeGreaterThan(3600_000);
    const stamp = async () => (await sql<{ at: string }>(t, 'select last_activity_at::text as at from app_user where id = ?', [u.id]))[0].at;
    const first = await stamp();
    await u.client.get('/api/users/profile').expect(200);
    expect(await stamp()).toBe(first);
  });
});

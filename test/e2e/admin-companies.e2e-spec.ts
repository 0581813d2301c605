import fs from 'node:fs';
import { startTestApp, type TestApp } from '../support/app.js';
import type { AdminCompanyMembers, AdminCompanyPage, AdminCompanyRow } from '../../src/shared/admin-companies.js';
import { newClient, signInAdmin, signUp, sql, uniqueEmail, type Client, type SignedUpUser } from '../support/account-factory.js';
import { countQueries } from '../support/query-counter.js';
import { createSnippet, readyVideo, snippetPayload, tinyClip, uploadFile } from '../support/snippet-factory.js';
import { companyWithTeam, type TestCompany } from '../support/workspace-factory.js';

const ADMIN_EMAIL = 'ops@eyemail.test';
const ADMIN_PASSWORD = 'AdminPass123';

// The admin's list of companies (GET Admin/companies) and a company's members, through HTTP on
// the real app: what each row counts equals what was made through the API in that company's
// workspace (never what its people made elsewhere), search, sorting, paging, and who may call it.
describe('admin companies API', () => {
  let t: TestApp;
  let admin: Client;
  let outsider: SignedUpUser;
  // Zenith: four members, 3 videos (one played by 3 EyeMails, one of them inactive).
  let zenith: TestCompany;
  // Alpha: its owner only, 1 video, no EyeMail. Harbor: its owner only, nothing in it.
  let alpha: { id: string; owner: SignedUpUser };
  let harbor: { id: string; owner: SignedUpUser };
  const clipBytes = () => fs.statSync(tinyClip()).size;

  async function company(owner: SignedUpUser, companyName: string, domain: string): Promise<string> {
    const res = await owner.client.post('/api/companies').send({ companyName, domain, department: 'Sales' });
    if (res.status !== 201) throw new Error(`Creating a company failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.body.id as string;
  }

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD, TRUST_PROXY: 'true' });
    admin = await signInAdmin(t);
    outsider = await signUp(t, { fullName: 'Otto Outsider' });

    harbor = { owner: await signUp(t, { fullName: 'Hana Harbor', email: uniqueEmail('hana') }), id: '' };
    harbor.id = await company(harbor.owner, 'Harbor Goods', 'harbor.example');

    zenith = await companyWithTeam(t, 'Zenith Media');
    const editor = zenith.members.editor.client;
    const { videoId } = await readyVideo(editor);
    for (const name of ['two.mp4', 'three.mp4']) await uploadFile(editor, 'video', tinyClip(), name);
    const made = [];
    for (const title of ['One', 'Two', 'Three']) made.push(await createSnippet(editor, snippetPayload(videoId, { title })));
    await editor.put('/api/snippets/status').send({ snippetId: made[2].snippet, status: false }).expect(200);
    // The owner's personal workspace: counted nowhere in the company.
    zenith.owner.client.workspace = undefined;
    await uploadFile(zenith.owner.client, 'video', tinyClip(), 'personal.mp4');
    zenith.owner.client.workspace = zenith.id;

    alpha = { owner: await signUp(t, { fullName: 'Abe Alpha', email: uniqueEmail('abe') }), id: '' };
    alpha.id = await company(alpha.owner, 'Alpha Labs', 'alpha-labs.example');
    alpha.owner.client.workspace = alpha.id;
    await uploadFile(alpha.owner.client, 'video', tinyClip(), 'alpha.mp4');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query = ''): Promise<AdminCompanyPage> => {
    const res = await admin.get(`/api/Admin/companies?${query}`).expect(200);
    expect(res.body.result).toBe(true);
    return res.body.body;
  };
  const names = async (query: string) => (await list(query)).data.map((r) => r.name);

  it('answers each company with its owner and what its workspace holds, newest first', async () => {
    const page = await list();
    expect(page).toMatchObject({ currentPage: 1, totalCount: 3, totalPage: 1 });
    expect(page.data.map((r) => r.name)).toEqual(['Alpha Labs', 'Zenith Media', 'Harbor Goods']);
    const row = (name: string) => page.data.find((r) => r.name === name) as AdminCompanyRow;
    expect(row('Zenith Media')).toEqual({
      id: zenith.id,
      name: 'Zenith Media',
      domain: 'acme.example',
      department: 'Marketing',
      owner: { name: 'Olive Owner', email: zenith.owner.email },
      memberCount: 4,
      videoCount: 3,
      eyemails: { active: 2, total: 3 },
      storageBytes: 3 * clipBytes(),
      createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(row('Alpha Labs')).toMatchObject({ id: alpha.id, owner: { name: 'Abe Alpha', email: alpha.owner.email }, memberCount: 1, videoCount: 1, eyemails: { active: 0, total: 0 }, storageBytes: clipBytes() });
    expect(row('Harbor Goods')).toMatchObject({ memberCount: 1, videoCount: 0, eyemails: { active: 0, total: 0 }, storageBytes: 0 });
  });

  it('storage is the sum of the sizes of the files stored in the company', async () => {
    const [stored] = await sql<{ n: string }>(t, 'select coalesce(sum(size), 0) as n from media_file where workspace_id = ?', [zenith.id]);
    expect((await list('key=zenith')).data[0].storageBytes).toBe(Number(stored.n));
  });

  it('follows a removed member and a new video at once', async () => {
    await sql(t, 'delete from workspace_member where workspace_id = ? and user_id = ?', [zenith.id, zenith.members.viewer.id]);
    await uploadFile(alpha.owner.client, 'video', tinyClip(), 'alpha-2.mp4');
    try {
      const page = await list();
      expect(page.data.find((r) => r.id === zenith.id)?.memberCount).toBe(3);
      expect(page.data.find((r) => r.id === alpha.id)).toMatchObject({ videoCount: 2, storageBytes: 2 * clipBytes() });
    } finally {
      await sql(t, `insert into workspace_member (workspace_id, user_id, role) values (?, ?, 'viewer')`, [zenith.id, zenith.members.viewer.id]);
      await sql(t, `delete from media_file where workspace_id = ? and file_name = 'alpha-2.mp4'`, [alpha.id]);
    }
  });

  it('searches the name, the domain and the owner’s address, trimmed and ignoring case', async () => {
    expect(await names('key=' + encodeURIComponent('  zeNITH '))).toEqual(['Zenith Media']);
    expect(await names('key=alpha-labs.EXAMPLE')).toEqual(['Alpha Labs']);
    expect(await names('key=' + encodeURIComponent(harbor.owner.email.toUpperCase()))).toEqual(['Harbor Goods']);
    // A member's address is not the owner's.
    expect(await names('key=' + encodeURIComponent(zenith.members.editor.email))).toEqual([]);
    expect(await names('key=%25')).toEqual([]);
    expect(await list('key=nothing-like-it')).toEqual({ data: [], currentPage: 1, totalCount: 0, totalPage: 1 });
  });

  it('sorts by each column, both ways', async () => {
    expect(await names('sort=name')).toEqual(['Alpha Labs', 'Harbor Goods', 'Zenith Media']);
    expect(await names('sort=name&order=desc')).toEqual(['Zenith Media', 'Harbor Goods', 'Alpha Labs']);
    expect(await names('sort=createdDate&order=asc')).toEqual(['Harbor Goods', 'Zenith Media', 'Alpha Labs']);
    // Counts read largest first unless asked; ties newest first.
    expect(await names('sort=memberCount')).toEqual(['Zenith Media', 'Alpha Labs', 'Harbor Goods']);
    expect(await names('sort=videoCount&order=asc')).toEqual(['Harbor Goods', 'Alpha Labs', 'Zenith Media']);
    expect(await names('sort=eyemailCount')).toEqual(['Zenith Media', 'Alpha Labs', 'Harbor Goods']);
    expect(await names('sort=storageBytes&order=asc')).toEqual(['Harbor Goods', 'Alpha Labs', 'Zenith Media']);
    expect(await names('SORT=NAME&ORDER=DESC')).toEqual(['Zenith Media', 'Harbor Goods', 'Alpha Labs']);
  });

  it('pages 10 at a time by default, with totals; past the last page is empty with the totals', async () => {
    const first = await list('sort=name&size=2');
    const second = await list('sort=name&size=2&Page=2');
    expect(first).toMatchObject({ currentPage: 1, totalCount: 3, totalPage: 2 });
    expect(first.data.map((r) => r.name)).toEqual(['Alpha Labs', 'Harbor Goods']);
    expect(second).toMatchObject({ currentPage: 2, totalCount: 3, totalPage: 2 });
    expect(second.data.map((r) => r.name)).toEqual(['Zenith Media']);
    expect(await list('size=2&Page=9')).toEqual({ data: [], currentPage: 9, totalCount: 3, totalPage: 2 });
    // 11 more companies: the default page holds 10.
    const many = await signUp(t, { fullName: 'Mo Many' });
    await sql(t, `insert into company (id, name, domain, department, owner_user_id, created_at)
                  select gen_random_uuid(), 'Bulk ' || n, 'bulk.example', 'Ops', ?, now() from generate_series(1, 11) n`, [many.id]);
    try {
      const page = await list();
      expect(page).toMatchObject({ totalCount: 14, totalPage: 2 });
      expect(page.data).toHaveLength(10);
    } finally {
      await sql(t, `delete from company where name like 'Bulk %'`);
    }
  });

  it('refuses bad paging and sorting with the field’s message', async () => {
    const res = await admin.get('/api/Admin/companies?Page=0&size=101&sort=password&order=up').expect(400);
    expect(res.body.result).toBe(false);
    expect(JSON.stringify(res.body)).toMatch(/Page must be a whole number/);
    expect(JSON.stringify(res.body)).toMatch(/size must be a whole number from 1 to 100/);
    expect(JSON.stringify(res.body)).toMatch(/sort must be one of name, createdDate, memberCount, videoCount, eyemailCount, storageBytes/);
    expect(JSON.stringify(res.body)).toMatch(/order must be asc or desc/);
  });

  it('costs the same queries for 3 companies or 30', async () => {
    const dataQueries = (q: string[]) => q.filter((s) => /\bcompany\b/.test(s));
    const few = await countQueries(t, () => list('size=30'));
    const many = await signUp(t, { fullName: 'Mo More' });
    await sql(t, `insert into company (id, name, domain, department, owner_user_id, created_at)
                  select gen_random_uuid(), 'Load ' || n, 'load.example', 'Ops', ?, now() from generate_series(1, 27) n`, [many.id]);
    try {
      for (const sort of ['memberCount', 'storageBytes']) {
        const more = await countQueries(t, () => list(`size=30&sort=${sort}`));
        expect(more.result.data).toHaveLength(30);
        expect(dataQueries(more.queries)).toHaveLength(dataQueries(few.queries).length);
        expect(dataQueries(more.queries)).toHaveLength(1);
      }
    } finally {
      await sql(t, `delete from company where name like 'Load %'`);
    }
  });

  it('lists a company’s members, the owner first, with names, addresses and roles', async () => {
    const res = await admin.get(`/api/Admin/companies/${zenith.id}/members`).expect(200);
    const body: AdminCompanyMembers = res.body.body;
    expect(body.company).toEqual({ id: zenith.id, name: 'Zenith Media' });
    expect(body.members.map((m) => [m.name, m.email, m.role])).toEqual([
      ['Olive Owner', zenith.owner.email, 'owner'],
      ['Adam Admin', zenith.members.admin.email, 'admin'],
      ['Edith Editor', zenith.members.editor.email, 'editor'],
      ['Victor Viewer', zenith.members.viewer.email, 'viewer'],
    ]);
    expect(body.members[0].joinedDate).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('answers 404 for members of no company: a person’s own workspace, an unknown id, not an id', async () => {
    for (const id of [zenith.owner.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await admin.get(`/api/Admin/companies/${id}/members`);
      expect([id, res.status, res.body.message]).toEqual([id, 404, 'Company not found.']);
    }
  });

  it('counts companies on the admin dashboard', async () => {
    const res = await admin.get('/api/Admin/GetDashboardData').expect(200);
    expect(res.body.body).toMatchObject({ companyCount: 3 });
  });

  describe('who may call it', () => {
    const paths = () => ['/api/Admin/companies', `/api/Admin/companies/${zenith.id}/members`];

    it('401 without a session', async () => {
      const anonymous = await newClient(t);
      for (const path of paths()) {
        const res = await anonymous.get(path);
        expect([path, res.status, res.body.body]).toEqual([path, 401, null]);
      }
    });

    it('403 for users, the company’s own owner included, with nothing of the list in the answer', async () => {
      for (const who of [outsider, zenith.owner, zenith.members.admin]) {
        for (const path of paths()) {
          const res = await who.client.get(path);
          expect([path, res.status, res.body.message, res.body.body]).toEqual([path, 403, 'You are not allowed to do that.', null]);
          expect(JSON.stringify(res.body)).not.toContain('Zenith');
        }
      }
    });
  });
});

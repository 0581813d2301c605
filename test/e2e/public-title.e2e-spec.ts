// The title recipients see, apart from the EyeMail's name (issue 34, section 4): stored per
// EyeMail, defaulting to the name, and the only title in the viewer page (<title>, og:title, alt
// texts, aria-label), the public JSON, the readable link and the exported email (alt texts,
// aria-labels, <title>). The name never reaches a recipient.
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/config.js';
import { freshDatabaseUrl } from '../support/fresh-database.js';
import { newClient, signUp, type Client } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload, tinyPng, uploadFile } from '../support/snippet-factory.js';

jest.setTimeout(180_000);

const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

const NAME = 'Q3 test B <internal> & draft';
const PUBLIC = 'Our "autumn" <collection> & more';
const PUBLIC_HTML = 'Our &quot;autumn&quot; &lt;collection&gt; &amp; more';
// The name as it would appear, raw or escaped (either way it must not).
const NAME_PARTS = ['Q3 test B', 'internal'];

function expectNoName(html: string) {
  for (const part of NAME_PARTS) expect(html).not.toContain(part);
}

describe('the title recipients see', () => {
  let t: TestApp;
  let owner: Client;
  let anonymous: Client;
  let videoId: string;
  let coverId: string;
  let logoId: string;
  let snippet: Record<string, any>;

  beforeAll(async () => {
    t = await startTestApp();
    owner = (await signUp(t)).client;
    anonymous = await newClient(t);
    ({ videoId } = await readyVideo(owner, ['none']));
    coverId = (await uploadFile(owner, 'cover', tinyPng('blue', '300x100'))).fileId;
    logoId = (await uploadFile(owner, 'logo', tinyPng('red'))).fileId;
    snippet = await createSnippet(owner, snippetPayload(videoId, { title: NAME, publicTitle: `  ${PUBLIC}  `, coverImageId: coverId, logoImageId: logoId }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is stored beside the name and the owner reads both', async () => {
    expect(snippet).toMatchObject({ title: NAME, publicTitle: PUBLIC });
    const read = await owner.get(`/api/snippets/${snippet.snippet}`);
    expect(read.body.body).toMatchObject({ title: NAME, publicTitle: PUBLIC });
  });

  it('titles the viewer page and names its pictures; the name is absent', async () => {
    for (const path of [`/eyemail/${snippet.snippet}`, `/live/${snippet.snippet}`]) {
      const res = await anonymous.get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<title>${PUBLIC_HTML} | EyeMail</title>`);
      expect(res.text).toContain(`<meta property="og:title" content="${PUBLIC_HTML}">`);
      expect(res.text).toContain(`aria-label="${PUBLIC_HTML}"`);
      expect(res.text).toContain(`alt="${PUBLIC_HTML}"`);
      expectNoName(res.text);
    }
    const json = await anonymous.get(`/api/public/snippets/${snippet.snippet}`);
    expect(json.body.body.title).toBe(PUBLIC);
    expectNoName(JSON.stringify(json.body));
  });

  it('makes the readable link', async () => {
    const res = await owner.get(`/api/snippets/${snippet.snippet}/slug`);
    expect(res.body.body.slug).toMatch(/^our-autumn-collection-more-[0-9a-f]{8}$/);
  });

  it('is the exported email’s title, alt texts and aria-labels; the name is absent', async () => {
    const res = await owner.get(`/api/snippets/${snippet.snippet}/html`).query({ emailPlatform: 'mailchimp' });
    expect(res.status).toBe(200);
    const { html, blockHtml } = res.body.body as { html: string; blockHtml: string };
    expect(html).toContain(`<title>${PUBLIC_HTML}</title>`);
    for (const part of [html, blockHtml]) {
      expect(part).toContain(`alt="Play video: ${PUBLIC_HTML}"`);
      expect(part).toContain(`aria-label="Play video: ${PUBLIC_HTML} (opens the landing page)"`);
      expect(part).toContain(`alt="${PUBLIC_HTML}"`);
      expectNoName(part);
    }
    const preview = await owner.get(`/emailpreview/${snippet.snippet}`);
    expectNoName(preview.text);
  });

  it('defaults to the name, follows what is sent on update, and is kept when an update leaves it out', async () => {
    const plain = await createSnippet(owner, snippetPayload(videoId, { title: 'Spring sale' }));
    expect(plain.publicTitle).toBe('Spring sale');

    const put = (over: Record<string, unknown>) => owner.put('/api/snippets').send(snippetPayload(videoId, { snippetId: plain.snippet, ...over }));
    expect((await put({ title: 'Spring sale v2', publicTitle: 'Spring offers' })).body.body).toMatchObject({ title: 'Spring sale v2', publicTitle: 'Spring offers' });
    expect((await put({ title: 'Spring sale v3' })).body.body).toMatchObject({ title: 'Spring sale v3', publicTitle: 'Spring offers' });
    expect((await put({ title: 'Spring sale v4', publicTitle: '   ' })).body.body).toMatchObject({ title: 'Spring sale v4', publicTitle: 'Spring sale v4' });
  });

  it('refuses a title recipients see past 240 characters, saying so', async () => {
    const res = await owner.post('/api/snippets').send(snippetPayload(videoId, { title: 'Fine', publicTitle: 'x'.repeat(241) }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: false, errors: { publicTitle: 'Title recipients see must not exceed 240 characters in length' } });
  });

});

// An EyeMail saved before the title recipients see existed takes its name, so nothing already
// sent changes.
describeWithPostgres('upgrading stored EyeMails with the title recipients see', () => {
  it('gives each its name', async () => {
    const db = await freshDatabaseUrl('eyemail_pubtitle');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-pubtitle-'));
    const start = () => createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: dir, DATABASE_URL: db.url! }));
    const c = new pg.Client({ connectionString: db.url! });
    const snippet = '00000000-0000-4000-8000-0000000000d4';
    try {
      await (await start()).close();
      await c.connect();
      await c.query('alter table snippet drop column public_title');
      await c.query(`delete from mikro_orm_migrations where name = '0033-snippet-public-title'`);
      await c.query(`set session_replication_role = replica`);
      await c.query(`insert into snippet (id, owner_id, workspace_id, title, video_file_id, encoding_id) values ($1, $2, $2, 'Sent in May', $2, $2)`, [snippet, '00000000-0000-4000-8000-0000000000a4']);
      await c.query(`set session_replication_role = origin`);
      await (await start()).close();
      const { rows } = await c.query('select public_title from snippet where id = $1', [snippet]);
      expect(rows).toEqual([{ public_title: 'Sent in May' }]);
    } finally {
      await c.end();
      await db.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

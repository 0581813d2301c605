// An EyeMail's notification choice saved with the EyeMail itself (POST and PUT snippets, `notify`),
// through HTTP on the real app and a real database: checked by the EyeMail's payload rules, written
// in the EyeMail's transaction, so a refused or failed choice leaves the EyeMail as it was, and a
// saved one is what notifications/settings/{id} then answers.
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';

jest.setTimeout(120_000);

const CHOICE_MESSAGE = 'Choose the account default ({ "inherit": true }) or the events to be mailed about ({ "events": [...] }).';
const EVENTS_MESSAGE = 'Choose events among open, play, half, end, sound and click.';

let t: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
let videoId: string;

const setting = async (id: string, user = owner) => (await user.client.get(`/api/notifications/settings/${id}`).expect(200)).body.body as { inherit: boolean; events: string[] };
const titleOf = async (id: string) => (await owner.client.get(`/api/snippets/${id}`).expect(200)).body.body.title as string;
const countOwned = async () => (await sql<{ n: number }>(t, 'select count(*)::int as n from snippet where owner_id = ?', [owner.id]))[0].n;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t, { fullName: 'Cora Choice' });
  other = await signUp(t, { fullName: 'Oskar Other' });
  ({ videoId } = await readyVideo(owner.client));
});

afterAll(async () => {
  await t?.close();
});

describe('the notification choice saved with the EyeMail', () => {
  it('is stored with a new EyeMail, and a new EyeMail sent without one follows the account default', async () => {
    const chosen = await createSnippet(owner.client, snippetPayload(videoId, { title: 'Chosen', notify: { events: ['click', 'open', 'click'] } }));
    expect(await setting(chosen.snippet)).toMatchObject({ inherit: false, events: ['open', 'click'] });
    const plain = await createSnippet(owner.client, snippetPayload(videoId, { title: 'Plain' }));
    expect(await setting(plain.snippet)).toMatchObject({ inherit: true, events: ['open', 'play', 'half', 'end', 'click'] });
  });

  it('is changed with an edit, back to the account default too, and left alone by an edit without one', async () => {
    const { snippet: id } = await createSnippet(owner.client, snippetPayload(videoId, { title: 'Editable' }));
    await owner.client.put('/api/snippets').send(snippetPayload(videoId, { snippetId: id, title: 'Edited once', notify: { events: [] } })).expect(200);
    expect([await titleOf(id), await setting(id)]).toMatchObject(['Edited once', { inherit: false, events: [] }]);
    await owner.client.put('/api/snippets').send(snippetPayload(videoId, { snippetId: id, title: 'Edited twice' })).expect(200);
    expect([await titleOf(id), await setting(id)]).toMatchObject(['Edited twice', { inherit: false, events: [] }]);
    await owner.client.put('/api/snippets').send(snippetPayload(videoId, { snippetId: id, title: 'Edited thrice', notify: { inherit: true } })).expect(200);
    expect([await titleOf(id), await setting(id)]).toMatchObject(['Edited thrice', { inherit: true }]);
  });

  it('refused, leaves the EyeMail and its choice unchanged (edit), and creates nothing (create)', async () => {
    const { snippet: id } = await createSnippet(owner.client, snippetPayload(videoId, { title: 'Kept', notify: { events: ['half'] } }));
    for (const [notify, message] of [
      [{ events: ['open', 'send'] }, EVENTS_MESSAGE],
      [{ inherit: false }, EVENTS_MESSAGE],
      [{ inherit: 'yes' }, 'inherit must be true or false.'],
      ['open', CHOICE_MESSAGE],
      [null, CHOICE_MESSAGE],
      [{ events: ['open'], mail: 'me' }, CHOICE_MESSAGE],
    ] as const) {
      const res = await owner.client.put('/api/snippets').send(snippetPayload(videoId, { snippetId: id, title: 'Changed', notify }));
      expect([res.status, res.body.result, res.body.errors?.notify]).toEqual([400, false, message]);
    }
    expect([await titleOf(id), await setting(id)]).toMatchObject(['Kept', { inherit: false, events: ['half'] }]);

    const before = await countOwned();
    const res = await owner.client.post('/api/snippets').send(snippetPayload(videoId, { title: 'Never made', notify: { events: 'open' } }));
    expect([res.status, res.body.result, res.body.errors?.notify]).toEqual([400, false, EVENTS_MESSAGE]);
    expect(await countOwned()).toBe(before);
  });

  it('that fails to be written undoes the whole save: the EyeMail is not changed or created', async () => {
    const { snippet: id } = await createSnippet(owner.client, snippetPayload(videoId, { title: 'Untouched', notify: { events: ['play'] } }));
    // The database refuses this owner's choice of "half" only: the EyeMail's own write has
    // succeeded by the time the choice is written, in the same transaction.
    await sql(
      t,
      `create or replace function refuse_half_for_test() returns trigger language plpgsql as $$
       begin if new.user_id = '${owner.id}' and new.events = '{half}' then raise exception 'refused for the test'; end if; return new; end $$`,
    );
    await sql(t, 'create trigger refuse_half_for_test before insert or update on notification_setting for each row execute function refuse_half_for_test()');
    try {
      const before = await countOwned();
      const edit = await owner.client.put('/api/snippets').send(snippetPayload(videoId, { snippetId: id, title: 'Half changed', notify: { events: ['half'] } }));
      expect([edit.status, edit.body.result]).toEqual([500, false]);
      expect([await titleOf(id), await setting(id)]).toMatchObject(['Untouched', { inherit: false, events: ['play'] }]);
      const create = await owner.client.post('/api/snippets').send(snippetPayload(videoId, { title: 'Half made', notify: { events: ['half'] } }));
      expect([create.status, create.body.result]).toEqual([500, false]);
      expect(await countOwned()).toBe(before);
    } finally {
      await sql(t, 'drop trigger refuse_half_for_test on notification_setting');
      await sql(t, 'drop function refuse_half_for_test()');
    }
  });

  it("never reaches another account's EyeMail", async () => {
    const { snippet: id } = await createSnippet(owner.client, snippetPayload(videoId, { title: 'Mine', notify: { events: ['open'] } }));
    const res = await other.client.put('/api/snippets').send(snippetPayload(videoId, { snippetId: id, title: 'Theirs', notify: { events: [] } }));
    expect([res.status, res.body.result]).toEqual([404, false]);
    expect([await titleOf(id), await setting(id)]).toMatchObject(['Mine', { inherit: false, events: ['open'] }]);
    await other.client.get(`/api/notifications/settings/${id}`).expect(404);
  });
});

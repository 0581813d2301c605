// The owner's choices of mails, decided by NotificationsService over an in-memory repository
// (the same methods as NotificationRepository, its queries tested through HTTP in test/e2e).
import { NotFoundError } from '../common/domain-error.js';
import type { AppSecretsService } from '../common/app-secrets.service.js';
import type { SnippetsService } from '../snippets/snippets.service.js';
import type { BellHub } from './bell-hub.service.js';
import type { NotificationRepository } from './notification.repository.js';
import { unsubscribeToken } from './notification-rules.js';
import { NotificationsService } from './notifications.service.js';

const OWNER = '11111111-1111-4111-8111-111111111111';
const STRANGER = '22222222-2222-4222-8222-222222222222';
const SNIPPET = '33333333-3333-4333-8333-333333333333';
const OTHER_SNIPPET = '44444444-4444-4444-8444-444444444444';
const MEMBER = '55555555-5555-4555-8555-555555555555';
const COMPANY = '66666666-6666-4666-8666-666666666666';
const SECRET = 'unsubscribe-secret';
// Who asks, and in which workspace: OWNER and MEMBER in the company (OWNER made both EyeMails
// there), STRANGER in their personal workspace, MEMBER also from their personal one.
const owner = { userId: OWNER, workspaceId: COMPANY };
const member = { userId: MEMBER, workspaceId: COMPANY };
const stranger = { userId: STRANGER, workspaceId: STRANGER };

// notification_setting as rows: one per (user, EyeMail), the account default with snippetId null.
class FakeNotificationRepository {
  readonly rows: { userId: string; snippetId: string | null; events: string[] }[] = [];
  readonly owned = new Set([`${OWNER}/${SNIPPET}`, `${OWNER}/${OTHER_SNIPPET}`]);
  read: string[] = [];

  async settings(userId: string) {
    return this.rows.filter((r) => r.userId === userId).map(({ snippetId, events }) => ({ snippetId, events }));
  }
  async ownsSnippet(userId: string, snippetId: string) {
    return this.owned.has(`${userId}/${snippetId}`);
  }
  async snippetInWorkspace(snippetId: string, workspaceId: string) {
    return workspaceId === COMPANY && (snippetId === SNIPPET || snippetId === OTHER_SNIPPET) ? { creatorId: OWNER } : null;
  }
  async saveSetting(userId: string, snippetId: string | null, events: string[]) {
    const row = this.rows.find((r) => r.userId === userId && r.snippetId === snippetId);
    if (row) row.events = events;
    else this.rows.push({ userId, snippetId, events });
  }
  async clearSetting(userId: string, snippetId: string) {
    this.rows.splice(0, this.rows.length, ...this.rows.filter((r) => !(r.userId === userId && r.snippetId === snippetId)));
  }
  async turnAllOff(userId: string) {
    for (const r of this.rows) if (r.userId === userId) r.events = [];
    await this.saveSetting(userId, null, []);
  }
  async markRead(userId: string) {
    this.read.push(userId);
  }
}

function setUp() {
  const repo = new FakeNotificationRepository();
  const changed: string[][] = [];
  const hub = { changed: (ids: string[]) => changed.push(ids) } as unknown as BellHub;
  const secrets = { get: async () => SECRET } as unknown as AppSecretsService;
  const service = new NotificationsService(repo as unknown as NotificationRepository, secrets, {} as SnippetsService, hub);
  return { service, repo, changed };
}

describe('NotificationsService', () => {
  it('gives a new account the default mails, and keeps its choice in the usual order', async () => {
    const { service } = setUp();
    expect(await service.accountSetting(OWNER)).toEqual({ events: ['open', 'play', 'half', 'end', 'click'] });
    expect(await service.saveAccountSetting(OWNER, { events: ['click', 'open', 'click'] })).toEqual({ events: ['open', 'click'] });
    expect(await service.accountSetting(OWNER)).toEqual({ events: ['open', 'click'] });
  });

  it("an EyeMail follows the account's choice until it has one of its own, and back after inherit", async () => {
    const { service } = setUp();
    await service.saveAccountSetting(OWNER, { events: ['open'] });
    expect(await service.snippetSetting(owner, SNIPPET)).toEqual({ inherit: true, events: ['open'], accountEvents: ['open'] });
    expect(await service.saveSnippetSetting(owner, SNIPPET, { inherit: false, events: ['end', 'play'] })).toEqual({ inherit: false, events: ['play', 'end'], accountEvents: ['open'] });
    // The account's later change leaves the EyeMail's own choice alone.
    await service.saveAccountSetting(OWNER, { events: ['click'] });
    expect((await service.snippetSetting(owner, SNIPPET)).events).toEqual(['play', 'end']);
    expect(await service.saveSnippetSetting(owner, SNIPPET, { inherit: true })).toEqual({ inherit: true, events: ['click'], accountEvents: ['click'] });
  });

  it("answers not found for another account's EyeMail, and changes nothing", async () => {
    const { service, repo } = setUp();
    await expect(service.snippetSetting(stranger, SNIPPET)).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.saveSnippetSetting(stranger, SNIPPET, { inherit: false, events: [] })).rejects.toThrow('EyeMail not found.');
    expect(repo.rows).toEqual([]);
  });

  it('lets a member who did not create an EyeMail follow it for some events, and stop', async () => {
    const { service, repo } = setUp();
    await service.saveAccountSetting(MEMBER, { events: ['open', 'click'] });
    // Not following: nothing reaches them; following would start with their account default.
    expect(await service.follow(member, SNIPPET)).toEqual({ creator: false, following: false, events: ['open', 'click'] });
    expect(await service.saveFollow(member, SNIPPET, { following: true, events: ['end', 'play'] })).toEqual({ creator: false, following: true, events: ['play', 'end'] });
    expect(repo.rows).toContainEqual({ userId: MEMBER, snippetId: SNIPPET, events: ['play', 'end'] });
    expect(await service.saveFollow(member, SNIPPET, { following: false })).toEqual({ creator: false, following: false, events: ['open', 'click'] });
    expect(repo.rows.filter((r) => r.snippetId === SNIPPET)).toEqual([]);
    // The old per-EyeMail choice says the same: events follow, inherit stops.
    await service.saveSnippetSetting(member, SNIPPET, { events: ['half'] });
    expect(await service.follow(member, SNIPPET)).toMatchObject({ following: true, events: ['half'] });
    await service.saveSnippetSetting(member, SNIPPET, { events: [] });
    expect(await service.follow(member, SNIPPET)).toMatchObject({ following: false });
  });

  it("shows the creator following by default, and stopping turns this EyeMail's mails off", async () => {
    const { service, repo } = setUp();
    expect(await service.follow(owner, SNIPPET)).toEqual({ creator: true, following: true, events: ['open', 'play', 'half', 'end', 'click'] });
    expect(await service.saveFollow(owner, SNIPPET, { following: false })).toMatchObject({ creator: true, following: false });
    expect(repo.rows).toEqual([{ userId: OWNER, snippetId: SNIPPET, events: [] }]);
    expect(await service.saveFollow(owner, SNIPPET, { following: true, events: ['click'] })).toEqual({ creator: true, following: true, events: ['click'] });
  });

  it('answers not found for an EyeMail outside the current workspace, even to a member of its own, and changes nothing', async () => {
    const { service, repo } = setUp();
    const elsewhere = { userId: MEMBER, workspaceId: MEMBER };
    await expect(service.follow(elsewhere, SNIPPET)).rejects.toThrow('EyeMail not found.');
    await expect(service.saveFollow(elsewhere, SNIPPET, { following: true, events: ['open'] })).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.saveSnippetSetting(elsewhere, SNIPPET, { events: ['open'] })).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.saveFollow(stranger, SNIPPET, { following: true, events: ['open'] })).rejects.toBeInstanceOf(NotFoundError);
    expect(repo.rows).toEqual([]);
  });

  it("unsubscribes from one EyeMail's mails, or from all of them, by the mail's signed link", async () => {
    const { service } = setUp();
    await service.saveSnippetSetting(owner, OTHER_SNIPPET, { inherit: false, events: ['open'] });
    const one = await service.readToken(unsubscribeToken({ userId: OWNER, snippetId: SNIPPET }, SECRET));
    expect(one).toEqual({ userId: OWNER, snippetId: SNIPPET });
    await service.unsubscribe(one!);
    expect(await service.snippetSetting(owner, SNIPPET)).toMatchObject({ inherit: false, events: [] });
    expect((await service.accountSetting(OWNER)).events).toEqual(['open', 'play', 'half', 'end', 'click']);

    await service.unsubscribe((await service.readToken(unsubscribeToken({ userId: OWNER, snippetId: null }, SECRET)))!);
    expect(await service.accountSetting(OWNER)).toEqual({ events: [] });
    expect((await service.snippetSetting(owner, OTHER_SNIPPET)).events).toEqual([]);
  });

  it("refuses a link signed with another secret, and an EyeMail's link for an EyeMail the user does not own changes nothing", async () => {
    const { service, repo } = setUp();
    expect(await service.readToken(unsubscribeToken({ userId: OWNER, snippetId: null }, 'another secret'))).toBeNull();
    await service.unsubscribe({ userId: STRANGER, snippetId: SNIPPET });
    expect(repo.rows).toEqual([]);
  });

  it("marking the bell read tells the user's open bells", async () => {
    const { service, repo, changed } = setUp();
    await service.markRead(OWNER);
    expect(repo.read).toEqual([OWNER]);
    expect(changed).toEqual([[OWNER]]);
  });
});

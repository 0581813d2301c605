import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppSecretsService } from '../common/app-secrets.service.js';
import { NotFoundError } from '../common/domain-error.js';
import { orderedEvents, type NotifyChoiceInput, type NotifyEvent } from '../shared/notify-rules.js';
import { SnippetsService } from '../snippets/snippets.service.js';
import { DEFAULT_EVENTS, readUnsubscribeToken, type UnsubscribeScope } from './notification-rules.js';
import type { AccountNotifySettingDto, FollowSnippetDto, SnippetNotifySettingDto } from './dto/notify-setting.dto.js';
import { NotificationRepository } from './notification.repository.js';
import { BellHub } from './bell-hub.service.js';
import { UNSUBSCRIBE_SECRET } from './notifier.service.js';
import { SNIPPET_MESSAGES } from '../shared/snippet-rules.js';

const BELL_SIZE = 20;

// Who asks: the signed-in person and the workspace the request acts in (AuthUser.workspace.id).
export interface Caller {
  userId: string;
  workspaceId: string;
}

// GET/PUT notifications/follow/{snippetId}.
export interface FollowView {
  creator: boolean;
  following: boolean;
  events: NotifyEvent[];
}
const NOT_FOUND = SNIPPET_MESSAGES.notFound;

// The owner's side: the bell's latest events, the choices of what mails (account default and
// per EyeMail), and unsubscribing from a mail's signed link.
@Injectable()
export class NotificationsService implements OnModuleInit {
  constructor(
    private readonly repo: NotificationRepository,
    private readonly secrets: AppSecretsService,
    private readonly snippets: SnippetsService,
    private readonly hub: BellHub,
  ) {}

  // The EyeMail form's choice is saved with the EyeMail (POST and PUT snippets, `notify`), in its
  // transaction: a failure here undoes the EyeMail's save, and a refused choice (its DTO) never
  // reaches either.
  onModuleInit(): void {
    this.snippets.registerSaveStep(({ em, ownerId, snippetId, extras }) => (extras.notify ? this.saveChoiceIn(em, ownerId, snippetId, extras.notify) : Promise.resolve()));
  }

  private async saveChoiceIn(em: EntityManager, userId: string, snippetId: string, choice: NotifyChoiceInput): Promise<void> {
    if (choice.inherit === true) await this.repo.clearSetting(userId, snippetId, em);
    else await this.repo.saveSetting(userId, snippetId, orderedEvents(choice.events ?? []), em);
  }

  async latest(userId: string) {
    const { items, unread } = await this.repo.latest(userId, BELL_SIZE);
    return { unread, items: items.map((i) => ({ ...i, occurredAt: new Date(i.occurredAt).toISOString() })) };
  }

  async markRead(userId: string): Promise<void> {
    await this.repo.markRead(userId);
    this.hub.changed([userId]);
  }

  // The bell's live count (bell-hub.service.ts), for the signed-in user of session `sid`.
  openStream(userId: string, sid: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    return this.hub.open(userId, sid, req, res);
  }

  async accountSetting(userId: string) {
    const row = (await this.repo.settings(userId)).find((s) => s.snippetId === null);
    return { events: row?.events ?? [...DEFAULT_EVENTS] };
  }

  async saveAccountSetting(userId: string, body: AccountNotifySettingDto) {
    const events = orderedEvents(body.events);
    await this.repo.saveSetting(userId, null, events);
    return { events };
  }

  // The EyeMail's creator, when the EyeMail is in the caller's current workspace; else 404 (as
  // a missing one).
  private async creatorOf(caller: Caller, snippetId: string): Promise<string> {
    const found = await this.repo.snippetInWorkspace(snippetId, caller.workspaceId);
    if (!found) throw new NotFoundError(NOT_FOUND);
    return found.creatorId;
  }

  // inherit: the EyeMail follows the account default (for a member who did not create it: they
  // do not follow it; see follow()).
  async snippetSetting(caller: Caller, snippetId: string) {
    await this.creatorOf(caller, snippetId);
    return this.choiceOf(caller.userId, snippetId);
  }

  private async choiceOf(userId: string, snippetId: string) {
    const rows = await this.repo.settings(userId);
    const own = rows.find((s) => s.snippetId === snippetId);
    const account = rows.find((s) => s.snippetId === null)?.events ?? [...DEFAULT_EVENTS];
    return { inherit: !own, events: own?.events ?? account, accountEvents: account };
  }

  // The body is checked (SnippetNotifySettingDto) before the EyeMail: a bad body is a 400 for
  // anyone, an EyeMail of another workspace a 404. A member who did not create it follows it
  // with these events (none, or inherit: they stop).
  async saveSnippetSetting(caller: Caller, snippetId: string, body: SnippetNotifySettingDto) {
    await this.creatorOf(caller, snippetId);
    if (body.inherit === true) await this.repo.clearSetting(caller.userId, snippetId);
    else await this.repo.saveSetting(caller.userId, snippetId, orderedEvents(body.events ?? []));
    return this.choiceOf(caller.userId, snippetId);
  }

  // Whether this EyeMail's events reach the caller (mail and bell). Its creator gets them by
  // default (their account default, or their choice for it); any other member only by following
  // it. `events`: those that reach them; when not following, those following would start with
  // (their account default).
  async follow(caller: Caller, snippetId: string): Promise<FollowView> {
    const creatorId = await this.creatorOf(caller, snippetId);
    return this.followOf(caller.userId, snippetId, creatorId === caller.userId);
  }

  private async followOf(userId: string, snippetId: string, creator: boolean): Promise<FollowView> {
    const { inherit, events, accountEvents } = await this.choiceOf(userId, snippetId);
    const reaching = creator || !inherit ? events : [];
    const following = reaching.length > 0;
    return { creator, following, events: orderedEvents(following ? reaching : accountEvents.length ? accountEvents : DEFAULT_EVENTS) };
  }

  // Follows (these events) or stops. For a member who did not create it, stopping removes their
  // choice; for its creator, following sets this EyeMail's own events and stopping turns its
  // mails off (PUT settings/{id} { inherit: true } goes back to the account default).
  async saveFollow(caller: Caller, snippetId: string, body: FollowSnippetDto): Promise<FollowView> {
    const creator = (await this.creatorOf(caller, snippetId)) === caller.userId;
    if (body.following) await this.repo.saveSetting(caller.userId, snippetId, orderedEvents(body.events ?? []));
    else if (creator) await this.repo.saveSetting(caller.userId, snippetId, []);
    else await this.repo.clearSetting(caller.userId, snippetId);
    return this.followOf(caller.userId, snippetId, creator);
  }

  async readToken(token: unknown): Promise<UnsubscribeScope | null> {
    return readUnsubscribeToken(token, await this.secrets.get(UNSUBSCRIBE_SECRET));
  }

  // Turns off one EyeMail's mails, or every mail (the account default and each EyeMail's choice).
  async unsubscribe(scope: UnsubscribeScope): Promise<void> {
    if (scope.snippetId) {
      if (await this.repo.ownsSnippet(scope.userId, scope.snippetId)) await this.repo.saveSetting(scope.userId, scope.snippetId, []);
      return;
    }
    await this.repo.turnAllOff(scope.userId);
  }
}

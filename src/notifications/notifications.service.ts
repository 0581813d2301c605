import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppSecretsService } from '../common/app-secrets.service.js';
import { NotFoundError } from '../common/domain-error.js';
import { orderedEvents, type NotifyChoiceInput } from '../shared/notify-rules.js';
import { SnippetsService } from '../snippets/snippets.service.js';
import { DEFAULT_EVENTS, readUnsubscribeToken, type UnsubscribeScope } from './notification-rules.js';
import type { AccountNotifySettingDto, SnippetNotifySettingDto } from './dto/notify-setting.dto.js';
import { NotificationRepository } from './notification.repository.js';
import { BellHub } from './bell-hub.service.js';
import { UNSUBSCRIBE_SECRET } from './notifier.service.js';

const BELL_SIZE = 20;
const NOT_FOUND = 'EyeMail not found.';

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

  // inherit: the EyeMail follows the account default.
  async snippetSetting(userId: string, snippetId: string) {
    if (!(await this.repo.ownsSnippet(userId, snippetId))) throw new NotFoundError(NOT_FOUND);
    const rows = await this.repo.settings(userId);
    const own = rows.find((s) => s.snippetId === snippetId);
    const account = rows.find((s) => s.snippetId === null)?.events ?? [...DEFAULT_EVENTS];
    return { inherit: !own, events: own?.events ?? account, accountEvents: account };
  }

  // The body is checked (SnippetNotifySettingDto) before ownership: a bad body is a 400 for
  // anyone, another account's EyeMail a 404.
  async saveSnippetSetting(userId: string, snippetId: string, body: SnippetNotifySettingDto) {
    if (!(await this.repo.ownsSnippet(userId, snippetId))) throw new NotFoundError(NOT_FOUND);
    if (body.inherit === true) await this.repo.clearSetting(userId, snippetId);
    else await this.repo.saveSetting(userId, snippetId, orderedEvents(body.events ?? []));
    return this.snippetSetting(userId, snippetId);
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

import { Injectable } from '@nestjs/common';
import { AuditLogService } from '../workspaces/audit-log.service.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../common/domain-error.js';
import { RateLimiter } from '../common/rate-limit.service.js';
import type { AttemptView, EndpointView, NewEndpoint, QueuedTest, RotatedSecret } from '../shared/integration-types.js';
import type { WebhookEvent } from '../shared/webhook-events.js';
import { isUuid } from '../shared/uuid.js';
import { SnippetsService } from '../snippets/snippets.service.js';
import { WebhookRepository, type AttemptRow, type EndpointRow } from './webhook.repository.js';
import { ENDPOINTS_PER_WORKSPACE_MAX, newSecret, TEST_SENDS_PER_ACCOUNT, TEST_SENDS_PER_ENDPOINT, TEST_SENDS_PER_WORKSPACE } from './webhook-rules.js';
import type { AuthUser } from '../common/auth/auth-user.js';
import { endpointInputOf, type EndpointInput } from './endpoint-input.js';
import type { CreateEndpointDto, UpdateEndpointDto } from './dto/endpoint.dto.js';
import { messageIdOf } from './webhook-jobs.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';

export type { AttemptView, EndpointView } from '../shared/integration-types.js';

const NOT_FOUND = 'There is no such webhook endpoint in this workspace.';
const LOG_SIZE = 50;

function toView(row: EndpointRow): EndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    // stored from the checked form: known events only
    events: row.events as WebhookEvent[],
    snippetIds: row.snippetIds,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince ? new Date(row.failingSince).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
    secretHint: `${row.secret.slice(0, 10)}…`,
  };
}

function toAttemptView(a: AttemptRow): AttemptView {
  return {
    messageId: messageIdOf(a.deliveryId),
    eventType: a.eventType,
    deliveryState: a.deliveryState,
    attemptedAt: new Date(a.attemptedAt).toISOString(),
    succeeded: a.succeeded,
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    responseStart: a.responseStart,
    error: a.error,
  };
}

// A workspace's webhook endpoints (its owner and admins manage them, whoever made each): made,
// changed, turned off and on, deleted; secrets rotated; test events; the delivery log. An
// endpoint hears the events of its workspace's EyeMails.
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repo: WebhookRepository,
    private readonly snippets: SnippetsService,
    private readonly dispatcher: WebhookDispatcher,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditLogService,
  ) {}

  async list(user: AuthUser): Promise<EndpointView[]> {
    return (await this.repo.listIn(user.workspace.id)).map(toView);
  }

  async create(user: AuthUser, form: CreateEndpointDto): Promise<NewEndpoint> {
    const workspaceId = user.workspace.id;
    const input = (await this.checkInput(workspaceId, form, false)) as EndpointInput;
    if ((await this.repo.countIn(workspaceId)) >= ENDPOINTS_PER_WORKSPACE_MAX) {
      throw new ConflictError(`This workspace has ${ENDPOINTS_PER_WORKSPACE_MAX} webhook endpoints, the most it may have. Delete one first.`);
    }
    const secret = newSecret();
    const row = await this.repo.insertEndpoint(workspaceId, user.id, input, secret);
    this.dispatcher.endpointEnabled();
    await this.audit.record(user, 'webhook.created', row.url);
    return { ...toView(row), secret };
  }

  async update(user: AuthUser, id: string, change: UpdateEndpointDto): Promise<EndpointView> {
    const workspaceId = user.workspace.id;
    await this.owned(workspaceId, id);
    const input = await this.checkInput(workspaceId, change, true);
    const { enabled } = change;
    const row = await this.repo.update(workspaceId, id.toLowerCase(), { ...input, ...(enabled !== undefined ? { enabled } : {}) });
    if (!row) throw new NotFoundError(NOT_FOUND);
    if (row.enabled) this.dispatcher.endpointEnabled();
    return toView(row);
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    const url = isUuid(id) ? await this.repo.delete(user.workspace.id, id.toLowerCase()) : null;
    if (url === null) throw new NotFoundError(NOT_FOUND);
    await this.audit.record(user, 'webhook.deleted', url);
  }

  // A new secret, shown this once; messages from now on are signed with it only.
  async rotateSecret(user: AuthUser, id: string): Promise<RotatedSecret> {
    await this.owned(user.workspace.id, id);
    const secret = newSecret();
    await this.repo.setSecret(user.workspace.id, id.toLowerCase(), secret);
    return { secret };
  }

  // Queues a signed webhook.test message to the endpoint (even a turned-off one), tried once.
  // Counted after the ownership check (a stranger's tries never use up the workspace's), per
  // endpoint first, so a send refused for its endpoint costs the account nothing; then per person
  // and per workspace (a personal workspace's id is its person's: counted once).
  async sendTest(user: AuthUser, id: string): Promise<QueuedTest> {
    const endpoint = await this.owned(user.workspace.id, id);
    await this.limiter.consume(
      [TEST_SENDS_PER_ENDPOINT, endpoint.id],
      [TEST_SENDS_PER_ACCOUNT, user.id],
      [TEST_SENDS_PER_WORKSPACE, user.workspace.id === user.id ? null : user.workspace.id],
    );
    return { messageId: await this.dispatcher.queueTest(endpoint.id) };
  }

  async deliveries(user: AuthUser, id: string): Promise<AttemptView[]> {
    const endpoint = await this.owned(user.workspace.id, id);
    return (await this.repo.attemptsOf(endpoint.id, LOG_SIZE)).map(toAttemptView);
  }

  private async owned(workspaceId: string, id: string): Promise<EndpointRow> {
    const row = isUuid(id) ? await this.repo.findIn(workspaceId, id.toLowerCase()) : null;
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  // The form's fields, their shape checked by the DTO: then the address (https, not private:
  // literally and as resolved now; it is checked again at each delivery), then that the EyeMails
  // are the workspace's.
  private async checkInput(workspaceId: string, form: CreateEndpointDto | UpdateEndpointDto, partial: boolean): Promise<Partial<EndpointInput>> {
    const input = endpointInputOf({ ...form }, partial);
    if (input.url !== undefined) {
      const target = await this.dispatcher.checkTarget(input.url);
      if ('error' in target) throw new InvalidInputError(target.error, { url: target.error });
      input.url = target.url.toString();
    }
    if (input.snippetIds) {
      const mine = await this.snippets.ownedIds(workspaceId);
      if (input.snippetIds.some((s) => !mine.has(s))) {
        const message = "Choose among this workspace's EyeMails.";
        throw new InvalidInputError(message, { snippetIds: message });
      }
    }
    return input;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../common/domain-error.js';
import { RateLimiter } from '../common/rate-limit.service.js';
import { JOB_QUEUE, type JobQueue } from '../queue/job-queue.js';
import type { AttemptView, EndpointView, NewEndpoint, QueuedTest, RotatedSecret } from '../shared/integration-types.js';
import type { WebhookEvent } from '../shared/webhook-events.js';
import { isUuid } from '../shared/uuid.js';
import { SnippetsService } from '../snippets/snippets.service.js';
import { checkTargetUrl } from './target-address.js';
import { WebhookHttpAdapter } from './webhook-http.adapter.js';
import { WebhookRepository, type AttemptRow, type EndpointRow } from './webhook.repository.js';
import { ENDPOINTS_PER_USER_MAX, messageBody, newSecret, TEST_EVENT, TEST_SENDS_PER_ACCOUNT, TEST_SENDS_PER_ENDPOINT } from './webhook-rules.js';
import { endpointInputOf, type EndpointInput } from './endpoint-input.js';
import type { CreateEndpointDto, UpdateEndpointDto } from './dto/endpoint.dto.js';
import { WEBHOOK_TEST_JOB, messageIdOf } from './webhook-jobs.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';

export type { AttemptView, EndpointView } from '../shared/integration-types.js';

const NOT_FOUND = 'There is no such webhook endpoint of yours.';
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

// An account's webhook endpoints: made, changed, turned off and on, deleted; secrets rotated;
// test events; the delivery log.
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repo: WebhookRepository,
    private readonly http: WebhookHttpAdapter,
    private readonly snippets: SnippetsService,
    private readonly dispatcher: WebhookDispatcher,
    private readonly limiter: RateLimiter,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(userId: string): Promise<EndpointView[]> {
    return (await this.repo.listOf(userId)).map(toView);
  }

  async create(userId: string, form: CreateEndpointDto): Promise<NewEndpoint> {
    const input = (await this.checkInput(userId, form, false)) as EndpointInput;
    if ((await this.repo.countOf(userId)) >= ENDPOINTS_PER_USER_MAX) {
      throw new ConflictError(`You have ${ENDPOINTS_PER_USER_MAX} webhook endpoints, the most an account may have. Delete one first.`);
    }
    const secret = newSecret();
    const row = await this.repo.insertEndpoint(userId, input, secret);
    this.dispatcher.endpointEnabled();
    return { ...toView(row), secret };
  }

  async update(userId: string, id: string, change: UpdateEndpointDto): Promise<EndpointView> {
    await this.owned(userId, id);
    const input = await this.checkInput(userId, change, true);
    const { enabled } = change;
    const row = await this.repo.update(userId, id.toLowerCase(), { ...input, ...(enabled !== undefined ? { enabled } : {}) });
    if (!row) throw new NotFoundError(NOT_FOUND);
    if (row.enabled) this.dispatcher.endpointEnabled();
    return toView(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.repo.delete(userId, id.toLowerCase()))) throw new NotFoundError(NOT_FOUND);
  }

  // A new secret, shown this once; messages from now on are signed with it only.
  async rotateSecret(userId: string, id: string): Promise<RotatedSecret> {
    await this.owned(userId, id);
    const secret = newSecret();
    await this.repo.setSecret(userId, id.toLowerCase(), secret);
    return { secret };
  }

  // Queues a signed webhook.test message to the endpoint (even a turned-off one), tried once.
  // Counted after the ownership check (a stranger's tries never use up the owner's), per endpoint
  // first, so a send refused for its endpoint costs the account nothing.
  async sendTest(userId: string, id: string): Promise<QueuedTest> {
    const endpoint = await this.owned(userId, id);
    await this.limiter.consume([TEST_SENDS_PER_ENDPOINT, endpoint.id], [TEST_SENDS_PER_ACCOUNT, userId]);
    const key = `test:${Date.now()}:${Math.random().toString(36).slice(2)}`;
    const payload = messageBody(TEST_EVENT, new Date(), { endpointId: endpoint.id, message: 'A test event from EyeMail. Your receiver got it and can check its signature.' });
    await this.repo.insertDeliveries([{ endpointId: endpoint.id, batchId: key, eventType: TEST_EVENT, eventKey: key, payload }]);
    const [delivery] = await this.repo.pendingOfBatch(key);
    await this.queue.enqueue(WEBHOOK_TEST_JOB, { deliveryIds: [delivery.id] }, { jobId: `wht-${delivery.id}` });
    return { messageId: messageIdOf(delivery.id) };
  }

  async deliveries(userId: string, id: string): Promise<AttemptView[]> {
    const endpoint = await this.owned(userId, id);
    return (await this.repo.attemptsOf(endpoint.id, LOG_SIZE)).map(toAttemptView);
  }

  private async owned(userId: string, id: string): Promise<EndpointRow> {
    const row = isUuid(id) ? await this.repo.findOwned(userId, id.toLowerCase()) : null;
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  // The form's fields, their shape checked by the DTO: then the address (https, not private:
  // literally and as resolved now; it is checked again at each delivery), then that the EyeMails
  // are the user's.
  private async checkInput(userId: string, form: CreateEndpointDto | UpdateEndpointDto, partial: boolean): Promise<Partial<EndpointInput>> {
    const input = endpointInputOf({ ...form }, partial);
    if (input.url !== undefined) {
      const allow = this.config.webhookAllowPrivateTargets;
      const target = checkTargetUrl(input.url, allow);
      if ('error' in target) throw new InvalidInputError(target.error, { url: target.error });
      const problem = await this.http.checkHost(target.url.hostname, allow);
      if (problem) throw new InvalidInputError(problem, { url: problem });
      input.url = target.url.toString();
    }
    if (input.snippetIds) {
      const mine = await this.snippets.ownedIds(userId);
      if (input.snippetIds.some((s) => !mine.has(s))) {
        const message = 'Choose among your own EyeMails.';
        throw new InvalidInputError(message, { snippetIds: message });
      }
    }
    return input;
  }
}

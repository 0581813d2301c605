import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../common/domain-error.js';
import type { ApiTokenScope } from '../common/auth/api-access.js';
import type { ApiTokenView, FeedLinkView, NewApiToken } from '../shared/integration-types.js';
import { isUuid } from '../shared/uuid.js';
import { SnippetsService } from '../snippets/snippets.service.js';
import { ApiCredentialsService } from '../api-credentials/api-credentials.service.js';
import { ApiTokenStore, type ApiTokenRow } from '../api-credentials/api-token-store.service.js';
import { checkTokenName, feedLinkUrls, hashToken, newNonce, newToken, tokenHint, TOKENS_PER_USER_MAX } from '../api-credentials/api-token-rules.js';

export type { ApiTokenView, FeedLinkView } from '../shared/integration-types.js';

const SCOPES: ApiTokenScope[] = ['reports:read'];
const TOKEN_NOT_FOUND = 'There is no such API token (it may have been revoked already).';

function toView(row: ApiTokenRow): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    hint: `${row.prefix}…`,
    scopes: row.scopes,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
  };
}

// Personal API tokens (create, list, revoke) and the feed links of the user's EyeMails.
@Injectable()
export class ApiTokensService {
  constructor(
    private readonly repo: ApiTokenStore,
    private readonly credentials: ApiCredentialsService,
    private readonly snippets: SnippetsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  list(userId: string): Promise<ApiTokenView[]> {
    return this.repo.listOf(userId).then((rows) => rows.map(toView));
  }

  // The new token in clear, this once, with its listing.
  async create(userId: string, name: string): Promise<NewApiToken> {
    const checked = checkTokenName(name);
    if ('error' in checked) throw new InvalidInputError(checked.error, { name: checked.error });
    if ((await this.repo.countOf(userId)) >= TOKENS_PER_USER_MAX) {
      throw new ConflictError(`You have ${TOKENS_PER_USER_MAX} API tokens, the most an account may have. Revoke one you no longer use first.`);
    }
    const token = newToken();
    const row = await this.repo.insert({ userId, name: checked.name, tokenHash: hashToken(token), prefix: tokenHint(token), scopes: SCOPES });
    return { ...toView(row), token };
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.repo.delete(userId, id.toLowerCase()))) throw new NotFoundError(TOKEN_NOT_FOUND);
  }

  // The EyeMail's feed link, or null when none was made (404 for an EyeMail not the user's).
  async feedLink(userId: string, snippetId: string): Promise<FeedLinkView | null> {
    const { snippetId: id } = await this.snippets.getOwnedHeader(userId, snippetId);
    const link = await this.repo.findFeedLink(id);
    if (!link || link.userId !== userId) return null;
    return this.linkView(id, link.nonce, link.createdAt);
  }

  // Makes the EyeMail's feed link, or a new one in place of the old (which stops working).
  async resetFeedLink(userId: string, snippetId: string): Promise<FeedLinkView> {
    const { snippetId: id } = await this.snippets.getOwnedHeader(userId, snippetId);
    const nonce = newNonce();
    const createdAt = await this.repo.saveFeedLink(id, userId, nonce);
    return this.linkView(id, nonce, createdAt);
  }

  async removeFeedLink(userId: string, snippetId: string): Promise<void> {
    const { snippetId: id } = await this.snippets.getOwnedHeader(userId, snippetId);
    await this.repo.deleteFeedLink(id, userId);
  }

  private async linkView(snippetId: string, nonce: string, createdAt: Date): Promise<FeedLinkView> {
    const key = await this.credentials.keyFor(snippetId, nonce);
    return { snippetId, createdAt: new Date(createdAt).toISOString(), urls: feedLinkUrls(this.config.publicBaseUrl, snippetId, key) };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { AuditLogService } from '../workspaces/audit-log.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../common/domain-error.js';
import type { ApiTokenScope } from '../common/auth/api-access.js';
import type { ApiTokenView, FeedLinkView, NewApiToken } from '../shared/integration-types.js';
import { isUuid } from '../shared/uuid.js';
import { SnippetsService } from '../snippets/snippets.service.js';
import { UsersService } from '../accounts/users.service.js';
import type { AuthUser } from '../common/auth/auth-user.js';
import { ApiCredentialsService } from '../api-credentials/api-credentials.service.js';
import { ApiTokenStore, type ApiTokenRow } from '../api-credentials/api-token-store.service.js';
import { checkTokenName, feedLinkUrls, hashToken, newNonce, newToken, tokenHint, TOKENS_PER_WORKSPACE_MAX } from '../api-credentials/api-token-rules.js';

export type { ApiTokenView, FeedLinkView } from '../shared/integration-types.js';

const SCOPES: ApiTokenScope[] = ['reports:read'];
const TOKEN_NOT_FOUND = 'There is no such API token (it may have been revoked already).';

function toView(row: ApiTokenRow, maker: { id: string; fullName: string }): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    createdBy: maker,
    hint: `${row.prefix}…`,
    scopes: row.scopes,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
  };
}

// The workspace's API tokens (create, list, revoke: its owner and admins, whoever made each) and
// the feed links of its EyeMails. A token reads the workspace it was made in, and only while its
// maker is a member there (the AuthGuard); a feed link likewise.
@Injectable()
export class ApiTokensService {
  constructor(
    private readonly repo: ApiTokenStore,
    private readonly credentials: ApiCredentialsService,
    private readonly snippets: SnippetsService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditLogService,
  ) {}

  // With who made each: one look-up of the makers, whatever the number of tokens.
  async list(user: AuthUser): Promise<ApiTokenView[]> {
    const rows = await this.repo.listIn(user.workspace.id);
    const people = await this.users.peopleOf([...new Set(rows.map((r) => r.userId))]);
    return rows.map((r) => toView(r, { id: r.userId, fullName: people.get(r.userId)?.fullName ?? '' }));
  }

  // The new token in clear, this once, with its listing. It reads the caller's current workspace.
  async create(user: AuthUser, name: string): Promise<NewApiToken> {
    const checked = checkTokenName(name);
    if ('error' in checked) throw new InvalidInputError(checked.error, { name: checked.error });
    const workspaceId = user.workspace.id;
    if ((await this.repo.countIn(workspaceId)) >= TOKENS_PER_WORKSPACE_MAX) {
      throw new ConflictError(`This workspace has ${TOKENS_PER_WORKSPACE_MAX} API tokens, the most it may have. Revoke one it no longer uses first.`);
    }
    const token = newToken();
    const row = await this.repo.insert({ userId: user.id, workspaceId, name: checked.name, tokenHash: hashToken(token), prefix: tokenHint(token), scopes: SCOPES });
    await this.audit.record(user, 'token.created', row.name);
    return { ...toView(row, { id: user.id, fullName: user.fullName }), token };
  }

  // Any token of the workspace; another workspace's is not found, like a missing one.
  async revoke(user: AuthUser, id: string): Promise<void> {
    const name = isUuid(id) ? await this.repo.delete(user.workspace.id, id.toLowerCase()) : null;
    if (name === null) throw new NotFoundError(TOKEN_NOT_FOUND);
    await this.audit.record(user, 'token.revoked', name);
  }

  // The feed link the caller made of a workspace's EyeMail, or null when they made none (404 for
  // an EyeMail not the workspace's).
  async feedLink(user: AuthUser, snippetId: string): Promise<FeedLinkView | null> {
    const id = await this.workspaceSnippet(user, snippetId);
    const link = await this.repo.findFeedLink(id);
    if (!link || link.userId !== user.id || link.workspaceId !== user.workspace.id) return null;
    return this.linkView(id, link.nonce, link.createdAt);
  }

  // Makes the EyeMail's feed link, or a new one in place of the old (which stops working). It
  // belongs to the EyeMail's workspace (the caller's current one) and opens the EyeMail's feeds
  // while its maker is a member there.
  async resetFeedLink(user: AuthUser, snippetId: string): Promise<FeedLinkView> {
    const id = await this.workspaceSnippet(user, snippetId);
    const nonce = newNonce();
    const createdAt = await this.repo.saveFeedLink(id, user.workspace.id, user.id, nonce);
    return this.linkView(id, nonce, createdAt);
  }

  async removeFeedLink(user: AuthUser, snippetId: string): Promise<void> {
    const id = await this.workspaceSnippet(user, snippetId);
    await this.repo.deleteFeedLink(id, user.workspace.id, user.id);
  }

  // The id of an EyeMail of the caller's current workspace, else 404.
  private async workspaceSnippet(user: AuthUser, snippetId: string): Promise<string> {
    return (await this.snippets.getOwnedHeader(user.workspace.id, snippetId)).snippetId;
  }

  private async linkView(snippetId: string, nonce: string, createdAt: Date): Promise<FeedLinkView> {
    const key = await this.credentials.keyFor(snippetId, nonce);
    return { snippetId, createdAt: new Date(createdAt).toISOString(), urls: feedLinkUrls(this.config.publicBaseUrl, snippetId, key) };
  }
}

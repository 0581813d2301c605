import { Injectable } from '@nestjs/common';
import { ApiTokenRepository, type ApiTokenRow } from './api-token.repository.js';

export type { ApiTokenRow } from './api-token.repository.js';

// The stored tokens and feed links, for the module that makes, lists and revokes them (api-tokens);
// the tables stay this module's own.
@Injectable()
export class ApiTokenStore {
  constructor(private readonly repo: ApiTokenRepository) {}

  insert(fields: { userId: string; workspaceId: string; name: string; tokenHash: string; prefix: string; scopes: string[] }): Promise<ApiTokenRow> {
    return this.repo.insert(fields);
  }

  countIn(workspaceId: string): Promise<number> {
    return this.repo.countIn(workspaceId);
  }

  listIn(workspaceId: string): Promise<ApiTokenRow[]> {
    return this.repo.listIn(workspaceId);
  }

  delete(workspaceId: string, id: string): Promise<string | null> {
    return this.repo.delete(workspaceId, id);
  }

  findFeedLink(snippetId: string): Promise<{ userId: string; workspaceId: string; nonce: string; createdAt: Date } | null> {
    return this.repo.findFeedLink(snippetId);
  }

  saveFeedLink(snippetId: string, workspaceId: string, userId: string, nonce: string): Promise<Date> {
    return this.repo.saveFeedLink(snippetId, workspaceId, userId, nonce);
  }

  deleteFeedLink(snippetId: string, workspaceId: string, userId: string): Promise<boolean> {
    return this.repo.deleteFeedLink(snippetId, workspaceId, userId);
  }
}

import { Injectable } from '@nestjs/common';
import { ApiTokenRepository, type ApiTokenRow } from './api-token.repository.js';

export type { ApiTokenRow } from './api-token.repository.js';

// The stored tokens and feed links, for the module that makes, lists and revokes them (api-tokens);
// the tables stay this module's own.
@Injectable()
export class ApiTokenStore {
  constructor(private readonly repo: ApiTokenRepository) {}

  insert(fields: { userId: string; name: string; tokenHash: string; prefix: string; scopes: string[] }): Promise<ApiTokenRow> {
    return this.repo.insert(fields);
  }

  countOf(userId: string): Promise<number> {
    return this.repo.countOf(userId);
  }

  listOf(userId: string): Promise<ApiTokenRow[]> {
    return this.repo.listOf(userId);
  }

  delete(userId: string, id: string): Promise<boolean> {
    return this.repo.delete(userId, id);
  }

  findFeedLink(snippetId: string): Promise<{ userId: string; nonce: string; createdAt: Date } | null> {
    return this.repo.findFeedLink(snippetId);
  }

  saveFeedLink(snippetId: string, userId: string, nonce: string): Promise<Date> {
    return this.repo.saveFeedLink(snippetId, userId, nonce);
  }

  deleteFeedLink(snippetId: string, userId: string): Promise<boolean> {
    return this.repo.deleteFeedLink(snippetId, userId);
  }
}

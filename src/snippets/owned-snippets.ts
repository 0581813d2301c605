import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/domain-error.js';
import { isUuid } from '../shared/uuid.js';
import type { Snippet } from './snippet.entity.js';
import { SnippetRepository } from './snippet.repository.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';

// The ownership check every owner's call makes first: another user's snippet is "not found",
// like a missing one or a malformed id.
@Injectable()
export class OwnedSnippets {
  constructor(private readonly snippets: SnippetRepository) {}

  // The caller's own snippet; null when missing, someone else's or not an id.
  find(userId: string, id: unknown): Promise<Snippet | null> {
    return isUuid(id) ? this.snippets.findOwned(userId, id.toLowerCase()) : Promise.resolve(null);
  }

  // The same, or 'not found' (404) like a missing one.
  async get(userId: string, id: unknown): Promise<Snippet> {
    const s = await this.find(userId, id);
    if (!s) throw new NotFoundError(M.notFound);
    return s;
  }
}

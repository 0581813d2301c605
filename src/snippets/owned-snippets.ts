import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/domain-error.js';
import { isUuid } from '../shared/uuid.js';
import type { Snippet } from './snippet.entity.js';
import { SnippetRepository } from './snippet.repository.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';

// The check every call on a workspace's EyeMails makes first, in the query itself: a snippet of
// another workspace is "not found", like a missing one or a malformed id. The workspace is the
// one the request acts in (AuthUser.workspace.id), whoever in it made the snippet; what the
// caller's role there allows is the route's @WorkspaceScope.
@Injectable()
export class OwnedSnippets {
  constructor(private readonly snippets: SnippetRepository) {}

  // One of the workspace's snippets; null when missing, another workspace's or not an id.
  find(workspaceId: string, id: unknown): Promise<Snippet | null> {
    return isUuid(id) ? this.snippets.findInWorkspace(workspaceId, id.toLowerCase()) : Promise.resolve(null);
  }

  // The same, or 'not found' (404) like a missing one.
  async get(workspaceId: string, id: unknown): Promise<Snippet> {
    const s = await this.find(workspaceId, id);
    if (!s) throw new NotFoundError(M.notFound);
    return s;
  }
}

import { Injectable } from '@nestjs/common';
import { OwnedSnippets } from './owned-snippets.js';
import { SnippetMediaReader } from './snippet-media-reader.js';
import { SnippetRepository } from './snippet.repository.js';
import type { SnippetView } from './snippet-view.js';

// Publishing an EyeMail (active: its links, pixel and pages answer; inactive: they do not) and
// deleting it.
@Injectable()
export class SnippetStatusService {
  constructor(
    private readonly snippets: SnippetRepository,
    private readonly owned: OwnedSnippets,
    private readonly media: SnippetMediaReader,
  ) {}

  async setStatus(workspaceId: string, id: unknown, status: boolean): Promise<SnippetView> {
    const s = await this.owned.get(workspaceId, id);
    if (s.status !== status) {
      await this.snippets.save(s, { status, updatedAt: new Date() });
    }
    return this.media.view(s);
  }

  // The snippet only: the files it used stay in the workspace's library.
  async remove(workspaceId: string, id: unknown): Promise<void> {
    const s = await this.owned.get(workspaceId, id);
    await this.snippets.remove(s);
  }
}

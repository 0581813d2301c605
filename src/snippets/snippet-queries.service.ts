import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { SnippetSlug } from '../shared/api-types.js';
import { recipientTitle } from '../shared/snippet-rules.js';
import { VideosService } from '../videos/videos.service.js';
import { OwnedSnippets } from './owned-snippets.js';
import { SnippetMediaReader } from './snippet-media-reader.js';
import { SnippetRepository } from './snippet.repository.js';
import type { SnippetListFilters } from './snippet-list-query.js';
import { snippetSlug, snippetUrls, toSnippetBrief, type SnippetBrief, type SnippetUrls, type SnippetView } from './snippet-view.js';

// What a workspace's members read of its EyeMails: the list, the selectors' brief list, one
// EyeMail, its addresses and its readable link.
@Injectable()
export class SnippetQueriesService {
  constructor(
    private readonly snippets: SnippetRepository,
    private readonly owned: OwnedSnippets,
    private readonly media: SnippetMediaReader,
    private readonly videos: VideosService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(workspaceId: string, filters: SnippetListFilters): Promise<SnippetView[]> {
    return this.media.views(await this.snippets.listInWorkspace(workspaceId, filters));
  }

  // Title and thumbnail only (report and support selectors): the encodings in one query.
  async brief(workspaceId: string, status: boolean | null): Promise<SnippetBrief[]> {
    const rows = await this.snippets.listInWorkspace(workspaceId, { query: null, status });
    const encodings = await this.videos.outputsOf(rows.map((s) => s.encodingId));
    return rows.map((s) => toSnippetBrief(s, encodings.get(s.encodingId)?.thumbnailUrl ?? null));
  }

  async get(workspaceId: string, id: unknown): Promise<SnippetView> {
    return this.media.view(await this.owned.get(workspaceId, id));
  }

  async urls(workspaceId: string, id: unknown): Promise<SnippetUrls> {
    const s = await this.owned.get(workspaceId, id);
    return snippetUrls(this.config.publicBaseUrl, s.id);
  }

  async slug(workspaceId: string, id: unknown): Promise<SnippetSlug> {
    const s = await this.owned.get(workspaceId, id);
    // The readable link is seen by recipients: made from the public title.
    const slug = snippetSlug(recipientTitle(s), s.id);
    return { slug, url: `${this.config.publicBaseUrl}/live/${slug}` };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { FilesService } from '../files/files.service.js';
import { VideosService } from '../videos/videos.service.js';
import type { EncodingView } from '../shared/api-types.js';
import type { Snippet } from './snippet.entity.js';
import { toSnippetView, type MediaSize, type SnippetMedia, type SnippetView } from './snippet-view.js';

function mediaEncoding(enc: EncodingView): SnippetMedia['encoding'] {
  return {
    state: enc.state,
    progress: enc.progress,
    videoUrl: enc.videoUrl,
    emailVideoUrl: enc.emailVideoUrl,
    thumbnailUrl: enc.thumbnailUrl,
    gifUrl: enc.gifUrl,
    outWidth: enc.outWidth,
    outHeight: enc.outHeight,
  };
}

// What a snippet shows: its files' and encoding's addresses and sizes, read through the files and
// videos services only, batched (a list of N snippets costs the same queries as one).
@Injectable()
export class SnippetMediaReader {
  constructor(
    private readonly files: FilesService,
    private readonly videos: VideosService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // The media of many snippets of one workspace in two queries whatever their number: one for
  // the files, one for the encodings. A snippet's pictures are its workspace's library's,
  // whoever uploaded them. A missing file or encoding is shown as no URL.
  async mediaOfMany(snippets: readonly Snippet[]): Promise<SnippetMedia[]> {
    const workspaces = [...new Set(snippets.map((s) => s.workspaceId))];
    const [encodings, ...urlMaps] = await Promise.all([
      this.videos.outputsOf(snippets.map((s) => s.encodingId)),
      ...workspaces.map((workspaceId) =>
        this.files.picturesOf(
          workspaceId,
          snippets.filter((s) => s.workspaceId === workspaceId).flatMap((s) => [s.gifFileId, s.logoFileId, s.coverFileId, s.videoIconFileId]),
        ),
      ),
    ]);
    const urlsByWorkspace = new Map(workspaces.map((workspaceId, i) => [workspaceId, urlMaps[i]]));
    return snippets.map((s) => {
      const pictures = urlsByWorkspace.get(s.workspaceId)!;
      const url = (id: string | null | undefined) => (id ? (pictures.get(id)?.url ?? null) : null);
      // The pixel size, for the email's width and height attributes.
      const size = (id: string | null | undefined): MediaSize | null => {
        const p = id ? pictures.get(id) : undefined;
        return p ? { width: p.width, height: p.height } : null;
      };
      const enc = encodings.get(s.encodingId);
      return {
        encoding: enc ? mediaEncoding(enc) : null,
        gifUrl: url(s.gifFileId),
        logoUrl: url(s.logoFileId),
        coverUrl: url(s.coverFileId),
        videoIconUrl: url(s.videoIconFileId),
        sizes: { gif: size(s.gifFileId), logo: size(s.logoFileId), cover: size(s.coverFileId), videoIcon: size(s.videoIconFileId) },
      };
    });
  }

  async mediaOf(s: Snippet): Promise<SnippetMedia> {
    return (await this.mediaOfMany([s]))[0];
  }

  // The workspace's view of snippets (their media read together).
  async views(snippets: readonly Snippet[]): Promise<SnippetView[]> {
    const media = await this.mediaOfMany(snippets);
    return snippets.map((s, i) => toSnippetView(s, media[i], this.config.publicBaseUrl));
  }

  async view(s: Snippet): Promise<SnippetView> {
    return (await this.views([s]))[0];
  }
}

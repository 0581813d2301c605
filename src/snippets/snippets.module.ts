import { Module, type OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AccountsModule } from '../accounts/accounts.module.js';
import { FilesModule } from '../files/files.module.js';
import { FilesService } from '../files/files.service.js';
import { ImagesModule } from '../images/images.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { VideosModule } from '../videos/videos.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { loadEmailTemplates } from './export/export-html.js';
import { GlobalController } from './global.controller.js';
import { LiveMediaController } from './live-media.controller.js';
import { LiveMediaService } from './live-media.service.js';
import { PublicSnippetsController } from './public-snippets.controller.js';
import { Snippet } from './snippet.entity.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';
import { SnippetsController } from './snippets.controller.js';
import { SnippetsService } from './snippets.service.js';
import { SnippetEditorService } from './snippet-editor.service.js';
import { SnippetQueriesService } from './snippet-queries.service.js';
import { SnippetStatusService } from './snippet-status.service.js';
import { SnippetExportService } from './snippet-export.service.js';
import { OwnedSnippets } from './owned-snippets.js';
import { SnippetMediaReader } from './snippet-media-reader.js';
import { SnippetRepository } from './snippet.repository.js';
import { ViewerController } from './viewer.controller.js';
import { ViewerService } from './viewer.service.js';
import { loadViewerTemplates } from './viewer/viewer-templates.js';

// The image kinds a snippet can use (logo, cover, GIF, video icon).
const IMAGE_KINDS = ['image', 'gif', 'logo', 'cover', 'videoIcon'] as const;

// Snippets (EyeMails): CRUD, status, HTML export, email platforms, the public viewer pages and the
// email preview page, and the living media addresses of exported emails (/m/). The tracking addresses (/t/o, /t/c) are the reports module's.
@Module({
  imports: [MikroOrmModule.forFeature([Snippet]), AccountsModule, FilesModule, VideosModule, StorageModule, ImagesModule, WorkspacesModule],
  controllers: [SnippetsController, GlobalController, PublicSnippetsController, ViewerController, LiveMediaController],
  providers: [
    SnippetRepository,
    OwnedSnippets,
    SnippetMediaReader,
    SnippetEditorService,
    SnippetQueriesService,
    SnippetStatusService,
    SnippetExportService,
    SnippetsService,
    ViewerService,
    LiveMediaService,
  ],
  exports: [SnippetsService],
})
export class SnippetsModule implements OnModuleInit {
  constructor(
    private readonly files: FilesService,
    private readonly snippets: SnippetsService,
  ) {}

  onModuleInit(): void {
    // Templates compile at boot: a broken one stops start-up instead of failing a recipient.
    loadEmailTemplates();
    loadViewerTemplates();
    // Deleting a file an EyeMail uses is refused (409) with these messages.
    this.files.registerUsageCheck('video', async (fileId) => ((await this.snippets.isVideoInUse(fileId)) ? M.videoInUse : null));
    // My Videos names the workspace's EyeMails that use each video (the library's workspace).
    this.files.registerVideoUsers((workspaceId, fileIds) => this.snippets.videoUsersOf(workspaceId, fileIds));
    for (const kind of IMAGE_KINDS) {
      this.files.registerUsageCheck(kind, async (fileId) => ((await this.snippets.isImageInUse(fileId)) ? M.imageInUse : null));
    }
  }
}

import { Injectable } from '@nestjs/common';
import { ConflictError } from '../common/domain-error.js';
import type { AuthUser } from '../common/auth/auth.decorators.js';
import { FilesService } from '../files/files.service.js';
import { VideosService } from '../videos/videos.service.js';
import { OwnedSnippets } from './owned-snippets.js';
import { SnippetMediaReader } from './snippet-media-reader.js';
import { SnippetRepository } from './snippet.repository.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';
import { publicTitleToStore, type SnippetForm } from './snippet-input.js';
import type { SnippetView } from './snippet-view.js';
import { SnippetsService, type SnippetExtras } from './snippets.service.js';

// The file kinds each slot of a snippet accepts (what the dashboard uploads them as, plus the
// general image kind).
export const SLOT_KINDS = {
  video: ['video'],
  gif: ['gif'],
  logo: ['logo', 'image'],
  cover: ['cover', 'image', 'gif'],
  videoIcon: ['videoIcon', 'image', 'logo'],
} as const;

// The stored fields a checked payload sets.
function fieldsFrom(form: SnippetForm, encodingId: string, storedPublicTitle: string | null | undefined) {
  return {
    title: form.title,
    publicTitle: publicTitleToStore(form, storedPublicTitle),
    videoFileId: form.videoId,
    encodingId,
    width: form.width,
    addVideoOverlay: form.addVideoOverlay,
    videoOverlay: form.videoOverlay,
    gifFileId: form.gifId,
    logoFileId: form.logoImageId,
    logoAlignment: form.logoImageAlignment,
    logoWidth: form.logoImageWidth,
    coverFileId: form.coverImageId,
    coverPlacement: form.coverImagePlacement,
    coverSpacing: form.coverImageSpacing,
    videoIconFileId: form.videoLogoImgId,
    landingPageUrl: form.landingPageUrl,
    videoLinkUrl: form.videoLinkUrl,
    ctaButtons: form.buttons,
  };
}

// Creating and editing an EyeMail (POST and PUT snippets).
@Injectable()
export class SnippetEditorService {
  constructor(
    private readonly snippets: SnippetRepository,
    private readonly owned: OwnedSnippets,
    private readonly media: SnippetMediaReader,
    private readonly files: FilesService,
    private readonly videos: VideosService,
    private readonly steps: SnippetsService,
  ) {}

  // A checked payload (see snippet-input.ts: Express limits 403 and field rules 400 at the edge)
  // against what is stored: the files are the workspace's (404: a file of the caller's personal
  // library is not the company's), the video is encoded for this overlay and width (409). The
  // encoding to show.
  private async checkFiles(workspaceId: string, form: SnippetForm): Promise<string> {
    await this.files.getOwned(workspaceId, form.videoId, [...SLOT_KINDS.video]);
    const optional: [string | null, readonly string[]][] = [
      [form.gifId, SLOT_KINDS.gif],
      [form.logoImageId, SLOT_KINDS.logo],
      [form.coverImageId, SLOT_KINDS.cover],
      [form.videoLogoImgId, SLOT_KINDS.videoIcon],
    ];
    for (const [fileId, kinds] of optional) if (fileId) await this.files.getOwned(workspaceId, fileId, [...kinds]);

    const encoding = await this.videos.findCompleted(workspaceId, form.videoId, form.videoOverlay, form.width);
    if (!encoding) throw new ConflictError(M.stillProcessing);
    return encoding.encodingId;
  }

  // The EyeMail and what other modules save with it (its notification choice) in one
  // transaction: both or neither. It belongs to the workspace the caller acts in, made from that
  // workspace's library; the caller is its creator (ownerId).
  async create(user: AuthUser, form: SnippetForm, extras: SnippetExtras = {}): Promise<SnippetView> {
    const workspaceId = user.workspace.id;
    const encodingId = await this.checkFiles(workspaceId, form);
    const s = await this.snippets.transactional(async (em) => {
      // New snippets are active.
      const created = await this.snippets.insert({ ownerId: user.id, workspaceId, status: true, ...fieldsFrom(form, encodingId, null) });
      await this.steps.runSaveSteps({ em, ownerId: user.id, workspaceId, snippetId: created.id, created: true, extras });
      return created;
    });
    return this.media.view(s);
  }

  // The snippet is the workspace's (404), then its files and encoding are checked as create's;
  // saved with its other modules' parts in one transaction. Its creator stays who made it.
  async update(user: AuthUser, snippetId: unknown, form: SnippetForm, extras: SnippetExtras = {}): Promise<SnippetView> {
    const workspaceId = user.workspace.id;
    const found = await this.owned.get(workspaceId, snippetId);
    const encodingId = await this.checkFiles(workspaceId, form);
    const s = await this.snippets.transactional(async (em) => {
      const s = await this.owned.get(workspaceId, found.id);
      await this.snippets.save(s, { ...fieldsFrom(form, encodingId, s.publicTitle), updatedAt: new Date() });
      await this.steps.runSaveSteps({ em, ownerId: user.id, workspaceId, snippetId: s.id, created: false, extras });
      return s;
    });
    return this.media.view(s);
  }
}

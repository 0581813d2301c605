import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { UsersService } from '../accounts/users.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { isUuid } from '../shared/uuid.js';
import type { NotifyChoiceInput } from '../shared/notify-rules.js';
import { parseHttpUrl, validateCtaButton, type SnippetTier } from '../shared/snippet-rules.js';
import { allowedClickTargets } from './export/export-urls.js';
import { OwnedSnippets } from './owned-snippets.js';
import type { Snippet } from './snippet.entity.js';
import { SnippetMediaReader } from './snippet-media-reader.js';
import { SnippetRepository } from './snippet.repository.js';
import { brandCompanyOf } from './snippet-brand.js';
import { shortIdFromSlug, snippetUrls, uuidRangeForShortId, type SnippetMedia } from './snippet-view.js';
import { VideosService } from '../videos/videos.service.js';

// What the click redirect needs of a snippet: the targets it may send to, and what they are (so
// the click is recorded with where it went).
export interface ClickTargets {
  // false: the EyeMail is off, and every click goes to its web view, which says so
  active: boolean;
  targets: string[];
  landingPageUrl: string | null;
  videoLinkUrl: string | null;
  buttons: { title: string; url: string }[];
}

// What is saved with an EyeMail besides its own fields, as checked by the payload's DTO (absent:
// unchanged).
export interface SnippetExtras {
  notify?: NotifyChoiceInput;
}

// A step another module adds to saving an EyeMail (the notifications module: its choice), run in
// the EyeMail's transaction on `em`, after the EyeMail is written: a step that throws undoes the
// EyeMail's create or update too. `ownerId` is the user who saves it (its creator on create),
// `workspaceId` the workspace it belongs to.
export type SnippetSaveStep = (step: { em: EntityManager; ownerId: string; workspaceId: string; snippetId: string; created: boolean; extras: SnippetExtras }) => Promise<void>;

// A snippet a public page may show, with what it needs to show it.
export interface PublicSnippet {
  record: Snippet;
  media: SnippetMedia;
  // the owner's tier: Express shows the video only
  tier: SnippetTier;
  ownerId: string;
  // the company whose name is the brand of the email preview's logo (brandCompanyOf)
  brandCompanyId: string | null;
}

// What the rest of the app asks of snippets: the public pages (viewer), the tracking endpoints
// and the ingest (reports), support inquiries, and the files module's "is this file in use".
// The workspace's own calls (create and edit, reads, status and delete, the export) are the
// per-use services beside this one (snippet-*.service.ts), used by the snippets controller.
// Calls about "owned" snippets take the workspace the request acts in (AuthUser.workspace.id;
// a personal workspace's id is its user's): every member's EyeMails there, whoever made them.
@Injectable()
export class SnippetsService {
  private readonly saveSteps: SnippetSaveStep[] = [];

  constructor(
    private readonly snippets: SnippetRepository,
    private readonly owned: OwnedSnippets,
    private readonly media: SnippetMediaReader,
    private readonly videos: VideosService,
    private readonly users: UsersService,
    private readonly workspaces: WorkspacesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // Other modules' part of saving an EyeMail (see SnippetSaveStep).
  registerSaveStep(step: SnippetSaveStep): void {
    this.saveSteps.push(step);
  }

  // Runs them (the editor calls this inside the EyeMail's transaction).
  async runSaveSteps(step: Parameters<SnippetSaveStep>[0]): Promise<void> {
    for (const run of this.saveSteps) await run(step);
  }

  // ---- one of the workspace's, for other modules --------------------------------------------------

  // The ids (lower case) of all the workspace's snippets (webhook endpoints limited to some EyeMails).
  async ownedIds(workspaceId: string): Promise<Set<string>> {
    const rows = await this.snippets.listInWorkspace(workspaceId, { query: null, status: null });
    return new Set(rows.map((s) => s.id.toLowerCase()));
  }

  // Title and live address of one of the workspace's snippets, or null (support inquiries).
  async findOwnedLink(workspaceId: string, id: unknown): Promise<{ title: string; url: string } | null> {
    const s = await this.owned.find(workspaceId, id);
    return s ? { title: s.title, url: snippetUrls(this.config.publicBaseUrl, s.id).liveUrl } : null;
  }

  // Id, title and status of one of the workspace's snippets, without media lookups (reports,
  // feeds, feed links); another workspace's is 'not found' (404).
  async getOwnedHeader(workspaceId: string, id: unknown): Promise<{ snippetId: string; title: string; status: boolean }> {
    const s = await this.owned.get(workspaceId, id);
    return { snippetId: s.id, title: s.title, status: s.status };
  }

  // ---- a whole workspace's, for the companies module ----------------------------------------------

  // The workspace an EyeMail belongs to, null for a missing one or a malformed id (a shared link
  // opens in its workspace for the members of it).
  async workspaceOf(id: unknown): Promise<string | null> {
    return isUuid(id) ? this.snippets.workspaceOf(id.toLowerCase()) : null;
  }

  // The workspace's active EyeMails: recipients still open them (a company with any is not deleted).
  countActiveIn(workspaceId: string): Promise<number> {
    return this.snippets.countActiveInWorkspace(workspaceId);
  }

  // Deletes the workspace's inactive EyeMails with their reports (a company being deleted); the
  // active ones stay. The number deleted.
  deleteInactiveIn(workspaceId: string): Promise<number> {
    return this.snippets.deleteInactiveInWorkspace(workspaceId);
  }

  // ---- public pages and tracking -----------------------------------------------------------------

  // By id, or by the readable slug ending in the id's first 8 hex digits.
  private async findByIdOrSlug(idOrSlug: string): Promise<Snippet | null> {
    if (isUuid(idOrSlug)) return this.snippets.findById(idOrSlug.toLowerCase());
    const short = shortIdFromSlug(idOrSlug);
    if (!short) return null;
    const [lo, hi] = uuidRangeForShortId(short);
    const hits = await this.snippets.findInIdRange(lo, hi, 2);
    // Two snippets sharing the 8 digits: the slug is ambiguous, so it finds neither.
    return hits.length === 1 ? hits[0] : null;
  }

  // The brand a snippet's email names its logo by: its brand company's name (null: none).
  brandNameOf(found: Pick<PublicSnippet, 'brandCompanyId'>): Promise<string | null> {
    return this.users.companyNameOf(found.brandCompanyId);
  }

  // Whether the signed-in `viewerId` may preview this inactive snippet: its creator, or a member
  // of the company workspace it belongs to (any role: reading an EyeMail is a viewer's right).
  private async mayPreview(viewerId: string | null | undefined, s: Snippet): Promise<boolean> {
    if (!viewerId) return false;
    if (viewerId === s.ownerId) return true;
    return s.workspaceId !== s.ownerId && (await this.workspaces.roleIn(viewerId, s.workspaceId)) !== null;
  }

  // A snippet for a public page: active ones for everyone; an inactive one only for a member of
  // its workspace when the page allows it (previews). A deactivated owner's published EyeMails
  // keep playing: the emails are already in recipients' inboxes, and deactivation only stops the
  // owner.
  async findPublic(idOrSlug: string, opts: { viewerId?: string | null; ownerMaySeeInactive?: boolean } = {}): Promise<PublicSnippet | null> {
    const s = await this.findByIdOrSlug(idOrSlug);
    if (!s) return null;
    if (!s.status && !(opts.ownerMaySeeInactive && (await this.mayPreview(opts.viewerId, s)))) return null;
    const owner = await this.users.findById(s.ownerId);
    if (!owner) return null;
    return { record: s, media: await this.media.mediaOf(s), tier: owner.tier, ownerId: s.ownerId, brandCompanyId: brandCompanyOf(s, owner.companyId ?? null) };
  }

  // For the reports ingest, batched: which of these snippets exist, with the length in seconds of
  // the video each plays (null when not known). Missing ids are absent from the map.
  async trackingInfo(ids: readonly string[]): Promise<Map<string, { videoDurationSecs: number | null }>> {
    const wanted = [...new Set(ids.filter((id) => isUuid(id)).map((id) => id.toLowerCase()))];
    const found = new Map<string, { videoDurationSecs: number | null }>();
    if (!wanted.length) return found;
    const encodings = await this.snippets.encodingIdsOf(wanted);
    const lengths = await this.videos.durationsOf([...encodings.values()]);
    for (const [id, encodingId] of encodings) found.set(id, { videoDurationSecs: lengths.get(encodingId) ?? null });
    return found;
  }

  // The snippet's own click targets, for the click redirect; null when there is no such snippet.
  async clickTargetsOf(id: string): Promise<ClickTargets | null> {
    if (!isUuid(id)) return null;
    const s = await this.snippets.findById(id.toLowerCase());
    if (!s) return null;
    return {
      active: s.status,
      targets: allowedClickTargets({ landingPageUrl: s.landingPageUrl, videoLinkUrl: s.videoLinkUrl, buttons: s.ctaButtons }),
      landingPageUrl: parseHttpUrl(s.landingPageUrl),
      videoLinkUrl: parseHttpUrl(s.videoLinkUrl),
      // Every stored button keeps its place (b= counts from 1); one that fails the checks matches nothing.
      buttons: s.ctaButtons.map((b) => {
        const v = validateCtaButton(b).value;
        return v ? { title: v.title, url: v.url } : { title: '', url: '' };
      }),
    };
  }

  // ---- usage checks (FilesService refuses to delete files in use) --------------------------------

  // Through the repository's entity manager, so the check joins the caller's transaction.
  async isVideoInUse(fileId: string): Promise<boolean> {
    if (!isUuid(fileId)) return false;
    return this.snippets.usesVideo(fileId.toLowerCase());
  }

  // My Videos' "Used by": the workspace's EyeMails using each of these videos (one query).
  videoUsersOf(workspaceId: string, fileIds: string[]): Promise<Map<string, { snippetId: string; title: string }[]>> {
    return this.snippets.usersOfVideos(workspaceId, fileIds.filter((id) => isUuid(id)).map((id) => id.toLowerCase()));
  }

  // ---- admin ----

  // SQL counting the EyeMails (the active ones when `activeOnly`) of the workspace in
  // `workspaceIdColumn`, for the admin company list, which sorts by it in one statement.
  workspaceEyeMailCountSql(workspaceIdColumn: string, activeOnly: boolean): string {
    return SnippetRepository.workspaceCountSql(workspaceIdColumn, activeOnly);
  }

  async isImageInUse(fileId: string): Promise<boolean> {
    if (!isUuid(fileId)) return false;
    return this.snippets.usesImage(fileId.toLowerCase());
  }
}

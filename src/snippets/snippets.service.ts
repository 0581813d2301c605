import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, InvalidInputError, NotFoundError } from '../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { UsersService } from '../accounts/users.service.js';
import type { AuthUser } from '../common/auth/auth.decorators.js';
import { FilesService } from '../files/files.service.js';
import { VideosService } from '../videos/videos.service.js';
import { isUuid } from '../shared/uuid.js';
import type { EncodingView } from '../shared/api-types.js';
import { parseHttpUrl, validateCtaButton, validateExportOptions, type SnippetTier } from '../shared/snippet-rules.js';
import { findEmailPlatform, isKnownPlatformCode } from './email-platforms.js';
import { allowedClickTargets } from './export/export-view-model.js';
import type { Snippet } from './snippet.entity.js';
import { SnippetRepository } from './snippet.repository.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';
import type { SnippetListFilters } from './snippet-list-query.js';
import type { SnippetForm } from './snippet-input.js';
import {
  snippetSlug,
  snippetUrls,
  shortIdFromSlug,
  toSnippetBrief,
  toSnippetView,
  uuidRangeForShortId,
  type SnippetBrief,
  type MediaSize,
  type SnippetMedia,
  type SnippetUrls,
  type SnippetView,
} from './snippet-view.js';
import { renderSnippetEmailParts } from './export/snippet-email.js';

// The file kinds each slot of a snippet accepts (what the dashboard uploads them as, plus the
// general image kind).
export const SLOT_KINDS = {
  video: ['video'],
  gif: ['gif'],
  logo: ['logo', 'image'],
  cover: ['cover', 'image', 'gif'],
  videoIcon: ['videoIcon', 'image', 'logo'],
} as const;

export interface ExportQuery {
  emailPlatform?: unknown;
  headerText?: unknown;
  includeHeader?: unknown;
  includeUnsubscribeLink?: unknown;
  removeBranding?: unknown;
  preheader?: unknown;
}

export interface ExportResult {
  // The whole document (the .html download).
  html: string;
  sizeBytes: number;
  platform: string;
  // The block with its styles, for an HTML block of an existing email.
  blockHtml: string;
  blockSizeBytes: number;
}

// A snippet a public page may show, with what it needs to show it.
// What the click redirect needs of a snippet: the targets it may send to, and what they are (so
// the click is recorded with where it went).
export interface ClickTargets {
  targets: string[];
  landingPageUrl: string | null;
  videoLinkUrl: string | null;
  buttons: { title: string; url: string }[];
}

export interface PublicSnippet {
  record: Snippet;
  media: SnippetMedia;
  // the owner's tier: Express shows the video only
  tier: SnippetTier;
  ownerId: string;
}

function mediaEncoding(enc: EncodingView): SnippetMedia['encoding'] {
  return {
    state: enc.state,
    progress: enc.progress,
    videoUrl: enc.videoUrl,
    thumbnailUrl: enc.thumbnailUrl,
    gifUrl: enc.gifUrl,
    outWidth: enc.outWidth,
    outHeight: enc.outHeight,
  };
}

// Rules of the snippets API: every call checks that the snippet belongs to the caller first
// (another user's snippet is "not found", like a missing one), then reads, changes and flushes.
@Injectable()
export class SnippetsService {
  constructor(
    private readonly snippets: SnippetRepository,
    private readonly files: FilesService,
    private readonly videos: VideosService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get base(): string {
    return this.config.publicBaseUrl;
  }

  // ---- ownership -------------------------------------------------------------------------------

  // The caller's own snippet; null when missing, someone else's or not an id.
  private findOwned(userId: string, id: unknown): Promise<Snippet | null> {
    return isUuid(id) ? this.snippets.findOwned(userId, id.toLowerCase()) : Promise.resolve(null);
  }

  // The same, or 'not found' (404) like a missing one.
  private async getOwned(userId: string, id: unknown): Promise<Snippet> {
    const s = await this.findOwned(userId, id);
    if (!s) throw new NotFoundError(M.notFound);
    return s;
  }

  // ---- media lookups (through the files/videos services only) ----------------------------------

  // The media of many snippets in two queries whatever their number: one for the files, one for
  // the encodings. A missing file or encoding is shown as no URL.
  private async mediaOfMany(snippets: readonly Snippet[]): Promise<SnippetMedia[]> {
    const owners = [...new Set(snippets.map((s) => s.ownerId))];
    const [encodings, ...urlMaps] = await Promise.all([
      this.videos.outputsOf(snippets.map((s) => s.encodingId)),
      ...owners.map((owner) =>
        this.files.picturesOf(
          owner,
          snippets.filter((s) => s.ownerId === owner).flatMap((s) => [s.gifFileId, s.logoFileId, s.coverFileId, s.videoIconFileId]),
        ),
      ),
    ]);
    const urlsByOwner = new Map(owners.map((owner, i) => [owner, urlMaps[i]]));
    return snippets.map((s) => {
      const pictures = urlsByOwner.get(s.ownerId)!;
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

  private async mediaOf(s: Snippet): Promise<SnippetMedia> {
    return (await this.mediaOfMany([s]))[0];
  }

  private async view(s: Snippet): Promise<SnippetView> {
    return toSnippetView(s, await this.mediaOf(s), this.base);
  }

  // ---- create and update -----------------------------------------------------------------------

  // A checked payload (see snippet-input.ts: Express limits 403 and field rules 400 at the edge)
  // against what is stored: the files are the caller's (404), the video is encoded for this
  // overlay and width (409). The encoding to show.
  private async checkFiles(user: AuthUser, form: SnippetForm): Promise<string> {
    await this.files.getOwned(user.id, form.videoId, [...SLOT_KINDS.video]);
    const optional: [string | null, readonly string[]][] = [
      [form.gifId, SLOT_KINDS.gif],
      [form.logoImageId, SLOT_KINDS.logo],
      [form.coverImageId, SLOT_KINDS.cover],
      [form.videoLogoImgId, SLOT_KINDS.videoIcon],
    ];
    for (const [fileId, kinds] of optional) if (fileId) await this.files.getOwned(user.id, fileId, [...kinds]);

    const encoding = await this.videos.findCompleted(user.id, form.videoId, form.videoOverlay, form.width);
    if (!encoding) throw new ConflictError(M.stillProcessing);
    return encoding.encodingId;
  }

  // The stored fields a checked payload sets.
  private fieldsFrom(form: SnippetForm, encodingId: string) {
    return {
      title: form.title,
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

  async create(user: AuthUser, form: SnippetForm): Promise<SnippetView> {
    const encodingId = await this.checkFiles(user, form);
    // New snippets are active.
    const s = await this.snippets.insert({ ownerId: user.id, status: true, ...this.fieldsFrom(form, encodingId) });
    return this.view(s);
  }

  // The snippet is the caller's (404), then its files and encoding are checked as create's.
  async update(user: AuthUser, snippetId: unknown, form: SnippetForm): Promise<SnippetView> {
    const s = await this.getOwned(user.id, snippetId);
    const encodingId = await this.checkFiles(user, form);
    await this.snippets.save(s, { ...this.fieldsFrom(form, encodingId), updatedAt: new Date() });
    return this.view(s);
  }

  // ---- reads -----------------------------------------------------------------------------------

  private listOwned(userId: string, filters: SnippetListFilters): Promise<Snippet[]> {
    return this.snippets.listOwned(userId, filters);
  }

  async list(userId: string, filters: SnippetListFilters): Promise<SnippetView[]> {
    const rows = await this.listOwned(userId, filters);
    const media = await this.mediaOfMany(rows);
    return rows.map((s, i) => toSnippetView(s, media[i], this.base));
  }

  // Title and thumbnail only (report and support selectors): the encodings in one query.
  async brief(userId: string, status: boolean | null): Promise<SnippetBrief[]> {
    const rows = await this.listOwned(userId, { query: null, status });
    const encodings = await this.videos.outputsOf(rows.map((s) => s.encodingId));
    return rows.map((s) => toSnippetBrief(s, encodings.get(s.encodingId)?.thumbnailUrl ?? null));
  }

  async get(userId: string, id: unknown): Promise<SnippetView> {
    return this.view(await this.getOwned(userId, id));
  }

  // Title and live address of one of the user's snippets, or null (support inquiries).
  async findOwnedLink(userId: string, id: unknown): Promise<{ title: string; url: string } | null> {
    const s = await this.findOwned(userId, id);
    return s ? { title: s.title, url: snippetUrls(this.base, s.id).liveUrl } : null;
  }

  // Id, title and status of one of the user's snippets, without media lookups (reports, feeds).
  async getOwnedHeader(userId: string, id: unknown): Promise<{ snippetId: string; title: string; status: boolean }> {
    const s = await this.getOwned(userId, id);
    return { snippetId: s.id, title: s.title, status: s.status };
  }

  async urls(userId: string, id: unknown): Promise<SnippetUrls> {
    const s = await this.getOwned(userId, id);
    return snippetUrls(this.base, s.id);
  }

  async slug(userId: string, id: unknown): Promise<{ slug: string; url: string }> {
    const s = await this.getOwned(userId, id);
    const slug = snippetSlug(s.title, s.id);
    return { slug, url: `${this.base}/live/${slug}` };
  }

  // ---- status and delete -----------------------------------------------------------------------

  async setStatus(userId: string, id: unknown, status: boolean): Promise<SnippetView> {
    const s = await this.getOwned(userId, id);
    if (s.status !== status) {
      await this.snippets.save(s, { status, updatedAt: new Date() });
    }
    return this.view(s);
  }

  // The snippet only: the files it used stay in the user's library.
  async remove(userId: string, id: unknown): Promise<void> {
    const s = await this.getOwned(userId, id);
    await this.snippets.remove(s);
  }

  // ---- export ----------------------------------------------------------------------------------

  async exportHtml(user: AuthUser, id: unknown, query: ExportQuery): Promise<ExportResult> {
    const s = await this.getOwned(user.id, id);
    if (!s.status) throw new ConflictError(M.activateToExport);

    const rawPlatform = Array.isArray(query.emailPlatform) ? query.emailPlatform[0] : query.emailPlatform;
    const blankPlatform = rawPlatform === undefined || rawPlatform === null || (typeof rawPlatform === 'string' && rawPlatform.trim() === '');
    if (!blankPlatform && !isKnownPlatformCode(rawPlatform)) throw new InvalidInputError(M.unknownPlatform, { emailPlatform: M.unknownPlatform });
    const platform = findEmailPlatform(blankPlatform ? undefined : rawPlatform);

    const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
    const { value: options, errors } = validateExportOptions({
      headerText: first(query.headerText),
      includeHeader: first(query.includeHeader),
      includeUnsubscribeLink: first(query.includeUnsubscribeLink),
      removeBranding: first(query.removeBranding),
      preheader: first(query.preheader),
    });
    if (!options) throw new InvalidInputError(Object.values(errors)[0], errors);

    const media = await this.mediaOf(s);
    const parts = renderSnippetEmailParts({ record: s, media, platform, options, publicBaseUrl: this.base, tier: user.tier });
    if (parts === null) throw new ConflictError(M.notReadyToExport);
    const { document: html, block } = parts;
    return { html, sizeBytes: Buffer.byteLength(html, 'utf8'), platform: platform.code, blockHtml: block, blockSizeBytes: Buffer.byteLength(block, 'utf8') };
  }

  // ---- public pages and tracking ----------------------------------------------------------------

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

  // A snippet for a public page: active ones for everyone; an inactive one only for its owner
  // when the page allows it (previews). A deactivated owner's published EyeMails keep playing:
  // the emails are already in recipients' inboxes, and deactivation only stops the owner.
  async findPublic(idOrSlug: string, opts: { viewerId?: string | null; ownerMaySeeInactive?: boolean } = {}): Promise<PublicSnippet | null> {
    const s = await this.findByIdOrSlug(idOrSlug);
    if (!s) return null;
    const isOwner = !!opts.viewerId && opts.viewerId === s.ownerId;
    if (!s.status && !(isOwner && opts.ownerMaySeeInactive)) return null;
    const owner = await this.users.findById(s.ownerId);
    if (!owner) return null;
    return { record: s, media: await this.mediaOf(s), tier: owner.tier, ownerId: s.ownerId };
  }

  async exists(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return this.snippets.exists(id.toLowerCase());
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

  // ---- usage checks (FilesService refuses to delete files in use) ---------------------------------

  // Through the repository's entity manager, so the check joins the caller's transaction.
  async isVideoInUse(fileId: string): Promise<boolean> {
    if (!isUuid(fileId)) return false;
    return this.snippets.usesVideo(fileId.toLowerCase());
  }

  async isImageInUse(fileId: string): Promise<boolean> {
    if (!isUuid(fileId)) return false;
    return this.snippets.usesImage(fileId.toLowerCase());
  }
}

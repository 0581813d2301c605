import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../common/api-response.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { UsersService } from '../accounts/users.service.js';
import type { AuthUser } from '../accounts/auth.decorators.js';
import { FilesService } from '../files/files.service.js';
import { VideosService } from '../videos/videos.service.js';
import {
  isGuid,
  tierViolations,
  validateExportOptions,
  validateSnippetForm,
  type SnippetFormValue,
  type SnippetTier,
} from '../shared/snippet-rules.js';
import { findEmailPlatform, isKnownPlatformCode } from './email-platforms.js';
import { allowedClickTargets, buildEmailViewModel, ExportNotReadyError } from './export/export-view-model.js';
import { renderEmailExport } from './export/export-html.js';
import { Snippet } from './snippet.entity.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';
import { containsPattern, type SnippetListFilters } from './snippet-list-query.js';
import {
  snippetSlug,
  snippetUrls,
  shortIdFromSlug,
  toExportSnippet,
  toSnippetBrief,
  toSnippetView,
  uuidRangeForShortId,
  type SnippetBrief,
  type SnippetMedia,
  type SnippetUrls,
  type SnippetView,
} from './snippet-view.js';

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
}

export interface ExportResult {
  html: string;
  sizeBytes: number;
  platform: string;
}

// A snippet a public page may show, with what it needs to show it.
export interface PublicSnippet {
  record: Snippet;
  media: SnippetMedia;
  // the owner's tier: Express shows the video only
  tier: SnippetTier;
  ownerId: string;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// Rules of the snippets API: every call checks that the snippet belongs to the caller first
// (another user's snippet is "not found", like a missing one), then reads, changes and flushes.
@Injectable()
export class SnippetsService {
  constructor(
    private readonly em: EntityManager,
    private readonly files: FilesService,
    private readonly videos: VideosService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get base(): string {
    return this.config.publicBaseUrl;
  }

  // ---- ownership -------------------------------------------------------------------------------

  private async owned(userId: string, id: unknown): Promise<Snippet> {
    if (!isGuid(id)) throw notFound(M.notFound);
    const s = await this.em.findOne(Snippet, { id: id.toLowerCase(), ownerId: userId });
    if (!s) throw notFound(M.notFound);
    return s;
  }

  // ---- media lookups (through the files/videos services only) ----------------------------------

  // A missing file is shown as no URL; any other failure is a real error.
  private async urlOf(ownerId: string, fileId: string | null | undefined): Promise<string | null> {
    if (!fileId) return null;
    try {
      return (await this.files.getOwned(ownerId, fileId)).url ?? null;
    } catch (e) {
      if (e instanceof ApiError && e.getStatus() === HttpStatus.NOT_FOUND) return null;
      throw e;
    }
  }

  private async encodingOf(s: Snippet) {
    try {
      return await this.videos.getEncoding(s.ownerId, s.encodingId);
    } catch (e) {
      if (e instanceof ApiError && e.getStatus() === HttpStatus.NOT_FOUND) return null;
      throw e;
    }
  }

  private async mediaOf(s: Snippet): Promise<SnippetMedia> {
    const [enc, gifUrl, logoUrl, coverUrl, videoIconUrl] = await Promise.all([
      this.encodingOf(s),
      this.urlOf(s.ownerId, s.gifFileId),
      this.urlOf(s.ownerId, s.logoFileId),
      this.urlOf(s.ownerId, s.coverFileId),
      this.urlOf(s.ownerId, s.videoIconFileId),
    ]);
    return {
      encoding: enc
        ? { state: enc.state, progress: enc.progress, videoUrl: enc.videoUrl, thumbnailUrl: enc.thumbnailUrl, gifUrl: enc.gifUrl }
        : null,
      gifUrl,
      logoUrl,
      coverUrl,
      videoIconUrl,
    };
  }

  private async view(s: Snippet): Promise<SnippetView> {
    return toSnippetView(s, await this.mediaOf(s), this.base);
  }

  // ---- create and update -----------------------------------------------------------------------

  // The payload checked in the contract's order: Express limits (403), field rules (400), the
  // files are the caller's (404), the video is encoded for this overlay and width (409).
  private async checkPayload(user: AuthUser, raw: unknown): Promise<{ form: SnippetFormValue; encodingId: string }> {
    if (!isPlainObject(raw)) throw badRequest(M.invalidRequest);
    if (tierViolations(raw, user.tier).length) throw forbidden(M.expressOnlyVideo);
    const { value: form, errors } = validateSnippetForm(raw, user.tier);
    if (!form) throw badRequest(Object.values(errors)[0] ?? M.invalidRequest, errors);

    await this.files.getOwned(user.id, form.videoId, [...SLOT_KINDS.video]);
    const optional: [string | null, readonly string[]][] = [
      [form.gifId, SLOT_KINDS.gif],
      [form.logoImageId, SLOT_KINDS.logo],
      [form.coverImageId, SLOT_KINDS.cover],
      [form.videoLogoImgId, SLOT_KINDS.videoIcon],
    ];
    for (const [fileId, kinds] of optional) if (fileId) await this.files.getOwned(user.id, fileId, [...kinds]);

    const encoding = await this.videos.findCompleted(user.id, form.videoId, form.videoOverlay, form.width);
    if (!encoding) throw conflict(M.stillProcessing);
    return { form, encodingId: encoding.encodingId };
  }

  // The stored fields a checked payload sets.
  private fieldsFrom(form: SnippetFormValue, encodingId: string) {
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
      videoLinkUrl: form.videoURLData,
      ctaButtons: form.buttons,
    };
  }

  async create(user: AuthUser, raw: unknown): Promise<SnippetView> {
    const { form, encodingId } = await this.checkPayload(user, raw);
    // New snippets are active.
    const s = this.em.create(Snippet, { ownerId: user.id, status: true, ...this.fieldsFrom(form, encodingId) });
    await this.em.flush();
    return this.view(s);
  }

  async update(user: AuthUser, raw: unknown): Promise<SnippetView> {
    const id = isPlainObject(raw) ? (raw.snippetId ?? raw.SnippetId) : undefined;
    if (id === undefined || id === null || id === '') throw badRequest(M.snippetRequired, { snippetId: M.snippetRequired });
    const s = await this.owned(user.id, id);
    const { form, encodingId } = await this.checkPayload(user, raw);
    this.em.assign(s, { ...this.fieldsFrom(form, encodingId), updatedAt: new Date() });
    await this.em.flush();
    return this.view(s);
  }

  // ---- reads -----------------------------------------------------------------------------------

  private async listOwned(userId: string, filters: SnippetListFilters): Promise<Snippet[]> {
    const where: Record<string, unknown> = { ownerId: userId };
    if (filters.status !== null) where.status = filters.status;
    if (filters.query) where.title = { $ilike: containsPattern(filters.query) };
    return this.em.find(Snippet, where as never, { orderBy: { updatedAt: 'desc', createdAt: 'desc', id: 'asc' } });
  }

  async list(userId: string, filters: SnippetListFilters): Promise<SnippetView[]> {
    const rows = await this.listOwned(userId, filters);
    const out: SnippetView[] = [];
    for (const s of rows) out.push(await this.view(s));
    return out;
  }

  // Title and thumbnail only (report and support selectors): one encoding lookup per snippet.
  async brief(userId: string, status: boolean | null): Promise<SnippetBrief[]> {
    const rows = await this.listOwned(userId, { query: null, status });
    const out: SnippetBrief[] = [];
    for (const s of rows) {
      const enc = await this.encodingOf(s);
      out.push(toSnippetBrief(s, enc?.thumbnailUrl ?? null));
    }
    return out;
  }

  async get(userId: string, id: unknown): Promise<SnippetView> {
    return this.view(await this.owned(userId, id));
  }

  async urls(userId: string, id: unknown): Promise<SnippetUrls> {
    const s = await this.owned(userId, id);
    return snippetUrls(this.base, s.id);
  }

  async slug(userId: string, id: unknown): Promise<{ slug: string; url: string }> {
    const s = await this.owned(userId, id);
    const slug = snippetSlug(s.title, s.id);
    return { slug, url: `${this.base}/live/${slug}` };
  }

  // ---- status and delete -----------------------------------------------------------------------

  async setStatus(userId: string, id: unknown, status: boolean): Promise<SnippetView> {
    const s = await this.owned(userId, id);
    if (s.status !== status) {
      s.status = status;
      s.updatedAt = new Date();
      await this.em.flush();
    }
    return this.view(s);
  }

  // The snippet only: the files it used stay in the user's library.
  async remove(userId: string, id: unknown): Promise<void> {
    const s = await this.owned(userId, id);
    await this.em.remove(s).flush();
  }

  // ---- export ----------------------------------------------------------------------------------

  async exportHtml(user: AuthUser, id: unknown, query: ExportQuery): Promise<ExportResult> {
    const s = await this.owned(user.id, id);
    if (!s.status) throw conflict(M.activateToExport);

    const rawPlatform = Array.isArray(query.emailPlatform) ? query.emailPlatform[0] : query.emailPlatform;
    const blankPlatform = rawPlatform === undefined || rawPlatform === null || (typeof rawPlatform === 'string' && rawPlatform.trim() === '');
    if (!blankPlatform && !isKnownPlatformCode(rawPlatform)) throw badRequest(M.unknownPlatform, { emailPlatform: M.unknownPlatform });
    const platform = findEmailPlatform(blankPlatform ? undefined : rawPlatform);

    const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
    const { value: options, errors } = validateExportOptions({
      headerText: first(query.headerText),
      includeHeader: first(query.includeHeader),
      includeUnsubscribeLink: first(query.includeUnsubscribeLink),
      removeBranding: first(query.removeBranding),
    });
    if (!options) throw badRequest(Object.values(errors)[0], errors);

    const media = await this.mediaOf(s);
    try {
      const vm = buildEmailViewModel({ snippet: toExportSnippet(s, media), platform, options, publicBaseUrl: this.base, tier: user.tier });
      const html = renderEmailExport(vm);
      return { html, sizeBytes: Buffer.byteLength(html, 'utf8'), platform: platform.code };
    } catch (e) {
      if (e instanceof ExportNotReadyError) throw conflict(M.notReadyToExport);
      throw e;
    }
  }

  // ---- public pages and tracking ----------------------------------------------------------------

  // By id, or by the readable slug ending in the id's first 8 hex digits.
  private async findByIdOrSlug(idOrSlug: string): Promise<Snippet | null> {
    if (isGuid(idOrSlug)) return this.em.findOne(Snippet, { id: idOrSlug.toLowerCase() });
    const short = shortIdFromSlug(idOrSlug);
    if (!short) return null;
    const [lo, hi] = uuidRangeForShortId(short);
    const hits = await this.em.find(Snippet, { id: { $gte: lo, $lte: hi } }, { limit: 2 });
    // Two snippets sharing the 8 digits: the slug is ambiguous, so it finds neither.
    return hits.length === 1 ? hits[0] : null;
  }

  // A snippet for a public page: active ones for everyone; an inactive one only for its owner
  // when the page allows it (previews). The owner's account must be active.
  async findPublic(idOrSlug: string, opts: { viewerId?: string | null; ownerMaySeeInactive?: boolean } = {}): Promise<PublicSnippet | null> {
    const s = await this.findByIdOrSlug(idOrSlug);
    if (!s) return null;
    const isOwner = !!opts.viewerId && opts.viewerId === s.ownerId;
    if (!s.status && !(isOwner && opts.ownerMaySeeInactive)) return null;
    const owner = await this.users.findById(s.ownerId);
    if (!owner || !owner.isActive) return null;
    return { record: s, media: await this.mediaOf(s), tier: owner.tier, ownerId: s.ownerId };
  }

  async exists(id: string): Promise<boolean> {
    if (!isGuid(id)) return false;
    return (await this.em.count(Snippet, { id: id.toLowerCase() })) > 0;
  }

  // The snippet's own click targets, for the click redirect; null when there is no such snippet.
  async clickTargetsOf(id: string): Promise<{ targets: string[] } | null> {
    if (!isGuid(id)) return null;
    const s = await this.em.findOne(Snippet, { id: id.toLowerCase() });
    if (!s) return null;
    return { targets: allowedClickTargets({ landingPageUrl: s.landingPageUrl, videoURLData: s.videoLinkUrl, buttons: s.ctaButtons }) };
  }

  // ---- usage checks (FilesService refuses to delete files in use) ---------------------------------

  // Through the entity manager, so the check joins the caller's transaction when there is one.
  async isVideoInUse(fileId: string): Promise<boolean> {
    if (!isGuid(fileId)) return false;
    return (await this.em.count(Snippet, { videoFileId: fileId.toLowerCase() })) > 0;
  }

  async isImageInUse(fileId: string): Promise<boolean> {
    if (!isGuid(fileId)) return false;
    const id = fileId.toLowerCase();
    return (await this.em.count(Snippet, { $or: [{ gifFileId: id }, { logoFileId: id }, { coverFileId: id }, { videoIconFileId: id }] })) > 0;
  }
}

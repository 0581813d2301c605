import crypto from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { VIEWER_VISITS, type ViewerVisits, type Visitor } from '../engagement/viewer-visits.js';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { watchEntityChanges } from '../common/entity-changes.js';
import { TtlCache } from '../common/ttl-cache.js';
import { NotFoundError } from '../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { exportOptionsFromPreviewQuery } from '../shared/snippet-rules.js';
import { receiverFromQuery, unfilledTagOf } from './export/receiver.js';
import { trackingLinks } from './export/tracking-links.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';
import { toPublicSnippetView, type PublicSnippetView } from './snippet-view.js';
import { SnippetsService, type PublicSnippet } from './snippets.service.js';
import { buildViewerViewModel } from './viewer/viewer-view-model.js';
import { escapeLikeTemplates, loadViewerTemplates } from './viewer/viewer-templates.js';
import { renderSnippetEmail } from './export/snippet-email.js';

// The public pages: /live/{id} and /eyemail/{id} (the viewer, counted), /livePreview/{id} (the
// owner's preview, not counted) and /emailpreview/{id} (the email as a recipient sees it).
export type ViewerPage = 'live' | 'webView' | 'preview';

export interface RenderedPage {
  status: number;
  html: string;
}

const INACTIVE_NOTICE = 'This EyeMail is inactive: only you can see this preview. Activate it to share it.';

// The counted pages (/live, /eyemail) are rendered once per snippet and kept this long (another
// instance's edit, an owner's plan change or a finished encoding shows after at most this); this
// process forgets them at once when it changes a snippet, a user, a file or an encoding.
export const PUBLIC_PAGE_TTL_MS = 2_000;
const PUBLIC_PAGE_MAX = 1_000;
const PAGE_SOURCES = ['Snippet', 'User', 'MediaFile', 'VideoEncoding'];

// The recipient is written into the page as itself (escaped) and, URL-encoded, into its tracked
// links. A cached page is rendered with a stand-in for each (random per process, so no stored
// text can contain one) and filled in per request.
const RAW_SLOT = `rcpt${crypto.randomBytes(8).toString('hex')}raw`;
const URL_SLOT = `rcpt${crypto.randomBytes(8).toString('hex')}url`;
const SLOTS = new RegExp(`(${RAW_SLOT}|${URL_SLOT})`);

interface CachedPage {
  status: number;
  // the snippet shown (a visit of it), null on a 'not found' page
  snippetId: string | null;
  // The page's bytes between the slots (UTF-8, as sent), and which slot follows each but the last.
  parts: Buffer[];
  slots: ('raw' | 'url')[];
}

// A counted page as it is sent: its bytes.
export interface CountedPageAnswer {
  status: number;
  body: Buffer;
}

// Pure: the page split at the stand-ins.
export function splitAtSlots(status: number, html: string, snippetId: string | null = null): CachedPage {
  const pieces = html.split(SLOTS);
  const parts: Buffer[] = [];
  const slots: ('raw' | 'url')[] = [];
  pieces.forEach((piece, i) => (i % 2 ? slots.push(piece === RAW_SLOT ? 'raw' : 'url') : parts.push(Buffer.from(piece))));
  return { status, snippetId, parts, slots };
}

// Pure: the page for one recipient, joined as bytes (no string of the whole page is built per
// request). The URL-encoded form also has its "'" encoded, so it needs no HTML escaping in an
// attribute.
export function fillSlots(page: CachedPage, receiver: string | null): Buffer {
  if (!page.slots.length) return page.parts[0];
  const raw = Buffer.from(escapeLikeTemplates(receiver ?? ''));
  const url = Buffer.from(encodeURIComponent(receiver ?? '').replace(/'/g, '%27'));
  const list: Buffer[] = [page.parts[0]];
  for (let i = 0; i < page.slots.length; i++) list.push(page.slots[i] === 'raw' ? raw : url, page.parts[i + 1]);
  return Buffer.concat(list);
}

@Injectable()
export class ViewerService {
  private readonly pages = new TtlCache<CachedPage>(PUBLIC_PAGE_TTL_MS, PUBLIC_PAGE_MAX);

  constructor(
    private readonly snippets: SnippetsService,
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    // The tracking module's (absent when it is not loaded): the visits of the counted pages.
    @Optional() @Inject(VIEWER_VISITS) private readonly visits?: ViewerVisits,
  ) {
    watchEntityChanges(orm, PAGE_SOURCES, () => this.pages.clear());
  }

  private get base(): string {
    return this.config.publicBaseUrl;
  }

  private notFoundPage(): RenderedPage {
    return {
      status: 404,
      html: loadViewerTemplates().message({
        heading: M.noActiveCampaign,
        text: 'This video is no longer available: its EyeMail has been switched off or removed.',
        homeUrl: `${this.base}/`,
      }),
    };
  }

  // Buttons, logo and cover links of a counted page go through the click tracker with the
  // recipient; on a preview they go straight to their targets.
  // `encodedReceiver`: the recipient as written into a link (URL-encoded), '' for none.
  private publicView(found: PublicSnippet, encodedReceiver: string, counted: boolean): { view: PublicSnippetView; linkTo?: (u: string) => string } {
    const linkTo = counted ? trackingLinks(this.base, found.record.id, encodedReceiver).click : undefined;
    return { view: toPublicSnippetView(found.record, found.media, found.tier, { trackUrl: linkTo }), linkTo };
  }

  async viewerPage(page: ViewerPage, idOrSlug: string, query: Record<string, unknown>, viewerId: string | null): Promise<RenderedPage> {
    const receiver = receiverFromQuery(query.v);
    return this.render(page, idOrSlug, viewerId, receiver, receiver ? encodeURIComponent(receiver) : '');
  }

  // /live and /eyemail: the same for everyone but the recipient (the owner's inactive preview is
  // /livePreview), so rendered from the snippet's cached page. Served outside Nest's pipeline
  // (viewer-router.ts), hence an entity manager of its own for the look-up. A page shown is a visit
  // of `visitor`, stored before the page is answered.
  async countedPage(page: 'live' | 'webView', idOrSlug: string, query: Record<string, unknown>, visitor: Visitor | null = null): Promise<CountedPageAnswer> {
    const receiver = receiverFromQuery(query.v);
    // A v= left as the platform's merge tag is a test visit (kept, left out of the report by
    // default); the page hands the tag on as it was, so its plays and clicks are tests too.
    const tag = receiver === null ? unfilledTagOf(query.v) : null;
    const unfilledTag = tag !== null;
    const slotValue = receiver ?? tag;
    const key = `${page} ${slotValue ? 'to' : 'anonymous'} ${idOrSlug}`;
    const cached = await this.pages.getOrLoad(key, () =>
      RequestContext.create(this.orm.em, async () => {
        const r = await this.render(page, idOrSlug, null, slotValue ? RAW_SLOT : null, slotValue ? URL_SLOT : '');
        return splitAtSlots(r.status, r.html, r.snippetId ?? null);
      }),
    );
    if (cached.snippetId && visitor) {
      await this.visits?.record({ snippetId: cached.snippetId, page: page === 'live' ? 'live' : 'web-view', receiver, unfilledTag, visitor });
    }
    return { status: cached.status, body: fillSlots(cached, slotValue) };
  }

  private async render(page: ViewerPage, idOrSlug: string, viewerId: string | null, receiver: string | null, encodedReceiver: string): Promise<RenderedPage & { snippetId?: string }> {
    const preview = page === 'preview';
    const found = await this.snippets.findPublic(idOrSlug, { viewerId, ownerMaySeeInactive: preview });
    if (!found) return this.notFoundPage();
    const { view, linkTo } = this.publicView(found, encodedReceiver, !preview);
    const vm = buildViewerViewModel({
      view,
      publicBaseUrl: this.base,
      receiver,
      reportPlays: !preview,
      linkTo,
      notice: found.record.status ? null : INACTIVE_NOTICE,
    });
    return { status: 200, html: loadViewerTemplates().viewer(vm), snippetId: found.record.id };
  }

  async emailPreviewPage(id: string, query: Record<string, unknown>, viewerId: string | null): Promise<RenderedPage> {
    const found = await this.snippets.findPublic(id, { viewerId, ownerMaySeeInactive: true });
    if (!found) return this.notFoundPage();
    const { options, platformCode, speakerIcon } = exportOptionsFromPreviewQuery(query);
    const html = renderSnippetEmail(
      { record: found.record, media: found.media, platform: platformCode, options, publicBaseUrl: this.base, tier: found.tier, brandName: await this.snippets.brandNameOf(found) },
      { muteIcon: speakerIcon },
    );
    return html === null ? this.notFoundPage() : { status: 200, html };
  }

  // GET public/snippets/{id}: the viewer's data, active snippets only.
  async publicData(idOrSlug: string, query: Record<string, unknown>): Promise<PublicSnippetView> {
    const found = await this.snippets.findPublic(idOrSlug);
    if (!found) throw new NotFoundError(M.noActiveCampaign);
    const receiver = receiverFromQuery(query.v);
    return this.publicView(found, receiver ? encodeURIComponent(receiver) : '', true).view;
  }
}

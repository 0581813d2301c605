import { Inject, Injectable, Optional } from '@nestjs/common';
import { VIEWER_VISITS, type ViewerVisits, type Visitor } from '../common/viewer-visits.js';
import { NotFoundError } from '../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { exportOptionsFromPreviewQuery } from '../shared/snippet-rules.js';
import { receiverFromQuery } from './export/receiver.js';
import { trackingLinks } from './export/tracking-links.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';
import { toPublicSnippetView, type PublicSnippetView } from './snippet-view.js';
import { SnippetsService, type PublicSnippet } from './snippets.service.js';
import { buildViewerViewModel } from './viewer/viewer-view-model.js';
import { loadViewerTemplates } from './viewer/viewer-templates.js';
import { renderSnippetEmail } from './export/snippet-email.js';

// The public pages: /live/{id} and /eyemail/{id} (the viewer, counted), /livePreview/{id} (the
// owner's preview, not counted) and /emailpreview/{id} (the email as a recipient sees it).
export type ViewerPage = 'live' | 'webView' | 'preview';

export interface RenderedPage {
  status: number;
  html: string;
}

const INACTIVE_NOTICE = 'This EyeMail is inactive: only you can see this preview. Activate it to share it.';

@Injectable()
export class ViewerService {
  constructor(
    private readonly snippets: SnippetsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    // The reports module's (absent when it is not loaded): visits of the counted pages.
    @Optional() @Inject(VIEWER_VISITS) private readonly visits?: ViewerVisits,
  ) {}

  private get base(): string {
    return this.config.publicBaseUrl;
  }

  private notFoundPage(): RenderedPage {
    return {
      status: 404,
      html: loadViewerTemplates().message({
        heading: M.noActiveCampaign,
        text: 'This EyeMail may have been switched off or removed.',
        homeUrl: `${this.base}/`,
      }),
    };
  }

  // Buttons, logo and cover links of a counted page go through the click tracker with the
  // recipient; on a preview they go straight to their targets.
  private publicView(found: PublicSnippet, receiver: string | null, counted: boolean): { view: PublicSnippetView; linkTo?: (u: string) => string } {
    const linkTo = counted ? trackingLinks(this.base, found.record.id, receiver ? encodeURIComponent(receiver) : '').click : undefined;
    return { view: toPublicSnippetView(found.record, found.media, found.tier, { trackUrl: linkTo }), linkTo };
  }

  // A counted page (not the preview, not its owner looking) is a visit of `visitor`, stored before
  // the page is answered; its plays are reported.
  async viewerPage(page: ViewerPage, idOrSlug: string, query: Record<string, unknown>, viewerId: string | null, visitor: Visitor | null = null): Promise<RenderedPage> {
    const preview = page === 'preview';
    const found = await this.snippets.findPublic(idOrSlug, { viewerId, ownerMaySeeInactive: preview });
    if (!found) return this.notFoundPage();
    const receiver = receiverFromQuery(query.v);
    const { view, linkTo } = this.publicView(found, receiver, !preview);
    const vm = buildViewerViewModel({
      view,
      publicBaseUrl: this.base,
      receiver,
      reportPlays: !preview && viewerId !== found.ownerId,
      linkTo,
      notice: found.record.status ? null : INACTIVE_NOTICE,
    });
    const html = loadViewerTemplates().viewer(vm);
    if (vm.report && visitor) await this.visits?.record({ snippetId: found.record.id, page: page === 'live' ? 'live' : 'web-view', receiver, visitor });
    return { status: 200, html };
  }

  async emailPreviewPage(id: string, query: Record<string, unknown>, viewerId: string | null): Promise<RenderedPage> {
    const found = await this.snippets.findPublic(id, { viewerId, ownerMaySeeInactive: true });
    if (!found) return this.notFoundPage();
    const { options, platformCode, speakerIcon } = exportOptionsFromPreviewQuery(query);
    const html = renderSnippetEmail(
      { record: found.record, media: found.media, platform: platformCode, options, publicBaseUrl: this.base, tier: found.tier },
      { muteIcon: speakerIcon },
    );
    return html === null ? this.notFoundPage() : { status: 200, html };
  }

  // GET public/snippets/{id}: the viewer's data, active snippets only.
  async publicData(idOrSlug: string, query: Record<string, unknown>): Promise<PublicSnippetView> {
    const found = await this.snippets.findPublic(idOrSlug);
    if (!found) throw new NotFoundError(M.noActiveCampaign);
    return this.publicView(found, receiverFromQuery(query.v), true).view;
  }
}

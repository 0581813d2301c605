import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { watchEntityChanges } from '../common/entity-changes.js';
import { TtlCache } from '../common/ttl-cache.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { receiverFromQuery, unfilledTagIn } from '../shared/receiver.js';
import { CLICK_ROLE_PARAM, currentClickTarget } from '../shared/click-rules.js';
import { SnippetsService, type ClickTargets } from '../snippets/snippets.service.js';
import type { EngagementKind } from '../engagement/engagement-kinds.js';
import { EngagementWriter, type IngestEvent, type IngestOutcome } from './engagement-writer.service.js';
import { type PlayReport } from './play-report.js';
import { storedSender } from '../ingest/request-classifier.service.js';
import { BUTTON_PARAM, clickDestination, recordedDestination, snippetIdFromPixel } from './tracking-rules.js';

// Who made a tracking request.
export interface TrackingRequest {
  at: Date;
  method: string;
  ip: string | null;
  userAgent: string | null;
}

// Click targets are read on every click: kept this long (another instance's edit shows after at
// most this), and forgotten at once when this process changes a snippet.
export const CLICK_TARGETS_TTL_MS = 2_000;
const CLICK_TARGETS_MAX = 10_000;

// The ingest side of reports: the open pixel, the click redirect and the viewer's play reports
// become engagement events, journaled by the group-commit writer; each is classified (person or
// machine), located and parsed when the journal is loaded (ingest-loader.service.ts).
@Injectable()
export class IngestService {
  private readonly logger = new Logger('Ingest');
  private readonly clickTargets = new TtlCache<ClickTargets | null>(CLICK_TARGETS_TTL_MS, CLICK_TARGETS_MAX);

  constructor(
    private readonly writer: EngagementWriter,
    private readonly snippets: SnippetsService,
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    watchEntityChanges(orm, ['Snippet'], () => this.clickTargets.clear());
  }

  // The tracking routes run outside Nest's request pipeline (tracking/tracking-router.ts), so a
  // look-up gets an entity manager of its own.
  private clickTargetsOf(id: string): Promise<ClickTargets | null> {
    const key = id.toLowerCase();
    return this.clickTargets.getOrLoad(key, () => RequestContext.create(this.orm.em, () => this.snippets.clickTargetsOf(key)));
  }

  // What the request said; where it came from, what sent it and whether a machine did are derived
  // when the journal is loaded (request-classifier.service.ts), off the hot path.
  private event(
    kind: EngagementKind,
    snippetId: string,
    receiver: string | null,
    req: TrackingRequest,
    extra: Partial<Pick<IngestEvent, 'target' | 'destination' | 'destinationLabel' | 'durationSecs' | 'reportedLengthSecs' | 'playId' | 'unfilledTag'>> = {},
  ): IngestEvent {
    return {
      kind,
      snippetId,
      occurredAt: req.at,
      receiver,
      ...storedSender(req.ip, req.userAgent),
      method: req.method,
      target: extra.target ?? null,
      destination: extra.destination ?? null,
      destinationLabel: extra.destinationLabel ?? null,
      durationSecs: extra.durationSecs ?? null,
      reportedLengthSecs: extra.reportedLengthSecs ?? null,
      playId: extra.playId ?? null,
      unfilledTag: extra.unfilledTag ?? false,
    };
  }

  // Never throws: the endpoints answer whatever happens to the write.
  private async store(build: () => IngestEvent): Promise<IngestOutcome> {
    try {
      return await this.writer.record(build());
    } catch (e) {
      this.logger.error({ err: e }, 'Recording an engagement failed');
      return 'failed';
    }
  }

  // /t/o/<id>.gif?v=: an open of an existing snippet. The pixel is answered whatever happens.
  async open(pixel: string, query: Record<string, unknown>, req: TrackingRequest): Promise<IngestOutcome> {
    const snippetId = snippetIdFromPixel(pixel);
    if (!snippetId) return 'unknown-snippet';
    const receiver = receiverFromQuery(query.v);
    // Only a v= that named no one is asked whether it was a merge tag left as it was (a test).
    return this.store(() => this.event('open', snippetId, receiver, req, { unfilledTag: receiver === null && unfilledTagIn(query.v) }));
  }

  // /t/c/<id>?v=&u=[&b=]: where the click goes (the snippet's own target, else its web view), once
  // the click is stored with where it went (or its write has failed: the recipient always arrives
  // somewhere).
  async click(id: string, query: Record<string, unknown>, req: TrackingRequest): Promise<{ location: string; outcome: IngestOutcome }> {
    const receiver = receiverFromQuery(query.v);
    let snippet: ClickTargets | null = null;
    try {
      snippet = await this.clickTargetsOf(id);
    } catch (e) {
      this.logger.error({ err: e, snippetId: id }, 'Looking up a clicked snippet failed; sending the click to its web view');
    }
    // Where the clicked thing points now (a link naming it: k= or b=), else the link's own u=; an
    // EyeMail that is off sends every click to its web view, which says the video is gone.
    const requested = !snippet ? query.u : snippet.active ? currentClickTarget({ ...snippet, role: query[CLICK_ROLE_PARAM], button: query[BUTTON_PARAM], requested: query.u }) : null;
    const { location, toTarget } = clickDestination({
      publicBaseUrl: this.config.publicBaseUrl,
      snippetId: id,
      requested,
      allowedTargets: snippet?.targets ?? [],
      receiver,
    });
    if (!snippet) return { location, outcome: 'unknown-snippet' };
    const target = toTarget ? location : null;
    const went = recordedDestination({ ...snippet, target, button: query[BUTTON_PARAM] });
    const outcome = await this.store(() =>
      this.event('click', id.toLowerCase(), receiver, req, {
        target,
        destination: went?.kind ?? null,
        destinationLabel: went?.label ?? null,
        unfilledTag: receiver === null && unfilledTagIn(query.v),
      }),
    );
    return { location, outcome };
  }

  // POST /api/reports/updateduration, already checked (play-report.ts).
  async play(report: PlayReport, req: TrackingRequest): Promise<IngestOutcome> {
    return this.store(() =>
      this.event('play', report.snippetId, report.receiver, req, {
        durationSecs: report.durationSecs,
        reportedLengthSecs: report.reportedLengthSecs,
        playId: report.playId,
        unfilledTag: report.unfilledTag,
      }),
    );
  }
}

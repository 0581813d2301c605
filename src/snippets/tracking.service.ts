import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { receiverFromQuery } from './export/receiver.js';
import { SnippetsService } from './snippets.service.js';
import { clickDestination, snippetIdFromPixel } from './tracking-rules.js';

// Who made a tracking request, as the reports capability will store it.
export interface TrackingRequest {
  at: Date;
  ip: string | null;
  userAgent: string | null;
}

export interface OpenEvent extends TrackingRequest {
  snippetId: string;
  receiver: string | null;
}

export interface ClickEvent extends OpenEvent {
  // the http(s) target the recipient was sent to, or null when sent to the web view
  target: string | null;
}

// The open pixel and the click redirect. recordOpen and recordClick are where the reports
// capability stores engagement rows; until then they only log.
@Injectable()
export class TrackingService {
  private readonly logger = new Logger('Tracking');

  constructor(
    private readonly snippets: SnippetsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // The plug-in point for storing an open. Awaited before the pixel is answered.
  async recordOpen(event: OpenEvent): Promise<void> {
    this.logger.debug({ snippetId: event.snippetId, hasReceiver: event.receiver !== null }, 'open');
  }

  // The plug-in point for storing a click. Awaited before the redirect is answered.
  async recordClick(event: ClickEvent): Promise<void> {
    this.logger.debug({ snippetId: event.snippetId, hasReceiver: event.receiver !== null, toTarget: event.target !== null }, 'click');
  }

  // /t/o/<id>.gif?v=: records an open of an existing snippet. The pixel is answered whatever
  // happens, so a bad link never shows a broken image in someone's inbox.
  async open(pixel: string, query: Record<string, unknown>, req: TrackingRequest): Promise<void> {
    const snippetId = snippetIdFromPixel(pixel);
    if (!snippetId) return;
    try {
      if (!(await this.snippets.exists(snippetId))) return;
      await this.recordOpen({ ...req, snippetId, receiver: receiverFromQuery(query.v) });
    } catch (e) {
      this.logger.warn({ err: e, snippetId }, 'Recording an open failed');
    }
  }

  // /t/c/<id>?v=&u=: where the click goes (the snippet's own target, else its web view).
  async click(id: string, query: Record<string, unknown>, req: TrackingRequest): Promise<string> {
    const receiver = receiverFromQuery(query.v);
    const snippet = await this.snippets.clickTargetsOf(id);
    const { location, toTarget } = clickDestination({
      publicBaseUrl: this.config.publicBaseUrl,
      snippetId: id,
      requested: query.u,
      allowedTargets: snippet?.targets ?? [],
      receiver,
    });
    if (snippet) {
      // A click must always arrive somewhere: a failed write is logged, the redirect still happens.
      try {
        await this.recordClick({ ...req, snippetId: id.toLowerCase(), receiver, target: toTarget ? location : null });
      } catch (e) {
        this.logger.warn({ err: e, snippetId: id }, 'Recording a click failed');
      }
    }
    return location;
  }
}

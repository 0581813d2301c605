import { Injectable, Logger } from '@nestjs/common';

// An open, click or play once its batch is committed, as the ingest writer stored it.
export interface CommittedEngagement {
  snippetId: string;
  kind: string;
  occurredAt: Date;
  receiver?: string | null;
  countryCode?: string | null;
  countryName?: string | null;
  region?: string | null;
  city?: string | null;
  deviceType?: string | null;
  platform?: string | null;
  client?: string | null;
  target?: string | null;
  destination?: string | null;
  destinationLabel?: string | null;
  // Seconds watched (plays); a number, or its text as the driver may give a double.
  durationSecs?: number | string | null;
  // Machine traffic as classified when the batch was stored (floods and link-scanner bursts are
  // marked on the stored rows afterwards).
  machineReason?: string | null;
}

export type EngagementListener = (events: readonly CommittedEngagement[]) => void;

// Tells other modules (webhooks, later notifications) what the ingest committed, one call per
// batch, without the reports module knowing them. Listeners run synchronously on the ingest's
// path, so each must only hand the batch on (queue it) and return; a throwing listener is logged
// and never fails the batch.
@Injectable()
export class EngagementEvents {
  private readonly logger = new Logger('EngagementEvents');
  private readonly listeners: EngagementListener[] = [];

  on(listener: EngagementListener): void {
    this.listeners.push(listener);
  }

  committed(events: readonly CommittedEngagement[]): void {
    if (!events.length) return;
    for (const listener of this.listeners) {
      try {
        listener(events);
      } catch (e) {
        this.logger.error({ err: e }, 'A listener of committed engagement failed');
      }
    }
  }
}

import { Injectable } from '@nestjs/common';
import type { MachineReason } from './engagement-kinds.js';
import type { SqlExecutor } from './engagement-events.js';
import type { ClickWindow, EventWindow, FloodCandidate, NewEngagement, StoredClick, StoredWithOutbox } from './engagement-sql.js';
import type { NewVisit, StoredPlay } from './viewer-activity-sql.js';
import { EngagementRepository } from './engagement.repository.js';
import { ViewerActivityRepository, type MergedPlays } from './viewer-activity.repository.js';

// The engagement store's door for the modules above (the ingest's loader and checks, the
// tracking's play writer): every write of engagement, viewer_visit and video_play, and the
// windows the machine-traffic checks read. `exec`: the caller's transaction, else the pool.
@Injectable()
export class EngagementStore {
  constructor(
    private readonly engagements: EngagementRepository,
    private readonly viewerActivity: ViewerActivityRepository,
  ) {}

  insertBatch(rows: readonly NewEngagement[], outbox: readonly string[] = [], exec?: SqlExecutor): Promise<StoredWithOutbox | null> {
    return this.engagements.insertBatch(rows, outbox, exec);
  }

  markMachine(ids: readonly string[], reason: MachineReason): Promise<void> {
    return this.engagements.markMachine(ids, reason);
  }

  foldReportTotals(): Promise<number> {
    return this.engagements.foldReportTotals();
  }

  floodCandidates(windows: readonly EventWindow[]): Promise<FloodCandidate[]> {
    return this.engagements.floodCandidates(windows);
  }

  burstClicks(windows: readonly ClickWindow[], aroundMs: number): Promise<StoredClick[]> {
    return this.engagements.burstClicks(windows, aroundMs);
  }

  latestClicks(windows: readonly ClickWindow[], exec?: SqlExecutor): Promise<(string | null)[]> {
    return this.engagements.latestClicks(windows, exec);
  }

  insertVisits(rows: readonly NewVisit[], exec: SqlExecutor): Promise<void> {
    return this.viewerActivity.insertVisits(rows, exec);
  }

  mergePlays(
    playIds: readonly string[],
    merge: (stored: Map<string, StoredPlay>) => MergedPlays,
    prepare?: (exec: SqlExecutor) => Promise<void>,
  ): Promise<Map<string, string> | null> {
    return this.viewerActivity.mergePlays(playIds, merge, prepare);
  }
}

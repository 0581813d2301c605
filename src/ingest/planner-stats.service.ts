import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { statsRefreshDue } from './planner-stats.js';
import { PlannerStatsRepository, type IngestTable } from './planner-stats.repository.js';

// Keeps the planner's statistics of the ingest's tables in step with their growth
// (planner-stats.ts says why): the writers tell it what they committed; an analysis, when one is
// due, runs beside the writes (one a table at a time), never in a request's way. Best effort: a
// failure is logged and the next one is due after as many rows again.
@Injectable()
export class PlannerStats implements OnApplicationShutdown {
  private readonly logger = new Logger('Ingest');
  private readonly tables = new Map<IngestTable, { written: number; rows: number; running: Promise<void> | null }>();
  private closing = false;

  constructor(private readonly repo: PlannerStatsRepository) {}

  written(table: IngestTable, rows: number): void {
    let t = this.tables.get(table);
    if (!t) this.tables.set(table, (t = { written: 0, rows: 0, running: null }));
    t.written += rows;
    if (this.closing || t.running || !statsRefreshDue(t.written, t.rows)) return;
    const state = t;
    state.written = 0;
    state.running = this.repo
      .analyze(table)
      .then(
        (n) => {
          state.rows = n;
        },
        (e: unknown) => this.logger.warn({ err: e, table }, 'Refreshing the planner statistics failed; the next refresh comes after as many rows again'),
      )
      .finally(() => {
        state.running = null;
      });
  }

  // No analysis starts once the app is shutting down (the writers' last batches may still come,
  // with the connections about to close); those running are waited for.
  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.tables.values()].map((t) => t.running));
  }
}

// When the ingest refreshes the planner's statistics of a table it writes (pure; PlannerStats
// acts on it).
//
// PostgreSQL plans each statement of the ingest's triggers once per connection, from the table's
// statistics at that moment, and keeps the plan until the table is analyzed again. Autovacuum
// analyzes a table after it grew by 10%, but looks at most once a minute (autovacuum_naptime), so a
// burst on a young table (a first campaign: 70,000 opens in 8 s on the bench) ran on plans made for
// an empty one: the people probe of migration 0022 walked all of the EyeMail's events through
// its time index instead of the person's own through the receiver index, and the stored pixel
// fell from about 8,300 to 790 hits a second (61 ms of PostgreSQL CPU a 50-row batch instead of
// 3.6; bench/ingest.mjs). An analysis also drops those plans on every connection.
//
// So a writer analyzes the table itself each time this process has written as many rows as the
// table held at the last analysis (and at least STATS_REFRESH_MIN_ROWS): what the planner
// believes is never much below half the real size, and a table that already holds millions of
// rows is analyzed only after millions more.
export const STATS_REFRESH_MIN_ROWS = 1_000;

export function statsRefreshDue(writtenSince: number, rowsAtLastAnalysis: number): boolean {
  return writtenSince >= Math.max(STATS_REFRESH_MIN_ROWS, rowsAtLastAnalysis);
}

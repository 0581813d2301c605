import type { ColumnType, Generated } from 'kysely';

// The engagement module's tables as its repositories' Kysely client reads them: statements built
// with the query builder are checked against these columns and their types. Only the tables such
// a statement reads are listed; the group commit's, the plays' and the outbox's claim stay raw
// SQL (engagement-sql.ts, viewer-activity-sql.ts, engagement-outbox-sql.ts). A bigint id reads
// as text (the driver's default).
export interface EngagementTables {
  // migration 0025
  engagement_outbox: {
    id: Generated<string>;
    consumer: string;
    engagement_ids: string[] | null;
    events: unknown;
    created_at: ColumnType<Date, Date | string | undefined, never>;
  };
}

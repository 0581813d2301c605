import type { ColumnType, Generated } from 'kysely';

// The ingest's tables as its repositories' Kysely client reads them (migrations 0026, 0027):
// statements built with the query builder are checked against these columns and their types;
// the journal's hot and claiming statements stay raw SQL (ingest-journal.repository.ts). A bigint
// id reads as text (the driver's default); a timestamptz reads as a Date.
type NullableTime = ColumnType<Date | null, Date | string | null, Date | string | null>;

export interface IngestTables {
  ingest_journal: {
    id: Generated<string>;
    stream: 'engagement' | 'visit';
    // the batch's events, JSON bytes
    events: Buffer;
    event_count: number;
    written_at: Generated<Date>;
    failed_at: NullableTime;
    error: string | null;
    // snippet id (lower case) -> its events in the row; null in rows written before 0027
    snippet_counts: Record<string, number> | null;
  };
}

// Pure rules of the ingest's journal (migration 0026; the loader: ingest-loader.service.ts).
import { personKey } from './bursts.js';
import type { NewEngagement } from './ingest-sql.js';

// A journal row's events back from the JSON the writer stored (times as ISO text, every field
// present, null when empty).
export function journalEvents(json: string): NewEngagement[] {
  const rows = JSON.parse(json) as (Omit<NewEngagement, 'occurredAt'> & { occurredAt: string })[];
  return rows.map((r) => ({ ...r, occurredAt: new Date(r.occurredAt) }));
}

// The inserts a load makes, in order. A play is joined to its person's latest stored click
// (engagement-writer's rule), so when a load holds a play and a click of the same person on the
// same snippet, the clicks and opens go first and the plays after them, in the same transaction,
// where the plays' look-up sees the clicks just inserted. Otherwise one insert.
export function loadParts(rows: readonly NewEngagement[]): NewEngagement[][] {
  const clickers = new Set<string>();
  for (const r of rows) {
    const who = r.kind === 'click' ? personKey(r.receiver, r.ip) : null;
    if (who) clickers.add(`${r.snippetId} ${who}`);
  }
  const split = rows.some((r) => {
    const who = r.kind === 'play' ? personKey(r.receiver, r.ip) : null;
    return who !== null && clickers.has(`${r.snippetId} ${who}`);
  });
  if (!split) return [rows.slice()];
  return [rows.filter((r) => r.kind !== 'play'), rows.filter((r) => r.kind === 'play')].filter((p) => p.length);
}

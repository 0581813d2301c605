import type { CommittedEngagement } from './engagement-events.js';
import { eventsOfOutbox, type OutboxRow } from './engagement-outbox-sql.js';

const row = (id: string): CommittedEngagement & { id: string } => ({ id, snippetId: 's', kind: 'open', occurredAt: new Date(0), receiver: `r${id}@example.com` });

describe('what a swept outbox row replays', () => {
  it('is the rows it names, in its order, that are still stored', () => {
    const stored = new Map([row('3'), row('1'), row('2')].map((r) => [r.id, r]));
    const box: OutboxRow = { id: '9', consumer: 'webhooks', engagementIds: ['1', '2', '4', '3'], events: null };
    // Row 4's EyeMail was deleted meanwhile (its rows with it).
    expect(eventsOfOutbox(box, stored).map((e) => e.id)).toEqual(['1', '2', '3']);
  });

  it('is the events it holds when it names no rows (a play milestone), and nothing when it holds nothing usable', () => {
    const milestone = { snippetId: 's', kind: 'viewer-play', occurredAt: '2026-11-26T10:00:00.000Z', receiver: 'ann@example.com' } as unknown as CommittedEngagement;
    expect(eventsOfOutbox({ id: '1', consumer: 'notifications', engagementIds: null, events: [milestone] }, new Map())).toEqual([milestone]);
    expect(eventsOfOutbox({ id: '1', consumer: 'notifications', engagementIds: null, events: null }, new Map())).toEqual([]);
  });
});

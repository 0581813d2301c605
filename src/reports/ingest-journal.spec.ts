import { JOURNAL_FIELDS, journalEvents, loadParts, toJournalTuple } from './ingest-journal.js';
import type { NewEngagement } from './ingest-sql.js';

const row = (kind: NewEngagement['kind'], receiver: string | null, snippetId = 's1', ip: string | null = '81.2.69.142'): NewEngagement => ({
  snippetId,
  kind,
  occurredAt: new Date('2026-11-27T10:00:00Z'),
  receiver,
  ip,
  countryCode: null,
  countryName: null,
  region: null,
  city: null,
  deviceType: null,
  platform: null,
  client: null,
  userAgent: null,
  target: null,
  destination: null,
  destinationLabel: null,
  durationSecs: kind === 'play' ? 12 : null,
  videoDurationSecs: null,
  clickId: null,
  machineReason: null,
  playId: null,
});

describe('the ingest journal', () => {
  it('reads a batch back as the writer stored it, times as dates', () => {
    const events = [row('open', 'ann@example.com'), { ...row('click', null), target: 'https://example.com/', destination: 'button' as const, destinationLabel: 'Buy' }];
    const back = journalEvents(JSON.stringify(events.map(toJournalTuple)));
    expect(back).toEqual(events);
    expect(back[0].occurredAt).toBeInstanceOf(Date);
  });

  it('writes every field of a row, in the order it reads them', () => {
    const r = row('play', 'ann@example.com');
    const distinct = Object.fromEntries(JOURNAL_FIELDS.map((f, i) => [f, f === 'occurredAt' ? r.occurredAt : `v${i}`])) as unknown as NewEngagement;
    expect(toJournalTuple(distinct)).toEqual(JOURNAL_FIELDS.map((f, i) => (f === 'occurredAt' ? r.occurredAt : `v${i}`)));
    expect([...JOURNAL_FIELDS].sort()).toEqual(Object.keys(r).sort());
  });

  it('refuses a batch that is not JSON (the loader sets it aside)', () => {
    expect(() => journalEvents('[{"snippetId": "bro')).toThrow(SyntaxError);
  });

  it('loads a batch in one insert unless a play follows a click of the same person on the same EyeMail', () => {
    const opens = [row('open', 'ann@example.com'), row('play', 'bob@example.com'), row('click', 'cy@example.com')];
    expect(loadParts(opens)).toEqual([opens]);
    // The same person on another EyeMail, or by address against a receiver: still one insert.
    expect(loadParts([row('click', 'ann@example.com', 's2'), row('play', 'ann@example.com')])).toHaveLength(1);
    expect(loadParts([row('click', null), row('play', 'ann@example.com')])).toHaveLength(1);
  });

  it('inserts the clicks and opens first, then the plays, when a play may join a click of the same load', () => {
    const click = row('click', 'ann@example.com');
    const play = row('play', 'ann@example.com');
    const open = row('open', 'bob@example.com');
    expect(loadParts([play, click, open])).toEqual([[click, open], [play]]);
    // By address, when there is no receiver.
    const byIp = [row('play', null, 's1', '10.0.0.9'), row('click', null, 's1', '10.0.0.9')];
    expect(loadParts(byIp)).toEqual([[byIp[1]], [byIp[0]]]);
  });
});

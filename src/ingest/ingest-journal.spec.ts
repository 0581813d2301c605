import { FACT_FIELDS, ROW_FIELDS, journalEvents, journalVisits, loadParts, snippetCounts, toFactsTuple, toRowTuple, type EventFacts } from './ingest-journal.js';
import type { NewEngagement } from '../engagement/engagement-sql.js';

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

const facts = (over: Partial<EventFacts> = {}): EventFacts => ({
  snippetId: 's1',
  kind: 'open',
  occurredAt: new Date('2026-11-27T10:00:00Z'),
  receiver: 'ann@example.com',
  ip: '81.2.69.142',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
  method: 'GET',
  target: null,
  destination: null,
  destinationLabel: null,
  durationSecs: null,
  videoDurationSecs: null,
  playId: null,
  unfilledTag: false,
  ...over,
});

describe('the ingest journal', () => {
  it('reads a batch of facts back as rows to derive, with the method to derive them with, times as dates', () => {
    const click = facts({ kind: 'click', receiver: null, method: 'HEAD', target: 'https://example.com/', destination: 'button', destinationLabel: 'Buy', videoDurationSecs: 30 });
    const back = journalEvents(JSON.stringify([facts(), click].map(toFactsTuple)));
    expect(back.map((e) => e.method)).toEqual(['GET', 'HEAD']);
    const { method: _m, unfilledTag: _t, ...clickRow } = click;
    expect(back[1].row).toEqual({ ...row('click', null), ...clickRow });
    expect(back[0].row.occurredAt).toBeInstanceOf(Date);
    // Nothing derived is journaled: the derived fields are null until the loader fills them in.
    expect([back[0].row.countryCode, back[0].row.client, back[0].row.machineReason]).toEqual([null, null, null]);
  });

  it('reads a batch of the first format (whole rows, derived fields included) as it is', () => {
    const whole = { ...row('open', 'ann@example.com'), countryCode: 'GB', client: 'Outlook', machineReason: 'bot' as const };
    expect(journalEvents(JSON.stringify([toRowTuple(whole)]))).toEqual([{ row: whole, method: null, unfilledTag: false }]);
  });

  it('says which events came with an unfilled merge tag, and reads the facts of the version before (no such value) as none', () => {
    const tuples = [facts({ receiver: null, unfilledTag: true }), facts()].map(toFactsTuple);
    const back = journalEvents(JSON.stringify(tuples));
    expect(back.map((e) => e.unfilledTag)).toEqual([true, false]);
    expect('unfilledTag' in back[0].row).toBe(false);
    const before = journalEvents(JSON.stringify([tuples[0].slice(0, -1)]));
    expect(before[0]).toMatchObject({ method: 'GET', unfilledTag: false, row: { receiver: null, ip: '81.2.69.142' } });
  });

  it('writes every fact, in the order it reads them, and the two formats differ in length', () => {
    const f = facts();
    // (a time is written as milliseconds, the test flag as 1 or 0)
    const distinct = Object.fromEntries(FACT_FIELDS.map((k, i) => [k, k === 'occurredAt' ? f.occurredAt : k === 'unfilledTag' ? true : `v${i}`])) as unknown as EventFacts;
    expect(toFactsTuple(distinct)).toEqual(FACT_FIELDS.map((k, i) => (k === 'occurredAt' ? f.occurredAt.getTime() : k === 'unfilledTag' ? 1 : `v${i}`)));
    expect([...FACT_FIELDS].sort()).toEqual(Object.keys(f).sort());
    expect([...ROW_FIELDS].sort()).toEqual(Object.keys(row('open', null)).sort());
    expect(FACT_FIELDS.length).not.toBe(ROW_FIELDS.length);
  });

  it('refuses a batch that is not JSON, or an event of neither format (the loader sets it aside)', () => {
    expect(() => journalEvents('[{"snippetId": "bro')).toThrow(SyntaxError);
    expect(() => journalEvents('[["s1", "open"]]')).toThrow(/neither format/);
  });

  it("reads visits back: facts to derive, or whole rows of the first format", () => {
    const visit = { snippetId: 's1', occurredAt: new Date('2026-11-27T10:00:00Z'), page: 'live' as const, receiver: 'ann@example.com', ip: '81.2.69.142', userAgent: 'UA' };
    const [fromFacts, fromRow] = journalVisits(JSON.stringify([{ ...visit, method: 'HEAD' }, { ...visit, countryCode: 'GB', countryName: 'United Kingdom', region: null, city: null, deviceType: null, platform: null, client: 'Chrome', machineReason: null }]));
    expect(fromFacts).toEqual({ method: 'HEAD', unfilledTag: false, row: { ...visit, countryCode: null, countryName: null, region: null, city: null, deviceType: null, platform: null, client: null, machineReason: null } });
    expect(fromRow).toEqual({ method: null, unfilledTag: false, row: expect.objectContaining({ countryCode: 'GB', client: 'Chrome' }) });
    expect(fromRow.row.occurredAt).toBeInstanceOf(Date);
    // A test visit (v= an unfilled merge tag) says so, outside its row.
    const [test] = journalVisits(JSON.stringify([{ ...visit, receiver: null, method: 'GET', unfilledTag: true }]));
    expect(test.unfilledTag).toBe(true);
    expect('unfilledTag' in test.row).toBe(false);
  });

  it("counts a batch's events per snippet, tuples and visits alike", () => {
    const visit = { snippetId: 's2', occurredAt: new Date(), page: 'live' as const, receiver: null, ip: null, userAgent: null, method: 'GET' };
    expect(snippetCounts([toFactsTuple(facts()), toFactsTuple(facts({ snippetId: 's2' })), toFactsTuple(facts())])).toEqual({ s1: 2, s2: 1 });
    expect(snippetCounts([visit, visit])).toEqual({ s2: 2 });
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

import { addressFloods, capDecision, capFlood, capSummary, type CapState, type Sighting } from './notification-cap.js';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 9, 0, s));
const WINDOW = 600_000;

describe('capDecision', () => {
  it('mails up to the cap in a window, then caps until its end', () => {
    const state: CapState = { windowStart: null, mails: 0 };
    const decisions = [0, 1, 2, 3, 4].map((s) => capDecision(state, at(s), WINDOW, 3));
    expect(decisions.map((d) => d.action)).toEqual(['mail', 'mail', 'mail', 'capped', 'capped']);
    expect(decisions[3]).toEqual({ action: 'capped', digestAt: new Date(at(0).getTime() + WINDOW) });
    expect(state).toEqual({ windowStart: at(0), mails: 3 });
  });

  it('starts a new window once the last one has run', () => {
    const state: CapState = { windowStart: at(0), mails: 3 };
    expect(capDecision(state, new Date(at(0).getTime() + WINDOW - 1), WINDOW, 3).action).toBe('capped');
    expect(capDecision(state, new Date(at(0).getTime() + WINDOW), WINDOW, 3).action).toBe('mail');
    expect(state).toEqual({ windowStart: new Date(at(0).getTime() + WINDOW), mails: 1 });
  });
});

describe('capFlood', () => {
  it('caps an event of a flood until the window ends, taking none of its mails', () => {
    const state: CapState = { windowStart: null, mails: 0 };
    expect(capFlood(state, at(0), WINDOW)).toEqual({ action: 'capped', digestAt: new Date(at(0).getTime() + WINDOW) });
    expect(capDecision(state, at(1), WINDOW, 1).action).toBe('mail');
    expect(capFlood(state, at(2), WINDOW)).toEqual({ action: 'capped', digestAt: new Date(at(0).getTime() + WINDOW) });
  });
});

describe('addressFloods', () => {
  const open = (receiver: string, s: number, ip = '203.0.113.9', snippetId = 'S') => ({ snippetId, ip, receiver, kind: 'open', at: at(0).getTime() + s * 1000 });

  it('counts new recipients from one address as one sender: past 4 in a second they are a flood', () => {
    const batch = Array.from({ length: 40 }, (_, i) => open(`r${i}@example.com`, i * 0.02));
    const floods = addressFloods(batch, []);
    expect(floods.size).toBe(36);
    expect([0, 1, 2, 3].some((i) => floods.has(i))).toBe(false);
  });

  it('reads the recipients of earlier fan-outs, and does not count a recipient twice', () => {
    const seen: Sighting[] = [0, 1, 2, 3].map((i) => open(`r${i}@example.com`, i * 0.1));
    // r0 again (not new), then two new ones in the same second.
    const batch = [open('r0@example.com', 0.5), open('r4@example.com', 0.6), open('r5@example.com', 0.7)];
    expect([...addressFloods(batch, seen)]).toEqual([1, 2]);
    // A recipient whose first sighting was a flood stays one.
    const later = addressFloods([open('r5@example.com', 30)], [...seen, open('r4@example.com', 0.6), open('r5@example.com', 0.7)]);
    expect([...later]).toEqual([0]);
  });

  it('leaves people alone: other addresses, other EyeMails, events without an address, a pace a person keeps', () => {
    const batch = [
      ...Array.from({ length: 6 }, (_, i) => open(`a${i}@example.com`, i * 0.05, `198.51.100.${i}`)),
      ...Array.from({ length: 4 }, (_, i) => open(`b${i}@example.com`, 0.1, '203.0.113.9', 'S')),
      ...Array.from({ length: 4 }, (_, i) => open(`c${i}@example.com`, 0.1, '203.0.113.9', 'T')),
      { snippetId: 'S', receiver: 'd@example.com', kind: 'open', at: at(0).getTime() },
      // One new recipient every 5 s from an office's address: 12 in a minute.
      ...Array.from({ length: 12 }, (_, i) => open(`e${i}@example.com`, 2 + i * 5, '192.0.2.1')),
    ];
    expect(addressFloods(batch, []).size).toBe(0);
  });
});

describe('capSummary', () => {
  it('counts people per event, each once', () => {
    const events = [
      ...Array.from({ length: 37 }, (_, i) => ({ receiver: `r${i}`, kind: 'open' })),
      { receiver: 'r0', kind: 'open' },
      { receiver: 'r1', kind: 'click' },
    ];
    expect(capSummary(events)).toEqual({ lines: ['37 more people opened', '1 more person clicked'], people: 37 });
  });
});

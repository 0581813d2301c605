import { burstMembers, clickOfPlay, personKey, type ClickPoint } from './bursts.js';

const S = 'snippet-a';
const at = (secs: number) => 1_700_000_000_000 + secs * 1000;
const click = (ref: string, secs: number, who = 'r:ann', snippetId = S): ClickPoint => ({ ref, snippetId, who, at: at(secs) });

describe('personKey', () => {
  it('is the receiver, else the address, else nobody', () => {
    expect(personKey('ann@example.com', '1.2.3.4')).toBe('r:ann@example.com');
    expect(personKey(null, '1.2.3.4')).toBe('ip:1.2.3.4');
    expect(personKey(null, null)).toBeNull();
  });
});

describe('link-scanner bursts', () => {
  it('two clicks within 2 s are a burst, both of them', () => {
    expect(burstMembers([click('a', 0), click('b', 1.9)])).toEqual(new Set(['a', 'b']));
    expect(burstMembers([click('a', 0), click('b', 2)])).toEqual(new Set(['a', 'b']));
  });

  it('two clicks 2.5 s apart are a person', () => {
    expect(burstMembers([click('a', 0), click('b', 2.5)]).size).toBe(0);
  });

  it('three within 10 s are a burst, the earlier ones too', () => {
    expect(burstMembers([click('a', 0), click('b', 4), click('c', 9)])).toEqual(new Set(['a', 'b', 'c']));
    expect(burstMembers([click('a', 0), click('b', 4), click('c', 10.5)]).size).toBe(0);
  });

  it('only within one person and one snippet', () => {
    expect(burstMembers([click('a', 0, 'r:ann'), click('b', 0.5, 'r:bob')]).size).toBe(0);
    expect(burstMembers([click('a', 0, 'r:ann', 's1'), click('b', 0.5, 'r:ann', 's2')]).size).toBe(0);
  });

  it('in any order, leaving out clicks outside the burst', () => {
    const found = burstMembers([click('late', 30), click('b', 1), click('early', -20), click('a', 0)]);
    expect(found).toEqual(new Set(['a', 'b']));
  });
});

describe('the click of a play', () => {
  const clicks = [
    { id: '1', snippetId: S, who: 'r:ann', at: at(-40 * 60) },
    { id: '2', snippetId: S, who: 'r:ann', at: at(-10 * 60) },
    { id: '3', snippetId: S, who: 'r:ann', at: at(-5 * 60) },
    { id: '4', snippetId: S, who: 'r:bob', at: at(-60) },
    { id: '5', snippetId: S, who: 'r:ann', at: at(60) },
  ];

  it("is the person's latest click on the snippet within 30 minutes before", () => {
    expect(clickOfPlay({ snippetId: S, who: 'r:ann', at: at(0) }, clicks)?.id).toBe('3');
  });

  it('is none when the last click is older than 30 minutes', () => {
    expect(clickOfPlay({ snippetId: S, who: 'r:ann', at: at(-50 * 60) }, clicks)).toBeNull();
    expect(clickOfPlay({ snippetId: 'other', who: 'r:ann', at: at(0) }, clicks)).toBeNull();
  });
});

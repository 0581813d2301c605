// Rules that look at other clicks of the same person on the same snippet, pure: the link-scanner
// burst and the click a play belongs to.

// Who clicked, for these rules: the receiver, else the address when there is no receiver.
export function personKey(receiver: string | null | undefined, ip: string | null | undefined): string | null {
  if (receiver) return `r:${receiver}`;
  if (ip) return `ip:${ip}`;
  return null;
}

export interface ClickPoint {
  // 'db:<id>' for a stored click, 'new:<n>' for one of the batch being written
  ref: string;
  snippetId: string;
  who: string;
  at: number; // epoch milliseconds
}

// Security scanners open every link of a message within seconds: two clicks by one person on
// one snippet within 2 s, or three within 10 s, are a scanner's. Every click of such a burst is
// returned, earlier ones too.
export const BURST_RULES = [
  { count: 2, windowMs: 2_000 },
  { count: 3, windowMs: 10_000 },
] as const;

export function burstMembers(clicks: readonly ClickPoint[]): Set<string> {
  const members = new Set<string>();
  const groups = new Map<string, ClickPoint[]>();
  for (const c of clicks) {
    const key = `${c.snippetId} ${c.who}`;
    const g = groups.get(key);
    if (g) g.push(c);
    else groups.set(key, [c]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => a.at - b.at);
    for (const rule of BURST_RULES) {
      let first = 0;
      for (let i = 0; i < group.length; i++) {
        while (group[i].at - group[first].at > rule.windowMs) first++;
        if (i - first + 1 >= rule.count) for (let j = first; j <= i; j++) members.add(group[j].ref);
      }
    }
  }
  return members;
}

// A play belongs to the same person's latest click on the snippet within 30 minutes before it
// (the click that opened the web view): LATEST_CLICK_*_SQL in ingest-sql.ts.
export const PLAY_CLICK_WINDOW_MS = 30 * 60_000;

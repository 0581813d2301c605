// The logs of the public hits (the open pixel, the click redirect, the viewer page, the media and
// the viewer's play reports: request-log.ts). A line per
// hit through the request logger costs more than the hit itself at campaign volumes, so these
// routes skip it: each hit is counted, and one line a person can read sums up the last interval
// (which routes, how many, what happened to them, the slowest). With LOG_LEVEL=debug every hit
// also gets its own short line. Errors are logged where they happen, as before.

export type HitRoute = 'open' | 'click' | 'viewer' | 'media' | 'play';

const ROUTE_NAMES: Record<HitRoute, [string, string]> = {
  open: ['open', 'opens'],
  click: ['click', 'clicks'],
  viewer: ['viewer page', 'viewer pages'],
  media: ['media file', 'media files'],
  play: ['play report', 'play reports'],
};
const ROUTES = Object.keys(ROUTE_NAMES) as HitRoute[];

// Every this many seconds (and at shutdown): one line, only when something arrived.
export const HIT_SUMMARY_SECS = 60;

export interface HitTally {
  // route -> outcome -> count, in the order first seen
  counts: Map<HitRoute, Map<string, number>>;
  slowestMs: number;
}

// Pure: the summary line of one interval, or null when nothing arrived.
export function hitSummary(tally: HitTally, seconds: number): string | null {
  const parts: string[] = [];
  for (const route of ROUTES) {
    const outcomes = tally.counts.get(route);
    if (!outcomes) continue;
    const total = [...outcomes.values()].reduce((a, b) => a + b, 0);
    const detail = [...outcomes].map(([outcome, n]) => `${n.toLocaleString('en-US')} ${outcome}`).join(', ');
    parts.push(`${total.toLocaleString('en-US')} ${ROUTE_NAMES[route][total === 1 ? 0 : 1]} (${detail})`);
  }
  if (!parts.length) return null;
  return `Public hits in the last ${seconds} s: ${parts.join('; ')}; slowest answered in ${tally.slowestMs.toFixed(1)} ms`;
}

export interface HitLogSink {
  log(line: string): void;
  debug?(line: string): void;
}

export class HitLog {
  private tally: HitTally = { counts: new Map(), slowestMs: 0 };
  private readonly timer: NodeJS.Timeout;
  private since = Date.now();

  constructor(
    private readonly sink: HitLogSink,
    private readonly intervalSecs = HIT_SUMMARY_SECS,
  ) {
    this.timer = setInterval(() => this.flush(), intervalSecs * 1000);
    this.timer.unref();
  }

  // One answered hit: its route, what became of it ('stored', 'unknown snippet', 'shown', ...),
  // when it started (performance.now()), and for the debug line its method and path.
  hit(route: HitRoute, outcome: string, startedAt: number, method: string, path: string, status: number): void {
    const ms = performance.now() - startedAt;
    let outcomes = this.tally.counts.get(route);
    if (!outcomes) this.tally.counts.set(route, (outcomes = new Map()));
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    if (ms > this.tally.slowestMs) this.tally.slowestMs = ms;
    // The path without its query string: the recipient's address never reaches the logs.
    this.sink.debug?.(`${method} ${path} ${status} ${ROUTE_NAMES[route][0]} ${outcome} in ${ms.toFixed(1)} ms`);
  }

  flush(): void {
    // The interval, or less when flushed early (on shutdown).
    const now = Date.now();
    const line = hitSummary(this.tally, Math.max(1, Math.round((now - this.since) / 1000)));
    this.since = now;
    this.tally = { counts: new Map(), slowestMs: 0 };
    if (line) this.sink.log(line);
  }

  stop(): void {
    clearInterval(this.timer);
    this.flush();
  }

  // Nest's shutdown (app.close()): the last summary.
  onApplicationShutdown(): void {
    this.stop();
  }
}

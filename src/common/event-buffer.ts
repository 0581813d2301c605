// Committed engagement handed on off the ingest's path (webhooks, notifications): the listener
// picks what it wants from each committed batch into this buffer (synchronously, no query), and
// whatever was picked is sent on together at most every `flushMs` (or as soon as `flushMax` are
// waiting), as one job: a job per committed batch cost more than the deliveries themselves under a
// campaign's load (bench/webhooks.mjs). A failed send is reported and not retried (the caller's
// queue is the durable part).

export interface EventBufferOptions<T> {
  flushMs: number;
  flushMax: number;
  // Queues one job for these events.
  send: (events: T[]) => Promise<unknown>;
  // Called when `send` failed, with how many events it carried.
  onSendError: (e: unknown, events: number) => void;
}

export class EventBuffer<T> {
  private buffered: T[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: EventBufferOptions<T>) {}

  get size(): number {
    return this.buffered.length;
  }

  // Picks from `batch` (pick answers null to leave one out) and schedules the send.
  add<E>(batch: readonly E[], pick: (e: E) => T | null): void {
    for (const e of batch) {
      const t = pick(e);
      if (t !== null) this.buffered.push(t);
    }
    if (this.buffered.length >= this.opts.flushMax) void this.flush();
    else if (this.buffered.length && !this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.opts.flushMs);
      this.timer.unref();
    }
  }

  // Sends what is buffered now (shutdown, or the timer).
  async flush(): Promise<void> {
    this.stop();
    const events = this.buffered;
    if (!events.length) return;
    this.buffered = [];
    try {
      await this.opts.send(events);
    } catch (e) {
      this.opts.onSendError(e, events.length);
    }
  }

  // Forgets the timer (what is buffered stays until the next flush).
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

// Group commit: one writer; whatever is submitted while it writes goes together in its next
// write. No timer: an idle writer starts at once (after the current I/O callbacks, so requests
// that arrived together share a write), a busy one picks everything up when it finishes.
// Each submitter waits for the outcome of the write that carried its item.

interface Pending<T, R> {
  item: T;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

export class GroupCommit<T, R> {
  private queue: Pending<T, R>[] = [];
  private running = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    // Writes a batch and answers one outcome per item, in order.
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 5000,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  get pending(): number {
    return this.queue.length;
  }

  // Resolves once everything submitted so far is written (for shutdown).
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const outcomes = await this.write(batch.map((p) => p.item));
          batch.forEach((p, i) => p.resolve(outcomes[i]));
        } catch (e) {
          batch.forEach((p) => p.reject(e));
        }
      }
    } finally {
      this.running = false;
      this.idleWaiters.splice(0).forEach((w) => w());
    }
  }
}

// The embedded database's one PostgreSQL session, shared by every pooled connection of the app.
//
// PGlite runs a single backend; its socket server (pglite-socket 0.2.x) feeds it the frontend
// messages of all connections through one queue. That queue only keeps a connection's messages
// together while a transaction is open, and an extended-protocol query (Parse, Bind, Describe,
// Execute, then Sync) is no transaction: two connections querying at once had their messages
// interleaved, so one bound the other's unnamed statement ("unnamed prepared statement does not
// exist", or worse, the wrong statement) and a batch of tracked events was lost. A failing message
// also left the queue stopped for good, hanging every later query. Both are open upstream.
//
// This queue replaces it: once a connection's message has run, the session stays that
// connection's until the backend says ReadyForQuery with no transaction open (its answer ends with
// 'Z' and status 'I'), so a whole query, a whole transaction or a whole COPY runs uninterrupted;
// a message that fails is answered with its error and the queue goes on.

export interface SessionEngine {
  isInTransaction(): boolean;
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolRawStream(message: Uint8Array, opts: { onRawData: (data: Uint8Array) => void }): Promise<void>;
  exec(sql: string): Promise<unknown>;
}

interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (e: unknown) => void;
}

const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I': no transaction block

// Whether a backend answer ends with ReadyForQuery and no transaction open. `tail` holds the last
// bytes of the answer (ReadyForQuery is 6 bytes: 'Z', length 5, status).
export function endsIdle(tail: Uint8Array): boolean {
  const n = tail.length;
  if (n < 6) return false;
  return tail[n - 6] === READY_FOR_QUERY && tail[n - 5] === 0 && tail[n - 4] === 0 && tail[n - 3] === 0 && tail[n - 2] === 5 && tail[n - 1] === IDLE;
}

// The last `keep` bytes of `prev` followed by `next`.
export function keepTail(prev: Uint8Array, next: Uint8Array, keep = 6): Uint8Array {
  if (next.length >= keep) return next.slice(next.length - keep);
  const joined = new Uint8Array(Math.min(keep, prev.length + next.length));
  const fromPrev = joined.length - next.length;
  joined.set(prev.slice(prev.length - fromPrev), 0);
  joined.set(next, fromPrev);
  return joined;
}

export class SessionQueue {
  private queue: Pending[] = [];
  private processing = false;
  // The connection the session belongs to until its query or transaction is over.
  private owner: number | null = null;

  constructor(private readonly db: SessionEngine) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.processQueue();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  private next(): Pending | undefined {
    if (this.owner === null) return this.queue.shift();
    const i = this.queue.findIndex((p) => p.handlerId === this.owner);
    return i === -1 ? undefined : this.queue.splice(i, 1)[0];
  }

  async processQueue(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        let bytes = 0;
        let tail: Uint8Array = new Uint8Array(0);
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                tail = keepTail(tail, data);
                item.onData(data);
              },
            }),
          );
        } catch (e) {
          // The connection hears of it (and is closed by its handler); the others go on.
          this.owner = this.db.isInTransaction() ? item.handlerId : null;
          item.reject(e);
          continue;
        }
        this.owner = endsIdle(tail) && !this.db.isInTransaction() ? null : item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }

  // A connection closed: its waiting messages are dropped, and the session is freed.
  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((p) => {
      if (p.handlerId !== handlerId) return true;
      p.reject(new Error('Handler disconnected'));
      return false;
    });
    if (this.owner === handlerId && !this.db.isInTransaction()) {
      this.owner = null;
      void this.processQueue();
    }
  }

  // A connection closed inside a transaction: rolled back, so the next connection starts clean.
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = null;
    await this.processQueue();
  }
}

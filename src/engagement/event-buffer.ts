// Committed engagement handed on off the ingest's path (webhooks, notifications): the listener
// picks what it wants from each committed batch into this buffer (synchronously, no query), and
// whatever was picked is sent on together at most every `flushMs` (or as soon as `flushMax` are
// waiting), as one job: a job per committed batch cost more than the deliveries themselves under a
// campaign's load (bench/webhooks.mjs). Each batch comes with its outbox row (engagement-outbox.ts),
// removed (`settle`) once the job carrying its events is queued. A failed send is reported and not
// retried here: the outbox rows stay, and the outbox's sweeper queues their events later.

export interface EventBufferOptions<T> {
  flushMs: number;
  flushMax: number;
  // Queues one job for these events.
  send: (events: T[]) => Promise<unknown>;
  // Called when `send` failed, with how many events it carried.
  onSendError: (e: unknown, events: number) => void;
  // Once `send` succeeded: the outbox rows of the batches it carried (none: nothing to do).
  settle?: (refs: string[]) => Promise<unknown>;
}

export class EventBuffer<T> {
  private buffered: T[] = [];
  private refs: string[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: EventBufferOptions<T>) {}

  get size(): number {
    return this.buffered.length;
  }

  // Picks from `batch` (pick answers null to leave one out) and schedules the send; `ref`: the
  // batch's outbox row, settled with the send that carries its events.
  add<E>(batch: readonly E[], pick: (e: E) => T | null, ref?: string): void {
    for (const e of batch) {
      const t = pick(e);
      if (t !== null) this.buffered.push(t);
    }
    if (ref !== undefined) this.refs.push(ref);
    if (this.buffered.length >= this.opts.flushMax) void this.flush();
    else if ((this.buffered.length || this.refs.length) && !this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.opts.flushMs);
      this.timer.unref();
    }
  }

  // Sends what is buffered now (shutdown, or the timer).
  async flush(): Promise<void> {
    this.stop();
    const events = this.buffered;
    const refs = this.refs;
    if (!events.length && !refs.length) return;
    this.buffered = [];
    this.refs = [];
    try {
      if (events.length) await this.opts.send(events);
    } catch (e) {
      this.opts.onSendError(e, events.length);
      return;
    }
    if (refs.length && this.opts.settle) {
      try {
        await this.opts.settle(refs);
      } catch (e) {
        // The rows stay: the sweeper queues their events again (at least once).
        this.opts.onSendError(e, 0);
      }
    }
  }

  // Forgets the timer (what is buffered stays until the next flush).
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

// A fan-out job's events, packed (what the job row stores): each distinct value once, and each
// event as the index of its value per field, in `fields`' order, each list one string (`values`:
// the values, escaped, a line each; `rows`: an event per ";", base-36 indexes per ",", empty for
// null). A campaign's events share their EyeMail, kind, place and device, and PostgreSQL parses a
// few long strings much faster than thousands of objects: under load these job rows were most of
// what webhooks and notifications cost the ingest (PostgreSQL parsing, compressing and logging
// them, the app escaping them into the statement), 14 µs an open as objects, 4 µs packed.
export interface PackedEvents {
  fields: string[];
  count: number;
  values: string;
  rows: string;
}

const escapeValue = (v: string) => (/[\\\n]/.test(v) ? v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n') : v);
const unescapeValue = (v: string) => (v.includes('\\') ? v.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c)) : v);

export function packEvents<T extends object>(events: readonly T[], fields: readonly (keyof T & string)[]): PackedEvents {
  const index = new Map<string, string>();
  const values: string[] = [];
  const rows = events.map((e) =>
    fields
      .map((f) => {
        const v = e[f] as unknown;
        if (v === null || v === undefined) return '';
        const s = String(v);
        let i = index.get(s);
        if (i === undefined) {
          i = values.length.toString(36);
          values.push(escapeValue(s));
          index.set(s, i);
        }
        return i;
      })
      .join(','),
  );
  return { fields: [...fields], count: events.length, values: values.join('\n'), rows: rows.join(';') };
}

// The events back (fields absent from the packing are null); a list of objects (a job queued by
// an older version) is returned as it is.
export function unpackEvents<T>(data: PackedEvents | readonly T[] | null | undefined): T[] {
  if (!data) return [];
  if (Array.isArray(data)) return [...(data as readonly T[])];
  const { fields, count, values, rows } = data as PackedEvents;
  if (!Array.isArray(fields) || typeof values !== 'string' || typeof rows !== 'string' || !count) return [];
  const list = values.split('\n').map(unescapeValue);
  return rows.split(';').map((r) => {
    const at = r.split(',');
    return Object.fromEntries(fields.map((f, i) => [f, at[i] ? (list[parseInt(at[i], 36)] ?? null) : null])) as T;
  });
}

// A bounded cache of recently used entries that never deletes one by one: two generations of at
// most max/2 entries; when the current one is full it becomes the previous one and the older is
// dropped whole; an entry found in the previous generation moves to the current one. A hit in the
// current generation writes nothing. Why: a Map kept in least-recently-used order (delete, then set
// again, on every hit) or trimmed oldest-first leaves a hole per delete, and V8 rebuilds the table
// every so often; under the pixel load that churn was most of what the heap promoted to its old
// generation (bench/ingest.mjs, sampled with the heap profiler), so the heap grew with the request
// rate. Holds at most `max` entries (an entry in both generations counts twice).
export class RecentCache<K, V> {
  private current = new Map<K, V>();
  private previous = new Map<K, V>();
  private readonly half: number;

  constructor(max: number) {
    this.half = Math.max(1, Math.ceil(max / 2));
  }

  get(key: K): V | undefined {
    const hit = this.current.get(key);
    if (hit !== undefined) return hit;
    const older = this.previous.get(key);
    if (older !== undefined) this.add(key, older);
    return older;
  }

  set(key: K, value: V): void {
    if (this.current.has(key)) this.current.set(key, value);
    else this.add(key, value);
  }

  get size(): number {
    return this.current.size + this.previous.size;
  }

  private add(key: K, value: V): void {
    if (this.current.size >= this.half) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
  }
}

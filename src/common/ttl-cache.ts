// A bounded cache whose entries live `ttlMs` at most: for values read on every public hit (a
// snippet's click targets, its rendered viewer page) that another process may change. This
// process clears it when it sees a change itself (clear()); a change made elsewhere (another
// instance, a direct SQL update) shows once the entry expires. Past `max` entries the oldest
// inserted goes first. The clock is injectable for tests.
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  // Bumped by clear(): a load that started before a clear does not store its (stale) result.
  private generation = 0;
  // The loads under way: many hits asking for one expired entry at once share one load (a
  // campaign's opens all ask for the same EyeMail the moment its entry expires).
  private readonly loading = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until > this.now()) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V): void {
    if (!this.entries.has(key) && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
  }

  // The cached value, else `load`'s, stored unless the cache was cleared while it loaded.
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const loaded = load().then((value) => {
      if (generation === this.generation) this.set(key, value);
      return value;
    });
    this.loading.set(key, loaded);
    const forget = () => {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    };
    loaded.then(forget, forget);
    return loaded;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    // a load started before the change is not shared with those asking after it
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

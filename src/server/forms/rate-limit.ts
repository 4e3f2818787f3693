/**
 * Submissions per key (form + visitor address) over a sliding window: at
 * most `limit` in any `windowMs`. In memory, per process (each instance of
 * a multi-instance deployment keeps its own count), bounded in size: past
 * `maxKeys` keys, those with no submission left in the window go first,
 * then the least recently used.
 */
export class WindowRateLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(opts: { limit: number; windowMs: number; maxKeys?: number; now?: () => number }) {
    this.limit = opts.limit;
    this.windowMs = opts.windowMs;
    this.maxKeys = opts.maxKeys ?? 50_000;
    this.now = opts.now ?? Date.now;
  }

  /**
   * Counts one submission for `key`. Returns 0 when allowed, else the
   * seconds until the oldest counted submission leaves the window (for
   * Retry-After); a refused submission is not counted. A limit of 0 or
   * less disables limiting.
   */
  take(key: string): number {
    if (this.limit <= 0) return 0;
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.delete(key);
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
    }
    recent.push(now);
    this.hits.delete(key);
    this.hits.set(key, recent);
    this.prune(now);
    return 0;
  }

  private prune(now: number): void {
    if (this.hits.size <= this.maxKeys) return;
    for (const [k, times] of this.hits) {
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(k);
    }
    for (const k of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys) break;
      this.hits.delete(k);
    }
  }

  get size(): number {
    return this.hits.size;
  }
}

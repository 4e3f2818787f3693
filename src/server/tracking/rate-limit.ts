/**
 * A per-address token bucket: `perMinute` events a minute on average, with
 * bursts up to `perMinute`. In memory, per process (each instance of a
 * multi-instance deployment keeps its own count), bounded in size: when
 * `maxKeys` addresses are tracked, buckets that have refilled are dropped,
 * then the oldest ones.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMinute: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(opts: { perMinute: number; maxKeys?: number; now?: () => number }) {
    this.perMinute = opts.perMinute;
    this.maxKeys = opts.maxKeys ?? 50_000;
    this.now = opts.now ?? Date.now;
  }

  /**
   * Takes `cost` tokens for `key`. Returns 0 when allowed, else the seconds
   * to wait before the same request would be allowed (for Retry-After).
   * A limit of 0 or less disables limiting.
   */
  take(key: string, cost = 1): number {
    if (this.perMinute <= 0) return 0;
    const now = this.now();
    const perMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * perMs) : this.perMinute;
    if (tokens < cost) {
      this.store(key, tokens, now);
      return Math.max(1, Math.ceil((Math.min(cost, this.perMinute) - tokens) / perMs / 1000));
    }
    this.store(key, tokens - cost, now);
    return 0;
  }

  private store(key: string, tokens: number, at: number): void {
    this.buckets.delete(key);
    this.buckets.set(key, { tokens, at });
    if (this.buckets.size <= this.maxKeys) return;
    const perMs = this.perMinute / 60_000;
    for (const [k, b] of this.buckets) {
      if (b.tokens + (at - b.at) * perMs >= this.perMinute) this.buckets.delete(k);
    }
    // Still full: forget the least recently seen addresses.
    for (const k of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys) break;
      this.buckets.delete(k);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
}

/**
 * The CDN purge adapter (ADR 010: "a JSON POST of changed URLs by
 * default"). When CDN_PURGE_URL is set, every change the freshness loop
 * applies is POSTed there once its pages are re-rendered:
 *
 *   POST CDN_PURGE_URL
 *   Content-Type: application/json
 *   Authorization: Bearer CDN_PURGE_TOKEN        (only when set)
 *   { "urls": ["https://www.2m.ma/ar", …], "reason": "publish", "at": "2026-11-25T16:00:00.000Z" }
 *
 * URLs are absolute, from SITE_URL. Any 2xx is success; a network error, a
 * timeout or another status is retried with exponential backoff (1 s, 2 s,
 * 4 s… up to RETRIES attempts), then given up and logged. Purges never
 * block the re-render: `enqueue` returns at once.
 */

import { silentLog, type Log } from '../log.ts';

export interface PurgeBody {
  urls: string[];
  reason: string;
  at: string;
}

export interface CdnPurgerOptions {
  url: string;
  token?: string | undefined;
  /** Attempts in all (default 6: the last one some 30 s after the first). */
  attempts?: number;
  /** First retry delay; doubles each time (default 1000 ms). */
  backoffMs?: number;
  timeoutMs?: number;
  /** Where failures are logged (default: nowhere). */
  log?: Log;
}

export class CdnPurger {
  private readonly pending = new Set<Promise<void>>();

  private readonly opts: CdnPurgerOptions;

  constructor(opts: CdnPurgerOptions) {
    this.opts = opts;
  }

  /** Sends the purge in the background (retried on failure). */
  enqueue(urls: string[], reason: string): void {
    if (urls.length === 0) return;
    const body: PurgeBody = { urls: [...new Set(urls)], reason, at: new Date().toISOString() };
    const p = this.send(body).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves once every purge sent so far succeeded or was given up (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async send(body: PurgeBody): Promise<void> {
    const attempts = this.opts.attempts ?? 6;
    const log = this.opts.log ?? silentLog;
    let delay = this.opts.backoffMs ?? 1000;
    for (let attempt = 1; ; attempt++) {
      let why: string;
      try {
        const res = await fetch(this.opts.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(this.opts.token ? { authorization: `Bearer ${this.opts.token}` } : {}),
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
        });
        await res.body?.cancel();
        if (res.ok) return;
        why = `status ${res.status}`;
      } catch (err) {
        why = (err as Error).message;
      }
      if (attempt >= attempts) {
        log.error(`CDN purge of ${body.urls.length} URL(s) given up after ${attempt} attempts: ${why}`);
        return;
      }
      log.warn(`CDN purge failed (${why}), retrying in ${delay} ms`);
      await new Promise((r) => setTimeout(r, delay).unref());
      delay *= 2;
    }
  }
}

/**
 * Batched, durable-enough writes of tracking events: plays into
 * `play_events`, clicks into `click_events` (event_id + the validated event
 * as JSON), both in the same batches and the same transaction.
 *
 * The endpoint answers at once and queues; the queue writes everything
 * pending in ONE transaction, `flushDelayMs` (250 ms) after the first event
 * of a batch or as soon as `flushAt` (100) events wait, whichever comes
 * first. A failed write keeps the events (up to `maxPending`, the oldest
 * dropped beyond it, with a log line) and retries with a growing delay.
 * `flush()` (and `flushTracking()` for the process-wide queue) writes what
 * is pending now: the server calls it on shutdown (SIGTERM), so a clean stop
 * loses nothing; a crash loses at most the last quarter second (what waits
 * for its batch), or, while the store refuses writes, what waits for the
 * retry. Clicks and plays share these rules: nothing is acknowledged as
 * written before it is, and a batch that failed goes back to the head of the
 * queue, in order. (A disk journal would cover the crash window too; with
 * the store itself a local file, its failure usually means the disk's, so
 * the queue stays in memory.)
 *
 * View counters (how plays reach the "most viewed" lists): in the same
 * transaction as the events, each play of a catalogue item or an article
 * adds one to that item's `view_count` (content_type → table below), so
 * `view_count` = the baseline the store was seeded or imported with + the
 * plays recorded since. A visitor who replays the same item within
 * `dedupeWindowMs` (30 min) still gets the event stored, but counts once
 * (the same rule a reload or a seek-back would need). Live plays count
 * nothing (the live channel has no row).
 */
import type { DB } from '../db/index.ts';
import type { NewRow } from '../db/schema.ts';
import type { ClickEvent, PlayContentType, PlayEvent, TrackingEvent } from './schema.ts';

/** content_type → the table whose `view_count` a play adds to. */
export const VIEW_COUNTER_TABLES = {
  article: 'articles',
  episode: 'episodes',
  jt: 'jt_bulletins',
  by2m: 'web_videos',
  starlight: 'starlight_videos',
} as const satisfies Partial<Record<PlayContentType, string>>;

type CounterTable = (typeof VIEW_COUNTER_TABLES)[keyof typeof VIEW_COUNTER_TABLES];

type Pending =
  | {
      kind: 'play';
      row: NewRow<'play_events'>;
      /** The view counter this play adds one to, if it counts. */
      counter: { table: CounterTable; id: number } | null;
    }
  | { kind: 'click'; row: NewRow<'click_events'> };

export interface TrackingQueueOptions {
  db: () => Promise<DB>;
  flushDelayMs?: number;
  flushAt?: number;
  maxPending?: number;
  dedupeWindowMs?: number;
  /** Remembered (visitor, item) pairs for the dedupe rule. */
  dedupeMaxKeys?: number;
  now?: () => number;
  log?: Pick<Console, 'error' | 'warn'>;
}

export function toPlayRow(e: PlayEvent): NewRow<'play_events'> {
  return {
    connexion_mode: e.connexionMode,
    content_id: e.contentId,
    video_file_url: e.videoFileURL,
    content_type: e.contentType,
    event_id: e.eventId,
    click_source: e.clickSource,
    user_id: e.userID,
    click_date: e.clickDate,
    page_url: e.pageURL,
  };
}

/** A click event's row: its id, and the whole validated event as JSON. */
export function toClickRow(e: ClickEvent): NewRow<'click_events'> {
  return { event_id: e.eventId, payload: JSON.stringify(e) };
}

export class TrackingQueue {
  private pending: Pending[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private failures = 0;
  private readonly seen = new Map<string, number>();
  private readonly opts: Required<Omit<TrackingQueueOptions, 'db'>> & Pick<TrackingQueueOptions, 'db'>;

  constructor(opts: TrackingQueueOptions) {
    this.opts = {
      flushDelayMs: 250,
      flushAt: 100,
      maxPending: 10_000,
      dedupeWindowMs: 30 * 60_000,
      dedupeMaxKeys: 100_000,
      now: Date.now,
      log: console,
      ...opts,
    };
  }

  get size(): number {
    return this.pending.length;
  }

  enqueue(events: readonly TrackingEvent[]): void {
    for (const e of events) {
      if (e.kind === 'click') this.pending.push({ kind: 'click', row: toClickRow(e.event) });
      else this.pending.push({ kind: 'play', row: toPlayRow(e.event), counter: this.counterFor(e.event) });
    }
    this.trim();
    // While writes fail, the retry timer decides (no write per new event).
    if (this.pending.length >= this.opts.flushAt && this.failures === 0) this.schedule(0);
    else this.schedule(this.opts.flushDelayMs);
  }

  /** Writes everything pending now; resolves once written (or once a write failed, logged). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    // One write at a time; events queued meanwhile go in the next one.
    while (this.running) await this.running;
    if (this.pending.length === 0) return;
    this.running = this.write().finally(() => {
      this.running = undefined;
    });
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.timer) {
      if (delayMs > 0) return;
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
    // A pending flush never keeps the process alive: shutdown calls flush().
    this.timer.unref?.();
  }

  private async write(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      const db = await this.opts.db();
      const plays = batch.filter((p): p is Extract<Pending, { kind: 'play' }> => p.kind === 'play');
      const clicks = batch.filter((p): p is Extract<Pending, { kind: 'click' }> => p.kind === 'click');
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < plays.length; i += 100) {
          await trx
            .insertInto('play_events')
            .values(plays.slice(i, i + 100).map((p) => p.row))
            .execute();
        }
        for (let i = 0; i < clicks.length; i += 100) {
          await trx
            .insertInto('click_events')
            .values(clicks.slice(i, i + 100).map((p) => p.row))
            .execute();
        }
        const counts = new Map<string, { table: CounterTable; id: number; n: number }>();
        for (const { counter } of plays) {
          if (!counter) continue;
          const key = `${counter.table}:${counter.id}`;
          const c = counts.get(key);
          if (c) c.n += 1;
          else counts.set(key, { ...counter, n: 1 });
        }
        for (const { table, id, n } of counts.values()) {
          await trx
            .updateTable(table)
            .set((eb) => ({ view_count: eb('view_count', '+', n) }))
            .where('id', '=', id)
            .execute();
        }
      });
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      this.pending = batch.concat(this.pending);
      this.trim();
      const retryMs = Math.min(30_000, 1000 * 2 ** Math.min(this.failures - 1, 5));
      this.opts.log.error(`[tracking] writing ${batch.length} events failed; retry in ${retryMs} ms`, error);
      if (!this.timer) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          void this.flush();
        }, retryMs);
        this.timer.unref?.();
      }
    }
  }

  /** Keeps at most `maxPending` events, dropping the oldest. */
  private trim(): void {
    const over = this.pending.length - this.opts.maxPending;
    if (over > 0) {
      this.pending.splice(0, over);
      this.opts.log.warn(`[tracking] queue full: dropped the ${over} oldest events`);
    }
  }

  /** The counter a play adds to, or null (live, or a replay within the window). */
  private counterFor(e: PlayEvent): Extract<Pending, { kind: 'play' }>['counter'] {
    if (e.contentType === 'live') return null;
    const table = VIEW_COUNTER_TABLES[e.contentType];
    const now = this.opts.now();
    const key = `${e.userID}|${e.contentType}|${e.contentId}`;
    const last = this.seen.get(key);
    if (last !== undefined && now - last < this.opts.dedupeWindowMs) return null;
    this.seen.delete(key);
    this.seen.set(key, now);
    if (this.seen.size > this.opts.dedupeMaxKeys) {
      for (const [k, at] of this.seen) {
        if (this.seen.size <= this.opts.dedupeMaxKeys && now - at < this.opts.dedupeWindowMs) break;
        this.seen.delete(k);
      }
    }
    return { table, id: Number(e.contentId) };
  }
}

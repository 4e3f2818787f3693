/**
 * Durable writes of tracking events by group commit (ADR 013):
 * plays into `play_events`, clicks into `click_events` (event_id + the
 * validated event as JSON), in the same transactions.
 *
 * `enqueue()` resolves only once its events are committed, and the endpoint
 * answers 204 only then: an acknowledged event survives a kill -9 right
 * after. Events that arrive together share one transaction: the first
 * starts a write on the next turn of the event loop; those arriving while a
 * write runs wait for it and go, all together, in the next one. So the
 * number of transactions follows the store's speed, not the request rate.
 * A write that fails rejects every event in it (the endpoint answers 503,
 * the client may send again): nothing is acknowledged that was not
 * written, and nothing waits in memory unacknowledged. Past `maxPending`
 * events waiting (the store is far too slow), `enqueue()` refuses at once.
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
import { featureLogger, type Log } from '../log.ts';

/** content_type → the table whose `view_count` a play adds to. */
const VIEW_COUNTER_TABLES = {
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
      /** The view counter this play adds one to, if it counts (decided at write time). */
      counter: { table: CounterTable; id: number } | null;
      event?: PlayEvent;
    }
  | { kind: 'click'; row: NewRow<'click_events'> };

export interface TrackingQueueOptions {
  db: () => Promise<DB>;
  /** Events waiting for a write beyond which new ones are refused (QueueFullError). */
  maxPending?: number;
  dedupeWindowMs?: number;
  /** Remembered (visitor, item) pairs for the dedupe rule. */
  dedupeMaxKeys?: number;
  now?: () => number;
  /** Default: the `tracking` feature's logger. */
  log?: Log;
}

/** The queue holds `maxPending` events already: the store cannot keep up. */
export class QueueFullError extends Error {}

interface Waiter {
  items: Pending[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

function toPlayRow(e: PlayEvent): NewRow<'play_events'> {
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
function toClickRow(e: ClickEvent): NewRow<'click_events'> {
  return { event_id: e.eventId, payload: JSON.stringify(e) };
}

export class TrackingQueue {
  private waiting: Waiter[] = [];
  private pendingCount = 0;
  private running: Promise<void> | undefined;
  private scheduled = false;
  private readonly seen = new Map<string, number>();
  private readonly opts: Required<Omit<TrackingQueueOptions, 'db'>> & Pick<TrackingQueueOptions, 'db'>;

  constructor(opts: TrackingQueueOptions) {
    this.opts = {
      maxPending: 10_000,
      dedupeWindowMs: 30 * 60_000,
      dedupeMaxKeys: 100_000,
      now: Date.now,
      ...opts,
      log: opts.log ?? featureLogger('tracking'),
    };
  }

  /** Events waiting for (or in) a write. */
  get size(): number {
    return this.pendingCount;
  }

  /** Resolves once the events are committed; rejects when the write failed (or QueueFullError). */
  enqueue(events: readonly TrackingEvent[]): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    if (this.pendingCount + events.length > this.opts.maxPending) {
      return Promise.reject(new QueueFullError(`${this.pendingCount} tracking events already wait for the store`));
    }
    const items: Pending[] = events.map((e) =>
      e.kind === 'click' ? { kind: 'click', row: toClickRow(e.event) } : { kind: 'play', row: toPlayRow(e.event), counter: null, event: e.event },
    );
    this.pendingCount += items.length;
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ items, resolve, reject });
      this.kick();
    });
  }

  /** Resolves once every event enqueued so far was written or refused. */
  async flush(): Promise<void> {
    while (this.running || this.waiting.length > 0 || this.scheduled) {
      if (!this.running && !this.scheduled) this.kick();
      await (this.running ?? new Promise((r) => setImmediate(r)));
    }
  }

  /** Starts a write on the next turn, unless one runs (it starts the next when done). */
  private kick(): void {
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.next();
    });
  }

  private next(): void {
    if (this.running || this.waiting.length === 0) return;
    const group = this.waiting;
    this.waiting = [];
    this.running = this.write(group).finally(() => {
      this.running = undefined;
      this.next();
    });
  }

  private async write(group: Waiter[]): Promise<void> {
    const batch = group.flatMap((w) => w.items);
    const seenBefore = new Map<string, number | undefined>();
    try {
      for (const p of batch) if (p.kind === 'play' && p.event) p.counter = this.counterFor(p.event, seenBefore);
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
      for (const w of group) w.resolve();
    } catch (error) {
      // Not counted after all: a resent event may count.
      for (const [key, at] of seenBefore) {
        if (at === undefined) this.seen.delete(key);
        else this.seen.set(key, at);
      }
      this.opts.log.error({ err: error }, `writing ${batch.length} events failed; answered 503`);
      for (const w of group) w.reject(error);
    } finally {
      this.pendingCount -= batch.length;
    }
  }

  /** The counter a play adds to, or null (live, or a replay within the window). */
  private counterFor(e: PlayEvent, before: Map<string, number | undefined>): Extract<Pending, { kind: 'play' }>['counter'] {
    if (e.contentType === 'live') return null;
    const table = VIEW_COUNTER_TABLES[e.contentType];
    const now = this.opts.now();
    const key = `${e.userID}|${e.contentType}|${e.contentId}`;
    const last = this.seen.get(key);
    if (last !== undefined && now - last < this.opts.dedupeWindowMs) return null;
    if (!before.has(key)) before.set(key, last);
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

/**
 * Values computed once per content change rather than once per page: the
 * shell (navigation, breaking-news flag, live block) and the order of each
 * paginated listing. A memo entry stays until one of these happens:
 *
 *  - the change feed moved (a new row in `content_changes`: every writer
 *    records one in the transaction of its change, src/server/content/changes.ts);
 *  - a change recorded earlier comes due (an embargo's `due_at`), or an
 *    article scheduled for later reaches its `published_at`;
 *  - its own deadline passed (MEMO_TTL_MS, and `until` for values that change
 *    with the clock, such as a breaking-news window).
 *
 * The feed is looked at on each use (`max(id)` of `content_changes`, its
 * primary key: a few microseconds), so a render that follows a change sees
 * it, on every instance; the next due change and the next scheduled article
 * (two indexed `min()`) are read again only when the feed moved. One memo
 * per store instance (tests open many stores in one process).
 */
import { LOCALES } from '../../i18n/locales.ts';
import { sql } from 'kysely';
import type { DB } from '../db/index.ts';

/** Entries kept per store (the oldest go first). */
const MAX_ENTRIES = 2000;

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

interface Version {
  /** Newest change-feed row. */
  changeId: number;
  /** The feed's or the articles' next moment that changes what is public (ms since epoch). */
  validUntil: number;
}

class Memo {
  private readonly entries = new Map<string, Entry>();
  private version: Version | undefined;
  private readonly db: DB;

  constructor(db: DB) {
    this.db = db;
  }

  private async readVersion(now: Date): Promise<Version> {
    const at = now.toISOString();
    const [last, due, scheduled] = await Promise.all([
      this.db.selectFrom('content_changes').select(sql<number | null>`max(id)`.as('id')).executeTakeFirst(),
      this.db.selectFrom('content_changes').select(sql<string | null>`min(due_at)`.as('at')).where('due_at', '>', at).executeTakeFirst(),
      // Per language, so that each is one seek in articles_published (lang, status, published_at).
      Promise.all(
        LOCALES.map((lang) =>
          this.db
            .selectFrom('articles')
            .select(sql<string | null>`min(published_at)`.as('at'))
            .where('lang', '=', lang)
            .where('status', '=', 'published')
            .where('published_at', '>', at)
            .executeTakeFirst(),
        ),
      ),
    ]);
    const moments = [due?.at, ...scheduled.map((s) => s?.at)]
      .filter((x): x is string => typeof x === 'string')
      .map((x) => Date.parse(x));
    return { changeId: Number(last?.id ?? 0), validUntil: Math.min(Infinity, ...moments) };
  }

  /**
   * One `max(id)` on each use: a render that follows a change (the change
   * feed's targeted re-render, a visitor) never sees values from before it.
   * The time-bound moments are read again only when the feed moved or one
   * of them came.
   */
  private async check(): Promise<void> {
    const last = await this.db.selectFrom('content_changes').select(sql<number | null>`max(id)`.as('id')).executeTakeFirst();
    const changeId = Number(last?.id ?? 0);
    const seen = this.version;
    if (seen && changeId === seen.changeId && Date.now() < seen.validUntil) return;
    const next = await this.readVersion(new Date());
    // Concurrent uses (a page's loaders run side by side) each read the version: the first to finish
    // moves the memo to it; the others, finding it there already, keep the entries made since.
    const current = this.version;
    if (current !== seen && current?.changeId === next.changeId && current.validUntil === next.validUntil) return;
    this.entries.clear();
    this.version = next;
  }

  async get<T>(key: string, load: () => Promise<T>, ttlMs: number, until?: (value: T) => number | undefined): Promise<T> {
    await this.check();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now < hit.expiresAt) return hit.value as Promise<T>;
    const value = load();
    const entry: Entry = { value, expiresAt: now + ttlMs };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    value.then(
      (v) => {
        const deadline = until?.(v);
        if (deadline !== undefined) entry.expiresAt = Math.min(entry.expiresAt, deadline);
      },
      // A failed load is not kept.
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.version = undefined;
  }
}

const memos = new WeakMap<DB, Memo>();

function memoOf(db: DB): Memo {
  let memo = memos.get(db);
  if (!memo) {
    memo = new Memo(db);
    memos.set(db, memo);
  }
  return memo;
}

/**
 * Longest an entry is kept when the change feed does not move: a write that
 * recorded no change (outside the writers of content_changes) shows within
 * a minute.
 */
const MEMO_TTL_MS = 60_000;

/**
 * The value of `key` in this store, computed by `load` once per content
 * change (and at most MEMO_TTL_MS old; `until` may end it sooner, from the value).
 */
export function memoByContent<T>(db: DB, key: string, load: () => Promise<T>, opts: { until?: (value: T) => number | undefined } = {}): Promise<T> {
  return memoOf(db).get(key, load, MEMO_TTL_MS, opts.until);
}

/** Forgets every memo of this store (tests; a writer that wants its change seen at once). */
export function clearContentMemo(db: DB): void {
  memos.get(db)?.clear();
}

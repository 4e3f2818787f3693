/**
 * The change feed (migration 003_content_changes): how a content change
 * reaches the pages of every instance.
 *
 * A writer (the newsroom API, the CLI, an embargo) calls
 * `recordContentChange` inside the transaction that changes the content, with
 * the site paths the change alters. Each instance's front server follows the
 * feed with a `ChangeFeedReader`: it re-renders the paths of every change
 * whose time has come (`due_at`), once per instance, and answers 410 for the
 * paths in `gone`.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface ContentChange {
  /** Site paths to render again (`/ar/…`, `/fr/…`, `/rss/…`, `/sitemap…`). */
  paths: string[];
  /** Site paths that no longer exist: 410 from now on. */
  gone?: string[];
  /** What happened, for logs: publish, update, withdraw, breaking, live, grid… */
  reason: string;
  /** When the change takes effect (an embargo); default now. */
  dueAt?: Date;
}

export interface ContentChangeRow {
  id: number;
  paths: string[];
  gone: string[];
  reason: string;
  dueAt: string;
  createdAt: string;
}

type Db = Kysely<Database> | Transaction<Database>;

/** Records a change; call it in the transaction that makes the change. */
export async function recordContentChange(db: Db, change: ContentChange, now = new Date()): Promise<void> {
  const unique = (list: string[] | undefined) => [...new Set(list ?? [])];
  await db
    .insertInto('content_changes')
    .values({
      paths: JSON.stringify(unique(change.paths)),
      gone: JSON.stringify(unique(change.gone)),
      reason: change.reason,
      due_at: (change.dueAt ?? now).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * How far back a reader looks again on each poll: a change whose transaction
 * committed a little after its `due_at` was stamped (a slow commit, another
 * instance's clock) is still seen. Ids already applied are skipped.
 */
const CHANGE_FEED_OVERLAP_MS = 30_000;

/**
 * Follows the feed from a starting time. `poll()` returns each change once,
 * in order, as soon as it is due.
 */
export class ChangeFeedReader {
  private since: string;
  private readonly applied = new Map<number, string>();
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>, start: Date = new Date()) {
    this.db = db;
    this.since = start.toISOString();
  }

  async poll(now: Date = new Date()): Promise<ContentChangeRow[]> {
    const from = new Date(Date.parse(this.since) - CHANGE_FEED_OVERLAP_MS).toISOString();
    const rows = await this.db
      .selectFrom('content_changes')
      .selectAll()
      .where('due_at', '>', from)
      .where('due_at', '<=', now.toISOString())
      .orderBy('due_at')
      .orderBy('id')
      .execute();
    const fresh = rows.filter((r) => !this.applied.has(r.id));
    for (const r of fresh) this.applied.set(r.id, r.due_at);
    this.since = now.toISOString();
    // Forget ids that fell out of the window.
    for (const [id, due] of this.applied) if (due <= from) this.applied.delete(id);
    return fresh.map((r) => ({
      id: r.id,
      paths: JSON.parse(r.paths) as string[],
      gone: JSON.parse(r.gone) as string[],
      reason: r.reason,
      dueAt: r.due_at,
      createdAt: r.created_at,
    }));
  }
}

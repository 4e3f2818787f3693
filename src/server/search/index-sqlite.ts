/**
 * The SQLite search index (migration 006_search): three contentless FTS5
 * tables holding normalised text (src/server/search/text.ts), and a queue
 * that keeps them in step with the content.
 *
 *   search_articles(lang, title, lead, body, tags)  rowid = articles.id (published only)
 *   search_tags(name)                               rowid = tags.id
 *   search_programmes(name)                         rowid = programmes.id (both titles)
 *   search_queue(kind, ref_id)                      'a' article, 't' tag, 'p' programme
 *
 * Drafts are not indexed: their text is never searchable, and the articles
 * a search ranks are all shown but for the few scheduled ones.
 *
 * Triggers on articles, article_tags, tags and programmes put the id of
 * every row whose searchable text may have changed in the queue (plain SQL,
 * so every writer is covered: the site, the seed, a script, a test). The
 * normalisation itself is JavaScript, so the queue is worked off by
 * `flushSearchQueue` before each search: it re-indexes the queued rows (or
 * drops those that are gone) in one transaction. A bulk load (the seed)
 * calls `rebuildSearchIndex` once at the end instead.
 */
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import { htmlToText, indexText } from './text.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- these tables are not in the typed schema (FTS5 virtual tables) */
type AnyDb = Kysely<any>;

export const FTS_ARTICLES = 'search_articles';
export const FTS_TAGS = 'search_tags';
export const FTS_PROGRAMMES = 'search_programmes';
export const SEARCH_QUEUE = 'search_queue';

/** bm25 weights of search_articles' columns: lang (a filter only), title, lead, body, tags. */
export const ARTICLE_WEIGHTS = [0, 10, 4, 1, 5] as const;

const TOKENIZE = `tokenize = 'unicode61 remove_diacritics 2'`;

/** The DDL of the index: FTS tables, queue and triggers (SQLite only). */
export const SEARCH_DDL: readonly string[] = [
  `CREATE VIRTUAL TABLE ${FTS_ARTICLES} USING fts5(lang, title, lead, body, tags, content = '', contentless_delete = 1, ${TOKENIZE})`,
  `CREATE VIRTUAL TABLE ${FTS_TAGS} USING fts5(name, content = '', contentless_delete = 1, ${TOKENIZE})`,
  `CREATE VIRTUAL TABLE ${FTS_PROGRAMMES} USING fts5(name, content = '', contentless_delete = 1, ${TOKENIZE})`,
  `CREATE TABLE ${SEARCH_QUEUE} (kind TEXT NOT NULL, ref_id INTEGER NOT NULL, PRIMARY KEY (kind, ref_id)) WITHOUT ROWID`,
  ...queueTriggers(),
];

function queueTriggers(): string[] {
  const q = (kind: string, id: string) => `INSERT OR IGNORE INTO ${SEARCH_QUEUE} (kind, ref_id) VALUES ('${kind}', ${id});`;
  const t = (name: string, when: string, body: string) => `CREATE TRIGGER ${name} ${when} BEGIN ${body} END`;
  return [
    t('search_articles_ai', 'AFTER INSERT ON articles', q('a', 'new.id')),
    t('search_articles_au', 'AFTER UPDATE OF id, lang, status, title, subtitle, body_html ON articles', q('a', 'old.id') + q('a', 'new.id')),
    t('search_articles_ad', 'AFTER DELETE ON articles', q('a', 'old.id')),
    t('search_article_tags_ai', 'AFTER INSERT ON article_tags', q('a', 'new.article_id')),
    t('search_article_tags_au', 'AFTER UPDATE ON article_tags', q('a', 'old.article_id') + q('a', 'new.article_id')),
    t('search_article_tags_ad', 'AFTER DELETE ON article_tags', q('a', 'old.article_id')),
    t('search_tags_ai', 'AFTER INSERT ON tags', q('t', 'new.id')),
    t(
      'search_tags_au',
      'AFTER UPDATE OF id, name ON tags',
      q('t', 'old.id') +
        q('t', 'new.id') +
        `INSERT OR IGNORE INTO ${SEARCH_QUEUE} (kind, ref_id) SELECT 'a', article_id FROM article_tags WHERE tag_id = new.id;`,
    ),
    t('search_tags_ad', 'AFTER DELETE ON tags', q('t', 'old.id')),
    t('search_programmes_ai', 'AFTER INSERT ON programmes', q('p', 'new.id')),
    t('search_programmes_au', 'AFTER UPDATE OF id, title_ar, title_fr ON programmes', q('p', 'old.id') + q('p', 'new.id')),
    t('search_programmes_ad', 'AFTER DELETE ON programmes', q('p', 'old.id')),
  ];
}

/** Whether the store has this index: SQLite yes, PostgreSQL no (it searches `search_text`). */
function hasSearchIndex(db: AnyDb): boolean {
  return !(db.getExecutor().adapter instanceof PostgresAdapter);
}

/** Rows per batch when reading content and writing the index. */
const BATCH = 500;

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

async function inTransaction<T>(db: AnyDb, fn: (trx: AnyDb) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute((trx: Transaction<any>) => fn(trx));
}

interface ArticleText {
  id: number;
  lang: string;
  title: string;
  subtitle: string;
  body_html: string;
}

async function tagNamesOf(db: AnyDb, where: { ids: number[] } | { from: number; to: number }): Promise<Map<number, string[]>> {
  let q = db
    .selectFrom('article_tags')
    .innerJoin('tags', 'tags.id', 'article_tags.tag_id')
    .select(['article_tags.article_id as id', 'tags.name as name'])
    .orderBy('article_tags.article_id')
    .orderBy('article_tags.position');
  q = 'ids' in where ? q.where('article_tags.article_id', 'in', where.ids) : q.where('article_tags.article_id', '>=', where.from).where('article_tags.article_id', '<=', where.to);
  const out = new Map<number, string[]>();
  for (const r of (await q.execute()) as { id: number; name: string }[]) {
    const list = out.get(r.id);
    if (list) list.push(r.name);
    else out.set(r.id, [r.name]);
  }
  return out;
}

async function writeArticles(db: AnyDb, rows: ArticleText[], tags: Map<number, string[]>): Promise<void> {
  // 6 parameters a row: well under SQLite's bound-parameter limit.
  for (const part of chunks(rows, BATCH)) {
    const values = part.map(
      (r) =>
        sql`(${r.id}, ${r.lang}, ${indexText(r.title)}, ${indexText(r.subtitle)}, ${indexText(htmlToText(r.body_html))}, ${indexText(...(tags.get(r.id) ?? []))})`,
    );
    await sql`INSERT INTO ${sql.table(FTS_ARTICLES)} (rowid, lang, title, lead, body, tags) VALUES ${sql.join(values)}`.execute(db);
  }
}

async function writeNames(db: AnyDb, table: string, rows: { id: number; names: string[] }[]): Promise<void> {
  for (const part of chunks(rows, BATCH)) {
    const values = part.map((r) => sql`(${r.id}, ${indexText(...r.names)})`);
    await sql`INSERT INTO ${sql.table(table)} (rowid, name) VALUES ${sql.join(values)}`.execute(db);
  }
}

async function deleteRows(db: AnyDb, table: string, ids: number[]): Promise<void> {
  for (const part of chunks(ids, BATCH)) {
    await sql`DELETE FROM ${sql.table(table)} WHERE rowid IN (${sql.join(part)})`.execute(db);
  }
}

async function reindexArticles(db: AnyDb, ids: number[]): Promise<void> {
  for (const part of chunks(ids, BATCH)) {
    await deleteRows(db, FTS_ARTICLES, part);
    const rows = (await db
      .selectFrom('articles')
      .select(['id', 'lang', 'title', 'subtitle', 'body_html'])
      .where('id', 'in', part)
      .where('status', '=', 'published')
      .execute()) as ArticleText[];
    if (rows.length) await writeArticles(db, rows, await tagNamesOf(db, { ids: rows.map((r) => r.id) }));
  }
}

async function tagRows(db: AnyDb, ids?: number[]): Promise<{ id: number; names: string[] }[]> {
  let q = db.selectFrom('tags').select(['id', 'name']);
  if (ids) q = q.where('id', 'in', ids);
  return ((await q.execute()) as { id: number; name: string }[]).map((r) => ({ id: r.id, names: [r.name] }));
}

async function programmeRows(db: AnyDb, ids?: number[]): Promise<{ id: number; names: string[] }[]> {
  let q = db.selectFrom('programmes').select(['id', 'title_ar', 'title_fr']);
  if (ids) q = q.where('id', 'in', ids);
  return ((await q.execute()) as { id: number; title_ar: string; title_fr: string }[]).map((r) => ({
    id: r.id,
    names: [r.title_ar, r.title_fr],
  }));
}

async function reindexNames(db: AnyDb, kind: 't' | 'p', ids: number[]): Promise<void> {
  const table = kind === 't' ? FTS_TAGS : FTS_PROGRAMMES;
  for (const part of chunks(ids, BATCH)) {
    await deleteRows(db, table, part);
    await writeNames(db, table, kind === 't' ? await tagRows(db, part) : await programmeRows(db, part));
  }
}

/**
 * Re-index whatever the triggers queued. Cheap when nothing is queued (one
 * indexed lookup); returns how many queue entries were worked off.
 */
export async function flushSearchQueue(db: AnyDb): Promise<number> {
  if (!hasSearchIndex(db)) return 0;
  const pending = await db.selectFrom(SEARCH_QUEUE).select('ref_id').limit(1).executeTakeFirst();
  if (!pending) return 0;
  return inTransaction(db, async (trx) => {
    // Taking the queue is the transaction's first statement, a write: no
    // other connection can queue more until this commits.
    const taken = (await sql<{ kind: string; ref_id: number }>`DELETE FROM ${sql.table(SEARCH_QUEUE)} RETURNING kind, ref_id`.execute(trx)).rows;
    const ids = (kind: string) => taken.filter((r) => r.kind === kind).map((r) => Number(r.ref_id));
    await reindexArticles(trx, ids('a'));
    await reindexNames(trx, 't', ids('t'));
    await reindexNames(trx, 'p', ids('p'));
    return taken.length;
  });
}

/**
 * Rebuild the whole index from the content (after a bulk load, or to repair
 * it; nothing on PostgreSQL): empties the queue and the FTS tables, indexes every article, tag and
 * programme, then merges the index b-trees. Returns the articles indexed.
 */
export async function rebuildSearchIndex(db: AnyDb): Promise<number> {
  if (!hasSearchIndex(db)) return 0;
  let count = 0;
  await inTransaction(db, async (trx) => {
    await sql`DELETE FROM ${sql.table(SEARCH_QUEUE)}`.execute(trx);
    for (const table of [FTS_ARTICLES, FTS_TAGS, FTS_PROGRAMMES]) {
      await sql`INSERT INTO ${sql.table(table)} (${sql.raw(table)}) VALUES ('delete-all')`.execute(trx);
    }
    let last = 0;
    for (;;) {
      const rows = (await trx
        .selectFrom('articles')
        .select(['id', 'lang', 'status', 'title', 'subtitle', 'body_html'])
        .where('id', '>', last)
        .orderBy('id')
        .limit(2000)
        .execute()) as (ArticleText & { status: string })[];
      if (rows.length === 0) break;
      const to = rows[rows.length - 1]!.id;
      const published = rows.filter((r) => r.status === 'published');
      await writeArticles(trx, published, await tagNamesOf(trx, { from: last + 1, to }));
      count += published.length;
      last = to;
    }
    await writeNames(trx, FTS_TAGS, await tagRows(trx));
    await writeNames(trx, FTS_PROGRAMMES, await programmeRows(trx));
  });
  for (const table of [FTS_ARTICLES, FTS_TAGS, FTS_PROGRAMMES]) {
    await sql`INSERT INTO ${sql.table(table)} (${sql.raw(table)}) VALUES ('optimize')`.execute(db);
  }
  return count;
}

/**
 * After a bulk load: work off the queue when it is small next to the
 * content, else rebuild the whole index (faster than many re-indexings).
 */
export async function refreshSearchIndex(db: AnyDb): Promise<{ rebuilt: boolean; count: number }> {
  if (!hasSearchIndex(db)) return { rebuilt: false, count: 0 };
  const count = async (table: string) =>
    Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0);
  const [queued, articles] = await Promise.all([count(SEARCH_QUEUE), count('articles')]);
  if (queued * 4 > articles) return { rebuilt: true, count: await rebuildSearchIndex(db) };
  return { rebuilt: false, count: await flushSearchQueue(db) };
}

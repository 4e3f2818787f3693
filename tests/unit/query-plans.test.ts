/**
 * Every query the page loaders run, checked with EXPLAIN QUERY PLAN on a
 * store large enough for a bad plan to matter (the demo catalogue plus
 * 20,000 synthetic articles, with the planner statistics the seed leaves):
 *
 *  - no full scan of a large table (articles, their tags and images, images,
 *    the change feed);
 *  - no walk of a whole language's dates (`articles_published` bounded on one
 *    side only) unless it is an ordered walk that stops after a LIMIT without
 *    an OFFSET (the newest articles);
 *  - a deep section page is one merged walk of its master tags' covering
 *    indexes (no index of the whole listing), its rows read by primary key.
 *
 * Also: the shell and the listings' counts are computed once per
 * content change (src/server/content/memo.ts) and follow the change feed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql, type LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { sqliteOnly } from '../support/pg-scratch.ts';
import { createDialect } from '../../src/server/db/dialect.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { addSyntheticArticles, seedDemoContent } from '../../src/server/seed/index.ts';
import { recordContentChange } from '../../src/server/content/changes.ts';
import { clearContentMemo } from '../../src/server/content/memo.ts';
import { loadShell } from '../../src/server/pages/shell.ts';
import { loadHomePage } from '../../src/server/pages/home.ts';
import { loadArticleBySlug, loadPostPage } from '../../src/server/pages/article.ts';
import { loadTagSection } from '../../src/server/pages/tag-url.ts';
import { loadTagPage } from '../../src/server/pages/posts-tag.ts';
import { loadTagIndex } from '../../src/server/pages/posts-tagold.ts';
import { loadDossierPage } from '../../src/server/pages/dossier-special.ts';
import { loadSearchPage } from '../../src/server/pages/search.ts';
import { loadGuide } from '../../src/server/pages/guidetv.ts';
import { loadLive } from '../../src/server/pages/live.ts';
import { loadReplayHome } from '../../src/server/pages/replay-home.ts';
import { loadNewsHome } from '../../src/server/pages/replay-news.ts';
import { loadBy2mHome } from '../../src/server/pages/replay-by2m.ts';
import { loadStarlightHome } from '../../src/server/pages/starlight.ts';
import { PAGE_SIZE } from '../../src/server/content/articles.ts';

const NOW = new Date();
/** Tables that grow with the archive: never scanned whole. */
const LARGE = ['articles', 'article_tags', 'article_images', 'images', 'content_changes'];

interface Logged {
  sql: string;
  parameters: readonly unknown[];
}

let dataDir: string;
let store: DB;
/** A second connection to the same file that logs every query. */
let logged: Kysely<Database>;
let queries: Logged[] = [];

async function explain(q: Logged): Promise<string[]> {
  if (!/^\s*(select|with)\b/i.test(q.sql)) throw new Error(`a page loader ran a statement that is not a read: ${q.sql}`);
  const { rows } = await store.executeQuery<{ detail: string }>({
    sql: `EXPLAIN QUERY PLAN ${q.sql}`,
    parameters: q.parameters,
    query: { kind: 'RawNode' } as never,
    queryId: { queryId: 'explain' },
  });
  return rows.map((r) => r.detail);
}

/** What is wrong with a query's plan, if anything. */
function problems(q: Logged, plan: string[]): string[] {
  const found: string[] = [];
  const text = q.sql.toLowerCase();
  const limited = /\blimit\b/.test(text) && !/\boffset\b/.test(text);
  const sorted = plan.some((l) => l.includes('USE TEMP B-TREE FOR ORDER BY'));
  for (const line of plan) {
    const scan = /^SCAN (\w+)/.exec(line);
    if (scan && LARGE.includes(scan[1]!)) found.push(`full scan: ${line}`);
    // A whole language's dates: (lang=? AND status=? AND published_at<?) or no date bound at all.
    const walk = /^SEARCH (\w+ )?.*USING (COVERING )?INDEX articles_published \(lang=\? AND status=\?( AND published_at<\?)?\)$/.exec(line);
    if (walk && !(limited && !sorted && /order by "(articles"\.")?published_at" desc/.test(text))) {
      found.push(`walks a whole language: ${line}`);
    }
  }
  return found;
}

async function run<T>(fn: (db: DB) => Promise<T>): Promise<{ value: T; queries: Logged[] }> {
  queries = [];
  const value = await fn(logged as unknown as DB);
  return { value, queries };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'query-plans-'));
  // EXPLAIN QUERY PLAN and sqlite_stat1 are SQLite's: this test is about the SQLite store.
  ({ db: store } = await openStore(sqliteOnly({ dataDir })));
  await seedDemoContent(store, { dataDir, now: NOW });
  await addSyntheticArticles(store, 20_000, { now: NOW });
  const { dialect } = await createDialect({ sqliteFile: path.join(dataDir, 'site.sqlite') });
  logged = new Kysely<Database>({
    dialect,
    log: (e: LogEvent) => {
      if (e.level === 'query') queries.push({ sql: e.query.sql, parameters: e.query.parameters });
    },
  });
}, 240_000);

afterAll(async () => {
  await logged?.destroy();
  await store?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function sample() {
  const db = logged as unknown as DB;
  const article = await db
    .selectFrom('articles')
    .innerJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
    .select(['articles.id', 'articles.slug', 'master_tags.route_name'])
    .where('articles.lang', '=', 'fr')
    .where('articles.status', '=', 'published')
    .orderBy('articles.id')
    .offset(5000)
    .limit(1)
    .executeTakeFirstOrThrow();
  const tag = await db
    .selectFrom('article_tags')
    .innerJoin('tags', 'tags.id', 'article_tags.tag_id')
    .select(['tags.id', 'tags.slug', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tags.lang', '=', 'fr')
    .groupBy(['tags.id', 'tags.slug'])
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  const dossier = await db.selectFrom('dossiers').select('id').where('lang', '=', 'fr').executeTakeFirst();
  return { article, tag, dossier };
}

describe('query plans at archive scale', () => {
  it('has planner statistics after seeding', async () => {
    const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'articles'`.execute(store);
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
  });

  it('never scans a large table nor walks a whole language, on any page', async () => {
    const { article, tag, dossier } = await sample();
    clearContentMemo(logged as unknown as DB);
    const pages: [string, (db: DB) => Promise<unknown>][] = [
      ['shell fr', (db) => loadShell('fr', db)],
      ['shell ar', (db) => loadShell('ar', db)],
      ['home fr', (db) => loadHomePage(db, 'fr')],
      ['home ar', (db) => loadHomePage(db, 'ar')],
      ['article', (db) => loadArticleBySlug(db, 'fr', { tag: article.route_name, url: article.slug })],
      ['post', (db) => loadPostPage(db, 'fr', { id: article.id })],
      ['section p1', (db) => loadTagSection(db, 'fr', { tag: 'sport', page: 1 })],
      ['section p2', (db) => loadTagSection(db, 'fr', { tag: 'sport', page: 2 })],
      ['section deep', (db) => loadTagSection(db, 'fr', { tag: 'sport', page: 100 })],
      ['sub-section', (db) => loadTagSection(db, 'fr', { tag: 'football', page: 3 })],
      ['tag by slug', (db) => loadTagSection(db, 'fr', { tag: tag.slug, page: 1 })],
      ['tag p1', (db) => loadTagPage(db, 'fr', { id: tag.id, page: 1 })],
      ['tag deep', (db) => loadTagPage(db, 'fr', { id: tag.id, page: Math.ceil(tag.n / PAGE_SIZE / 2) })],
      ['tag index', (db) => loadTagIndex(db, 'fr')],
      ['dossiers', (db) => loadDossierPage(db, 'fr', { id: dossier?.id ?? null })],
      ['search', (db) => loadSearchPage(db, 'fr', { q: 'maroc', page: 1 })],
      ['search p3', (db) => loadSearchPage(db, 'fr', { q: 'sport', page: 3 })],
      ['guide', (db) => loadGuide(db, 'fr')],
      ['live', (db) => loadLive(db, 'fr')],
      ['replay', (db) => loadReplayHome(db, 'fr', { page: 1 })],
      ['news', (db) => loadNewsHome(db, 'fr')],
      ['by2m', (db) => loadBy2mHome(db, 'fr')],
      ['starlight', (db) => loadStarlightHome(db, 'fr')],
    ];
    const report: string[] = [];
    let checked = 0;
    for (const [name, load] of pages) {
      const { value, queries: qs } = await run(load);
      expect(value, `${name} found nothing`).not.toBeNull();
      for (const q of qs) {
        const plan = await explain(q);
        checked++;
        for (const p of problems(q, plan)) report.push(`${name}: ${p}\n    ${q.sql}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(report).toEqual([]);
  }, 60_000);

  it('reads a deep section page by one ordered walk of its master tags\' covering indexes, with no index of the whole listing', async () => {
    clearContentMemo(logged as unknown as DB);
    const first = await run((db) => loadTagSection(db, 'fr', { tag: 'sport', page: 60 }));
    // No query reads every key of the listing (the former page-boundary index).
    expect(first.queries.some((q) => /as "p"/.test(q.sql) && !/limit/.test(q.sql))).toBe(false);
    const walk = first.queries.find((q) => /as "p"/.test(q.sql) && /union all/.test(q.sql) && /offset/.test(q.sql));
    expect(walk, 'the merged walk of the section and its children').toBeDefined();
    const plan = (await explain(walk!)).join('\n');
    expect(plan).toMatch(/MERGE \(UNION ALL\)/);
    expect(plan).toMatch(/COVERING INDEX articles_master_listing/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    const rows = first.queries.find((q) => /select "articles"\."id", "articles"\."lang", .* from "articles" where "articles"\."id" in/.test(q.sql));
    expect((await explain(rows!)).join('\n')).toMatch(/INTEGER PRIMARY KEY/);
    // The count is kept per change: the next page reads no count again.
    const deep = await run((db) => loadTagSection(db, 'fr', { tag: 'sport', page: 61 }));
    expect(deep.queries.some((q) => /count\(\*\)/.test(q.sql))).toBe(false);
  });

  it('gives the same pages as OFFSET would', async () => {
    const db = logged as unknown as DB;
    clearContentMemo(db);
    const { value } = await run((d) => loadTagSection(d, 'fr', { tag: 'sport', page: 40 }));
    const listing = value?.kind === 'master-tag' ? value.listing : undefined;
    expect(listing?.articles).toHaveLength(PAGE_SIZE);
    const ids = [listing!.tag.id, ...listing!.chips.map((c) => c.id)];
    const expected = await db
      .selectFrom('articles')
      .select('id')
      .where('lang', '=', 'fr')
      .where('status', '=', 'published')
      .where('published_at', '<=', new Date().toISOString())
      .where('master_tag_id', 'in', ids)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PAGE_SIZE)
      .offset(39 * PAGE_SIZE)
      .execute();
    expect(listing!.articles.map((a) => a.id)).toEqual(expected.map((r) => r.id));
    expect(listing!.pagination.total).toBeGreaterThan(40 * PAGE_SIZE);
  });

  it('counts an article published with its change at once, in every page of its section', async () => {
    const db = logged as unknown as DB;
    const before = await loadTagSection(db, 'fr', { tag: 'sport', page: 40 });
    const listing = before?.kind === 'master-tag' ? before.listing : undefined;
    const model = await db.selectFrom('articles').selectAll().where('id', '=', listing!.articles[0]!.id).executeTakeFirstOrThrow();
    const { id: _id, ...fields } = model;
    const now = new Date(Date.now() - 1000).toISOString();
    const slug = `publie-${Date.now()}`;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('articles').values({ ...fields, slug, translation_key: slug, published_at: now, updated_at: now }).execute();
      await recordContentChange(trx, { paths: ['/fr/sport'], reason: 'publish' });
    });
    const after = await loadTagSection(db, 'fr', { tag: 'sport', page: 40 });
    const moved = after?.kind === 'master-tag' ? after.listing : undefined;
    expect(moved!.pagination.total).toBe(listing!.pagination.total + 1);
    // Every article moved one place down: page 40 starts with page 39's former last one.
    expect(moved!.articles.slice(1).map((a) => a.id)).toEqual(listing!.articles.slice(0, -1).map((a) => a.id));
    const first = await loadTagSection(db, 'fr', { tag: 'sport', page: 1 });
    expect(first?.kind === 'master-tag' && first.listing.articles[0]!.slug).toBe(slug);
  });

  it('computes the shell once per change, and again after a change is recorded', async () => {
    const db = logged as unknown as DB;
    clearContentMemo(db);
    const first = await run((d) => loadShell('fr', d));
    expect(first.queries.length).toBeGreaterThan(3);
    const again = await run((d) => loadShell('fr', d));
    // Only the change feed is looked at, not the shell's tables.
    expect(again.queries.map((q) => q.sql)).toEqual(['select max(id) as "id" from "content_changes"']);
    expect(again.value).toEqual(first.value);

    // Breaking news published by the newsroom, with its change recorded: the next shell shows it.
    await db.deleteFrom('breaking_news').where('lang', '=', 'fr').execute();
    clearContentMemo(db);
    expect((await loadShell('fr', db)).breaking).toBe(false);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('breaking_news')
        .values({ lang: 'fr', title: 'Urgent', url: '', position: 0, starts_at: new Date(Date.now() - 1000).toISOString(), ends_at: null })
        .execute();
      await recordContentChange(trx, { paths: ['/fr'], reason: 'breaking' });
    });
    // At once: a re-render that follows the change must not get the shell from before it.
    expect((await loadShell('fr', db)).breaking).toBe(true);
  });
});

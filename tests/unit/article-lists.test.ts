/**
 * The article page's "more from this section" and "by the same author"
 * lists are kept once per content change (src/server/content/memo.ts): a
 * publish or a withdrawal recorded in the change feed shows in them at the
 * next render; a write that records no change does not (until the memo's
 * deadline).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { seedDemoContent } from '../../src/server/seed/index.ts';
import { recordContentChange } from '../../src/server/content/changes.ts';
import { loadArticleBySlug, loadPostPage, type ArticleLoad } from '../../src/server/pages/article.ts';

let dataDir: string;
let db: DB;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'article-lists-'));
  ({ db } = await openStore({ dataDir }));
  await seedDemoContent(db, { dataDir, now: new Date() });
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const viewOf = (load: ArticleLoad | null) => {
  if (load?.kind !== 'article') throw new Error(`not an article: ${JSON.stringify(load)}`);
  return load.view;
};

/** A published French article with a master tag and an author, and a copy of it to insert. */
async function model() {
  const row = await db
    .selectFrom('articles')
    .selectAll()
    .where('lang', '=', 'fr')
    .where('status', '=', 'published')
    .where('master_tag_id', 'is not', null)
    .where('author_id', 'is not', null)
    .where('published_at', '<=', new Date().toISOString())
    .orderBy('published_at', 'desc')
    .executeTakeFirstOrThrow();
  return row;
}

async function insertLike(row: Awaited<ReturnType<typeof model>>, slug: string, change: boolean): Promise<number> {
  const { id: _id, ...fields } = row;
  const now = new Date(Date.now() - 1000).toISOString();
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('articles')
      .values({ ...fields, slug, translation_key: slug, published_at: now, updated_at: now, ninjs_uri: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (change) await recordContentChange(trx, { paths: [`/fr/post/${inserted.id}`], reason: 'publish' });
    return inserted.id;
  });
}

describe('article page lists', () => {
  it('shows a newly published article of the same section and author once its change is recorded', async () => {
    const a = await model();
    const page = () => loadPostPage(db, 'fr', { id: a.id }).then(viewOf);
    const before = await page();
    expect(before.related.length).toBeGreaterThan(0);
    expect(before.related.every((c) => c.id !== a.id && c.masterTag?.id === a.master_tag_id)).toBe(true);
    expect(before.authorArticles.every((c) => c.id !== a.id)).toBe(true);

    // A write that records no change: the lists are kept as they were.
    const silent = await insertLike(a, `silencieux-${Date.now()}`, false);
    const kept = await page();
    expect(kept.related.map((c) => c.id)).toEqual(before.related.map((c) => c.id));

    // A publish with its change: the next render lists it first, in both lists, and drops the last one.
    const published = await insertLike(a, `publie-${Date.now()}`, true);
    const after = await page();
    expect(after.related[0]?.id).toBe(published);
    expect(after.related.map((c) => c.id)).toContain(silent);
    expect(after.related).toHaveLength(before.related.length);
    expect(after.authorArticles[0]?.id).toBe(published);

    // The new article's own page does not list itself, and lists the article it was modelled on.
    const own = await loadPostPage(db, 'fr', { id: published }).then(viewOf);
    expect(own.related.map((c) => c.id)).not.toContain(published);
    expect(own.authorArticles.map((c) => c.id)).not.toContain(published);
    expect(own.related[0]?.id).toBe(silent);

    // Withdrawn with its change: gone from the lists at once.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('articles').set({ status: 'withdrawn' }).where('id', '=', published).execute();
      await recordContentChange(trx, { paths: [`/fr/post/${published}`], reason: 'withdraw' });
    });
    const withdrawn = await page();
    expect(withdrawn.related.map((c) => c.id)).not.toContain(published);
    expect(withdrawn.authorArticles.map((c) => c.id)).not.toContain(published);
  });

  it('reads an article by slug with its section, author, breadcrumb and alternates as by id', async () => {
    const a = await model();
    const byId = viewOf(await loadPostPage(db, 'fr', { id: a.id }));
    const tag = byId.article.masterTag?.routeName ?? 'news';
    const bySlug = viewOf(await loadArticleBySlug(db, 'fr', { tag, url: a.slug }));
    expect(bySlug).toEqual(byId);
    expect(byId.article.author?.id).toBe(a.author_id);
    expect(byId.article.masterTag?.id).toBe(a.master_tag_id);
    expect(byId.videoId).toBe(a.video_id);
    expect(Object.keys(byId.alternates).sort()).toEqual(['ar', 'fr']);
  });
});

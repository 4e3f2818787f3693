/**
 * Static first (DESIGN.md §4, issue 3 item 8), over real HTTP against the
 * built server: the newest articles are pre-built files, and an article
 * published after the build is served at once by the on-demand twin, with a
 * Cache-Control that lets caches keep it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStore, type Store } from '../../src/server/db/index.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const client = path.resolve(import.meta.dirname, '../../dist/client');

let store: Store;
beforeAll(async () => {
  store = await openStore({ dataDir });
});
afterAll(async () => {
  await store.db.destroy();
});

async function newestArticlePath(lang: 'ar' | 'fr'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/articlesrecent`, { headers: { locale: lang } });
  const body = (await res.json()) as { response: { articles: { path: string }[] } };
  const first = body.response.articles[0];
  if (!first) throw new Error('no article in the store');
  return first.path;
}

describe('static first', () => {
  for (const lang of ['ar', 'fr'] as const) {
    it(`serves the newest ${lang} article from its pre-built file`, async () => {
      const articlePath = await newestArticlePath(lang);
      const file = path.join(client, decodeURIComponent(articlePath), 'index.html');
      expect(existsSync(file), `${file} was not pre-built`).toBe(true);
      const res = await fetch(`${baseUrl}${articlePath}`);
      expect(res.status).toBe(200);
      // Files come with validators from the static handler; on-demand pages do not.
      expect(res.headers.get('etag')).toBeTruthy();
      expect(await res.text()).toContain(`lang="${lang}"`);
    });
  }

  it('serves an article published after the build at once, on demand, cacheable', async () => {
    const { db } = store;
    const model = await db
      .selectFrom('articles')
      .selectAll()
      .where('lang', '=', 'fr')
      .where('status', '=', 'published')
      .where('master_tag_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = new Date(Date.now() - 1000).toISOString();
    const { id: _id, ...fields } = model;
    const slug = `publie-apres-le-build-${Date.now()}`;
    await db
      .insertInto('articles')
      .values({ ...fields, slug, title: 'Publié après le build', translation_key: slug, published_at: now, updated_at: now })
      .execute();
    const tag = await db
      .selectFrom('master_tags')
      .select('route_name')
      .where('id', '=', model.master_tag_id!)
      .executeTakeFirstOrThrow();
    const articlePath = `/fr/${tag.route_name}/${slug}`;
    expect(existsSync(path.join(client, articlePath, 'index.html'))).toBe(false);

    const res = await fetch(`${baseUrl}${articlePath}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    expect(await res.text()).toContain('Publié après le build');

    // A non-canonical tag segment is sent to the canonical path.
    const moved = await fetch(`${baseUrl}/fr/not-its-section/${slug}?from=test`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toMatch(new RegExp(`${articlePath}\\?from=test$`));
    expect((await fetch(`${baseUrl}/fr/${tag.route_name}/no-such-article-${Date.now()}`)).status).toBe(404);
  });
});

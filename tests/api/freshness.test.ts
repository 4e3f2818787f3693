/**
 * Freshness (ADR 010), over real HTTP against the served
 * site: a change recorded in the change feed re-renders its paths into the
 * current pre-build (files on disk, which nginx serves, and the front
 * server's memory) within 5 s, drops the cached copies of pages rendered on
 * demand, and a gone path leaves the pre-build so the on-demand route answers it.
 */
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { recordContentChange } from '../../src/server/content/changes.ts';
import { testStore } from '../support/test-store.ts';
import { within } from '../support/within.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const siteDir = path.join(dataDir, 'site');

const store = testStore();

const currentBuild = (): string => path.basename(readlinkSync(path.join(siteDir, 'current')));
const builtFile = (p: string): string => path.join(siteDir, 'current', 'pages', p, 'index.html');
const manifestPages = (): Record<string, unknown> =>
  (JSON.parse(readFileSync(path.join(siteDir, 'current', 'manifest.json'), 'utf8')) as { pages: Record<string, unknown> }).pages;

async function newestArticle(lang: 'ar' | 'fr'): Promise<{ path: string; id: number; title: string }> {
  const res = await fetch(`${baseUrl}/api/articlesrecent`, { headers: { locale: lang } });
  const body = (await res.json()) as { response: { articles: { path: string; id: number; title: string }[] } };
  return body.response.articles[0]!;
}

describe('freshness: the change feed re-renders into the pre-build', () => {
  it('shows a changed article pre-built within 5 s, on disk too, and drops its on-demand copies', async () => {
    const article = await newestArticle('fr');
    const before = await fetch(`${baseUrl}${article.path}`);
    expect(before.headers.get('x-prebuilt')).toBe(currentBuild());
    await before.body?.cancel();
    // A copy rendered on demand (a listing's second page) sits in the page cache.
    const listing = article.path.split('/').slice(0, 3).join('/');
    const query = `${listing}?page=2`;
    await (await fetch(`${baseUrl}${query}`)).text();
    const cached = await fetch(`${baseUrl}${query}`);
    expect(cached.headers.get('x-cache')).toBe('HIT');
    await cached.body?.cancel();

    const title = `Titre corrigé ${Date.now()}`;
    await store.db.transaction().execute(async (trx) => {
      await trx.updateTable('articles').set({ title }).where('id', '=', article.id).execute();
      await recordContentChange(trx, { paths: [article.path, '/fr', listing], reason: 'update' });
    });

    const seconds = await within(5, 'the update pre-built', async () => {
      const res = await fetch(`${baseUrl}${article.path}`);
      return res.headers.get('x-prebuilt') === currentBuild() && (await res.text()).includes(title);
    });
    console.log(`update visible pre-built after ${seconds.toFixed(2)} s`);
    // The file nginx serves and its twins were replaced too.
    expect(readFileSync(builtFile(article.path), 'utf8')).toContain(title);
    expect(existsSync(`${builtFile(article.path)}.br`)).toBe(true);
    const home = await fetch(`${baseUrl}/fr`);
    expect(home.headers.get('x-prebuilt')).toBe(currentBuild());
    expect(await home.text()).toContain(title);
    // The on-demand copy left the page cache: rendered again.
    const fresh = await fetch(`${baseUrl}${query}`);
    expect(fresh.headers.get('x-cache')).toBeNull();
    await fresh.body?.cancel();
    // A query string the article does not read gets the new pre-built copy too.
    const stray = await fetch(`${baseUrl}${article.path}?from=freshness-test`);
    expect(stray.headers.get('x-prebuilt')).toBe(currentBuild());
    expect(await stray.text()).toContain(title);
  }, 30_000);

  it('takes a gone path out of the pre-build (memory, manifest, disk) and back in when it returns', async () => {
    const article = await newestArticle('ar');
    const file = builtFile(article.path);
    expect(existsSync(file)).toBe(true);
    await store.db.transaction().execute(async (trx) => {
      await trx.updateTable('articles').set({ status: 'draft' }).where('id', '=', article.id).execute();
      await recordContentChange(trx, { paths: ['/ar'], gone: [article.path], reason: 'withdraw' });
    });
    await within(5, 'the withdrawal served', async () => {
      const res = await fetch(`${baseUrl}${article.path}`);
      await res.body?.cancel();
      return res.headers.get('x-prebuilt') === null && res.status >= 400;
    });
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.gz`)).toBe(false);
    expect(manifestPages()[decodeURI(article.path)]).toBeUndefined();

    // Published again: back in the pre-build.
    await store.db.transaction().execute(async (trx) => {
      await trx.updateTable('articles').set({ status: 'published' }).where('id', '=', article.id).execute();
      await recordContentChange(trx, { paths: [article.path, '/ar'], reason: 'publish' });
    });
    await within(5, 'the republished page served', async () => {
      const res = await fetch(`${baseUrl}${article.path}`);
      await res.body?.cancel();
      return res.status === 200 && res.headers.get('x-prebuilt') === currentBuild();
    });
    expect(existsSync(file)).toBe(true);
    expect(manifestPages()[decodeURI(article.path)]).toBeDefined();
  }, 30_000);
});

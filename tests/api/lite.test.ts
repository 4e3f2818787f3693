/**
 * The lite site (ADR 038), over real HTTP against the served site: each
 * language's home and every article have a lite twin that is pre-built, runs
 * no script, loads no picture by itself, weighs at most 30 KB with brotli,
 * validates, points its canonical link at the full page, is linked from the
 * full page, answers a `Save-Data: on` visitor in place of the full page,
 * and follows a publication within 5 s like the full pages.
 */
import { readlinkSync } from 'node:fs';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createToken } from '../../src/server/newsroom/auth.ts';
import { testStore } from '../support/test-store.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const store = testStore();
const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
const currentBuild = (): string => path.basename(readlinkSync(path.join(dataDir, 'site', 'current')));

/** The lite budget: what a page transfers with brotli. */
const LITE_BYTES = 30 * 1024;

async function newestArticle(lang: 'ar' | 'fr'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/articlesrecent`, { headers: { locale: lang } });
  return ((await res.json()) as { response: { articles: { path: string }[] } }).response.articles[0]!.path;
}

const lite = (full: string) => (full.split('/').length === 2 ? `${full}/lite` : full.replace(/^\/(ar|fr)\//, '/$1/lite/'));
const get = (p: string, headers: Record<string, string> = {}) => fetch(`${baseUrl}${encodeURI(p)}`, { headers, redirect: 'manual' });

/** Bytes on the wire with brotli (fetch would inflate them: read the raw body with node:http). */
async function brotliBytes(p: string): Promise<number> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${encodeURI(p)}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
      expect(res.headers['content-encoding']).toBe('br');
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => resolve(n));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the lite pages', () => {
  for (const lang of ['ar', 'fr'] as const) {
    it(`/${lang}: the lite home and a lite article are pre-built, script-free, picture-free, small and valid`, async () => {
      const article = await newestArticle(lang);
      for (const [page, full] of [[`/${lang}/lite`, `/${lang}`], [lite(article), article]] as const) {
        const res = await get(page);
        expect(res.status, page).toBe(200);
        expect(res.headers.get('x-prebuilt'), page).toBe(currentBuild());
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        const html = await res.text();
        expect(html, page).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`, 'i'));
        expect(html, page).not.toMatch(/<script|<img|<picture|<video|<iframe|<link[^>]+rel="(?:stylesheet|preload)"/);
        // The canonical page is the full one, from SITE_URL.
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
        expect(canonical && decodeURI(new URL(canonical).pathname), page).toBe(full);
        const messages = (await validator.validateString(html, page)).results.flatMap((r) => r.messages);
        expect(messages.map((m) => `${m.ruleId} ${m.message}`), page).toEqual([]);
        const bytes = await brotliBytes(page);
        console.log(`${page}: ${(bytes / 1024).toFixed(1)} KB with brotli`);
        expect(bytes, page).toBeLessThanOrEqual(LITE_BYTES);
      }
    });

    it(`/${lang}: the full pages link to their lite twin, and the lite article's pictures are links`, async () => {
      const article = await newestArticle(lang);
      const fullHtml = await (await get(article)).text();
      expect(fullHtml).toContain(`href="${lite(article)}"`);
      expect(await (await get(`/${lang}`)).text()).toContain(`href="/${lang}/lite"`);
      // Pictures are links to a rendition, never loaded: among the newest articles, some have a cover (those without a video).
      const res = await fetch(`${baseUrl}/api/articlesrecent`, { headers: { locale: lang } });
      const paths = ((await res.json()) as { response: { articles: { path: string }[] } }).response.articles.slice(0, 10).map((a) => a.path);
      const pages = await Promise.all(paths.map(async (p) => (await get(lite(p))).text()));
      expect(pages.some((html) => /<a class="pic" href="\/media\/[^"]+">/.test(html))).toBe(true);
      for (const html of pages) expect(html).not.toMatch(/<img|<picture|<video/);
    });
  }

  it('answers Save-Data: on with the lite twin at the full address, and says the page varies on it', async () => {
    const article = await newestArticle('fr');
    for (const full of ['/fr', article]) {
      const plain = await get(full);
      expect(plain.headers.get('vary')).toMatch(/Save-Data/);
      expect(await plain.text()).toMatch(/<script/);
      const saving = await get(full, { 'save-data': 'on' });
      expect(saving.status).toBe(200);
      expect(saving.headers.get('vary')).toMatch(/Save-Data/);
      const html = await saving.text();
      expect(html).not.toMatch(/<script/);
      expect(html).toBe(await (await get(lite(full))).text());
    }
    // A page with no lite twin is the same with or without the header.
    const section = await get(article.split('/').slice(0, 3).join('/'), { 'save-data': 'on' });
    expect(section.headers.get('vary') ?? '').not.toMatch(/Save-Data/);
    expect(await section.text()).toMatch(/<script/);
  });

  it('an old article address redirects to the lite page of its new address; an unknown one is 404', async () => {
    expect((await get('/ar/lite/news/no-such-article-anywhere')).status).toBe(404);
    const moved = await get(lite(await newestArticle('ar')).replace(/^\/ar\/lite\/[^/]+\//, '/ar/lite/wrong-section/'));
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toMatch(/^(https?:\/\/[^/]+)?\/ar\/lite\//);
  });
});

describe('the lite pages follow publications', () => {
  let token = '';
  beforeAll(async () => {
    token = await createToken(store.db, `lite-test-${Date.now().toString(36)}`);
  });

  it('a story published through the newsroom API has its lite page, and leads the lite home, within 5 s', async () => {
    const run = Date.now().toString(36);
    const title = `Édition légère ${run}`;
    const res = await fetch(`${baseUrl}/api/newsroom/articles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        uri: `urn:test:lite:${run}`,
        type: 'text',
        language: 'fr',
        version: '1',
        pubstatus: 'usable',
        headlines: [{ value: title, role: 'main' }],
        bodies: [{ contenttype: 'text/html', value: '<p>Le texte seul, pour les réseaux lents.</p>' }],
        subjects: [{ uri: 'urn:2m:section:societe' }],
      }),
    });
    expect(res.status).toBe(201);
    const stored = ((await res.json()) as { response: { path: string } }).response;
    const started = performance.now();
    let seen = false;
    while (performance.now() - started < 5000 && !seen) {
      const page = await get(lite(stored.path));
      const home = await get('/fr/lite');
      seen =
        page.status === 200 &&
        page.headers.get('x-prebuilt') === currentBuild() &&
        (await page.text()).includes(title) &&
        home.headers.get('x-prebuilt') === currentBuild() &&
        (await home.text()).includes(title);
      if (!seen) await new Promise((r) => setTimeout(r, 150));
    }
    expect(seen, 'lite article and lite home pre-built with the new story within 5 s').toBe(true);
    console.log(`lite pages fresh after ${((performance.now() - started) / 1000).toFixed(2)} s`);
    // Withdrawn again: the files after this one find the seeded articles newest, as they expect.
    const withdrawn = await fetch(`${baseUrl}/api/newsroom/articles?uri=${encodeURIComponent(`urn:test:lite:${run}`)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withdrawn.status).toBe(200);
    await withdrawn.body?.cancel();
  });
});

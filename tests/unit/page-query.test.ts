/**
 * Caches that cannot be bypassed (ADR 010): a page's cache key holds
 * only the query parameters it reads (src/lib/page-query.ts), and every
 * parameter a route file reads is declared there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageCacheQuery, pageQueryParams } from '../../src/lib/page-query.ts';
import type { IncomingMessage } from 'node:http';
import { apiRoutes } from '../../src/server/api/routes/index.ts';
import { apiQueryParamsOf, apiQueryRules } from '../../src/server/api/query-params.ts';
import { cacheUrl, sharedCacheKey } from '../../src/server/delivery/on-demand.ts';

const pagesDir = path.resolve(import.meta.dirname, '../../src/pages/[lang]');

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? astroFiles(path.join(dir, e.name)) : e.name.endsWith('.astro') ? [path.join(dir, e.name)] : [],
  );
}

/** A request path that the route file answers: /fr + its segments with sample values. */
function samplePath(file: string): string {
  const rel = path.relative(pagesDir, file).replace(/\.astro$/, '').replace(/(^|\/)index$/, '');
  const segments = rel === '' ? [] : rel.split('/').map((s) => (s.startsWith('[...') ? 'sub' : s === '[tag]' ? 'sport' : s.startsWith('[') ? '12' : s));
  return ['/fr', ...segments].join('/');
}

describe('page query parameters', () => {
  it('declares every parameter a route file reads', () => {
    const files = astroFiles(pagesDir);
    let checked = 0;
    for (const file of files) {
      const src = readFileSync(file, 'utf8');
      for (const m of src.matchAll(/searchParams\.get\('([^']+)'\)/g)) {
        expect(pageQueryParams(samplePath(file)), `${path.relative(pagesDir, file)} reads ?${m[1]}`).toContain(m[1]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('keeps only what the page reads, sorted; an article reads nothing', () => {
    expect(cacheUrl('/ar/news/some-article?x=123')).toBe('/ar/news/some-article');
    expect(cacheUrl('/ar/news/some-article')).toBe('/ar/news/some-article');
    expect(cacheUrl('/fr/sport?utm_source=fb&page=2&fbclid=1')).toBe('/fr/sport?page=2');
    expect(cacheUrl('/fr/search?page=2&q=maroc&x=1')).toBe('/fr/search?page=2&q=maroc');
    expect(cacheUrl('/ar?page=9')).toBe('/ar');
    expect(pageCacheQuery('/fr/prieres/', 'ville=58&y=1')).toBe('ville=58');
    // Without a language prefix (answers by cookie), every parameter counts.
    expect(cacheUrl('/shows?b=2&a=1')).toBe('/shows?a=1&b=2');
  });
});

describe('API query parameters', () => {
  const reads = apiQueryParamsOf(apiQueryRules(apiRoutes));
  const key = (url: string, headers: Record<string, string> = { locale: 'fr' }) =>
    sharedCacheKey({ url, headers } as unknown as IncomingMessage, reads);

  it('knows what each route of the registry reads: its query schema and lang', () => {
    expect(reads('/api/Search/2')).toEqual(['lang', 'search']);
    expect(reads('/api/articlesrecent')).toEqual(['lang']);
    expect(reads('/api/not-a-route')).toBeNull();
  });

  it('keys an API answer on those parameters only: a random one is the same entry', () => {
    expect(key('/api/articlesrecent?x=123')).toBe('/api/articlesrecent|locale=fr');
    expect(key('/api/Search/1?utm=1&search=maroc&zz=2')).toBe('/api/Search/1?search=maroc|locale=fr');
    expect(key('/api/Search/1?search=maroc&lang=ar', {})).toBe('/api/Search/1?lang=ar&search=maroc|locale=');
    // A path outside the registry keeps every parameter.
    expect(key('/api/not-a-route?b=2&a=1')).toBe('/api/not-a-route?a=1&b=2|locale=fr');
  });
});

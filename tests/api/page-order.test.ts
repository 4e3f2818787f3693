/**
 * What a phone's first paint needs comes first in the HTML (ADR 014,
 * ADR 014, docs/performance.md "The title in the first paint"):
 *  - no inline classic script in the body before `<main>`: one after a
 *    stylesheet that is still loading holds the HTML parser until it has
 *    arrived, and the page's title was then painted a frame after the first
 *    paint. Astro's island loader and its `client:idle` directive
 *    (IslandRuntime.astro), its `client:visible` and `client:media`
 *    directives and the ticker's hint are in the head, before the
 *    stylesheets, once;
 *  - the mega menu's panel comes after `</main>` (MegaMenu.astro), so the
 *    article's title is not behind its links;
 *  - the article's cover is preloaded at high priority only where it is
 *    surely the largest paint; on a phone (in the first screen or just
 *    below it, after the headline) at the browser's own priority, found in
 *    the head rather than once the page is laid out; its picture asks for
 *    no high priority of its own.
 */
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { describe, expect, inject, it } from 'vitest';
import { ARTICLE_COVER_PRELOAD_MEDIA } from '../../src/lib/image-sizes.ts';

const baseUrl = inject('baseUrl');

async function recentArticle(lang: 'ar' | 'fr'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/articlesrecent`, { headers: { locale: lang, accept: 'application/json' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { response: { articles: { path: string }[] } }).response.articles[0]!.path;
}

async function html(path: string): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** Inline classic scripts (not modules, not JSON-LD) and where each starts. */
function inlineScripts(page: string): { at: number; text: string }[] {
  return [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\bsrc=/.test(m[1]!) && !/\btype="(?:module|application\/ld\+json)"/.test(m[1]!))
    .map((m) => ({ at: m.index, text: m[2]! }));
}

describe('the order of a page', () => {
  it('has no inline script in the body before <main>; the island loader is in the head before the stylesheets, once', async () => {
    const pages = ['/ar', '/fr', '/fr/guidetv', '/ar/live', '/fr/navigationlinks/conditions', await recentArticle('fr'), await recentArticle('ar')];
    for (const path of pages) {
      const page = await html(path);
      const body = page.indexOf('<body');
      const main = page.indexOf('<main');
      const firstStylesheet = page.search(/<link rel="stylesheet"/);
      expect(body, path).toBeGreaterThan(0);
      expect(main, path).toBeGreaterThan(body);
      expect(firstStylesheet, path).toBeGreaterThan(0);
      const scripts = inlineScripts(page);
      expect(scripts.filter((s) => s.at > body && s.at < main).map((s) => s.text.slice(0, 60)), `${path}: inline scripts between <body> and <main>`).toEqual([]);
      const loader = scripts.filter((s) => s.text === islandScript);
      expect(loader, `${path}: Astro's island loader, once`).toHaveLength(1);
      expect(loader[0]!.at, `${path}: the island loader before the first stylesheet`).toBeLessThan(firstStylesheet);
      const idle = scripts.filter((s) => s.text.includes('requestIdleCallback') && s.text.includes('.idle='));
      expect(idle, `${path}: the idle directive, once`).toHaveLength(1);
      expect(idle[0]!.at, path).toBeLessThan(firstStylesheet);
      // The lazy ad slots and widgets (client:visible) and the desktop skin (client:media) use theirs from the head too.
      for (const directive of ['visible', 'media']) {
        const found = scripts.filter((s) => s.text.includes(`.${directive}=`));
        expect(found, `${path}: the ${directive} directive, once`).toHaveLength(1);
        expect(found[0]!.at, `${path}: the ${directive} directive before the first stylesheet`).toBeLessThan(firstStylesheet);
      }
    }
  });

  it('puts the mega menu after </main>, the article title first, and the menu button still controls it', async () => {
    for (const lang of ['ar', 'fr'] as const) {
      const path = await recentArticle(lang);
      const page = await html(path);
      const h1 = page.indexOf('<h1');
      const mainEnd = page.indexOf('</main>');
      const menu = page.indexOf('id="mega-menu"');
      expect(h1, path).toBeGreaterThan(0);
      expect(menu, `${path}: the mega menu after </main>`).toBeGreaterThan(mainEnd);
      expect(page.match(/id="mega-menu"/g), path).toHaveLength(1);
      expect(page, path).toMatch(/<button[^>]*aria-controls="mega-menu"[^>]*data-menu-toggle/);
      expect(page.slice(0, h1), `${path}: no menu column before the title`).not.toContain('mega-col');
    }
  });

  it("preloads an article's cover at high priority where it is surely the largest paint, at the browser's own priority on a phone", async () => {
    for (const lang of ['ar', 'fr'] as const) {
      const path = await recentArticle(lang);
      const page = await html(path);
      const preloads = [...page.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
      expect(preloads, `${path}: the cover's preloads`).toHaveLength(2);
      const [wide, phone] = preloads as [string, string];
      expect(wide).toContain(`media="${ARTICLE_COVER_PRELOAD_MEDIA}"`);
      expect(wide).toContain('fetchpriority="high"');
      expect(phone).toContain(`media="not all and ${ARTICLE_COVER_PRELOAD_MEDIA}"`);
      expect(phone).not.toContain('fetchpriority');
      // The same files at the same sizes: the picture takes the preloaded response whichever screen.
      const attrs = (link: string) => /imagesrcset="[^"]+" imagesizes="[^"]+"/.exec(link)?.[0];
      expect(attrs(phone)).toBe(attrs(wide));
      // The picture itself: lazy, at the browser's priority, below a phone's first screen (the preload fetches it first on wider ones).
      const main = page.slice(page.indexOf('<main'), page.indexOf('</main>'));
      expect(main).not.toContain('fetchpriority="high"');
      expect(main).toMatch(/<img class="ed-img[^"]*"[^>]*loading="lazy"/);
      expect(main).not.toMatch(/<img class="ed-img[^"]*"[^>]*loading="eager"/);
    }
  });

  it('still preloads the home lead everywhere (no media query)', async () => {
    const page = await html('/fr');
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(page)?.[0];
    expect(preload).toBeDefined();
    expect(preload).not.toContain('media=');
  });
});

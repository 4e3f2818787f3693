/**
 * The player's styles (plyr's, the player's layers, the pre-roll's box:
 * about 35 KB) come with the player's code, never with a page
 * (src/islands/player/player-styles.ts, ADR 014): a page's stylesheets hold
 * its first paint, and an article's largest paint is its title, painted
 * only once every linked stylesheet has arrived. No page, with a player or
 * not, may link or inline them; the poster box's own styles stay in the page.
 */
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

type Lang = 'ar' | 'fr';

async function api<T>(path: string, lang: Lang): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { locale: lang, accept: 'application/json' } });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { response: T }).response;
}

/** An article with a video (its poster box and the ArticleVideo island). */
async function videoArticlePath(lang: Lang): Promise<string> {
  for (let p = 1; p <= 10; p++) {
    const { articles } = await api<{ articles: { path: string; hasVideo: boolean }[] }>(`/api/articlesrecent-paginated/${p}`, lang);
    const found = articles.find((a) => a.hasVideo);
    if (found) return found.path;
  }
  throw new Error(`no ${lang} article with a video in the store`);
}

async function pagesOf(lang: Lang): Promise<string[]> {
  const recent = await api<{ articles: { path: string }[] }>('/api/articlesrecent', lang);
  const replays = await api<{ items: { type: string; path: string }[] }>('/api/watchLastReplays/1', lang);
  const episode = replays.items.find((i) => i.type === 'episode');
  expect(episode, 'an episode in the store').toBeTruthy();
  return [`/${lang}`, recent.articles[0]!.path, await videoArticlePath(lang), `/${lang}/live`, `/${lang}/live/embed`, episode!.path];
}

/** The page's own CSS: every linked stylesheet's text and every inline <style>. */
async function pageCss(path: string): Promise<{ links: string[]; css: string; html: string }> {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => m[0].match(/\bhref="([^"]+)"/)?.[1] ?? '');
  const sheets = await Promise.all(
    links.map(async (href) => {
      const r = await fetch(new URL(href, baseUrl));
      expect(r.status, href).toBe(200);
      return r.text();
    }),
  );
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  return { links, css: [...sheets, ...inline].join('\n'), html };
}

describe("the player's styles", () => {
  for (const lang of ['ar', 'fr'] as const) {
    it(`are neither linked nor inlined by a page (/${lang}: home, articles, live, embed, episode)`, async () => {
      for (const path of await pagesOf(lang)) {
        const { links, css } = await pageCss(path);
        expect(links.length, `${path} links the site's stylesheets`).toBeGreaterThan(0);
        expect(links.filter((href) => /player|plyr/i.test(href)), `${path} links the player's stylesheet`).toEqual([]);
        // plyr's rules, the mounted player's frame, the pre-roll's box.
        expect(css, `${path}: plyr's styles`).not.toMatch(/\.plyr[\s{:._-]/);
        expect(css, `${path}: the player's styles`).not.toContain('.player-frame');
        expect(css, `${path}: the pre-roll's styles`).not.toContain('.ad-preroll');
      }
    });
  }

  it("the poster box's own styles stay in the page (the first screen before the player loads)", async () => {
    const boxes: [string, string[]][] = [
      ['/fr/live', ['.player-poster', '.player-play']],
      [await videoArticlePath('fr'), ['.video-box', '.article-video-play']],
    ];
    for (const [path, selectors] of boxes) {
      const { css, html } = await pageCss(path);
      for (const selector of selectors) {
        expect(html, path).toContain(selector.slice(1));
        expect(css, `${path}: ${selector}`).toContain(selector);
      }
    }
  });
});

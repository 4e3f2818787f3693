/**
 * The shell's behaviour comes as ONE module script on every page
 * (src/components/layout/ShellBehaviour.astro → ./behaviour/index.ts): the
 * header, mega menu, navigation bar, language switch, footer and the forms'
 * enhancement, not one script per component. Every module script is a
 * request that finishes before the first paint, and Lighthouse's simulated
 * LCP replays each of them on slow 4G (docs/performance.md, ADR 014).
 * Fails if a component gets its own <script> back.
 */
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

/** The components whose behaviour is in the shell's script. */
const MERGED = ['Header', 'MegaMenu', 'NavBar', 'LanguageSwitch', 'Footer', 'NewsletterSignup', 'ContactForm'];

/** What each behaviour's code looks for in the page (selectors the bundler keeps as they are). */
const MARKERS = ['route-progress', '[data-menu-toggle]', '[data-navbar-sentinel]', 'a[data-lang-switch]', '[data-scroll-top]', 'data-form-enhance', '[data-track]'];

async function recentArticle(lang: 'ar' | 'fr'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/articlesrecent`, { headers: { locale: lang, accept: 'application/json' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { response: { articles: { path: string }[] } }).response.articles[0]!.path;
}

async function moduleScripts(path: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  return [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*>/g)].map((m) => m[0].match(/\bsrc="([^"]+)"/)?.[1] ?? '(inline)');
}

describe("the shell's script", () => {
  it('is one module script holding every shell behaviour, and no shell component has its own', async () => {
    const pages = ['/ar', '/fr', '/fr/guidetv', '/ar/live', '/fr/contact', '/ar/newsletter', await recentArticle('fr')];
    let shellSrc = '';
    for (const path of pages) {
      const scripts = await moduleScripts(path);
      const shell = scripts.filter((src) => /\/ShellBehaviour\.astro_astro_type_script/.test(src));
      expect(shell, `${path}: the shell's script, once`).toHaveLength(1);
      for (const name of MERGED) {
        expect(scripts.filter((src) => src.includes(`/${name}.astro_astro_type_script`)), `${path}: ${name}'s own script`).toEqual([]);
      }
      shellSrc ||= shell[0]!;
    }
    const res = await fetch(new URL(shellSrc, baseUrl));
    expect(res.status).toBe(200);
    const code = await res.text();
    for (const marker of MARKERS) expect(code, marker).toContain(marker);
  });
});

/**
 * The README's screenshots: home and article, Arabic and French,
 * at 375 px wide, taken in Debian's Chromium from a running site.
 *   node scripts/screenshots.ts http://127.0.0.1:4321
 * Writes docs/screenshots/{home,article}-{ar,fr}-375.png. The article is the
 * newest one with an image, read through the site's own API.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from './chromium.ts';

const base = process.argv[2] ?? process.env.SITE_URL ?? 'http://127.0.0.1:4321';
const out = path.resolve(import.meta.dirname, '../docs/screenshots');

async function newestArticlePath(lang: 'ar' | 'fr'): Promise<string> {
  const res = await fetch(new URL('/api/articlesrecent', base), { headers: { locale: lang, accept: 'application/json' } });
  if (!res.ok) throw new Error(`/api/articlesrecent answered ${res.status}`);
  const body = (await res.json()) as { response?: { articles?: { path?: string; image?: unknown }[] } };
  const found = body.response?.articles?.find((a) => a.path && a.image) ?? body.response?.articles?.[0];
  if (!found?.path) throw new Error(`no article in ${lang}`);
  return found.path;
}

const browser = await chromium.launch(chromiumLaunch());
try {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  for (const lang of ['ar', 'fr'] as const) {
    for (const [kind, p] of [
      ['home', `/${lang}`],
      ['article', await newestArticlePath(lang)],
    ] as const) {
      await page.goto(new URL(p, base).href, { waitUntil: 'networkidle' });
      // Fonts and the first images in place, the islands settled.
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(500);
      const file = path.join(out, `${kind}-${lang}-375.png`);
      await page.screenshot({ path: file });
      console.log(`${file} (${p})`);
    }
  }
} finally {
  await browser.close();
}

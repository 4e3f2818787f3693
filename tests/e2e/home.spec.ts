/**
 * The home page in both languages, in a real browser: direction and language
 * of the document, articles that really come from the store (as the API tells
 * them), images that load, and no WCAG 2 A/AA violation found by axe.
 */
import { type Page } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';
import { PG_SMOKE } from '../support/pg-smoke.ts';
import AxeBuilder from '@axe-core/playwright';

const LOCALES = [
  { lang: 'ar', dir: 'rtl' },
  { lang: 'fr', dir: 'ltr' },
] as const;

/** Every `title` string found in an API payload, whatever its shape. */
function titlesIn(payload: unknown): string[] {
  const found: string[] = [];
  JSON.stringify(payload, (key, value: unknown) => {
    if (key === 'title' && typeof value === 'string' && value.trim()) found.push(value.trim());
    return value;
  });
  return found;
}

async function gotoHome(page: Page, lang: string): Promise<void> {
  const res = await page.goto(`/${lang}`);
  expect(res?.status(), `/${lang} answered ${res?.status()}`).toBe(200);
}

for (const { lang, dir } of LOCALES) {
  test.describe(`/${lang}`, PG_SMOKE, () => {
    test(`has <html lang="${lang}" dir="${dir}">`, async ({ page }) => {
      await gotoHome(page, lang);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
    });

    test('shows articles from the store', async ({ page, request }) => {
      const api = await request.get('/api/articlesrecent', { headers: { locale: lang } });
      expect(api.status(), await api.text()).toBe(200);
      const body = (await api.json()) as { header: { status: string }; response: unknown };
      expect(body.header.status).toBe('OK');
      const titles = titlesIn(body.response);
      expect(titles.length, '/api/articlesrecent lists no article title').toBeGreaterThan(0);

      await gotoHome(page, lang);
      const text = await page.locator('main').innerText();
      const shown = titles.filter((t) => text.includes(t));
      expect(shown.length, `none of the recent ${lang} titles is on the page: ${titles.slice(0, 5).join(' | ')}`).toBeGreaterThan(0);
      await expect(page.getByText(shown[0]!, { exact: true }).first()).toBeVisible();
    });

    test('loads the first card image', async ({ page }) => {
      await gotoHome(page, lang);
      const img = page.locator('main img').first();
      await expect(img).toBeAttached();
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), {
          message: `first image of /${lang} did not load`,
        })
        .toBeGreaterThan(0);
    });

    test('has no WCAG 2 A/AA violation (axe)', async ({ page }) => {
      await gotoHome(page, lang);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const report = results.violations.map(
        (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
      );
      expect(report, report.join('\n')).toEqual([]);
    });
  });
}

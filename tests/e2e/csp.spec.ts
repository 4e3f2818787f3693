/**
 * Security headers (ADR 013): the site runs under its Content-Security-Policy with no
 * violation. One fresh page visits every page type in both languages
 * (pre-built and rendered on demand), lets the islands hydrate and the
 * player start, navigates client-side once, and collects every
 * `securitypolicyviolation` event and every CSP console error.
 */
import { test, expect, request as playwrightRequest, type Page } from '@playwright/test';

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

async function articlePath(baseURL: string, lang: 'ar' | 'fr'): Promise<string> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const res = await ctx.get('/api/articlesrecent', { headers: { locale: lang } });
  const body = (await res.json()) as { response: { articles: { path: string }[] } };
  await ctx.dispose();
  return body.response.articles[0]!.path;
}

async function firstLink(page: Page, pattern: RegExp): Promise<string | null> {
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname + (a as HTMLAnchorElement).search));
  return hrefs.find((h) => pattern.test(h)) ?? null;
}

test('every page type runs under the CSP without a violation', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await page.exposeFunction('__reportCsp', (v: Violation) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (v: unknown) => void }).__reportCsp({
        page: location.pathname + location.search,
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
      });
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) consoleErrors.push(`${page.url()}: ${m.text()}`);
  });

  const visit = async (path: string) => {
    const res = await page.goto(path, { waitUntil: 'load' });
    expect(res?.headers()['content-security-policy'], path).toContain("script-src 'self'");
    // Islands hydrate when the browser is idle or they come into view.
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(400);
  };

  const paths = [
    '/ar',
    '/fr',
    await articlePath(baseURL!, 'ar'),
    await articlePath(baseURL!, 'fr'),
    '/fr/posts/tagold',
    '/fr/replay',
    '/ar/replay/news',
    '/fr/replay/starlight',
    '/fr/live',
    '/ar/live/embed',
    '/fr/guidetv',
    '/shows',
    '/fr/prieres',
    '/fr/search-result?q=maroc',
    '/fr/newsletter',
    '/ar/contact',
    '/fr/navigationlinks/conditions',
    '/fr/dossier-special',
    '/fr/user/u',
    '/fr/page-qui-n-existe-pas',
  ];
  for (const path of paths) await visit(path);

  // A video page with its player (hls.js, the pre-roll) and a client-side navigation (view transitions).
  await visit('/fr/replay');
  const video = await firstLink(page, /\/fr\/replay\/(single|news|by2m|starlight)\/.+/);
  if (video) await visit(video);
  await visit('/fr');
  const link = page.locator('main a[href^="/fr/"]:visible').first();
  await link.click({ timeout: 10_000 });
  // A client-side navigation fires no load event: wait for its address, then let the new page's islands start.
  await expect(page).not.toHaveURL(`${baseURL}/fr`);
  await page.waitForTimeout(400);
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
  expect(consoleErrors).toEqual([]);

  // The collector itself works: an injected inline script is refused and reported.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
  });
  await expect.poll(() => violations.length).toBe(1);
  expect(violations[0]).toMatchObject({ directive: 'script-src-elem', blocked: 'inline' });
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

test('the embeddable live player may be framed by any site, every other page only by the site itself', async ({ request }) => {
  const embed = await request.get('/fr/live/embed');
  expect(embed.headers()['content-security-policy']).toContain('frame-ancestors *');
  for (const path of ['/fr/live', '/fr', '/api/articlesrecent']) {
    const res = await request.get(path);
    expect(res.headers()['content-security-policy'], path).toContain("frame-ancestors 'self'");
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(res.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers()['permissions-policy']).toContain('camera=()');
  }
});

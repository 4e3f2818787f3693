/**
 * The desk for everyone (docs/desk.md): axe finds nothing (WCAG 2 A and AA)
 * on any desk screen, in Arabic and in French, at 1280 px and at 768 px,
 * and the desk's strict policy (no inline script or style) is never
 * violated on the way; and a story is written and published with the
 * keyboard alone.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { cliPerson, deskPage, followLink, networkQuiet, PASSWORD, run, saved, storeRows, totp } from '../support/desk.ts';

test.describe.configure({ mode: 'serial', timeout: 600_000 });

async function axe(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Every screen of the desk, signed in as an admin, in the desk's current language. */
async function everyScreen(page: Page, storyId: number, lang: string): Promise<void> {
  for (const [path, name] of [
    ['/desk', 'stories'],
    ['/desk?state=published&lang=fr', 'stories filtered'],
    ['/desk/media', 'media'],
    ['/desk/people', 'people'],
    ['/desk/audit', 'audit'],
    ['/desk/tokens', 'tokens'],
    ['/desk/account', 'account'],
    ['/desk/nowhere', 'not found'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await networkQuiet(page);
    await axe(page, `${lang} ${name}`);
  }
  await page.goto(`/desk/stories/${storyId}`);
  await expect(page.locator('.body-editor .content')).toBeVisible();
  await saved(page);
  await axe(page, `${lang} story`);
  await page.locator('#panel-pictures').locator('..').getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await networkQuiet(page);
  await axe(page, `${lang} picture dialog`);
  await page.keyboard.press('Escape');
  await page.locator('#panel-preview').locator('..').getByRole('button').last().click();
  await expect(page.getByRole('dialog').getByRole('table')).toBeVisible();
  await axe(page, `${lang} history`);
  await page.keyboard.press('Escape');
}

test('axe finds nothing on every desk screen, in Arabic and in French, at 1280 and 768 px; no policy violation', async ({ browser }) => {
  const page = await deskPage(browser, { width: 1280, height: 900 });
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });
  // The sign-in screens, before anyone is signed in, in both languages.
  await page.goto('/desk');
  await axe(page, 'ar sign-in');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await axe(page, 'fr sign-in');
  const admin = cliPerson('admin', 'fr', 'Nadia Alaoui');
  await page.goto(admin.link);
  const password = page.locator('input[autocomplete="new-password"]');
  await expect(password.first()).toBeVisible();
  await axe(page, 'fr welcome');
  await password.first().fill(PASSWORD);
  await password.nth(1).fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  const secretBox = page.locator('[data-secret]');
  await expect(secretBox).toBeVisible({ timeout: 30_000 });
  await axe(page, 'fr two-factor set-up');
  const secret = (await secretBox.textContent())!.trim();
  await page.locator('input[autocomplete="one-time-code"]').fill(await totp(secret));
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('.recovery-codes li')).toHaveCount(10);
  await axe(page, 'fr recovery codes');
  await page.locator('.recovery-codes ~ button').click();
  await expect(page.locator('#desk-nav')).toBeAttached();
  // The second step of signing in.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.locator('input[autocomplete="username"]').fill(admin.email);
  await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('input[autocomplete="one-time-code"]')).toBeVisible();
  await axe(page, 'fr second factor');
  await page.locator('input[autocomplete="one-time-code"]').fill(await totp(secret));
  await page.locator('form button[type="submit"]').first().click();
  await expect(page.locator('#desk-nav')).toBeAttached();
  // A story to look at.
  await page.getByRole('button', { name: 'Nouvel article en arabe' }).click();
  await expect(page).toHaveURL(/\/desk\/stories\/\d+$/);
  const storyId = Number(/\/(\d+)$/.exec(page.url())![1]);
  await page.getByLabel('Titre', { exact: true }).fill(`اختبار الولوجية ${run}`);
  await everyScreen(page, storyId, 'fr');
  // The same screens in Arabic (the person's own choice), right to left.
  await page.goto('/desk/account');
  await page.getByLabel('Langue de la rédaction').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await everyScreen(page, storyId, 'ar');
  // Usable at 768 px: the menu folds, nothing is cut off.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`/desk/stories/${storyId}`);
  await expect(page.getByRole('button', { name: 'القائمة' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await axe(page, 'ar story 768');
  await page.getByRole('button', { name: 'القائمة' }).click();
  await expect(page.getByRole('link', { name: 'مكتبة الوسائط' })).toBeVisible();
  expect(violations).toEqual([]);
  await page.close();
});

/** Presses Tab until the focused element matches (the keyboard alone, as a person without a mouse does). */
async function tabTo(page: Page, matches: (el: Element) => boolean, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((fn) => new Function('el', `return (${fn})(el)`)(document.activeElement) as boolean, matches.toString())) return;
  }
  throw new Error(`not reached with Tab: ${matches.toString()}`);
}

test('a story written and published with the keyboard alone', async ({ browser }) => {
  const page = await deskPage(browser, { width: 1280, height: 900 });
  const editor = cliPerson('editor', 'fr', 'Omar Kettani');
  await followLink(page, editor.link);
  const title = `Écrit au clavier ${run}`;
  await page.goto('/desk');
  await tabTo(page, (el) => el.textContent === 'Nouvel article en français');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/desk\/stories\/\d+$/);
  const id = Number(/\/(\d+)$/.exec(page.url())![1]);
  await tabTo(page, (el) => el instanceof HTMLInputElement && el.labels?.[0]?.textContent === 'Titre');
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Un chapô tapé au clavier.');
  await tabTo(page, (el) => el.getAttribute('contenteditable') === 'true');
  await page.keyboard.press('Control+Alt+Digit2');
  await page.keyboard.type('Un intertitre');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Alt+Digit0');
  await page.keyboard.type('Un paragraphe en ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('gras');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Shift+Digit8');
  await page.keyboard.type('Premier point');
  await tabTo(page, (el) => el instanceof HTMLSelectElement && el.labels?.[0]?.textContent === 'Rubrique');
  await page.keyboard.press('Alt+ArrowDown');
  await page.keyboard.type('Soc');
  await page.keyboard.press('Enter');
  await saved(page);
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, (el) => el.textContent === 'Publier maintenant');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: "L'article est publié." })).toBeVisible();
  const [row] = storeRows('select status, title, body_html from articles where id = ?', id);
  expect(row!.status).toBe('published');
  expect(row!.title).toBe(title);
  expect(String(row!.body_html)).toMatch(/<h2 dir="ltr">Un intertitre<\/h2>/);
  expect(String(row!.body_html)).toMatch(/<strong>gras<\/strong>/);
  expect(String(row!.body_html)).toMatch(/<ul><li dir="ltr">Premier point<\/li><\/ul>/);
  await page.close();
});

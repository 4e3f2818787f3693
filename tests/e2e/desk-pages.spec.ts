/**
 * The static pages in the desk (docs/desk.md "Pages", ADR 041), as an
 * editor would use them in Chromium:
 *
 *  - in French: a page's title and body written in the desk's editor; an
 *    empty title refused at publication, next to the field, the public page
 *    unchanged; previewed as the site renders it; published: the public page
 *    shows it within seconds;
 *  - the same in Arabic, with the desk in Arabic, for its Arabic twin;
 *  - a journalist is not offered the screen and the API answers 403;
 *  - axe (WCAG 2 A and AA) finds nothing on the list, the editor, the
 *    refusal and the preview, in French and in Arabic.
 *
 * Each page is published again as it was after the spec (the editorial
 * spec reads every page's title and body).
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { cliPerson, deskCall, followLink, journalistPage, run, storeRows } from '../support/desk.ts';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

/** The page both tests write, in each language. */
const KEY = 'charte2m';

async function axe(page: Page, what: string): Promise<void> {
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);
  // Nothing excluded: with a preview open, the page it frames is checked too.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).setLegacyMode(true).analyze();
  expect(results.violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

type Doc = { title: string; body: string };

/** Publishes `doc` as the page's text (the clean-up: the page as it was). */
async function publishDoc(page: Page, lang: 'ar' | 'fr', doc: Doc): Promise<void> {
  const url = `/api/desk/pages/${lang}/${KEY}`;
  const ws = await deskCall<{ rev: number }>(page, 'GET', url);
  const saved = await deskCall<{ rev: number }>(page, 'PUT', url, { rev: ws.response.rev, doc });
  expect(saved.status).toBe(200);
  expect((await deskCall(page, 'POST', `${url}/publish`, { rev: saved.response.rev })).status).toBe(200);
}

const publicHtml = async (page: Page, lang: 'ar' | 'fr') => (await page.request.get(`/${lang}/navigationlinks/${KEY}`)).text();

let page: Page;
const original: Partial<Record<'ar' | 'fr', Doc>> = {};

test.beforeAll(async ({ browser }) => {
  // The first sign-in loads the desk and the password dictionaries (slow on a loaded machine).
  test.setTimeout(120_000);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await followLink(page, cliPerson('editor', 'fr', 'Ghita Lahlou').link);
  for (const lang of ['ar', 'fr'] as const) {
    const [row] = storeRows('select title, body_html from static_pages where lang = ? and page = ?', lang, KEY);
    original[lang] = { title: String(row!.title), body: String(row!.body_html) };
  }
});

test.afterAll(async () => {
  for (const lang of ['ar', 'fr'] as const) {
    const doc = original[lang];
    const [row] = storeRows('select title, body_html from static_pages where lang = ? and page = ?', lang, KEY);
    if (doc && (row!.title !== doc.title || row!.body_html !== doc.body)) await publishDoc(page, lang, doc);
  }
});

/**
 * Writes the page open in the desk: a refused empty title, then `title` and
 * a body with `bold` in bold, the preview (axe in it), and the publication;
 * the public page shows it. `t`: the screen's words in the desk's language.
 */
async function writeAndPublish(page: Page, lang: 'ar' | 'fr', title: string, text: string, bold: string, t: { title: string; publish: string; required: string; preview: string; published: RegExp }): Promise<void> {
  const field = page.getByLabel(t.title, { exact: true });
  await expect(field).toHaveValue(original[lang]!.title);
  await axe(page, `${lang} page editor`);

  // An empty title: refused at publication, next to the field; the public page keeps its text.
  await field.fill('');
  await page.getByRole('button', { name: t.publish }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`[id="${(await field.getAttribute('aria-describedby'))!}"]`)).toHaveText(t.required);
  await axe(page, `${lang} page with a refused title`);
  expect(storeRows('select title from static_pages where lang = ? and page = ?', lang, KEY)[0]!.title).toBe(original[lang]!.title);

  // The title and the body written again in the editor.
  await field.fill(title);
  const body = page.locator('.body-editor .content');
  await body.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  await page.keyboard.press('Control+b');
  await page.keyboard.type(bold);
  await page.keyboard.press('Control+b');
  await page.keyboard.type('.');

  // Previewed as the site renders it (a working copy: not on the site yet).
  await page.getByRole('button', { name: t.preview }).click();
  const frame = page.frameLocator('iframe.preview-frame');
  await expect(frame.locator('main h1')).toHaveText(title);
  await expect(frame.locator('main strong', { hasText: bold })).toBeVisible();
  await axe(page, `${lang} page preview`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(await publicHtml(page, lang)).not.toContain(title);

  // Published: the public page shows it within seconds.
  await page.getByRole('button', { name: t.publish }).click();
  await expect(page.getByRole('status').filter({ hasText: t.published })).toBeVisible();
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect.poll(async () => {
    const html = await publicHtml(page, lang);
    return html.includes(title) && html.includes(`<strong>${bold}</strong>`);
  }, { timeout: 10_000, message: `the public ${lang} page shows the new text` }).toBe(true);
  await axe(page, `${lang} page published`);
}

test('in French: a page written in the editor, refused without a title, previewed and published', async () => {
  await page.goto('/desk');
  await page.locator('#desk-nav').getByRole('link', { name: 'Pages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await axe(page, 'fr pages');
  await page.locator(`a[href="/desk/pages/fr/${KEY}"]`).click();
  await expect(page.getByRole('heading', { level: 1, name: `Page ${KEY} — Français` })).toBeVisible();
  await writeAndPublish(page, 'fr', `Charte éditoriale de 2M ${run}`, 'La rédaction vérifie chaque information ', 'avant de la publier', {
    title: 'Titre',
    publish: 'Publier la page',
    required: 'Ce champ est obligatoire.',
    preview: 'Aperçu sur téléphone (375 px)',
    published: /^Page publiée/,
  });
  const audit = storeRows("select action from desk_audit where item_type = 'page' and item_id = ? and actor like ? order by id", `fr:${KEY}`, 'Ghita Lahlou%').map((r) => r.action);
  expect(audit).toEqual(expect.arrayContaining(['page.save', 'page.publish']));
});

test('in Arabic: its Arabic twin written, previewed and published, with the desk in Arabic', async () => {
  await page.goto('/desk/account');
  await page.getByLabel('Langue de la rédaction').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto('/desk/pages');
  await expect(page.getByRole('heading', { level: 1, name: 'الصفحات' })).toBeVisible();
  await axe(page, 'ar pages');
  await page.locator(`a[href="/desk/pages/ar/${KEY}"]`).click();
  await expect(page.getByRole('heading', { level: 1, name: `الصفحة ${KEY} — العربية` })).toBeVisible();
  await writeAndPublish(page, 'ar', `ميثاق التحرير في دوزيم ${run}`, 'تتحقق هيئة التحرير من كل خبر ', 'قبل نشره', {
    title: 'العنوان',
    publish: 'نشر الصفحة',
    required: 'هذا الحقل إلزامي.',
    preview: 'معاينة على الحاسوب (1280 بكسل)',
    published: /^نُشرت الصفحة/,
  });
  // The French page kept its own text.
  expect(await publicHtml(page, 'fr')).toContain(`Charte éditoriale de 2M ${run}`);
  await page.goto('/desk/account');
  await page.getByLabel('لغة مكتب التحرير').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('a journalist is not offered the pages, and the API answers 403', async ({ browser }) => {
  const { page: other, headers } = await journalistPage(browser, 'Youssef Chraibi');
  await expect(other.locator('#desk-nav').getByRole('link', { name: 'Pages' })).toHaveCount(0);
  expect((await other.request.get('/api/desk/pages', { headers: { locale: 'fr' } })).status()).toBe(403);
  expect((await other.request.put(`/api/desk/pages/fr/${KEY}`, { headers, data: JSON.stringify({ rev: 0, doc: { title: `Refusé ${run}`, body: '<p>x</p>' } }) })).status()).toBe(403);
  expect((await other.request.post(`/api/desk/pages/fr/${KEY}/publish`, { headers, data: JSON.stringify({ rev: 0 }) })).status()).toBe(403);
  expect(await publicHtml(other, 'fr')).not.toContain(`Refusé ${run}`);
  await other.close();
});

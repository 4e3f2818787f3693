/**
 * The dossiers in the desk (docs/desk.md "Dossiers", ADR 041), as an editor
 * would use them in Chromium:
 *
 *  - in French: a title refused with its message next to the field, then a
 *    dossier made, its text written in the desk's editor, its cover chosen
 *    in the media library, stories added by search (one of the other
 *    language refused, saying why), put in order by mouse and by keyboard
 *    (dnd-kit), saved: its public page shows it all, in that order, and the
 *    sitemap lists it;
 *  - in Arabic: its Arabic twin made and paired with it (each public page
 *    names the other as its alternate), refusals in Arabic, then retired;
 *  - retired: its page answers 410 and it leaves the sitemap;
 *  - a journalist is not offered the screen and the API answers 403;
 *  - axe (WCAG 2 A and AA) finds nothing on the list, a new dossier, a
 *    dossier with its stories, the picture dialog and each refusal shown,
 *    in French and in Arabic.
 *
 * What it makes it retires (afterAll too, if a step failed): the stories it
 * borrows had no dossier and have none again, so the editorial spec's
 * dossiers are the seed's.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { arrowDown, cliPerson, deskCall, dragAbove, followLink, journalistPage, run, storeRows } from '../support/desk.ts';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

async function axe(page: Page, what: string): Promise<void> {
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);
  // Nothing excluded: the screens, their dialogs and their messages are all checked.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).setLegacyMode(true).analyze();
  expect(results.violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Every URL of a language's sitemap (its pages, when it is an index). */
async function sitemap(page: Page, lang: 'ar' | 'fr'): Promise<string> {
  const top = await (await page.request.get(`/${lang}/sitemap.xml`)).text();
  if (!top.includes('<sitemapindex')) return top;
  const parts = [...top.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return (await Promise.all(parts.map(async (p) => (await page.request.get(p)).text()))).join('\n');
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const inOrder = (text: string, titles: string[]) => {
  const at = titles.map((t) => text.indexOf(escapeHtml(t)));
  return at.every((i) => i >= 0) && at.every((i, n) => n === 0 || i > at[n - 1]!);
};

/** The dossier's stories as the server holds them, in order. */
const savedStories = (id: number): number[] => storeRows('select id from articles where dossier_id = ? order by dossier_position', id).map((r) => Number(r.id));

const titles = (page: Page) => page.locator('[data-list="dossier"] .front-item-title').allTextContents();

/** Adds a story found by the words of its headline (the search of the screen's side panel). */
async function addStory(page: Page, search: string, button: string): Promise<void> {
  const form = page.locator('form[role="search"]');
  await form.getByRole('searchbox').fill(search);
  await form.getByRole('button').click();
  await page.getByRole('button', { name: button, exact: true }).first().click();
}

let page: Page;
const made: { fr: number | null; ar: number | null } = { fr: null, ar: null };
const frenchTitle = `La CAN au Maroc ${run}`;
let french: { id: number; title: string }[] = [];

test.beforeAll(async ({ browser }) => {
  // The first sign-in loads the desk and the password dictionaries (slow on a loaded machine).
  test.setTimeout(120_000);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await followLink(page, cliPerson('editor', 'fr', 'Hind Bennis').link);
  // Published French stories in no dossier (a story joins one dossier at a time: the seed's keep theirs).
  french = storeRows("select id, title from articles where lang = 'fr' and status = 'published' and published_at <= ? and dossier_id is null order by id limit 3", new Date().toISOString()).map((r) => ({ id: Number(r.id), title: String(r.title) }));
  expect(french).toHaveLength(3);
});

test.afterAll(async () => {
  for (const id of [made.fr, made.ar]) {
    if (id === null) continue;
    const [row] = storeRows('select retired_at from dossiers where id = ?', id);
    if (row && row.retired_at === null) expect((await deskCall(page, 'POST', `/api/desk/dossiers/${id}/retire`)).status, `dossier ${id} retired after the spec`).toBe(200);
  }
});

test('in French: a dossier made with its text, cover and stories in order; its page and its place in the sitemap', async () => {
  const title = frenchTitle;
  await page.goto('/desk');
  await page.locator('#desk-nav').getByRole('link', { name: 'Dossiers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dossiers spéciaux — Français' })).toBeVisible();
  await axe(page, 'fr dossiers');

  // A title of spaces: refused next to the field, nothing made.
  const count = storeRows('select count(*) as n from dossiers')[0]!.n;
  const newTitle = page.getByLabel('Titre d’un nouveau dossier');
  await newTitle.fill('   ');
  await page.getByRole('button', { name: 'Créer le dossier' }).click();
  await expect(newTitle).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`[id="${(await newTitle.getAttribute('aria-describedby'))!}"]`)).toHaveText('Ce champ est obligatoire.');
  expect(storeRows('select count(*) as n from dossiers')[0]!.n).toBe(count);
  await axe(page, 'fr dossiers with a refused title');

  await newTitle.fill(title);
  await page.getByRole('button', { name: 'Créer le dossier' }).click();
  await expect(page).toHaveURL(/\/desk\/dossiers\/\d+$/);
  const id = Number(/\/(\d+)$/.exec(page.url())![1]);
  made.fr = id;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await axe(page, 'fr new dossier');

  // The description, and the text in the desk's editor.
  await page.getByLabel('Description').fill('Tout sur la Coupe d’Afrique des nations au Maroc.');
  await page.locator('.body-editor .content').click();
  await page.keyboard.type('Du 21 décembre au 18 janvier, ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('six villes hôtes');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('.');

  // The cover, from the media library.
  await page.getByRole('button', { name: 'Choisir dans la médiathèque' }).click();
  const dialog = page.getByRole('dialog');
  const use = dialog.locator('button:enabled', { hasText: 'Utiliser' }).first();
  await expect(use).toBeVisible();
  await axe(page, 'fr cover picker');
  await use.click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('img.dossier-cover')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer le dossier' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Dossier enregistré/ })).toBeVisible();
  const [row] = storeRows('select cover_image_id, body_html from dossiers where id = ?', id);
  expect(Number(row!.cover_image_id)).toBeGreaterThan(0);
  expect(String(row!.body_html)).toContain('<strong>six villes hôtes</strong>');

  // Three stories added by search; each is saved at once.
  for (const s of french) await addStory(page, s.title, `Ajouter «\u202f${s.title}\u202f» au dossier`);
  await expect.poll(() => titles(page)).toEqual(french.map((s) => s.title));
  await expect.poll(() => savedStories(id)).toEqual(french.map((s) => s.id));

  // An Arabic story: refused, saying why, and the dossier keeps its three.
  const [arabic] = storeRows("select id, title from articles where lang = 'ar' and status = 'published' and dossier_id is null order by id limit 1");
  const arabicTitle = String(arabic!.title);
  await addStory(page, arabicTitle, `Ajouter «\u202f${arabicTitle}\u202f» au dossier`);
  await expect(page.getByRole('alert')).toHaveText(`«\u202f${arabicTitle}\u202f»\u202f: Cet article est en arabe\u202f: seuls les articles en français sont acceptés ici.`);
  await expect.poll(() => titles(page)).toEqual(french.map((s) => s.title));
  expect(savedStories(id)).toEqual(french.map((s) => s.id));
  await axe(page, 'fr dossier with a refused story');

  // By mouse: the second story dragged above the first.
  const handles = page.locator('[data-list="dossier"] .drag-handle');
  await dragAbove(page, handles.nth(1), handles.nth(0));
  const byMouse = [french[1]!, french[0]!, french[2]!];
  await expect.poll(() => titles(page)).toEqual(byMouse.map((s) => s.title));
  await expect.poll(() => savedStories(id)).toEqual(byMouse.map((s) => s.id));

  // By the keyboard alone: the first story picked up with Space, moved down twice, dropped.
  await handles.nth(0).focus();
  await page.keyboard.press('Space');
  await expect(handles.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await arrowDown(page);
  await arrowDown(page);
  await page.keyboard.press('Space');
  const byKeyboard = [byMouse[1]!, byMouse[2]!, byMouse[0]!];
  await expect.poll(() => titles(page)).toEqual(byKeyboard.map((s) => s.title));
  await expect.poll(() => savedStories(id)).toEqual(byKeyboard.map((s) => s.id));
  await axe(page, 'fr dossier with its stories');

  // Its public page: title, text, cover, the stories in that order; the sitemap lists it.
  const path = (await page.getByRole('link', { name: 'Ouvrir sa page' }).getAttribute('href'))!;
  expect(path).toBe(`/fr/dossier-special?id=${id}`);
  const picture = storeRows('select url, variants from images where id = ?', Number(row!.cover_image_id))[0] as { url: string; variants: string };
  const renditions = [picture.url, ...(JSON.parse(picture.variants) as { url: string }[]).map((v) => v.url)];
  await expect
    .poll(
      async () => {
        const res = await page.request.get(path);
        const html = await res.text();
        return res.status() === 200 && html.includes(escapeHtml(title)) && html.includes('<strong>six villes hôtes</strong>') && renditions.some((u) => html.includes(u)) && inOrder(html, byKeyboard.map((s) => s.title));
      },
      { timeout: 10_000, message: 'the public page shows the dossier' },
    )
    .toBe(true);
  await expect.poll(async () => (await sitemap(page, 'fr')).includes(`/fr/dossier-special?id=${id}<`), { timeout: 10_000 }).toBe(true);
  await expect.poll(async () => (await (await page.request.get('/fr/dossier-special')).text()).includes(escapeHtml(title)), { timeout: 10_000 }).toBe(true);
  const audit = storeRows("select action from desk_audit where item_type = 'dossier' and item_id = ? order by id", String(id)).map((r) => r.action);
  expect(audit[0]).toBe('dossier.create');
  expect(audit).toContain('dossier.save');
});

test('in Arabic: its twin made and paired with it, refusals in Arabic, axe finds nothing; then retired', async () => {
  expect(made.fr).not.toBeNull();
  await page.goto('/desk/account');
  await page.getByLabel('Langue de la rédaction').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto('/desk/dossiers?lang=ar');
  await expect(page.getByRole('heading', { level: 1, name: 'الملفات الخاصة — العربية' })).toBeVisible();
  await axe(page, 'ar dossiers');
  const newTitle = page.getByLabel('عنوان ملف جديد');
  await newTitle.fill('  ');
  await page.getByRole('button', { name: 'إنشاء الملف' }).click();
  await expect(newTitle).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`[id="${(await newTitle.getAttribute('aria-describedby'))!}"]`)).toHaveText('هذا الحقل إلزامي.');
  await axe(page, 'ar dossiers with a refused title');

  const title = `كأس إفريقيا بالمغرب ${run}`;
  await newTitle.fill(title);
  await page.getByRole('button', { name: 'إنشاء الملف' }).click();
  await expect(page).toHaveURL(/\/desk\/dossiers\/\d+$/);
  const id = Number(/\/(\d+)$/.exec(page.url())![1]);
  made.ar = id;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await axe(page, 'ar new dossier');

  // Paired with the French dossier.
  await page.getByLabel('الملف نفسه بالفرنسية').selectOption(String(made.fr));
  await page.getByRole('button', { name: 'اختيار من مكتبة الوسائط' }).click();
  await expect(page.getByRole('dialog').locator('button:enabled', { hasText: 'استعمال' }).first()).toBeVisible();
  await axe(page, 'ar cover picker');
  await page.getByRole('dialog').locator('button:enabled', { hasText: 'استعمال' }).first().click();
  await page.getByRole('button', { name: 'حفظ الملف' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^حُفظ الملف/ })).toBeVisible();
  const keys = storeRows('select id, translation_key from dossiers where id in (?, ?)', made.fr!, id);
  expect(new Set(keys.map((k) => k.translation_key)).size).toBe(1);
  await expect(page.getByLabel('الملف نفسه بالفرنسية')).toHaveValue(String(made.fr));

  // A French story, refused in Arabic; an empty title, refused next to the field.
  await addStory(page, french[0]!.title, `إضافة «${french[0]!.title}» إلى الملف`);
  await expect(page.getByRole('alert')).toHaveText(`«${french[0]!.title}»: هذا المقال بالفرنسية: لا تُقبل هنا إلا المقالات العربية.`);
  expect(savedStories(id)).toEqual([]);
  await axe(page, 'ar dossier with a refused story');
  const field = page.getByLabel('العنوان', { exact: true });
  await field.fill(' ');
  await page.getByRole('button', { name: 'حفظ الملف' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`[id="${(await field.getAttribute('aria-describedby'))!}"]`)).toHaveText('هذا الحقل إلزامي.');
  expect(storeRows('select title from dossiers where id = ?', id)[0]!.title).toBe(title);
  await axe(page, 'ar dossier with a refused title');
  await field.fill(title);

  // Each public page names the other as its alternate.
  await expect.poll(async () => (await (await page.request.get(`/fr/dossier-special?id=${made.fr}`)).text()).includes(`/ar/dossier-special?id=${id}"`), { timeout: 10_000 }).toBe(true);
  await expect.poll(async () => (await (await page.request.get(`/ar/dossier-special?id=${id}`)).text()).includes(`/fr/dossier-special?id=${made.fr}"`), { timeout: 10_000 }).toBe(true);

  // Retired (after a confirmation): its page answers 410.
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'سحب الملف' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'سُحب الملف.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'سحب الملف' })).toHaveCount(0);
  await axe(page, 'ar retired dossier');
  await expect.poll(async () => (await page.request.get(`/ar/dossier-special?id=${id}`)).status(), { timeout: 10_000 }).toBe(410);
  await page.goto('/desk/account');
  await page.getByLabel('لغة مكتب التحرير').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('in French: the dossier retired, its page answers 410 and it leaves the sitemap; its stories are free again', async () => {
  const id = made.fr!;
  await page.goto(`/desk/dossiers/${id}`);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Retirer le dossier' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Le dossier est retiré.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Ce dossier est retiré du site.' })).toBeVisible();
  await axe(page, 'fr retired dossier');
  await expect.poll(async () => (await page.request.get(`/fr/dossier-special?id=${id}`)).status(), { timeout: 10_000 }).toBe(410);
  await expect.poll(async () => (await sitemap(page, 'fr')).includes(`/fr/dossier-special?id=${id}<`), { timeout: 10_000 }).toBe(false);
  expect(savedStories(id)).toEqual([]);
  // Still in the desk's list, marked retired, last.
  await page.getByRole('link', { name: 'Tous les dossiers' }).click();
  await expect(page.locator('table.list tbody tr', { hasText: frenchTitle })).toContainText('Ce dossier est retiré du site.');
});

test('a journalist is not offered the dossiers, and the API answers 403', async ({ browser }) => {
  const { page: other, headers } = await journalistPage(browser, 'Karim Tazi');
  await expect(other.locator('#desk-nav').getByRole('link', { name: 'Dossiers' })).toHaveCount(0);
  expect((await other.request.get('/api/desk/dossiers?lang=fr', { headers: { locale: 'fr' } })).status()).toBe(403);
  expect((await other.request.post('/api/desk/dossiers', { headers, data: JSON.stringify({ lang: 'fr', title: `Refusé ${run}` }) })).status()).toBe(403);
  expect(storeRows('select id from dossiers where title = ?', `Refusé ${run}`)).toHaveLength(0);
  await other.close();
});

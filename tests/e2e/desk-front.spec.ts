/**
 * The front page in the desk (docs/desk.md "Front page", ADR 040), as an
 * editor would use it in Chromium: La UNE's slider rearranged with the
 * mouse and then with the keyboard alone (dnd-kit's keyboard sensor), the
 * whole home page previewed through the site's render path, published (the
 * public home page leads with it within 5 s), the previous version
 * restored and published again; a story of the other language refused from
 * the story list with its message; axe finds nothing on the screen and its
 * dialogs, in French and in Arabic.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { arrowDown, cliPerson, deskPage, dragAbove, followLink, networkQuiet, storeRows } from '../support/desk.ts';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

/** `preview`: a dialog framing the public home page, whose islands keep the network busy (the page itself is checked by the site's own tests). */
async function axe(page: Page, what: string, preview = false): Promise<void> {
  if (!preview) await networkQuiet(page);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const results = await (preview ? builder.exclude('iframe.preview-frame') : builder).analyze();
  expect(results.violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const sliderTitles = (page: Page) => page.locator('[data-list="slider"] .front-item-title').allTextContents();

/** The working copy as the server holds it (the slider's ids). */
const savedSlider = (): number[] => {
  const [row] = storeRows("select doc from desk_drafts where kind = 'front' and key = 'fr'");
  return row ? (JSON.parse(String(row.doc)) as { slider: number[] }).slider : [];
};

const titleOf = (id: number) => String(storeRows('select title from articles where id = ?', id)[0]!.title);

/** The titles of the public French home page's slider, in order. */
async function publicSlider(page: Page): Promise<string[]> {
  const html = await (await page.request.get('/fr')).text();
  // From the lead's card (after the slider's hidden heading) to the end of the slider.
  const start = html.indexOf('class="slider-lead"');
  const part = html.slice(start, html.indexOf('</section>', start));
  return [...part.matchAll(/<h[23][^>]*>\s*(?:<a[^>]*>)?\s*([^<]+?)\s*</g)].map((m) => m[1]!.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
}


test('an editor rearranges La UNE by mouse and keyboard, previews, publishes, and restores the previous version', async ({ browser }) => {
  const page = await deskPage(browser, { width: 1280, height: 1000 });
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const editor = cliPerson('editor', 'fr', 'Salma Berrada');
  await followLink(page, editor.link);
  await page.getByRole('link', { name: 'La une' }).click();
  await expect(page.locator('main h1')).toHaveText('La une — Français');
  await expect(page.locator('[data-list="slider"] .front-item')).toHaveCount(5);
  await axe(page, 'fr front page');
  const before = await sliderTitles(page);

  // By mouse: the second story dragged above the first.
  const handles = page.locator('[data-list="slider"] .drag-handle');
  await dragAbove(page, handles.nth(1), handles.nth(0));
  const byMouse = [before[1]!, before[0]!, ...before.slice(2)];
  await expect.poll(() => sliderTitles(page)).toEqual(byMouse);
  await expect.poll(() => savedSlider().map(titleOf)).toEqual(byMouse);

  // By the keyboard alone: the (new) first story picked up with Space, moved down twice, dropped.
  await handles.nth(0).focus();
  await page.keyboard.press('Space');
  await expect(handles.nth(0)).toHaveAttribute('aria-pressed', 'true');
  // Announced in the desk's language (dnd-kit's live region).
  await expect(page.getByRole('status').filter({ hasText: /^Article «\u202f.+\u202f» (saisi|au-dessus de la position 1)/ })).toBeAttached();
  await arrowDown(page);
  await arrowDown(page);
  await page.keyboard.press('Space');
  const byKeyboard = [byMouse[1]!, byMouse[2]!, byMouse[0]!, ...byMouse.slice(3)];
  await expect.poll(() => sliderTitles(page)).toEqual(byKeyboard);
  await expect.poll(() => savedSlider().map(titleOf)).toEqual(byKeyboard);

  // The whole home page, previewed through the site's render path.
  await page.getByRole('button', { name: 'Aperçu sur ordinateur (1280 px)' }).click();
  const frame = page.frameLocator('iframe.preview-frame');
  await expect(frame.locator('.slider-lead')).toContainText(byKeyboard[0]!);
  await axe(page, 'fr preview dialog', true);
  await page.keyboard.press('Escape');

  // Published: the public home page leads with it within 5 s.
  const versionsBefore = storeRows("select max(number) as n from front_page_versions where lang = 'fr'")[0]!.n as number;
  await page.getByRole('button', { name: 'Publier la une maintenant' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'La une est publiée' })).toBeVisible();
  const published = Date.now();
  await expect.poll(async () => (await publicSlider(page)).slice(0, 3), { timeout: 5_000 }).toEqual(byKeyboard.slice(0, 3));
  expect(Date.now() - published).toBeLessThan(5_000);

  // The previous version restored as the working copy, then published again.
  await page.locator(`tr[data-version="${versionsBefore}"]`).getByRole('button', { name: `Restaurer la version ${versionsBefore}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `La version ${versionsBefore} est devenue le brouillon` })).toBeVisible();
  await expect.poll(() => sliderTitles(page)).toEqual(before);
  await axe(page, 'fr front page with history');
  await page.getByRole('button', { name: 'Publier la une maintenant' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'La une est publiée' })).toBeVisible();
  await expect.poll(async () => (await publicSlider(page)).slice(0, 3), { timeout: 5_000 }).toEqual(before.slice(0, 3));
  const audit = storeRows("select action from desk_audit where item_type = 'front' and actor like ? order by id", `Salma Berrada%`).map((r) => r.action);
  expect(audit).toEqual(expect.arrayContaining(['front.save', 'front.publish', 'front.restore']));

  // From the story list: an Arabic story refused on the French front page? It goes to its own language's; a withdrawn one is refused with its message.
  const [withdrawn] = storeRows("select id, title from articles where lang = 'fr' and status = 'withdrawn' limit 1");
  if (withdrawn) {
    await page.goto(`/desk?state=withdrawn&lang=fr`);
    await page.getByRole('button', { name: `Épingler « ${String(withdrawn.title)} » à la une` }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Épingler', exact: true }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Cet article a été retiré du site\u202f: il ne peut pas être placé ici.');
    await axe(page, 'fr pin dialog');
  }
  expect(violations).toEqual([]);
  await page.close();
});

test('in Arabic: axe finds nothing; a French story found by search is refused with a clear message', async ({ browser }) => {
  const page = await deskPage(browser, { width: 1280, height: 1000 });
  const editor = cliPerson('editor', 'ar', 'يوسف الإدريسي');
  await followLink(page, editor.link);
  await page.goto('/desk/front?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('[data-list="slider"] .front-item').first()).toBeVisible();
  await axe(page, 'ar front page');
  const [french] = storeRows("select id, title from articles where lang = 'fr' and status = 'published' order by published_at desc limit 1");
  const search = page.getByRole('search', { name: 'تثبيت مقال' });
  await search.getByRole('searchbox').fill(String(french!.title).split(' ').slice(0, 3).join(' '));
  await search.getByRole('button').click();
  await page.getByRole('button', { name: `تثبيت «${String(french!.title)}»` }).first().click();
  await expect(page.getByRole('alert')).toHaveText('هذا المقال بالفرنسية: لا تُقبل هنا إلا المقالات العربية.');
  await axe(page, 'ar front page with a refusal');
  // Rearranged by keyboard in right-to-left too.
  const titles = await sliderTitles(page);
  const handle = page.locator('[data-list="slider"] .drag-handle').nth(0);
  await handle.focus();
  await page.keyboard.press('Space');
  // Picked up before it moves (dnd-kit starts the drag on the next frame).
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await arrowDown(page);
  await page.keyboard.press('Space');
  await expect.poll(() => sliderTitles(page)).toEqual([titles[1], titles[0], ...titles.slice(2)]);
  await page.close();
});

/**
 * Starlight in the desk (docs/desk.md "Starlight"), as an editor would use
 * it in Chromium: a candidate's French name and biography changed and a
 * photo chosen in the media library, seen on the public pages within
 * seconds; an empty name and markup in a biography refused next to their
 * fields, nothing changed; a candidate added, then retired (off /talents,
 * their page 404). Axe finds nothing on the list, the editors and the
 * picture dialog, in French and in Arabic.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { cliPerson, followLink, run, storeRows } from '../support/desk.ts';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

async function axe(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The public page's HTML, as a visitor gets it now. */
const publicHtml = async (page: Page, path: string) => (await page.request.get(path)).text();

/** The latest season's first candidate still on the site. */
function firstCandidate(): { id: number; name_fr: string; photo_image_id: number | null } {
  const [row] = storeRows(
    `select p.id, p.name_fr, p.photo_image_id from starlight_people p join starlight_seasons s on s.id = p.season_id
     where p.role = 'candidate' and p.retired_at is null order by s.number desc, p.position, p.id limit 1`,
  );
  return row as { id: number; name_fr: string; photo_image_id: number | null };
}

test('an editor changes a candidate’s text and photo, sees them on the public pages; bad input refused; adds and retires a candidate', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  const editor = cliPerson('editor', 'fr', 'Salma Berrada');
  await followLink(page, editor.link);
  await page.getByRole('link', { name: 'Starlight', exact: true }).click();
  await expect(page.locator('main h1')).toHaveText('Starlight : saisons, talents, coachs et castings');
  await expect(page.locator('#starlight-candidates')).toBeVisible();
  await axe(page, 'fr list');

  const candidate = firstCandidate();
  await page.getByRole('link', { name: `Modifier « ${candidate.name_fr} »` }).click();
  await expect(page.locator('main h1')).toHaveText(candidate.name_fr);
  await axe(page, 'fr person editor');

  // Bad input: an empty name and markup in the biography, refused next to their fields; nothing changes.
  const nameFr = page.getByLabel('Nom en français');
  const bioFr = page.getByLabel('Biographie en français');
  await nameFr.fill('');
  await bioFr.fill('Une voix <b>rare</b>');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Certains champs sont incorrects.' })).toBeVisible();
  await expect(nameFr).toHaveAttribute('aria-invalid', 'true');
  await expect(nameFr).toHaveAccessibleDescription(/Ce champ est obligatoire\./);
  await expect(bioFr).toHaveAccessibleDescription(/Texte simple : les balises \(<…>\) ne sont pas acceptées ici\./);
  expect(storeRows('select name_fr from starlight_people where id = ?', candidate.id)[0]!.name_fr).toBe(candidate.name_fr);
  await axe(page, 'fr person editor with errors');

  // The text and a picture of the media library (with its alternative texts).
  const newName = `Nour El Houda ${run}`;
  const newBio = `Une voix venue de Tanger, entre tarab et chaâbi (${run}).`;
  await nameFr.fill(newName);
  await bioFr.fill(newBio);
  await page.getByRole('button', { name: 'Choisir dans la médiathèque' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choisir une image' });
  await expect(dialog).toBeVisible();
  const use = dialog.getByRole('button', { name: /^Utiliser l'image : / }).and(page.locator(':enabled'));
  await expect(use.first()).toBeVisible();
  await axe(page, 'fr picture dialog');
  const [picture] = storeRows(`select id, url, alt_fr from images where alt_ar <> '' and alt_fr <> '' and id <> ? order by id desc`, candidate.photo_image_id ?? 0);
  const pick = dialog.getByRole('button', { name: `Utiliser l'image : ${String(picture!.alt_fr)}`, exact: true }).first();
  await dialog.getByLabel('Chercher une image (texte alternatif ou crédit)').fill(String(picture!.alt_fr).slice(0, 30));
  await pick.click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.editor-side').getByText(`Texte alternatif : ${String(picture!.alt_fr)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré : les pages Starlight le montrent en quelques secondes.' })).toBeVisible();
  expect(storeRows('select name_fr, bio_fr, photo_image_id from starlight_people where id = ?', candidate.id)[0]).toEqual({ name_fr: newName, bio_fr: newBio, photo_image_id: picture!.id });

  // On the public pages within seconds: the talents, the Starlight home, the candidate's own page with the photo.
  await expect.poll(async () => (await publicHtml(page, '/fr/talents')).includes(newName), { timeout: 10_000 }).toBe(true);
  await expect.poll(async () => (await publicHtml(page, '/fr/starlight')).includes(newName), { timeout: 10_000 }).toBe(true);
  const own = await publicHtml(page, `/fr/replay/starlight/artiste?id=${candidate.id}`);
  expect(own).toContain(newBio);
  expect(own).toContain(String(picture!.url));

  // A new candidate, added to the latest season, then retired.
  await page.getByRole('link', { name: 'Tout Starlight' }).click();
  const added = `Yassine Amrani ${run}`;
  const form = page.locator('section[aria-labelledby="starlight-new-person"]');
  await form.getByLabel('Nom en arabe').fill('ياسين العمراني');
  await form.getByLabel('Nom en français').fill(added);
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expect(page.locator('main h1')).toHaveText(added);
  const [made] = storeRows('select id from starlight_people where name_fr = ?', added);
  await expect.poll(async () => (await publicHtml(page, '/fr/talents')).includes(added), { timeout: 10_000 }).toBe(true);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Retirer du site' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Retiré du site.' })).toBeVisible();
  await expect.poll(async () => (await publicHtml(page, '/fr/talents')).includes(added), { timeout: 10_000 }).toBe(false);
  expect((await page.request.get(`/fr/replay/starlight/artiste?id=${String(made!.id)}`)).status()).toBe(404);
  const audit = storeRows("select action from desk_audit where item_type = 'starlight-person' and item_id in (?, ?) order by id", String(candidate.id), String(made!.id)).map((r) => r.action);
  expect(audit).toEqual(['starlight.person.save', 'starlight.person.create', 'starlight.person.retire']);
});

test('in Arabic: axe finds nothing on the list, the editors and the picture dialog; a refused field says why in Arabic', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  const editor = cliPerson('editor', 'ar', 'يوسف الإدريسي');
  await followLink(page, editor.link);
  await page.goto('/desk/starlight');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('main h1')).toHaveText('ستارلايت: المواسم والمواهب والمدربون والكاستينغ');
  await expect(page.locator('#starlight-castings')).toBeVisible();
  await axe(page, 'ar list');

  const [season] = storeRows('select id from starlight_seasons order by number desc limit 1');
  await page.goto(`/desk/starlight/seasons/${String(season!.id)}`);
  await expect(page.getByLabel('العنوان بالعربية')).toBeVisible();
  await axe(page, 'ar season editor');
  await page.getByRole('button', { name: 'اختيار من مكتبة الوسائط' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await axe(page, 'ar picture dialog');
  await page.keyboard.press('Escape');

  const [video] = storeRows("select id, title_ar from starlight_videos where kind = 'casting' order by id limit 1");
  await page.goto(`/desk/starlight/videos/${String(video!.id)}`);
  const title = page.getByLabel('العنوان بالعربية');
  await expect(title).toHaveValue(String(video!.title_ar));
  await title.fill('');
  await page.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(title).toHaveAccessibleDescription(/هذا الحقل إلزامي\./);
  expect(storeRows('select title_ar from starlight_videos where id = ?', Number(video!.id))[0]!.title_ar).toBe(video!.title_ar);
  await axe(page, 'ar casting video editor with an error');
});

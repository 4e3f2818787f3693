/**
 * Starlight in the desk (docs/desk.md "Starlight"), as an editor would use
 * it in Chromium: a candidate's French name and biography changed and a
 * photo chosen in the media library, seen on the public pages within
 * seconds; an empty name and markup in a biography refused next to their
 * fields, nothing changed; a candidate added, then retired (off /talents,
 * their page 404). The French casting call's title and text changed, seen
 * on /fr/casting within seconds, an empty title refused next to its field
 * (in French and in Arabic), nothing changed. Axe finds nothing on the list,
 * the editors, the casting call's editor and the picture dialog, in French
 * and in Arabic.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { cliPerson, deskPage, followLink, networkQuiet, run, storeRows } from '../support/desk.ts';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

async function axe(page: Page, what: string): Promise<void> {
  await networkQuiet(page);
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
  const page = await deskPage(browser, { width: 1280, height: 1000 });
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
  const page = await deskPage(browser, { width: 375, height: 800 });
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

test('an editor changes the French casting call and sees it on /fr/casting; an empty title is refused; axe in French and Arabic', async ({ browser }) => {
  const page = await deskPage(browser, { width: 1280, height: 1000 });
  const editor = cliPerson('editor', 'fr', 'Ghita Lahlou');
  await followLink(page, editor.link);
  await page.goto('/desk/starlight');
  await expect(page.locator('#starlight-calls')).toBeVisible();
  const original = storeRows("select title, intro, steps, dates from casting_calls where lang = 'fr'")[0]!;
  const [latest] = storeRows('select max(number) as n from starlight_seasons');
  const season = Number(latest!.n) + 1;
  await page.locator('section[aria-labelledby="starlight-calls"] a[href="/desk/starlight/casting-call/fr"]').click();
  await expect(page.locator('main h1')).toHaveText('Appel à candidatures en français');
  await expect(page.getByText(`aujourd'hui\u202f: saison ${season}`)).toBeVisible();
  const title = page.getByLabel("Titre de l'appel");
  const intro = page.getByLabel("L'appel", { exact: true });
  const dates = page.getByLabel('Dates et villes');
  await expect(title).toHaveValue(String(original.title));
  await axe(page, 'fr casting call editor');

  // Bad input: an empty title, refused next to its field; nothing changes.
  await title.fill('');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription(/Ce champ est obligatoire\./);
  expect(storeRows("select title from casting_calls where lang = 'fr'")[0]!.title).toBe(original.title);
  await axe(page, 'fr casting call editor with an error');

  const newTitle = `Starlight saison {n} : les auditions (${run})`;
  const newIntro = `Vous chantez du chaâbi, du raï ou de l'amazigh ? La saison {n} vous attend (${run}).`;
  await title.fill(newTitle);
  await intro.fill(newIntro);
  await dates.fill(`Casablanca, Marrakech et Tanger.\n\nOujda et Agadir ensuite (${run}).`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré : les pages Starlight le montrent en quelques secondes.' })).toBeVisible();
  await expect(title).not.toHaveAttribute('aria-invalid', 'true');
  expect(storeRows("select title, intro from casting_calls where lang = 'fr'")[0]).toEqual({ title: newTitle, intro: newIntro });
  try {
    const shown = `Starlight saison ${season} : les auditions (${run})`;
    await expect.poll(async () => (await publicHtml(page, '/fr/casting')).includes(shown), { timeout: 10_000 }).toBe(true);
    const visitor = await page.context().newPage();
    await visitor.goto('/fr/casting');
    await expect(visitor.locator('#call-title')).toHaveText(shown);
    await expect(visitor.locator('.call p').filter({ hasText: `La saison ${season} vous attend (${run}).` })).toBeVisible();
    await expect(visitor.locator('.call p').filter({ hasText: `Oujda et Agadir ensuite (${run}).` })).toBeVisible();
    await visitor.close();
  } finally {
    // Put back the call other specs and the demo show.
    await title.fill(String(original.title));
    await intro.fill(String(original.intro));
    await dates.fill(String(original.dates));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => storeRows("select title, intro, dates from casting_calls where lang = 'fr'")[0]).toEqual({ title: original.title, intro: original.intro, dates: original.dates });
  }
  const audit = storeRows("select action from desk_audit where item_type = 'starlight-casting-call' and item_id = 'fr' and actor like ? order by id", `%<${editor.email}>`).map((r) => r.action);
  expect(audit).toEqual(['starlight.casting.save', 'starlight.casting.save']);

  // In Arabic: the same screen, its refusal in Arabic, and axe.
  const arabic = await deskPage(browser, { width: 375, height: 800 });
  const arEditor = cliPerson('editor', 'ar', 'سناء الفاسي');
  await followLink(arabic, arEditor.link);
  await arabic.goto('/desk/starlight/casting-call/ar');
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(arabic.locator('main h1')).toHaveText('نداء المواهب بالعربية');
  const arTitle = arabic.getByLabel('عنوان النداء');
  await expect(arTitle).toHaveValue(String(storeRows("select title from casting_calls where lang = 'ar'")[0]!.title));
  await axe(arabic, 'ar casting call editor');
  await arTitle.fill('');
  await arabic.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(arTitle).toHaveAccessibleDescription(/هذا الحقل إلزامي\./);
  await axe(arabic, 'ar casting call editor with an error');
  await arabic.getByRole('link', { name: 'النداء بالفرنسية' }).click();
  await expect(arabic.locator('main h1')).toHaveText('نداء المواهب بالفرنسية');
  await axe(arabic, 'ar desk, French casting call editor');
});

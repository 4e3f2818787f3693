/**
 * The desk as a newsroom uses it, in both languages (docs/desk.md):
 *
 *  - the first admin comes from the CLI's link, chooses a password and sets
 *    up two-factor (codes computed here with otpauth), then invites a
 *    journalist from the desk: the invitation is read from the server's
 *    outbox folder;
 *  - the journalist (Arabic desk) writes an Arabic story with a pasted Word
 *    document (cleaned, and told what was removed) and two dropped
 *    pictures (alternative texts, credit), starts its French translation,
 *    and submits both;
 *  - the editor (French desk, two-factor) previews at 375 px, publishes the
 *    Arabic one (on /ar/ and its section within 5 s) and schedules the
 *    French one; corrects the headline, compares the revisions and restores
 *    the first published one; two browsers edit the story: the second save
 *    gets the conflict, losing nothing; withdrawn, the story answers 410;
 *    the French story appears at its time.
 */
import { test, expect, type Browser, type Page } from '@playwright/test';
import { casablancaLocalDateTime } from '../../src/lib/desk-dates.ts';
import { cliPerson, dropFiles, followLink, jpeg, mailedLink, pasteHtml, run, saved, storeRows, WORD_HTML } from '../support/desk.ts';

test.describe.configure({ mode: 'serial', timeout: 420_000 });

const AR_TITLE = `الحكومة تقدم مشروع ميزانية ${run}`;
const AR_TITLE_FIXED = `الحكومة تقدم مشروع قانون المالية ${run}`;
const FR_TITLE = `Le gouvernement présente le budget ${run}`;

/** A colour no other test run uses (uploads are deduplicated by their bytes). */
const randomColour = () => `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}`;

async function person(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** The story screen's workflow button of that name. */
const action = (page: Page, name: RegExp) => page.locator('#panel-workflow').locator('..').getByRole('button', { name });

test('a story from the journalist’s draft to the site, corrected, in conflict, withdrawn; its translation on time', async ({ browser }) => {
  const admin = await person(browser);
  const journalist = await person(browser);
  const editor = await person(browser);
  const journalistEmail = `journaliste-${run}@2m.ma`;

  await test.step('the CLI’s admin signs in with its link and sets up two-factor', async () => {
    const first = cliPerson('admin', 'fr', 'Amina Bennani');
    const secret = await followLink(admin, first.link);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    await expect(admin.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  await test.step('the admin invites a journalist; the invitation is mailed', async () => {
    await admin.getByRole('link', { name: 'Équipe' }).click();
    await admin.getByLabel('Nom', { exact: true }).fill('Youssef El Idrissi');
    await admin.getByLabel('Courriel').fill(journalistEmail);
    await admin.getByLabel('Rôle', { exact: true }).selectOption('journalist');
    await admin.getByLabel('Langue de la rédaction').selectOption('ar');
    await admin.getByRole('button', { name: 'Inviter', exact: true }).click();
    await expect(admin.getByRole('status').filter({ hasText: journalistEmail })).toBeVisible();
    await expect(admin.getByRole('cell', { name: `Youssef El Idrissi ${journalistEmail}` })).toBeVisible();
  });

  const invitation = await mailedLink(journalistEmail);
  // Arabic: the person's language.
  expect(invitation.subject).toBe('دعوة إلى مكتب تحرير 2M');
  expect(invitation.text).toContain('صحفي');

  let arabicId = 0;
  let frenchId = 0;
  await test.step('the journalist follows the invitation: an Arabic desk, no two-factor needed', async () => {
    expect(await followLink(journalist, invitation.link)).toBeNull();
    await expect(journalist.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(journalist.getByRole('link', { name: 'الفريق' })).toHaveCount(0);
  });

  await test.step('the journalist writes an Arabic story, pasting a Word document', async () => {
    await journalist.getByRole('button', { name: 'مقال جديد بالعربية' }).click();
    await expect(journalist).toHaveURL(/\/desk\/stories\/\d+$/);
    arabicId = Number(/\/(\d+)$/.exec(journalist.url())![1]);
    await journalist.getByLabel('العنوان', { exact: true }).fill(AR_TITLE);
    await journalist.getByLabel('الملخص').fill('أبرز ما جاء في مشروع قانون المالية للسنة المقبلة.');
    await pasteHtml(journalist, WORD_HTML, 'أعلنت الحكومة');
    // Told what was removed, in Arabic.
    await expect(journalist.getByRole('status').filter({ hasText: 'نُظّف النص الملصوق' })).toContainText('البرامج النصية');
    const body = journalist.locator('.body-editor .content');
    await expect(body).toContainText('أعلنت الحكومة');
    await expect(body).toContainText('une étape importante');
    await expect(body.locator('strong, b').first()).toHaveText('أعلنت الحكومة');
    // The French paragraph goes left to right inside the Arabic story.
    await expect(body.locator('p', { hasText: 'Le ministre' })).toHaveAttribute('dir', 'ltr');
    await expect(body.locator('p', { hasText: 'أعلنت' })).toHaveAttribute('dir', 'rtl');
    await journalist.getByLabel('القسم', { exact: true }).selectOption({ label: 'اقتصاد' });
    await journalist.getByLabel('إضافة وسم').fill(`ميزانية ${run}`);
    await journalist.getByRole('button', { name: 'إضافة', exact: true }).click();
    await journalist.getByLabel('التوقيع').fill('سعاد العلمي');
    await saved(journalist);
    const [stored] = storeRows('select doc from desk_stories where article_id = ?', arabicId);
    const doc = JSON.parse(String(stored!.doc)) as { body: string; title: string };
    expect(doc.title).toBe(AR_TITLE);
    expect(doc.body).toContain('أعلنت الحكومة');
    expect(doc.body).not.toMatch(/script|onclick|javascript:|iframe|mso|class=|style=|file:|·/i);
    expect(doc.body).toMatch(/<p dir="ltr" lang="fr">Le ministre/);
  });

  await test.step('two pictures dropped in, with their alternative texts and credit: cover and gallery', async () => {
    await journalist.getByRole('button', { name: 'اختيار صورة الغلاف' }).click();
    const dialog = journalist.getByRole('dialog', { name: 'اختيار صورة' });
    await dropFiles(journalist, '[data-dropzone]', [
      { name: `budget-${run}.jpg`, type: 'image/jpeg', bytes: await jpeg(randomColour()) },
      { name: `parlement-${run}.jpg`, type: 'image/jpeg', bytes: await jpeg(randomColour(), 1200, 800) },
    ]);
    await expect(dialog.getByRole('status').filter({ hasText: 'أُرسلت' })).toHaveCount(2, { timeout: 30_000 });
    const editors = dialog.locator('.media-editor');
    await expect(editors).toHaveCount(2);
    // Not usable before both alternative texts are there.
    await expect(dialog.getByRole('button', { name: /^استعمال الصورة/ }).first()).toBeDisabled();
    for (const [ar, fr] of [
      [`وزيرة الاقتصاد والمالية في البرلمان ${run}`, `La ministre de l’Économie au Parlement ${run}`],
      [`مبنى البرلمان في الرباط ${run}`, `Le Parlement à Rabat ${run}`],
    ]) {
      // Each editor closes once its picture is saved: the next one is first.
      const ed = editors.first();
      await ed.getByLabel('النص البديل بالعربية').fill(ar!);
      await ed.getByLabel('النص البديل بالفرنسية').fill(fr!);
      await ed.getByLabel('حقوق الصورة').fill('MAP');
      await ed.getByRole('button', { name: 'حفظ معلومات الصورة' }).click();
      await expect(dialog.getByRole('button', { name: `استعمال الصورة: ${fr}` })).toBeEnabled();
    }
    await dialog.getByRole('button', { name: `استعمال الصورة: La ministre de l’Économie au Parlement ${run}` }).click();
    await journalist.getByRole('button', { name: 'إضافة صورة إلى المعرض' }).click();
    await journalist.getByRole('dialog', { name: 'اختيار صورة' }).getByRole('button', { name: `استعمال الصورة: Le Parlement à Rabat ${run}` }).click();
    await journalist.getByLabel('تعليق الصورة 1 من المعرض').fill('جلسة عامة بمجلس النواب');
    await saved(journalist);
    const [row] = storeRows('select doc from desk_stories where article_id = ?', arabicId);
    const doc = JSON.parse(String(row!.doc)) as { cover: { imageId: number } | null; gallery: { imageId: number; caption: string }[] };
    expect(doc.cover).not.toBeNull();
    expect(doc.gallery).toHaveLength(1);
    expect(doc.gallery[0]!.caption).toBe('جلسة عامة بمجلس النواب');
    const images = storeRows('select alt_ar, alt_fr, credit, renditions from images where id in (?, ?)', doc.cover!.imageId, doc.gallery[0]!.imageId);
    expect(images).toHaveLength(2);
    for (const img of images) {
      expect(String(img.alt_ar)).not.toBe('');
      expect(String(img.alt_fr)).not.toBe('');
      expect(img.credit).toBe('MAP');
      expect(String(img.renditions)).toMatch(/avif/);
    }
  });

  await test.step('the journalist starts the French translation, writes it and submits both', async () => {
    await journalist.getByRole('button', { name: 'بدء الترجمة الفرنسية' }).click();
    await expect(journalist).not.toHaveURL(new RegExp(`/desk/stories/${arabicId}$`));
    frenchId = Number(/\/(\d+)$/.exec(journalist.url())![1]);
    // Side by side with the Arabic original.
    await journalist.getByLabel('عرض النسختين جنبًا إلى جنب').check();
    await expect(journalist.locator('.other-version')).toContainText(AR_TITLE);
    await journalist.getByLabel('العنوان', { exact: true }).fill(FR_TITLE);
    await journalist.getByLabel('الملخص').fill('Les grandes lignes du projet de loi de finances.');
    await journalist.locator('.body-editor .content').click();
    await journalist.keyboard.type('Le gouvernement a présenté jeudi son projet de budget, centré sur la santé et l’éducation.');
    await saved(journalist);
    await action(journalist, /^إرسال للمراجعة$/).click();
    await expect(journalist.locator('.badge').first()).toHaveText('قيد المراجعة');
    await journalist.goto(`/desk/stories/${arabicId}`);
    await expect(journalist.locator('#panel-translation')).toBeVisible();
    await expect(journalist.locator('#panel-translation').locator('..')).toContainText(FR_TITLE);
    await action(journalist, /^إرسال للمراجعة$/).click();
    await expect(journalist.locator('.badge').first()).toHaveText('قيد المراجعة');
    // Paired as ninjs altids pair them: one translation key.
    const rows = storeRows('select lang, status, translation_key from articles where id in (?, ?) order by lang', arabicId, frenchId);
    expect(rows.map((r) => [r.lang, r.status])).toEqual([
      ['ar', 'review'],
      ['fr', 'review'],
    ]);
    expect(rows[0]!.translation_key).toBe(rows[1]!.translation_key);
  });

  const editorPerson = cliPerson('editor', 'fr', 'Karim Tazi');
  let editorSecret: string | null = null;
  let arabicPath = '';
  await test.step('the editor signs in with two-factor and previews at 375 px', async () => {
    editorSecret = await followLink(editor, editorPerson.link);
    expect(editorSecret).not.toBeNull();
    await editor.goto('/desk?state=review');
    await editor.getByRole('link', { name: AR_TITLE }).click();
    await editor.getByRole('button', { name: 'Aperçu sur téléphone (375 px)' }).click();
    const frame = editor.frameLocator('iframe.preview-frame');
    await expect(editor.locator('iframe.preview-frame')).toHaveAttribute('width', '375');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(AR_TITLE);
    await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(frame.locator('article, main').first()).toContainText('une étape importante');
    await editor.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();
  });

  await test.step('the editor publishes the Arabic story: on /ar/ and its section within 5 s', async () => {
    const published = Date.now();
    await action(editor, /^Publier maintenant$/).click();
    await expect(editor.getByRole('status').filter({ hasText: "L'article est publié." })).toBeVisible();
    const [row] = storeRows('select slug from articles where id = ?', arabicId);
    arabicPath = `/ar/economie/${String(row!.slug)}`;
    const check = await person(browser);
    // The pages as a visitor (or a CDN) gets them: pre-built, re-rendered by the change feed.
    for (const page of ['/ar', '/ar/economie']) {
      await expect
        .poll(async () => (await (await check.request.get(page)).text()).includes(AR_TITLE), { timeout: 5_000 - (Date.now() - published), intervals: [250] })
        .toBe(true);
    }
    await check.goto('/ar');
    await expect(check.getByRole('link', { name: AR_TITLE }).first()).toBeVisible();
    const res = await check.goto(arabicPath);
    expect(res?.status()).toBe(200);
    await expect(check.getByRole('heading', { level: 1 })).toHaveText(AR_TITLE);
    await expect(check.locator('.article-body, article').first()).toContainText('أعلنت الحكومة');
    await check.context().close();
  });

  let frenchAt = 0;
  await test.step('the editor schedules the French story two minutes ahead', async () => {
    await editor.goto(`/desk/stories/${frenchId}`);
    const at = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000);
    frenchAt = at.getTime();
    await editor.getByLabel('Date de publication (heure de Casablanca)').fill(casablancaLocalDateTime(at));
    await editor.getByRole('button', { name: 'Programmer', exact: true }).click();
    await expect(editor.locator('.badge').first()).toHaveText('Programmé');
    const [row] = storeRows('select status, published_at from articles where id = ?', frenchId);
    expect(row!.status).toBe('published');
    expect(String(row!.published_at)).toBe(at.toISOString());
  });

  await test.step('the editor corrects the headline, compares the revisions and restores the first published one', async () => {
    await editor.goto(`/desk/stories/${arabicId}`);
    await editor.getByLabel('Titre', { exact: true }).fill(AR_TITLE_FIXED);
    await saved(editor);
    await expect(editor.getByText('modifications non publiées').first()).toBeVisible();
    await action(editor, /^Publier la mise à jour$/).click();
    await expect(editor.getByRole('status').filter({ hasText: "L'article est publié." })).toBeVisible();
    const check = await person(browser);
    // Read as a visitor without a browser cache would (a pre-built page may be kept by a browser for a minute).
    await expect.poll(async () => (await (await check.request.get(arabicPath)).text()).includes(AR_TITLE_FIXED), { timeout: 5_000, intervals: [250] }).toBe(true);

    await editor.getByRole('button', { name: 'Historique des versions' }).click();
    const history = editor.getByRole('dialog', { name: 'Historique des versions' });
    const publications = history.getByRole('row').filter({ hasText: 'publication' });
    await expect(publications).toHaveCount(2);
    const firstPublished = Number(await publications.last().getByRole('cell').nth(2).textContent());
    const lastPublished = Number(await publications.first().getByRole('cell').nth(2).textContent());
    await history.getByLabel(`Comparer depuis la version ${firstPublished}`).check();
    await history.getByLabel(`Comparer avec la version ${lastPublished}`).check();
    await history.getByRole('button', { name: 'Comparer', exact: true }).click();
    const diff = history.locator('.diff');
    await expect(diff.locator('del')).toContainText(['ميزانية']);
    await expect(diff.locator('ins')).toContainText(['قانون المالية']);
    await history.getByRole('button', { name: `Restaurer la version ${firstPublished}` }).click();
    await expect(editor.getByLabel('Titre', { exact: true })).toHaveValue(AR_TITLE);
    await action(editor, /^Publier la mise à jour$/).click();
    await expect(editor.getByRole('status').filter({ hasText: "L'article est publié." })).toBeVisible();
    await expect.poll(async () => (await (await check.request.get(arabicPath)).text()).includes(AR_TITLE_FIXED), { timeout: 5_000, intervals: [250] }).toBe(false);
    await check.goto(arabicPath);
    await expect(check.getByRole('heading', { level: 1 })).toHaveText(AR_TITLE);
    await check.context().close();
  });

  await test.step('two people edit the story: each sees the other, the second save gets the conflict and loses nothing', async () => {
    await editor.goto(`/desk/stories/${arabicId}`);
    await admin.goto(`/desk/stories/${arabicId}`);
    await expect(admin.locator('.presence')).toContainText('Karim Tazi', { timeout: 15_000 });
    await expect(editor.locator('.presence')).toContainText('Amina Bennani', { timeout: 15_000 });
    const mine = 'Ma version du chapô, écrite dans le second navigateur.';
    const theirs = "La version du premier navigateur, enregistrée d'abord.";
    await editor.getByLabel('Chapô').fill(theirs);
    await saved(editor);
    await admin.getByLabel('Chapô').fill(mine);
    const conflict = admin.getByRole('dialog', { name: "Quelqu'un d'autre a modifié cet article" });
    await expect(conflict).toBeVisible({ timeout: 15_000 });
    await expect(conflict).toContainText(theirs);
    await expect(conflict).toContainText(mine);
    await expect(conflict).toContainText('Karim Tazi');
    // Nothing was overwritten.
    const [stored] = storeRows('select doc from desk_stories where article_id = ?', arabicId);
    expect(JSON.parse(String(stored!.doc)).summary).toBe(theirs);
    await conflict.getByRole('button', { name: "Garder ma version et l'enregistrer" }).click();
    await saved(admin);
    await expect(admin.getByLabel('Chapô')).toHaveValue(mine);
    const [after] = storeRows('select doc from desk_stories where article_id = ?', arabicId);
    expect(JSON.parse(String(after!.doc)).summary).toBe(mine);
    await admin.goto('/desk');
  });

  await test.step('withdrawn, the story answers 410', async () => {
    await editor.goto(`/desk/stories/${arabicId}`);
    await action(editor, /^Retirer l'article$/).click();
    await editor.getByRole('dialog', { name: 'Retirer l\'article du site\u202f?' }).getByRole('button', { name: 'Retirer l\'article' }).click();
    await expect(editor.locator('.badge').first()).toHaveText('Retiré');
    const check = await person(browser);
    await expect.poll(async () => (await check.request.get(arabicPath)).status(), { timeout: 5_000, intervals: [250] }).toBe(410);
    await check.context().close();
  });

  await test.step('the French story appears at its time', async () => {
    const [row] = storeRows('select slug from articles where id = ?', frenchId);
    const path = `/fr/economie/${String(row!.slug)}`;
    const check = await person(browser);
    expect((await check.goto(path))?.status()).toBe(404);
    await expect(async () => {
      const res = await check.goto(path);
      expect(res?.status()).toBe(200);
    }).toPass({ timeout: Math.max(frenchAt - Date.now(), 0) + 15_000, intervals: [2_000] });
    expect(Date.now()).toBeGreaterThanOrEqual(frenchAt);
    await expect(check.getByRole('heading', { level: 1 })).toHaveText(FR_TITLE);
    await check.context().close();
  });
});

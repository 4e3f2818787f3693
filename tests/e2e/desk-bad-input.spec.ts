/**
 * Bad input at the desk (docs/desk.md): each gets a clear message in the
 * person's language and changes nothing.
 *
 *  - pasted scripts and styles (Google Docs' and Word's clipboards): cleaned,
 *    told, and what the editor sends is what the server keeps (the site's
 *    sanitiser leaves it unchanged);
 *  - a 100,000-character body: refused before and by the server, the story
 *    stays at its saved version, the text stays in the browser;
 *  - a 30 MB picture and a file that is not a picture;
 *  - a session that ends in the middle of writing: the sign-in dialog opens
 *    over the story, the tab is closed and opened again, and the text is
 *    still there and saved after signing in.
 */
import { test, expect, type Cookie } from '@playwright/test';
import { cliPerson, dropFiles, followLink, pasteHtml, run, saved, signIn, storeRows, WORD_HTML } from '../support/desk.ts';
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const GOOGLE_DOCS_HTML = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-4b1d"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial;color:#000000;font-weight:700;vertical-align:baseline;">Casablanca</span><span style="font-size:11pt;font-family:Arial;color:#000000;font-weight:400;"> accueille le salon de l’aéronautique.</span></p><br><ul style="margin-top:0;margin-bottom:0;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;"><p dir="ltr" role="presentation"><span style="font-size:11pt;font-style:italic;">Deux cents exposants</span></p></li></ul><style>body{display:none}</style><script>alert(1)</script></b>`;

let email = '';
let secret: string | null = null;
/** The desk session that following the link opened: each test starts signed in with it (a sign-in per test would wait for new two-factor codes). */
let session: Cookie[] = [];

async function newStory(page: import('@playwright/test').Page, lang: 'fr' | 'ar' = 'fr'): Promise<number> {
  await page.goto('/desk');
  await page.getByRole('button', { name: lang === 'fr' ? 'Nouvel article en français' : 'Nouvel article en arabe' }).click();
  await expect(page).toHaveURL(/\/desk\/stories\/\d+$/);
  return Number(/\/(\d+)$/.exec(page.url())![1]);
}

test.beforeAll(async ({ browser }) => {
  const p = cliPerson('editor', 'fr', 'Salma Berrada');
  email = p.email;
  const page = await browser.newPage();
  secret = await followLink(page, p.link);
  session = (await page.context().storageState()).cookies;
  await page.close();
});

test('pasted scripts and styles are removed, the person is told, and the server keeps exactly what the editor sent', async ({ page }) => {
  await page.context().addCookies(session);
  const id = await newStory(page);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith(`/api/desk/stories/${id}`)) sent.push((JSON.parse(r.postData() ?? '{}') as { doc: { body: string } }).doc.body);
  });
  await page.getByLabel('Titre', { exact: true }).fill(`Salon de l’aéronautique ${run}`);
  await pasteHtml(page, GOOGLE_DOCS_HTML, 'Casablanca accueille');
  const notice = page.getByRole('status').filter({ hasText: 'Le texte collé a été nettoyé' });
  await expect(notice).toContainText('les scripts');
  await expect(notice).toContainText('les styles et mises en forme');
  await pasteHtml(page, WORD_HTML, 'Le ministre');
  const body = page.locator('.body-editor .content');
  await expect(body.locator('strong').first()).toHaveText('Casablanca');
  await expect(body.locator('li em')).toHaveText('Deux cents exposants');
  await expect(body).not.toContainText('alert');
  await expect(body).not.toContainText('display:none');
  expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
  await saved(page);
  const [row] = storeRows('select doc from desk_stories where article_id = ?', id);
  const stored = (JSON.parse(String(row!.doc)) as { body: string }).body;
  expect(stored).not.toMatch(/<script|<style|style=|class=|onclick|javascript:|<iframe|file:|<o:p|mso-/i);
  // The site's sanitiser had nothing left to change but its own spelling (void elements closed, pictures lazy).
  const spelling = (html: string) => html.replace(/\s*\/>/g, '>').replace(/ loading="lazy"/g, '');
  expect(spelling(stored)).toBe(spelling(sent.at(-1)!));
});

test('a 100,000-character body gets a clear message; the story stays as it was saved, the text in the browser', async ({ page }) => {
  await page.context().addCookies(session);
  const id = await newStory(page);
  await page.getByLabel('Titre', { exact: true }).fill(`Un très long texte ${run}`);
  await page.locator('.body-editor .content').click();
  await page.keyboard.type('Un début raisonnable.');
  await saved(page);
  const [before] = storeRows('select rev, doc from desk_stories where article_id = ?', id);
  const long = `<p>${'Le Maroc accueille la Coupe d’Afrique des nations. '.repeat(2000)}</p>`;
  await pasteHtml(page, long, '');
  await expect(page.locator('#body-counter')).toHaveClass(/over/);
  const refused = page.getByRole('alert').filter({ hasText: 'Le texte est trop long' });
  await expect(refused.first()).toContainText('60 000');
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'refused');
  const [after] = storeRows('select rev, doc from desk_stories where article_id = ?', id);
  expect(after).toEqual(before);
  const kept = await page.evaluate((key) => localStorage.getItem(key), `desk:story:${id}`);
  expect(kept).toContain('la Coupe d’Afrique');
  // The server refuses it too, whatever the page does.
  const csrf = await page.evaluate(() => fetch('/api/desk/session').then((r) => r.json()).then((b: { response: { csrf: string } }) => b.response.csrf));
  const direct = await page.request.put(`/api/desk/stories/${id}`, {
    headers: { origin: new URL(page.url()).origin, 'x-desk-csrf': csrf, 'content-type': 'application/json', locale: 'fr' },
    data: JSON.stringify({ rev: Number(before!.rev), doc: { ...(JSON.parse(String(before!.doc)) as object), body: long } }),
  });
  expect(direct.status()).toBe(422);
  expect(((await direct.json()) as { header: { errors: { body: string[] } } }).header.errors.body[0]).toMatch(/^Le texte est trop long/);
});

test('a 30 MB picture and a file that is not a picture are refused with a message; nothing is kept', async ({ page }) => {
  await page.context().addCookies(session);
  const [{ n: before }] = storeRows('select count(*) as n from images') as [{ n: number }];
  await page.goto('/desk/media');
  await dropFiles(page, '[data-dropzone]', [
    { name: 'enorme.jpg', type: 'image/jpeg', bytes: Buffer.alloc(30 * 1024 * 1024) },
    { name: 'notes.png', type: 'image/png', bytes: Buffer.from('ceci n’est pas une image') },
    { name: 'rapport.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4') },
  ]);
  const uploads = page.getByRole('list', { name: 'Images envoyées' });
  await expect(uploads.getByRole('listitem').filter({ hasText: 'enorme.jpg' }).getByRole('alert')).toHaveText("L'image dépasse 20 Mo. Réduisez-la puis réessayez.");
  await expect(uploads.getByRole('listitem').filter({ hasText: 'rapport.pdf' }).getByRole('alert')).toHaveText("Ce fichier n'est pas une image JPEG, PNG ou WebP.");
  await expect(uploads.getByRole('listitem').filter({ hasText: 'notes.png' }).getByRole('alert')).toHaveText('Impossible de lire cette image (fichier abîmé ou image démesurée).');
  const [{ n: after }] = storeRows('select count(*) as n from images') as [{ n: number }];
  expect(after).toBe(before);
});

test('a session that ends while writing: the text is kept, through a closed tab, and saved after signing in again', async ({ page, context }) => {
  await context.addCookies(session);
  const id = await newStory(page);
  await page.getByLabel('Titre', { exact: true }).fill(`Session interrompue ${run}`);
  await saved(page);
  // Twelve hours without a request: the session is over.
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR!, 'site.sqlite'), { timeout: 5000 });
  db.prepare("update desk_sessions set last_seen_at = '2000-01-01T00:00:00.000Z' where user_id = (select id from desk_users where email = ?)").run(email);
  db.close();
  await page.getByLabel('Chapô').fill('Écrit après la fin de la session : rien ne doit se perdre.');
  const dialog = page.getByRole('dialog', { name: 'Votre session a pris fin' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText('rien n’est perdu'.replace('’', "'"));
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'signed-out');
  // The tab is closed before signing in again.
  await page.close();
  const again = await context.newPage();
  await signIn(again, email, secret);
  await again.goto(`/desk/stories/${id}`);
  await expect(again.getByLabel('Chapô')).toHaveValue('Écrit après la fin de la session : rien ne doit se perdre.');
  await expect(again.getByRole('status').filter({ hasText: 'Des modifications non enregistrées ont été retrouvées' })).toBeVisible();
  await saved(again);
  const [row] = storeRows('select doc from desk_stories where article_id = ?', id);
  expect((JSON.parse(String(row!.doc)) as { summary: string }).summary).toBe('Écrit après la fin de la session : rien ne doit se perdre.');
});

/**
 * The desk's newsletter, breaking news and banners in Chromium, as an
 * editor would use them (docs/desk.md "Newsletter", "Breaking news",
 * "Banners"):
 *
 *  - an edition with no story, and a time in the past, are refused with a
 *    message and change nothing; an edition from the front page is
 *    previewed as HTML and text, tested by mail to oneself, sent after a
 *    confirmation with the number of recipients;
 *  - a breaking-news push of a published story reaches a local push
 *    service (each subscriber once, the payload decrypted), with its
 *    counts in the history; the ticker is changed;
 *  - a banner creative that is not a picture is refused with a message and
 *    nothing changes; a real one is made for chosen countries (ADR 053),
 *    previewed at the slot's size, saved; a visitor from France sees it on
 *    the site, Chromium fetching its AVIF rendition; one from Morocco never
 *    gets it; it is paused;
 *  - a journalist's send, push and banner change get 403;
 *  - axe finds nothing on these screens, in French and in Arabic.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { cliPerson, dataDir, followLink, jpeg, run, storeRows } from '../support/desk.ts';
import { readMail } from '../support/outbox.ts';
import { browserSubscription, decryptPush, startFakePushService, type BrowserSubscription } from '../support/push-service.ts';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

async function axe(page: Page, what: string): Promise<void> {
  // The screen has its data. The mail preview is a sandboxed frame (no
  // script, an opaque origin): axe cannot run in it, and waiting on it once
  // left Chromium unable to open the blank tab axe's default mode finishes
  // in. The screen is checked without the frame, in the page itself.
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).exclude('iframe.mail-frame').setLegacyMode(true).analyze();
  expect(results.violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const count = (sql: string, ...params: (string | number)[]) => Number((storeRows(sql, ...params)[0] as { n: number }).n);

/** Writes to the server's store (the test's push subscriptions). */
function storeWrite(sql: string, ...params: (string | number)[]): void {
  const db = new DatabaseSync(path.join(dataDir(), 'site.sqlite'), { timeout: 5000 });
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

let page: Page;
const editor = { email: '', link: '' };

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  Object.assign(editor, cliPerson('editor', 'fr', 'Salma Idrissi'));
  await followLink(page, editor.link);
});

test('newsletter: no story and a past time refused; an edition from the front page previewed, tested, sent', async () => {
  const subject = `L'essentiel ${run}`;
  await page.goto('/desk/newsletter');
  await expect(page.locator('main h1')).toHaveText('Newsletter');
  await expect(page.locator('[data-subscribers]')).toContainText('Abonnés confirmés');
  const before = count('select count(*) as n from newsletter_editions');
  await page.getByLabel('Objet').fill(subject);
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.locator('.error').filter({ hasText: 'Choisissez au moins un article.' })).toBeVisible();
  expect(count('select count(*) as n from newsletter_editions')).toBe(before);

  await page.getByRole('button', { name: 'Reprendre la une' }).click();
  await expect(page.locator('[data-story]').first()).toBeVisible();
  const stories = await page.locator('[data-story]').count();
  expect(stories).toBeGreaterThan(0);
  await axe(page, 'fr newsletter');
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page).toHaveURL(/\/desk\/newsletter\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  expect(storeRows('select lang, state, story_ids from newsletter_editions where id = ?', id)[0]).toMatchObject({ lang: 'fr', state: 'draft' });

  // Previews: the HTML in a frame, the text beside it.
  const frame = page.frameLocator('iframe.preview-frame');
  await expect(frame.locator('h2').first()).toBeVisible();
  await expect(frame.locator('a', { hasText: 'Se désinscrire' })).toBeVisible();
  await expect(page.locator('pre.mail-text')).toContainText('Désinscrivez-vous en un clic');
  await axe(page, 'fr edition');

  // A test to oneself, through the mail queue (the outbox folder here).
  await page.getByRole('button', { name: "M'envoyer un test" }).click();
  await expect(page.getByRole('status').filter({ hasText: `Test envoyé à ${editor.email}` })).toBeVisible();
  const outbox = path.join(dataDir(), 'outbox');
  await expect
    .poll(() => existsSync(outbox) && readdirSync(outbox).some((f) => f.includes('-newsletter-test-') && readMail(path.join(outbox, f)).headers.get('to') === editor.email), { timeout: 20_000 })
    .toBe(true);

  // A time in the past: refused, still a draft.
  await page.getByLabel('Envoyer le (heure de Casablanca)').fill('2024-03-01T08:00');
  await page.getByRole('button', { name: 'Programmer' }).click();
  await expect(page.getByRole('alert')).toContainText('Cette heure est passée');
  expect(storeRows('select state from newsletter_editions where id = ?', id)[0]).toEqual({ state: 'draft' });

  // Send now: the confirmation names the recipients.
  const subscribers = count("select count(*) as n from newsletter_contacts where lang = 'fr' and status = 'confirmed'");
  await page.getByRole('button', { name: 'Envoyer maintenant' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`partira vers ${subscribers} abonnés confirmés`);
  await axe(page, 'fr send confirmation');
  await dialog.getByRole('button', { name: `Envoyer à ${subscribers} abonnés` }).click();
  await expect(page.locator('[data-state]')).toHaveAttribute('data-state', /sending|sent/);
  await expect.poll(() => storeRows('select state from newsletter_editions where id = ?', id)[0], { timeout: 30_000 }).toEqual({ state: 'sent' });
  await page.reload();
  await expect(page.locator('[data-counts]')).toContainText(`Destinataires${'\u202f'}: ${subscribers}`);
  expect(storeRows("select action from desk_audit where item_type = 'newsletter' and item_id = ? order by id", String(id)).map((r) => r.action)).toEqual(
    expect.arrayContaining(['newsletter.create', 'newsletter.test', 'newsletter.send', 'newsletter.sent']),
  );
});

test('breaking news: the ticker changed, a push to a local push service, each subscriber once', async () => {
  const browsers = new Map<string, BrowserSubscription>();
  const service = await startFakePushService();
  try {
    for (let i = 0; i < 3; i++) {
      const b = browserSubscription();
      const name = `desk-${run}-${i}`;
      browsers.set(`/push/${name}`, b);
      storeWrite("insert into push_subscriptions (endpoint, p256dh, auth, lang, created_at, updated_at) values (?, ?, ?, 'fr', ?, ?)", service.endpoint(name), b.p256dh, b.auth, new Date().toISOString(), new Date().toISOString());
    }
    const subscribers = count("select count(*) as n from push_subscriptions where lang = 'fr'");
    const story = storeRows("select id, title from articles where lang = 'fr' and status = 'published' order by published_at desc limit 1")[0] as { id: number; title: string };
    await page.goto('/desk/breaking');
    await expect(page.locator('main h1')).toHaveText('Alertes info');
    await page.getByLabel('Langue').selectOption('fr');
    await expect(page.locator('[data-push-subscribers]')).toHaveAttribute('data-push-subscribers', String(subscribers));
    await axe(page, 'fr breaking');

    // The ticker: its last headline out, a new one in, saved (20 at most).
    const headline = `Alerte du jour ${run}`;
    const removals = page.getByRole('button', { name: /^Retirer/ });
    if ((await removals.count()) > 0) await removals.last().click();
    await page.getByRole('button', { name: 'Ajouter une alerte' }).click();
    await page.getByLabel('Titre').last().fill(headline);
    await page.getByLabel('Lien (chemin du site ou adresse http)').last().fill('/fr/news');
    await page.getByRole('button', { name: 'Enregistrer le bandeau' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Bandeau enregistré.' })).toBeVisible();
    expect(count("select count(*) as n from breaking_news where lang = 'fr' and title = ?", headline)).toBe(1);

    // The push: chosen, confirmed with the number of subscribers, sent.
    await page.getByLabel('Article publié à envoyer').fill(story.title.split(/\s+/).slice(0, 3).join(' '));
    await page.getByRole('button', { name: `Choisir «\u202f${story.title}\u202f»` }).click();
    await page.getByRole('button', { name: 'Envoyer la notification' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`partira vers ${subscribers} abonnés`);
    await axe(page, 'fr push confirmation');
    await dialog.getByRole('button', { name: `Envoyer à ${subscribers} abonnés` }).click();
    await expect.poll(() => [...browsers.keys()].filter((p) => service.received.some((r) => r.path === p)).length, { timeout: 30_000 }).toBe(3);
    const got = service.received.filter((r) => browsers.has(r.path));
    expect(got).toHaveLength(3);
    const payload = JSON.parse(decryptPush(got[0]!.body, browsers.get(got[0]!.path)!).toString('utf8')) as { title: string; lang: string; kind: string };
    expect(payload).toMatchObject({ kind: 'breaking', lang: 'fr' });
    expect(story.title.startsWith(payload.title.replace(/…$/, ''))).toBe(true);
    await expect(page.locator('[data-push-counts]').first()).toContainText('restantes\u202f: 0', { timeout: 15_000 });
    expect(storeRows("select action from desk_audit where action in ('push.send', 'breaking.set') and actor like ?", `%${editor.email}%`).length).toBeGreaterThanOrEqual(2);
  } finally {
    await service.close();
  }
});

test('banners: a file that is not a picture is refused and changes nothing; a creative is made, previewed, saved, paused', async () => {
  await page.goto('/desk/banners');
  await expect(page.locator('main h1')).toHaveText('Bannières');
  await axe(page, 'fr banners');
  const images = count('select count(*) as n from images');
  const banners = count('select count(*) as n from ad_banners');
  const file = page.getByLabel('Visuel (JPEG, PNG ou WebP)');
  await file.setInputFiles({ name: 'programme.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 pas une image') });
  await expect(page.getByRole('alert')).toContainText("Ce fichier n'est pas une image");
  await file.setInputFiles({ name: 'faux.png', mimeType: 'image/png', buffer: Buffer.from('ceci n’est pas une image') });
  await expect(page.getByRole('alert')).toContainText("Ce fichier n'est pas une image");
  expect(count('select count(*) as n from images')).toBe(images);
  expect(count('select count(*) as n from ad_banners')).toBe(banners);

  const name = `Ramadan ${run}`;
  await page.getByLabel('Nom (pour les rapports)').fill(name);
  await file.setInputFiles({ name: 'visuel.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#b03a2e', 800, 250) });
  await page.getByLabel('Emplacement et taille').selectOption('320x100');
  await page.getByLabel("Texte en arabe (alternative de l'image)").fill('عروض رمضان على دوزيم');
  await page.getByLabel("Texte en français (alternative de l'image)").fill('Les soirées du Ramadan sur 2M');
  await page.getByLabel('Lien du clic').fill('/fr/programmes');
  // Weight 1000 against the seed's few: the public page below shows it.
  await page.getByLabel("Poids (sa part d'affichage)").fill('1000');
  // Only in France, Belgium and Senegal (the last among the other countries, folded away).
  await page.getByRole('radio', { name: 'Seulement dans ces pays' }).check();
  await page.getByRole('checkbox', { name: 'France', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Belgique', exact: true }).check();
  await page.locator('summary').filter({ hasText: 'Autres pays' }).click();
  await page.getByRole('checkbox', { name: 'Sénégal', exact: true }).check();
  await expect(page.locator('summary').filter({ hasText: 'Autres pays' })).toContainText('choisis\u202f: 1');
  await expect(page.locator('[data-countries-chosen]')).toHaveText('Seulement\u202f: France, Belgique et Sénégal');
  const preview = page.locator('.banner-preview img');
  // Once the creative is uploaded (its renditions made), it shows in the slot's size.
  await expect(preview.first()).toBeVisible({ timeout: 30_000 });
  await expect(preview.first()).toHaveAttribute('width', '320');
  await axe(page, 'fr banner form');
  await page.getByRole('button', { name: 'Enregistrer la bannière' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bannière enregistrée.' })).toBeVisible();
  const row = storeRows('select id, width, height, weight, is_active, image_url, image_2x_url, image_avif_url, country_rule, countries from ad_banners where name = ?', name)[0] as Record<string, unknown>;
  expect(row).toMatchObject({ width: 320, height: 100, weight: 1000, is_active: 1, country_rule: 'only', countries: '["FR","BE","SN"]' });
  expect(String(row.image_url)).toMatch(/\.webp$/);
  expect(String(row.image_2x_url)).toMatch(/\.webp$/);
  expect(String(row.image_avif_url)).toBe(String(row.image_url).replace(/\.webp$/, '.avif'));
  await expect(page.locator(`[data-banner="${String(row.id)}"]`)).toContainText('Seulement\u202f: France, Belgique et Sénégal');
  // Its AVIF renditions were made too.
  const [picture] = storeRows('select renditions from images order by id desc limit 1');
  expect(String(picture!.renditions)).toContain('image/avif');

  // A visitor from France (the country a CDN's header gives, X-Test-Country on the test server) sees it at the top of a phone page, in AVIF.
  const visitor = await page.context().browser()!.newContext({ viewport: { width: 375, height: 800 }, extraHTTPHeaders: { 'x-test-country': 'FR' } });
  const phone = await visitor.newPage();
  const avif: { url: string; type: string | undefined; head: string }[] = [];
  phone.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('.avif')) void r.body().then((b) => avif.push({ url: r.url(), type: r.headers()['content-type'], head: b.subarray(4, 12).toString('latin1') }), () => {});
  });
  const top = phone.locator('.ad-slot.ad-top-mobile a.ad-house');
  for (let i = 0; i < 5; i++) {
    await phone.goto('/fr');
    await expect(phone.locator('.ad-slot.ad-top-mobile')).toHaveAttribute('data-ad-status', 'filled', { timeout: 15_000 });
    if ((await top.getAttribute('data-ad-id')) === String(row.id)) break;
  }
  await expect(top).toHaveAttribute('data-ad-id', String(row.id));
  const img = top.locator('img');
  await expect(img).toHaveAttribute('width', '320');
  await expect(img).toHaveAttribute('height', '100');
  await expect(top.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\.avif 1x, .+\.avif 2x$/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.avif$/);
  const served = String(row.image_avif_url).replace(/-\d+\.avif$/, '');
  await expect.poll(() => avif.filter((a) => new URL(a.url).pathname.startsWith(served))).toContainEqual(expect.objectContaining({ type: 'image/avif', head: 'ftypavif' }));
  // A visitor from Morocco never gets it.
  for (let i = 0; i < 10; i++) {
    const res = await fetch(new URL('/ads/banner?unit=/2M/mobile/top&sizes=320x100&lang=fr', phone.url()), { headers: { 'x-test-country': 'MA' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { ad } = (await res.json()) as { ad: { id: number } | null };
    expect(ad?.id).not.toBe(Number(row.id));
  }
  await visitor.close();

  await page.getByRole('button', { name: `Mettre en pause «\u202f${name}\u202f»` }).click();
  await expect(page.locator(`[data-banner="${String(row.id)}"]`)).toContainText('En pause');
  expect(storeRows('select is_active from ad_banners where id = ?', Number(row.id))[0]).toEqual({ is_active: 0 });
});

test('a journalist may not send, push or change banners (403)', async ({ browser }) => {
  const other = await (await browser.newContext()).newPage();
  const journalist = cliPerson('journalist', 'fr', 'Youssef Tazi');
  await followLink(other, journalist.link);
  await other.goto('/desk/breaking');
  await expect(other.getByRole('button', { name: 'Envoyer la notification' })).toHaveCount(0);
  const csrf = await other.evaluate(() => fetch('/api/desk/session').then((r) => r.json()).then((b: { response: { csrf: string } }) => b.response.csrf));
  const headers = { origin: new URL(other.url()).origin, 'x-desk-csrf': csrf, 'content-type': 'application/json', locale: 'fr' };
  const story = storeRows("select id from articles where lang = 'fr' and status = 'published' limit 1")[0] as { id: number };
  expect((await other.request.post('/api/desk/push', { headers, data: JSON.stringify({ articleId: story.id, lang: 'fr' }) })).status()).toBe(403);
  expect((await other.request.post('/api/desk/newsletter', { headers, data: JSON.stringify({ lang: 'fr', subject: 'x', storyIds: [story.id] }) })).status()).toBe(403);
  expect((await other.request.post('/api/desk/banners/1/pause', { headers })).status()).toBe(403);
  expect((await other.request.put('/api/desk/breaking/fr', { headers, data: JSON.stringify({ items: [{ title: 'x', url: '/fr' }] }) })).status()).toBe(403);
  await other.close();
});

test('axe finds nothing on these screens in Arabic; at 375 px nothing widens the page', async () => {
  await page.goto('/desk/account');
  await page.getByLabel('Langue de la rédaction').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const edition = storeRows('select id from newsletter_editions order by id desc limit 1')[0] as { id: number };
  for (const [p, what] of [
    ['/desk/newsletter', 'newsletter'],
    [`/desk/newsletter/${edition.id}`, 'edition'],
    ['/desk/breaking', 'breaking'],
    ['/desk/banners', 'banners'],
  ] as const) {
    await page.goto(p);
    await expect(page.locator('main h1')).toBeVisible();
    if (what === 'banners') {
      // The countries, named in Arabic, the other countries unfolded.
      await page.getByRole('radio', { name: 'في كل البلدان ما عدا هذه' }).check();
      await page.getByRole('checkbox', { name: 'المغرب', exact: true }).check();
      await page.locator('summary').filter({ hasText: 'بلدان أخرى' }).click();
      await expect(page.getByRole('checkbox', { name: 'فرنسا', exact: true })).toBeVisible();
    }
    await axe(page, `ar ${what}`);
  }
  // A phone: the screens fit the width (lists scroll inside their own box).
  await page.setViewportSize({ width: 375, height: 800 });
  for (const lang of ['ar', 'fr'] as const) {
    if (lang === 'fr') {
      await page.goto('/desk/account');
      await page.getByLabel('لغة مكتب التحرير').selectOption('fr');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    }
    for (const p of ['/desk/newsletter', `/desk/newsletter/${edition.id}`, '/desk/breaking', '/desk/banners']) {
      await page.goto(p);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('.loading')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${lang} ${p} at 375 px`).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`${lang}${p.replaceAll('/', '-')}-375.png`), fullPage: true });
    }
  }
});

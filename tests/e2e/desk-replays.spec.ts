/**
 * Replays in the desk, in Chromium, as an editor would (docs/desk.md
 * "Replays"):
 *
 *  - a web video whose address is on an origin the site does not allow is
 *    refused, next to the field, naming MEDIA_ORIGINS, and nothing is made;
 *  - with the MP4 on the test server's allowed media origin (a local CDN,
 *    scripts/test-server.ts) and a poster picked from the media library, it
 *    is made, shows on its public page with that poster, and plays there;
 *  - edited, the public page shows the new title;
 *  - a journalist is not offered the screen and the API answers 403;
 *  - axe (wcag2a, wcag2aa) finds nothing on the list and the forms, in
 *    French and in Arabic.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { mediaOriginPort } from '../../scripts/test-server.ts';
import { startMediaServer, type MediaServer } from '../support/media-server.ts';
import { cliPerson, followLink, run, storeRows } from '../support/desk.ts';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const sitePort = Number(process.env.E2E_PORT) || 4455;

async function axe(page: Page, what: string): Promise<void> {
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).setLegacyMode(true).analyze();
  expect(results.violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

let page: Page;
let cdn: MediaServer;
let made: { id: number; path: string } | null = null;

test.beforeAll(async ({ browser }) => {
  // The first sign-in loads the desk and the password dictionaries (slow on a loaded machine).
  test.setTimeout(120_000);
  cdn = await startMediaServer(mediaOriginPort(sitePort));
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await followLink(page, cliPerson('editor', 'fr', 'Nadia Alaoui').link);
});
test.afterAll(async () => {
  // The web video made here plays from this spec's media server, closed below: retired, it
  // leaves the lists the player spec picks its MP4 from.
  if (made) {
    const id = made.id;
    const status = await page.evaluate(async (videoId) => {
      const session = (await (await fetch('/api/desk/session')).json()) as { response: { csrf: string } };
      const res = await fetch(`/api/desk/replays/webvideo/${videoId}/retire`, {
        method: 'POST',
        headers: { 'x-desk-csrf': session.response.csrf, 'content-type': 'application/json' },
        body: '{}',
      });
      return res.status;
    }, id);
    expect(status, 'the web video is retired after the spec').toBe(200);
  }
  await cdn?.close();
});

test('a web video: a refused address, then made with a poster from the media library, played on its public page, edited', async ({ browser }) => {
  const title = `Coulisses du desk ${run}`;
  await page.goto('/desk');
  await page.locator('#desk-nav').getByRole('link', { name: 'Replays' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Replays' })).toBeVisible();
  await axe(page, 'fr replays');
  await page.getByLabel('Type').selectOption('webvideo');
  await expect(page.locator('main table caption, main p').filter({ hasText: /Vidéos web|Aucun replay/ }).first()).toBeVisible();

  await page.getByRole('link', { name: 'Nouvelle vidéo web' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle vidéo web' })).toBeVisible();
  await axe(page, 'fr new web video');
  await page.getByLabel('Titre en français').fill(title);
  await page.getByLabel('Titre en arabe').fill(`كواليس ${run}`);
  await page.getByLabel('Description en français').fill('Une vidéo faite au desk.');
  await page.getByLabel('Catégorie').selectOption({ index: 1 });
  await page.getByLabel('Durée').fill('0:12');

  // The poster: a ready picture of the media library.
  await page.getByRole('button', { name: 'Choisir dans la médiathèque' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const use = dialog.locator('button:enabled', { hasText: 'Utiliser' }).first();
  await expect(use).toBeVisible();
  await use.click();
  await expect(dialog).toBeHidden();
  const poster = page.locator('img.replay-poster');
  await expect(poster).toBeVisible();
  const posterSrc = (await poster.getAttribute('src'))!;

  // An origin the Content-Security-Policy does not allow: refused next to the field, nothing made.
  const url = page.getByLabel('Adresse de la vidéo (HLS .m3u8 ou MP4)');
  await url.fill('https://vod.example.com/coulisses/index.m3u8');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  const refusal = page.locator(`[id="${(await url.getAttribute('aria-describedby'))!.split(' ').at(-1)}"]`);
  await expect(refusal).toContainText('https://vod.example.com');
  await expect(refusal).toContainText('MEDIA_ORIGINS');
  expect(storeRows('select id from web_videos where title_fr = ?', title)).toHaveLength(0);

  // The MP4 on the allowed media origin.
  await url.fill(`${cdn.origin}/sample-media/vod/web.mp4`);
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Replay enregistré : ses pages sont à jour.')).toBeVisible();
  await expect(page).toHaveURL(/\/desk\/replays\/webvideo\/\d+\?saved=1$/);
  const id = Number(new URL(page.url()).pathname.split('/').at(-1));
  const path = (await page.getByRole('link', { name: 'Voir la page française' }).getAttribute('href'))!;
  made = { id, path };
  const row = storeRows('select thumbnail_image_id from web_videos where id = ?', id)[0] as { thumbnail_image_id: number };
  expect(row.thumbnail_image_id).toBeGreaterThan(0);
  await axe(page, 'fr web video form');

  // Its public page: the title, the poster, and the video plays (from the allowed origin).
  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  // The house pre-roll would play first: without it, the content plays at once.
  await visitor.route('**/ads/vast**', (route) => route.abort());
  await visitor.goto(path);
  await expect(visitor.locator('main h1')).toContainText(title);
  // The poster picked in the desk, in one of its renditions.
  const picture = storeRows('select url, variants from images where id = ?', row.thumbnail_image_id)[0] as { url: string; variants: string };
  const renditions = [picture.url, ...(JSON.parse(picture.variants) as { url: string }[]).map((v) => v.url)];
  const html = await visitor.content();
  expect(renditions.some((u) => html.includes(u)), `one of ${renditions.join(', ')} on the page`).toBe(true);
  expect(renditions, "the poster shown in the desk is that picture").toContain(posterSrc);
  const state = () =>
    visitor.evaluate(() => {
      const root = document.querySelector<HTMLElement>('main .player');
      const video = root?.querySelector('video');
      return video ? { phase: root!.dataset['phase'] ?? null, time: video.currentTime, paused: video.paused, src: video.currentSrc } : null;
    });
  await expect.poll(async () => {
    const s = await state();
    return s !== null && s.phase === 'content' && !s.paused && s.time > 0.3;
  }, { timeout: 60_000, message: 'the player should play the MP4' }).toBe(true);
  expect((await state())!.src).toBe(`${cdn.origin}/sample-media/vod/web.mp4`);

  // Edited: the public page shows the new title.
  const edited = `${title} (version longue)`;
  await page.getByLabel('Titre en français').fill(edited);
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Replay enregistré : ses pages sont à jour.')).toBeVisible();
  // (Asked for afresh: the browser may keep the page it was sent, as its Cache-Control allows.)
  await expect.poll(async () => (await visitor.request.get(path)).text(), { timeout: 10_000 }).toContain(edited);

  // Retired: off the site within seconds (its page 404, re-rendered by the change feed); put back online, it is there again.
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Retirer du site' }).click();
  await expect(page.getByText('Replay retiré du site.')).toBeVisible();
  await expect(page.getByText("Ce replay est retiré : il n'est plus sur le site.")).toBeVisible();
  await expect.poll(async () => (await visitor.request.get(path)).status(), { timeout: 10_000 }).toBe(404);
  await page.getByRole('button', { name: 'Remettre en ligne' }).click();
  await expect(page.getByText('Replay de nouveau en ligne.')).toBeVisible();
  await expect.poll(async () => (await visitor.request.get(path)).status(), { timeout: 10_000 }).toBe(200);
  await visitor.close();
});

test('a journalist is not offered replays, and the API answers 403', async ({ browser }) => {
  const other = await (await browser.newContext()).newPage();
  await followLink(other, cliPerson('journalist', 'fr', 'Karim Berrada').link);
  await expect(other.locator('#desk-nav').getByRole('link', { name: 'Replays' })).toHaveCount(0);
  const csrf = await other.evaluate(() => fetch('/api/desk/session').then((r) => r.json()).then((b: { response: { csrf: string } }) => b.response.csrf));
  const headers = { origin: new URL(other.url()).origin, 'x-desk-csrf': csrf, 'content-type': 'application/json', locale: 'fr' };
  expect((await other.request.get('/api/desk/replays', { headers: { locale: 'fr' } })).status()).toBe(403);
  expect((await other.request.post('/api/desk/replays', { headers, data: JSON.stringify({ kind: 'webvideo', title: { fr: 'x' } }) })).status()).toBe(403);
  await other.close();
});

test('axe finds nothing on the replay screens in Arabic', async () => {
  await page.goto('/desk/account');
  await page.getByLabel('Langue de la rédaction').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const seededJt = storeRows('select id from jt_bulletins order by id limit 1')[0] as { id: number };
  for (const [p, what] of [
    ['/desk/replays', 'replays'],
    ['/desk/replays?kind=episode', 'episodes'],
    ['/desk/replays/new?kind=jt', 'new bulletin'],
    ['/desk/replays/new?kind=episode', 'new episode'],
    [`/desk/replays/jt/${seededJt.id}`, 'bulletin form'],
    ...(made ? [[`/desk/replays/webvideo/${made.id}`, 'web video form'] as const] : []),
  ] as const) {
    await page.goto(p);
    await axe(page, `ar ${what}`);
  }
  // A bulletin made in Arabic: the confirmation in Arabic.
  await page.goto('/desk/replays/new?kind=jt');
  await page.getByLabel('العنوان بالعربية').fill(`نشرة ${run}`);
  await page.getByLabel(/رابط الفيديو/).fill('/sample-media/vod/journal/index.m3u8');
  await page.getByLabel('المدة').fill('0:24');
  await page.getByLabel(/متاح ابتداءً من/).fill('2026-11-20T20:00');
  await page.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(page.getByText('حُفظ الفيديو وحُدّثت صفحاته.')).toBeVisible();
  await axe(page, 'ar saved bulletin');
  // Retired again (the other specs' pages stay as they were): its page answers 404.
  const bulletinPath = (await page.getByRole('link', { name: 'عرض الصفحة العربية' }).getAttribute('href'))!;
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'سحب من الموقع' }).click();
  await expect(page.getByText('سُحب الفيديو من الموقع.')).toBeVisible();
  await expect.poll(async () => (await page.request.get(bulletinPath)).status(), { timeout: 10_000 }).toBe(404);
  await page.goto('/desk/account');
  await page.getByLabel('لغة مكتب التحرير').selectOption('fr');
});

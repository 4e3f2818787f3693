/**
 * Live and grid in the desk, in Chromium, as an editor would use them
 * (docs/desk.md "Live and grid"):
 *
 *  - a stream on an origin the site's policy would block is refused with a
 *    message naming MEDIA_ORIGINS and nothing saved; one on the allowed
 *    media origin is set and the live page shows it; it is cleared again;
 *  - an XMLTV file in ISO-8859-1 with overlapping programmes (the XMLTV
 *    project's files) is refused, its problems listed against the lines of
 *    the file, and the grid is unchanged; a good file imports;
 *  - in the week view, one programme is opened, a bad change refused next
 *    to its field, a good one saved and seen on /fr/guidetv;
 *  - axe finds nothing on the screen, in French and in Arabic; at 375 px
 *    nothing widens the page.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { cliPerson, followLink, run, storeRows } from '../support/desk.ts';
import { mediaOriginPort } from '../../scripts/test-server.ts';
import { addDays, broadcastDay } from '../../src/lib/dates.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function axe(page: Page, what: string): Promise<void> {
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).setLegacyMode(true).analyze();
  expect(results.violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures/xmltv', `${name}.xml`)).toString('latin1');
const gridCount = () => Number((storeRows('select count(*) as n from grid_entries')[0] as { n: number }).n);

/** The XMLTV project's Latin-1 file (its "£" title) with the first programmes of its overlap file, on the site's channel. */
function badFile(): { path: string; text: string } {
  const overlaps = [...fixture('overlap').matchAll(/ {2}<programme[^]*?<\/programme>\n/g)]
    .map((m) => m[0])
    .slice(0, 3)
    .join('');
  const text = fixture('test_livre')
    .replace('</tv>', `${overlaps}</tv>`)
    .replace(/channel="[^"]*"/g, 'channel="2m-maroc"');
  const file = test.info().outputPath('bad-latin1.xml');
  writeFileSync(file, Buffer.from(text, 'latin1'));
  return { path: file, text };
}

/** A broadcast day after the seeded fortnight, still in the TV guide's (one day is added). */
const DAY = addDays(broadcastDay(), 7);
const stamp = (hhmm: string) => `${DAY.replaceAll('-', '')}${hhmm}00 +0000`;
const TITLE = `Magazine ${run}`;

function goodFile(): string {
  const p = (from: string, to: string, fr: string, ar: string) =>
    `  <programme start="${stamp(from)}" stop="${stamp(to)}" channel="2m-maroc">\n    <title lang="fr">${fr}</title>\n    <title lang="ar">${ar}</title>\n  </programme>\n`;
  const file = test.info().outputPath('good.xml');
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<tv>\n${p('0700', '0800', `Matinale ${run}`, 'الصباحية')}${p('0800', '0900', TITLE, 'مجلة')}${p('0900', '1000', `Série ${run}`, 'مسلسل')}</tv>\n`,
  );
  return file;
}

let page: Page;

test.beforeAll(async ({ browser }) => {
  // A cold server: the desk's first page and the password dictionaries take a while under load.
  test.setTimeout(120_000);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await followLink(page, cliPerson('editor', 'fr', 'Nadia Berrada').link);
});

test('live: a stream the policy would block is refused naming MEDIA_ORIGINS; an allowed one plays on the live page; cleared', async () => {
  await page.goto('/desk/grid');
  await expect(page.locator('main h1')).toHaveText('Direct et grille');
  const before = storeRows('select stream_url from live_channels order by position, id limit 1');
  await page.getByLabel('Adresse du flux').fill('https://events.example.ma/derby/index.m3u8');
  await page.getByRole('button', { name: 'Enregistrer le flux' }).click();
  await expect(page.locator('.error').filter({ hasText: 'https://events.example.ma n’est pas une origine autorisée' })).toContainText('MEDIA_ORIGINS');
  expect(storeRows('select stream_url from live_channels order by position, id limit 1')).toEqual(before);

  const stream = `http://127.0.0.1:${mediaOriginPort(Number(new URL(page.url()).port))}/live/desk-${run}/index.m3u8`;
  await page.getByLabel('Adresse du flux').fill(stream);
  await page.getByLabel('Titre en français').fill(`Le derby ${run}`);
  await page.getByLabel('Titre en arabe').fill('الديربي مباشرة');
  await page.getByRole('button', { name: 'Enregistrer le flux' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Le flux est enregistré' })).toBeVisible();
  await expect(page.locator('[data-live-source="newsroom"] [data-live-url]')).toHaveText(stream);
  await page.getByRole('link', { name: 'Voir la page du direct en français' }).click();
  await expect(page).toHaveURL(/\/fr\//);
  await expect(page.locator('main')).toContainText(`Le derby ${run}`);
  expect(await page.content()).toContain(stream);

  await page.goto('/desk/grid');
  await page.getByRole('button', { name: 'Revenir au flux configuré' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Le flux choisi est retiré' })).toBeVisible();
  await expect(page.locator('[data-live-source]')).not.toHaveAttribute('data-live-source', 'newsroom');
});

test('XMLTV: an ISO-8859-1 file with overlaps is refused against its lines and changes nothing; a good one imports', async () => {
  await page.goto('/desk/grid');
  const bad = badFile();
  const lines = bad.text.split('\n');
  const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
  const before = gridCount();
  await page.getByLabel('Fichier XMLTV').setInputFiles(bad.path);
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('la grille n’a pas changé');
  const table = page.locator('[data-xmltv-problems]');
  // "C" starts when "A" does: its row names its line, and A's.
  const c = table.locator(`tr[data-line="${lineOf('<title>C</title>') - 1}"]`);
  await expect(c).toContainText('C');
  await expect(c).toContainText('20011228113100');
  await expect(c).toContainText(`Commence en même temps que le programme 2 (ligne ${lineOf('<title>A</title>') - 1}, « A »`);
  // The Latin-1 title is read as "£".
  await expect(table.locator(`tr[data-line="${lineOf('20011211180000')}"]`)).toContainText('£');
  await axe(page, 'fr grid with problems');
  expect(gridCount()).toBe(before);

  // The good file's day is free in the seeded grid, so importing it adds and replaces nothing.
  expect(storeRows('select count(*) as n from grid_entries where day = ?', DAY)).toEqual([{ n: 0 }]);
  await page.getByLabel('Fichier XMLTV').setInputFiles(goodFile());
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 programmes importés' })).toBeVisible();
  expect(gridCount()).toBe(before + 3);
});

test('week view: one programme edited (a bad end refused next to its field), seen on /fr/guidetv', async () => {
  await page.goto('/desk/grid');
  await page.getByRole('button', { name: 'Semaine suivante' }).click();
  const day = page.locator(`[data-grid-day="${DAY}"]`);
  await expect(day.locator('tr', { hasText: TITLE })).toContainText('08:00–09:00');
  await day.getByRole('button', { name: `Modifier « ${TITLE} »` }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier un programme' });
  await expect(dialog.getByLabel('Début (heure de Casablanca)')).toHaveValue(`${DAY}T08:00`);
  await expect(dialog.getByLabel('Durée en minutes')).toHaveValue('60');
  // Into the next programme: refused, next to the end, nothing changed.
  await dialog.getByLabel('Fin (heure de Casablanca)').fill(`${DAY}T09:30`);
  await dialog.getByRole('button', { name: 'Enregistrer le programme' }).click();
  await expect(dialog.locator('.error')).toContainText(`Chevauche « Série ${run} »`);
  await expect(dialog.getByLabel('Fin (heure de Casablanca)')).toHaveAttribute('aria-invalid', 'true');
  await axe(page, 'fr programme dialog');
  expect(storeRows('select count(*) as n from grid_entries where title_fr = ? and ends_at like ?', TITLE, `${DAY}T09:00%`)).toEqual([{ n: 1 }]);

  await dialog.getByLabel('Durée en minutes').fill('45');
  await expect(dialog.getByLabel('Fin (heure de Casablanca)')).toHaveValue(`${DAY}T08:45`);
  await dialog.getByLabel('Titre en français').fill(`${TITLE} modifié`);
  await dialog.getByLabel('Description en français').fill('Le magazine du matin, raccourci.');
  await dialog.getByRole('button', { name: 'Enregistrer le programme' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${TITLE} modifié` })).toBeVisible();
  await expect(day.locator('tr', { hasText: `${TITLE} modifié` })).toContainText('08:00–08:45');

  await page.goto(`/fr/guidetv?day=${DAY}`);
  await expect(page.locator('main')).toContainText(`${TITLE} modifié`);
  await expect(page.locator('main')).toContainText('Le magazine du matin, raccourci.');
});

test('axe finds nothing in Arabic; at 375 px nothing widens the page', async () => {
  await page.goto('/desk/account');
  await page.getByLabel('Langue de la rédaction').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto('/desk/grid');
  await expect(page.locator('main h1')).toHaveText('البث المباشر والشبكة');
  await page.getByLabel('ملف XMLTV').setInputFiles(badFile().path);
  await page.getByRole('button', { name: 'استيراد', exact: true }).click();
  await expect(page.locator('[data-xmltv-problems]')).toContainText('يبدأ في الوقت نفسه');
  await axe(page, 'ar grid with problems');
  await page.getByRole('button', { name: 'الأسبوع الموالي' }).click();
  await page.locator(`[data-grid-day="${DAY}"]`).getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await axe(page, 'ar programme dialog');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 375, height: 800 });
  for (const lang of ['ar', 'fr'] as const) {
    if (lang === 'fr') {
      await page.goto('/desk/account');
      await page.getByLabel('لغة مكتب التحرير').selectOption('fr');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    }
    await page.goto('/desk/grid');
    await expect(page.locator('[data-grid-day]').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${lang} at 375 px`).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`${lang}-desk-grid-375.png`), fullPage: true });
  }
});

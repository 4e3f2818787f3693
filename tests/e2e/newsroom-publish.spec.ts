/**
 * A story published by the newsroom (ADR 011): its picture is uploaded
 * through POST /api/newsroom/media, the article through POST
 * /api/newsroom/articles; the Arabic home page shows it within seconds (the
 * change feed re-renders it into the pre-build), its page shows the picture
 * from its renditions, and once withdrawn the page answers 410.
 *
 * The newsroom token is made with the CLI on the server's store (E2E_DATA_DIR).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { test, expect } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

function newsroomToken(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const out = execFileSync(process.execPath, ['scripts/newsroom.ts', 'token', 'create', '--name', `e2e-publish-${run}`], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return out.trim().split('\n').at(-1)!;
}

test.describe.configure({ timeout: 90_000 });

test('a story published by the newsroom appears on the home page, with its picture, and answers 410 once withdrawn', async ({ page, request }) => {
  const token = newsroomToken();
  const auth = { authorization: `Bearer ${token}` };
  const jpeg = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#1d6f42' } }).jpeg().toBuffer();
  const upload = await request.post('/api/newsroom/media', { headers: { ...auth, 'content-type': 'image/jpeg' }, data: jpeg });
  expect(upload.status(), await upload.text()).toBe(201);
  const media = ((await upload.json()) as { response: { uri: string } }).response;

  const headline = `الفريق الوطني يتأهل ${run}`;
  const uri = `urn:e2e:${run}`;
  const published = await request.post('/api/newsroom/articles', {
    headers: { ...auth, 'content-type': 'application/json' },
    data: JSON.stringify({
      uri,
      type: 'text',
      language: 'ar',
      version: '1',
      headlines: [{ value: headline }],
      descriptions: [{ value: 'تأهل المنتخب إلى الدور النهائي.' }],
      bodies: [{ contenttype: 'text/html', value: '<p>تأهل المنتخب الوطني بعد فوز مستحق.</p>' }],
      subjects: [{ uri: 'urn:2m:section:sport' }],
      associations: [{ name: 'main', type: 'picture', uri: media.uri, headlines: [{ value: 'لاعبو المنتخب' }] }],
    }),
  });
  expect(published.status(), await published.text()).toBe(201);
  const article = ((await published.json()) as { response: { path: string } }).response;

  await page.goto('/ar');
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('link', { name: headline }).first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });

  await page.getByRole('link', { name: headline }).first().click();
  await expect(page).toHaveURL(new RegExp(`${encodeURI(article.path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { level: 1, name: headline })).toBeVisible();
  const cover = page.getByRole('img', { name: 'لاعبو المنتخب' }).first();
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/media\/newsroom\/.+\.(avif|webp)$/);

  const withdrawn = await request.post('/api/newsroom/articles/withdraw', { headers: { ...auth, 'content-type': 'application/json' }, data: JSON.stringify({ uri }) });
  expect(withdrawn.status()).toBe(200);
  await expect(async () => {
    const res = await page.reload();
    expect(res?.status()).toBe(410);
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('لم يعد هذا المقال متاحًا');
});

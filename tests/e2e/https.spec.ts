/**
 * The site on an https SITE_URL, in Chromium (ADR 029): a server of its own
 * (SITE_URL=https://127.0.0.1:<port>, an empty store, no pre-build) behind
 * a local TLS front (node:tls passing the bytes through, a self-signed
 * certificate made with openssl for this run), as behind a TLS proxy. Every
 * form and beacon a visitor sends goes through with the browser's own https
 * Origin: sign-up, sign-in and sign-out in the popups, the newsletter and
 * contact forms without JavaScript, a text/plain tracking beacon; the
 * cookies are Secure.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { freePort, startServer, type RunningServer } from '../../scripts/test-server.ts';

const PASSWORD = 'une phrase de passe https 2026';
const run = Date.now().toString(36);

let server: RunningServer;
let tls: TlsServer;
let site = '';
let certDir = '';

function rows(sql: string, ...params: string[]): Record<string, unknown>[] {
  const db = new DatabaseSync(path.join(server.dataDir, 'site.sqlite'), { timeout: 5000 });
  try {
    return db.prepare(sql).all(...params) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  certDir = mkdtempSync(path.join(tmpdir(), '2m-tls-'));
  const [key, cert] = [path.join(certDir, 'key.pem'), path.join(certDir, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const tlsPort = await freePort();
  site = `https://127.0.0.1:${tlsPort}`;
  server = await startServer({ dataDir: mkdtempSync(path.join(tmpdir(), '2m-e2e-https-')), port: await freePort(), prebuild: false, env: { SITE_URL: site } });
  tls = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (socket) => {
    const upstream = connect(server.port, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => tls.listen(tlsPort, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((r) => tls?.close(r));
  await server?.stop();
  rmSync(certDir, { recursive: true, force: true });
});

async function open(browser: import('@playwright/test').Browser, javaScriptEnabled = true): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: site, ignoreHTTPSErrors: true, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

const accountButton = (page: Page) => page.locator('#account-slot button.account-button');

test('sign-up, sign-out and sign-in in the popups: through, with the Secure __Host- session cookie', async ({ browser }) => {
  const { context, page } = await open(browser);
  const email = `https-${run}@example.ma`;
  await page.goto('/fr/contact');
  await expect(accountButton(page)).toHaveAttribute('data-ready', '', { timeout: 15_000 });
  await accountButton(page).click();
  await page.getByRole('button', { name: 'Pas encore de compte\u202f? Créez-en un' }).click();
  const popup = page.getByRole('dialog', { name: 'Créer un compte' });
  await popup.getByLabel('Date de naissance').fill('1990-05-17');
  await popup.getByLabel('Nom complet').fill('Salma Https');
  await popup.getByLabel('Adresse e-mail', { exact: true }).fill(email);
  await popup.getByLabel("Confirmation de l'adresse e-mail").fill(email);
  await popup.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await popup.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
  await popup.getByRole('checkbox').check();
  const [signedUp] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/account/registeration')), popup.getByRole('button', { name: 'Créer mon compte' }).click()]);
  expect(signedUp.status()).toBe(201);
  expect((await signedUp.request().allHeaders())['origin']).toBe(site);
  await expect(accountButton(page)).toHaveText('Salma Https');
  expect((await context.cookies()).find((c) => c.name === '__Host-sid')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });

  await accountButton(page).click();
  const [signedOut] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/account/logout')),
    page.getByRole('dialog', { name: 'Déconnexion' }).getByRole('button', { name: 'Se déconnecter' }).click(),
  ]);
  expect(signedOut.status()).toBe(200);
  await expect(accountButton(page)).toHaveText('Se connecter');

  await accountButton(page).click();
  const signIn = page.getByRole('dialog', { name: 'Connexion' });
  await signIn.getByLabel('Adresse e-mail').fill(email);
  await signIn.getByLabel('Mot de passe').fill(PASSWORD);
  const [signedIn] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/account/login')), signIn.getByRole('button', { name: 'Se connecter' }).click()]);
  expect(signedIn.status()).toBe(200);
  await expect(accountButton(page)).toHaveText('Salma Https');
  // The locale cookie the page sets is Secure on https.
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'locale')?.secure).toBe(true);
  await context.close();
});

test('the newsletter and contact forms without JavaScript post from the https page and are taken', async ({ browser }) => {
  const { context, page } = await open(browser, false);
  const email = `nl-https-${run}@example.ma`;
  await page.goto('/fr/newsletter');
  const form = page.locator('form[action="/fr/newsletter"]').first();
  await form.locator('input[name="email"]').fill(email);
  const [newsletter] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), form.locator('button[type="submit"]').click()]);
  expect(newsletter.status()).toBe(200);
  expect(rows('SELECT status FROM newsletter_contacts WHERE email = ?', email)).toEqual([{ status: 'pending' }]);

  await page.goto('/fr/contact');
  const contact = page.locator('form[action="/fr/contact"]');
  await contact.locator('input[name="name"]').fill('Amine Https');
  await contact.locator('input[name="email"]').fill(`contact-https-${run}@example.ma`);
  await contact.locator('select[name="subject"]').selectOption('programmes');
  await contact.locator('textarea[name="message"]').fill('Bonjour, une question sur la grille de ce soir, envoyée en https.');
  const [sent] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), contact.locator('button[type="submit"]').click()]);
  expect(sent.status()).toBe(200);
  expect(rows("SELECT count(*) AS n FROM form_submissions WHERE payload LIKE ?", `%contact-https-${run}%`)).toEqual([{ n: 1 }]);
  await context.close();
});

test('a text/plain tracking beacon (sendBeacon of a string) from the https page is stored', async ({ browser }) => {
  const { context, page } = await open(browser);
  await page.goto('/fr/contact');
  const userID = `beacon-https-${run}`;
  const queued = await page.evaluate(
    (p) => navigator.sendBeacon('/tracking/clicks.php', JSON.stringify(p)),
    { connexionMode: 'visiteur', contentId: 'live', videoFileURL: '/live/index.m3u8', contentType: 'live', eventId: 7, clickSource: 'web', userID, clickDate: Math.floor(Date.now() / 1000), pageURL: `${site}/fr/live` },
  );
  expect(queued).toBe(true);
  await expect.poll(() => rows('SELECT user_id FROM play_events WHERE user_id = ?', userID).length, { timeout: 10_000 }).toBe(1);
  await context.close();
});

/**
 * Newsletter and contact forms end to end (docs/product.md, Accounts and forms), in Chromium
 * and over HTTP, in /ar and /fr: a sign-up lands in the store as pending
 * and its confirmation mail in the outbox; following the mail's link
 * confirms; the welcome mail's unsubscribe link asks first (GET) and
 * unsubscribes on the button (POST); an invalid address answers 422 with a
 * localized message next to the field; the contact form is stored and
 * mailed to the newsroom (Reply-To the visitor); a filled honeypot stores
 * nothing; both forms also work without JavaScript.
 *
 * What landed is read from the server's store and outbox,
 * `${E2E_DATA_DIR}/site.sqlite` and `${E2E_DATA_DIR}/outbox/` (E2E_DATA_DIR
 * is set by playwright.config.ts for the server it starts; set it yourself
 * when reusing a running server). The server counts at most
 * FORMS_RATE_PER_HOUR (default 5) valid submissions per form and address:
 * this file sends 4 sign-ups and 2 contact messages.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test as freshPageTest, type Page } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';
import { readMail, type Mail } from '../support/outbox.ts';

// Each flow walks several pages and mails: give it room on a busy machine.
test.describe.configure({ timeout: 90_000 });

const dataDir = process.env.E2E_DATA_DIR ?? '';
const storeFile = dataDir ? path.join(dataDir, 'site.sqlite') : '';
const outbox = dataDir ? path.join(dataDir, 'outbox') : '';
const SKIP_MESSAGE = `no store at "${storeFile || '(E2E_DATA_DIR unset)'}": set E2E_DATA_DIR to the DATA_DIR of the server under test to check what landed in its store and outbox`;

type Row = Record<string, unknown>;

function storeAvailable(): boolean {
  return Boolean(storeFile) && existsSync(storeFile);
}

function query(sql: string, ...params: (string | number)[]): Row[] {
  const db = new DatabaseSync(storeFile, { readOnly: true, timeout: 5000 });
  try {
    return db.prepare(sql).all(...params) as Row[];
  } finally {
    db.close();
  }
}

function contact(email: string): Row | undefined {
  return query('select * from newsletter_contacts where email = ?', email)[0];
}

function uniqueEmail(name: string): string {
  return `e2e-${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ma`;
}

/* ---- the outbox (tests/support/outbox.ts) ---- */

/** The outbox file of the latest mail of `kind` about a row, once it is there. */
async function mailFor(kind: string, table: string, id: number): Promise<Mail> {
  let location = '';
  await expect
    .poll(() => {
      const row = query(
        'select location, status from mail_deliveries where kind = ? and ref_table = ? and ref_id = ? order by id desc limit 1',
        kind,
        table,
        id,
      )[0];
      location = String(row?.['location'] ?? '');
      return row?.['status'];
    }, { message: `${kind} mail for ${table} #${id}` })
    .toBe('sent');
  expect(existsSync(path.join(outbox, location)), `${location} in ${outbox}`).toBe(true);
  return readMail(path.join(outbox, location));
}

/** The site path (with query) of a link of `route` in a mail's text. */
function linkIn(mail: Mail, route: 'confirm' | 'unsubscribe'): string {
  const m = new RegExp(`https?://[^\\s]+(/(?:ar|fr)/newsletter/${route}\\?token=[A-Za-z0-9_-]{43})`).exec(mail.text);
  if (!m) throw new Error(`no ${route} link in:\n${mail.text}`);
  return m[1]!;
}

const FR_ACCEPTED = 'Merci\u202f! Un e-mail de confirmation va vous être envoyé';
const AR_ACCEPTED = 'شكرًا! ستتوصل برسالة تأكيد';

async function footerSignUp(page: Page, email: string) {
  const form = page.locator('form.nl-form--footer');
  await form.locator('input[name="email"]').fill(email);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/newsletter/add-contact'));
  await form.locator('button[type="submit"]').click();
  return { form, response: await answer };
}

/* ---------------------------------------------------------------- newsletter */

test.describe('newsletter', () => {
  test('footer sign-up (fr) → pending + confirmation mail → confirm → welcome mail → unsubscribe', async ({ page }) => {
    test.skip(!storeAvailable(), SKIP_MESSAGE);
    const email = uniqueEmail('fr');
    await page.goto('/fr/navigationlinks/conditions');
    const { form, response } = await footerSignUp(page, email);
    expect(response.status()).toBe(200);
    await expect(form.locator('[data-form-status]')).toContainText(FR_ACCEPTED);
    await expect(form.locator('input[name="email"]')).toHaveValue('');

    const row = contact(email);
    expect(row).toMatchObject({ status: 'pending', lang: 'fr', confirmed_at: null });
    const confirmMail = await mailFor('newsletter-confirm', 'newsletter_contacts', Number(row?.['id']));
    expect(confirmMail.headers.get('to')).toBe(email);
    expect(confirmMail.headers.get('subject')).toBe('Confirmez votre inscription à la newsletter de 2M');
    const confirmPath = linkIn(confirmMail, 'confirm');
    expect(confirmPath).toMatch(/^\/fr\/newsletter\/confirm\?token=/);
    // Only the token's hash is stored.
    expect(String(row?.['token'])).not.toBe(confirmPath.split('token=')[1]);

    // A HEAD (a mail scanner, a link checker) gets GET's status and confirms nothing.
    expect((await page.request.head(confirmPath)).status()).toBe(200);
    expect(contact(email)?.['status']).toBe('pending');
    const confirmed = await page.goto(confirmPath);
    expect(confirmed?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText('Inscription confirmée');
    await expect(page.locator('[data-newsletter-result]')).toHaveAttribute('data-newsletter-result', 'confirmed');
    expect(contact(email)?.['status']).toBe('confirmed');
    const pageUnsubscribe = await page.locator('a[href*="/newsletter/unsubscribe?token="]').getAttribute('href');

    const welcome = await mailFor('newsletter-welcome', 'newsletter_contacts', Number(row?.['id']));
    expect(welcome.headers.get('to')).toBe(email);
    const unsubscribePath = linkIn(welcome, 'unsubscribe');
    expect(welcome.headers.get('list-unsubscribe')).toMatch(new RegExp(`^<https?://[^>]+${unsubscribePath.replace(/[?]/g, '\\?')}>$`));
    expect(welcome.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(pageUnsubscribe).toBe(unsubscribePath);

    // GET only asks: a mail scanner following the link unsubscribes nobody.
    await page.goto(unsubscribePath);
    await expect(page.locator('h1')).toHaveText('Se désinscrire de la newsletter');
    expect(contact(email)?.['status']).toBe('confirmed');
    await page.getByRole('button', { name: 'Me désinscrire' }).click();
    await expect(page.locator('h1')).toHaveText('Désinscription effectuée');
    await expect.poll(() => contact(email)?.['status']).toBe('unsubscribed');
  });

  test('signing up a known address answers the same and sends no second mail', async ({ request, baseURL }) => {
    test.skip(!storeAvailable(), SKIP_MESSAGE);
    const email = uniqueEmail('again');
    const post = () => request.post('/api/newsletter/add-contact', { data: { email, lang: 'ar' }, headers: { origin: baseURL! } });
    const first = await post();
    const second = await post();
    expect(first.status()).toBe(200);
    expect(second.status()).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect((await first.json()).header.message).toContain(AR_ACCEPTED);
    const id = Number(contact(email)?.['id']);
    expect(query("select count(*) as n from mail_deliveries where ref_table = 'newsletter_contacts' and ref_id = ?", id)[0]?.['n']).toBe(1);
  });

  test('an invalid address (ar) answers 422 and shows the Arabic message next to the field', async ({ page }) => {
    await page.goto('/ar/navigationlinks/conditions');
    const { form, response } = await footerSignUp(page, 'ليس-بريدا');
    expect(response.status()).toBe(422);
    const body = (await response.json()) as { header: { errors: Record<string, string[]> } };
    expect(body.header.errors.email?.[0]).toBe('أدخل عنوان بريد إلكتروني صحيحًا (مثال: nom@exemple.ma).');
    const input = form.locator('input[name="email"]');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await input.getAttribute('aria-describedby');
    await expect(page.locator(`#${describedBy}`)).toHaveText('أدخل عنوان بريد إلكتروني صحيحًا (مثال: nom@exemple.ma).');
    await expect(input).toBeFocused();
    // Still on the page: a 422 never sends the visitor home.
    expect(new URL(page.url()).pathname).toBe('/ar/navigationlinks/conditions');
  });

  test('a server failure (fr) says so in the status line and puts the focus there, not on the page body', async ({ page }) => {
    await page.goto('/fr/navigationlinks/conditions');
    await page.route('**/api/newsletter/add-contact', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ header: { status: 'ERROR', code: 503, message: 'Service momentanément indisponible.' }, response: null }) }),
    );
    const form = page.locator('footer form.nl-form');
    await form.locator('input[name="email"]').fill('lecteur@example.ma');
    await form.locator('button[type="submit"]').click();
    const status = form.locator('[data-form-status]');
    await expect(status).toHaveText('Service momentanément indisponible.');
    await expect(status).toBeFocused();
  });

  test('a filled honeypot is answered like a success and stores nothing', async ({ request, baseURL }) => {
    test.skip(!storeAvailable(), SKIP_MESSAGE);
    const email = uniqueEmail('bot');
    const res = await request.post('/api/newsletter/add-contact', {
      form: { email, lang: 'fr', website: 'http://spam.example' },
      headers: { origin: baseURL! },
    });
    expect(res.status()).toBe(200);
    expect((await res.json()).header.message).toContain(FR_ACCEPTED);
    expect(contact(email)).toBeUndefined();
  });

  test('unknown links answer 404 with a clear message', async ({ page }) => {
    expect((await page.request.head(`/ar/newsletter/confirm?token=${'A'.repeat(43)}`)).status()).toBe(404);
    const confirm = await page.goto(`/ar/newsletter/confirm?token=${'A'.repeat(43)}`);
    // The status line agrees with the status (it read "404 OK").
    expect(`${confirm?.status()} ${confirm?.statusText()}`).toBe('404 Not Found');
    await expect(page.locator('h1')).toHaveText('رابط غير صالح');
    const unsubscribe = await page.goto('/fr/newsletter/unsubscribe?token=nope');
    expect(`${unsubscribe?.status()} ${unsubscribe?.statusText()}`).toBe('404 Not Found');
    await expect(page.locator('[data-newsletter-result]')).toContainText("Ce lien de désinscription n'est pas valide.");
  });
});

freshPageTest.describe('without JavaScript', () => {
  freshPageTest.use({ javaScriptEnabled: false });

  freshPageTest('the newsletter page (ar) shows errors then takes the sign-up', async ({ page }) => {
    freshPageTest.skip(!storeAvailable(), SKIP_MESSAGE);
    await page.goto('/ar/newsletter');
    const form = page.locator('form[action="/ar/newsletter"]').first();
    await form.locator('input[name="email"]').fill('bad@');
    const [invalid] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), form.locator('button[type="submit"]').click()]);
    expect(invalid.status()).toBe(422);
    await expect(page.locator('#newsletter-email-error')).toHaveText('أدخل عنوان بريد إلكتروني صحيحًا (مثال: nom@exemple.ma).');
    await expect(page.locator('#newsletter-email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#newsletter-email')).toHaveValue('bad@');

    const email = uniqueEmail('nojs');
    await page.locator('#newsletter-email').fill(email);
    const [ok] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.locator('#newsletter-email').press('Enter')]);
    expect(ok.status()).toBe(200);
    await expect(page.locator('form.nl-form--page [data-form-status]')).toContainText(AR_ACCEPTED);
    expect(contact(email)).toMatchObject({ status: 'pending', lang: 'ar' });

    // The links work without JavaScript too: confirm, then the unsubscribe button's POST.
    const id = Number(contact(email)?.['id']);
    await page.goto(linkIn(await mailFor('newsletter-confirm', 'newsletter_contacts', id), 'confirm'));
    await expect(page.locator('h1')).toHaveText('تم تأكيد اشتراكك');
    await page.goto(linkIn(await mailFor('newsletter-welcome', 'newsletter_contacts', id), 'unsubscribe'));
    const [done] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'إلغاء اشتراكي' }).click(),
    ]);
    expect(done.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText('تم إلغاء اشتراكك');
    expect(contact(email)?.['status']).toBe('unsubscribed');
  });

  freshPageTest('the contact page (fr) shows every error next to its field, then stores the message', async ({ page }) => {
    freshPageTest.skip(!storeAvailable(), SKIP_MESSAGE);
    await page.goto('/fr/contact');
    await page.locator('#contact-name').fill('L');
    const [invalid] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.locator('.contact-submit').click()]);
    expect(invalid.status()).toBe(422);
    await expect(page.locator('#contact-name-error')).toHaveText('Indiquez votre nom (2 caractères au moins).');
    await expect(page.locator('#contact-email-error')).toHaveText('Ce champ est obligatoire.');
    await expect(page.locator('#contact-subject-error')).toHaveText('Choisissez un objet dans la liste.');
    await expect(page.locator('#contact-message-error')).toHaveText('Ce champ est obligatoire.');
    await expect(page.locator('#contact-phone-error')).toHaveText('');

    const email = uniqueEmail('contact-fr');
    await page.locator('#contact-name').fill('Leïla Berrada');
    await page.locator('#contact-email').fill(email);
    await page.locator('#contact-subject').selectOption('programmes');
    await page.locator('#contact-message').fill('Quand la série sera-t-elle rediffusée ?');
    const [ok] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.locator('.contact-submit').click()]);
    expect(ok.status()).toBe(200);
    await expect(page.locator('.contact-form [data-form-status]')).toHaveText('Merci, votre message a bien été transmis à la rédaction.');
    const rows = query("select * from form_submissions where kind = 'contact' and email = ?", email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.['lang']).toBe('fr');
  });
});

/* ---------------------------------------------------------------- contact */

test.describe('contact', () => {
  test('the contact form (ar) is stored and mailed to the newsroom, Reply-To the visitor', async ({ page }) => {
    test.skip(!storeAvailable(), SKIP_MESSAGE);
    const email = uniqueEmail('contact-ar');
    await page.goto('/ar/contact');
    await page.locator('#contact-name').fill('محمد العلوي');
    await page.locator('#contact-email').fill(email);
    await page.locator('#contact-phone').fill('+212 6 12 34 56 78');
    await page.locator('#contact-subject').selectOption('reception');
    await page.locator('#contact-message').fill('السلام عليكم،\nلم أعد ألتقط القناة الثانية في وجدة منذ أمس.');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/set-form'));
    await page.locator('.contact-submit').click();
    expect((await answer).status()).toBe(200);
    await expect(page.locator('.contact-form [data-form-status]')).toHaveText('شكرًا، تم إرسال رسالتك إلى هيئة التحرير.');
    await expect(page.locator('#contact-message')).toHaveValue('');

    const row = query("select * from form_submissions where kind = 'contact' and email = ?", email)[0];
    expect(row?.['lang']).toBe('ar');
    expect(JSON.parse(String(row?.['payload']))).toMatchObject({ name: 'محمد العلوي', subject: 'reception', phone: '+212 6 12 34 56 78' });
    const delivery = query("select recipient from mail_deliveries where ref_table = 'form_submissions' and ref_id = ?", Number(row?.['id']))[0];
    const mail = await mailFor('contact', 'form_submissions', Number(row?.['id']));
    expect(mail.headers.get('to')).toBe(delivery?.['recipient']);
    expect(mail.headers.get('reply-to')).toBe(`محمد العلوي <${email}>`);
    expect(mail.headers.get('subject')).toBe('[اتصال] الاستقبال والمشاكل التقنية – محمد العلوي');
    expect(mail.text).toContain('لم أعد ألتقط القناة الثانية في وجدة منذ أمس.');
  });

  test('a filled honeypot stores nothing; invalid fields answer 422 per field (fr)', async ({ request, baseURL }) => {
    test.skip(!storeAvailable(), SKIP_MESSAGE);
    const email = uniqueEmail('contact-bot');
    const bot = await request.post('/api/set-form', {
      data: { name: 'Robot', email, subject: 'other', message: 'Cheap watches, cheap watches.', website: 'x' },
      headers: { origin: baseURL!, locale: 'fr' },
    });
    expect(bot.status()).toBe(200);
    expect(query('select id from form_submissions where email = ?', email)).toEqual([]);

    const invalid = await request.post('/api/set-form', {
      data: { name: 'R', email: 'r@', subject: '', message: '', lang: 'fr' },
      headers: { origin: baseURL! },
    });
    expect(invalid.status()).toBe(422);
    const body = await invalid.json();
    expect(Object.keys(body.header.errors).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect(body.header.errors.subject).toEqual(['Choisissez un objet dans la liste.']);
    expect((await request.get('/api/set-form')).status()).toBe(405);
  });
});

/**
 * Newsletter and contact forms (docs/product.md, Accounts and forms): validation in both
 * languages (422 per field, never 400), the honeypot, token hashing, the
 * double opt-in flow and its resend throttle, the outbox (a parseable .eml
 * with the right To, Subject, List-Unsubscribe and links), delivery
 * records when mail fails, the rate limit, the JSON endpoints' answers and
 * the forms' markup — against a temporary store and outbox folder.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { ConfigError, parseConfig } from '../../src/server/config.ts';
import { createOutboxMailer, type Mailer, type OutgoingMail } from '../../src/server/mail/transport.ts';
import { createMailer, newsroomEmail, outboxDir } from '../../src/server/mail/index.ts';
import { escapeHtml } from '../../src/server/mail/render.ts';
import { newsletterWelcomeMail, unsubscribeLink } from '../../src/server/mail/templates.ts';
import { deliver, MailWorker, MAX_ATTEMPTS, retryDelayMs } from '../../src/server/mail/deliveries.ts';
import {
  contactSchema,
  honeypotFilled,
  newsletterSchema,
  parseFields,
  type FieldErrors,
} from '../../src/server/forms/schemas.ts';
import { hashToken, isTokenShaped, newToken } from '../../src/server/forms/tokens.ts';
import { storeLimiter } from '../../src/server/http/index.ts';
import {
  checkConfirmToken,
  confirmSubscription,
  CONFIRM_TTL_MS,
  lookUpUnsubscribeToken,
  maskEmail,
  RESEND_AFTER_MS,
  subscribe,
  unsubscribe,
} from '../../src/server/forms/newsletter.ts';
import { submitContact } from '../../src/server/forms/contact.ts';
import { createFormApi, createFormRunner, type FormsEnv } from '../../src/server/forms/handlers.ts';
import { readForm } from '../../src/server/http/body.ts';

const SITE = 'https://www.2m.ma';

/* ---- a small RFC 822 / MIME reader, enough for our own mails ---- */

interface ParsedMail {
  headers: Map<string, string>;
  parts: Map<string, string>;
}

function decodeWords(value: string): string {
  return value.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=(?:\s+(?==\?UTF-8\?))?/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: raw.slice(at + 4) };
}

function decodeBody(body: string, encoding: string | undefined): string {
  return decodeTransfer(body, encoding).replace(/\r\n/g, '\n');
}

function decodeTransfer(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function parseEml(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  const parts = new Map<string, string>();
  const boundary = /boundary="([^"]+)"/.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('expected a multipart mail');
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const part = splitHead(chunk.replace(/^\r\n/, ''));
    const type = (part.headers.get('content-type') ?? '').split(';')[0]!;
    parts.set(type, decodeBody(part.body.replace(/\r\n$/, ''), part.headers.get('content-transfer-encoding')));
  }
  return { headers, parts };
}

/* ---- fixtures ---- */

let dir: string;
let db: DB;
let outbox: string;
let clock: number;
const now = () => new Date(clock);

function outboxFiles(): string[] {
  try {
    return readdirSync(outbox).sort();
  } catch {
    return [];
  }
}

function lastMail(kind: string): ParsedMail {
  const file = outboxFiles()
    .filter((f) => f.includes(`-${kind}-`))
    .at(-1);
  if (!file) throw new Error(`no ${kind} mail in the outbox`);
  return parseEml(readFileSync(path.join(outbox, file), 'utf8'));
}

function tokenFrom(mail: ParsedMail, route: 'confirm' | 'unsubscribe'): string {
  const text = mail.parts.get('text/plain') ?? '';
  const m = new RegExp(`/newsletter/${route}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no ${route} link in the mail`);
  return m[1]!;
}

const failingMailer: Mailer = {
  kind: 'smtp',
  send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:2525')),
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'forms-test-'));
  outbox = path.join(dir, 'outbox');
  db = (await openStore({ dataDir: ':memory:' })).db;
});

afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 22, 9, 30, 0);
  await db.deleteFrom('mail_deliveries').execute();
  await db.deleteFrom('newsletter_contacts').execute();
  await db.deleteFrom('form_submissions').execute();
  rmSync(outbox, { recursive: true, force: true });
});

const mailer = () => createOutboxMailer({ dir: outbox, from: '"2M" <no-reply@2m.ma>' });
/** Library-level tests make the first attempt before returning (`sendNow`); the queue itself is tested below. */
const SEND_NOW = { sendNow: true };
const deps = () => ({ db, mailer: mailer(), siteUrl: SITE, now, mailQueue: SEND_NOW });

/* ---- validation ---- */

function errorsOf(result: { ok: true } | { ok: false; errors: FieldErrors }): FieldErrors {
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

describe('validation', () => {
  it('normalises a valid newsletter sign-up', () => {
    const r = parseFields(newsletterSchema('fr'), { email: '  Salma.Idrissi@Example.MA ', lang: 'fr', name: '  Salma \n Idrissi ' });
    expect(r).toEqual({ ok: true, data: { email: 'salma.idrissi@example.ma', lang: 'fr', name: 'Salma Idrissi' } });
  });

  it('answers one localized message per field, in French and in Arabic', () => {
    expect(errorsOf(parseFields(newsletterSchema('fr'), { email: 'pas-une-adresse' }))).toEqual({
      email: ['Saisissez une adresse e-mail valide (ex.\u202f: nom@exemple.ma).'],
    });
    expect(errorsOf(parseFields(newsletterSchema('ar'), { email: 'not-an-address' }))).toEqual({
      email: ['أدخل عنوان بريد إلكتروني صحيحًا (مثال: nom@exemple.ma).'],
    });
    expect(errorsOf(parseFields(newsletterSchema('fr'), {}))).toEqual({ email: ['Ce champ est obligatoire.'] });
    expect(errorsOf(parseFields(newsletterSchema('ar'), { email: '   ' }))).toEqual({ email: ['هذا الحقل إلزامي.'] });
    expect(errorsOf(parseFields(newsletterSchema('fr'), { email: `${'a'.repeat(250)}@x.ma` }))).toEqual({
      email: ['Ce champ ne peut pas dépasser 254 caractères.'],
    });
    expect(errorsOf(parseFields(newsletterSchema('fr'), { email: 'a@b.ma', lang: 'en' }))).toEqual({
      lang: ['Langue non prise en charge\u202f: ar ou fr.'],
    });
  });

  it('bounds and checks every contact field', () => {
    const errors = errorsOf(
      parseFields(contactSchema('fr'), { name: 'A', email: 'x@', phone: '06-AB', subject: 'spam', message: 'court' }),
    );
    expect(errors).toEqual({
      name: ['Indiquez votre nom (2 caractères au moins).'],
      email: ['Saisissez une adresse e-mail valide (ex.\u202f: nom@exemple.ma).'],
      phone: ['Saisissez un numéro de téléphone valide\u202f: des chiffres, avec + espaces et tirets possibles.'],
      subject: ['Choisissez un objet dans la liste.'],
      message: ['Votre message est trop court (10 caractères au moins).'],
    });
    const ar = errorsOf(parseFields(contactSchema('ar'), { email: 'a@b.ma', subject: 'news', message: 'x'.repeat(5001) }));
    expect(ar).toEqual({ name: ['هذا الحقل إلزامي.'], message: ['لا يمكن أن يتجاوز هذا الحقل 5000 من الأحرف.'] });
    expect(errorsOf(parseFields(contactSchema('fr'), { name: 'Ali Ben', email: 'a@b.ma', phone: '12345', subject: 'news', message: 'Un message assez long.' }))).toEqual({
      phone: ['Saisissez un numéro de téléphone valide\u202f: des chiffres, avec + espaces et tirets possibles.'],
    });
  });

  it('cleans a valid contact message: one-line name, kept line breaks, no control characters', () => {
    const r = parseFields(contactSchema('ar'), {
      name: 'محمد\r\nالعلوي',
      email: 'M.Alaoui@Example.ma',
      phone: '',
      subject: 'programmes',
      message: 'السلام عليكم،\r\nمتى يعاد بث البرنامج؟\u0007',
    });
    expect(r).toEqual({
      ok: true,
      data: {
        name: 'محمد العلوي',
        email: 'm.alaoui@example.ma',
        subject: 'programmes',
        message: 'السلام عليكم،\nمتى يعاد بث البرنامج؟',
      },
    });
  });

  it('treats any value in the honeypot as a robot', () => {
    expect(honeypotFilled({})).toBe(false);
    expect(honeypotFilled({ website: '' })).toBe(false);
    expect(honeypotFilled({ website: '  ' })).toBe(false);
    expect(honeypotFilled({ website: 'http://spam.example' })).toBe(true);
    expect(honeypotFilled({ website: 1 })).toBe(true);
  });
});

/* ---- tokens ---- */

describe('tokens', () => {
  it('are 256 random bits in base64url, stored as their SHA-256', () => {
    const a = newToken();
    const b = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(isTokenShaped(a)).toBe(true);
    expect(isTokenShaped('short')).toBe(false);
    expect(isTokenShaped(`${a}'--`)).toBe(false);
    expect(hashToken(a)).toBe(createHash('sha256').update(a).digest('hex'));
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

/* ---- outbox and templates ---- */

describe('outbox', () => {
  it('writes each mail as a parseable .eml with its headers, links and both parts, atomically', async () => {
    const unsubscribeUrl = unsubscribeLink(SITE, 'ar', newToken());
    const mail = newsletterWelcomeMail({ siteUrl: SITE, lang: 'ar', to: 'reader@example.ma', name: 'سلمى', unsubscribeUrl });
    const sent = await mailer().send(mail);
    expect(sent.location).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-newsletter-welcome-[0-9a-f]{8}\.eml$/);
    expect(outboxFiles()).toEqual([sent.location]);

    const eml = lastMail('newsletter-welcome');
    expect(eml.headers.get('to')).toBe('reader@example.ma');
    expect(eml.headers.get('from')).toBe('2M <no-reply@2m.ma>');
    expect(eml.headers.get('subject')).toBe('مرحبًا بك في النشرة الإخبارية لدوزيم');
    expect(eml.headers.get('list-unsubscribe')).toBe(`<${unsubscribeUrl}>`);
    expect(eml.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(eml.headers.get('list-id')).toBe('2M newsletter <newsletter.www.2m.ma>');
    expect(eml.headers.get('content-language')).toBe('ar');
    expect(unsubscribeUrl).toMatch(/^https:\/\/www\.2m\.ma\/ar\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);

    const html = eml.parts.get('text/html') ?? '';
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<body dir="rtl"');
    expect(html).toContain(`href="${unsubscribeUrl}"`);
    expect(html).toContain('href="https://www.2m.ma/ar"');
    const text = eml.parts.get('text/plain') ?? '';
    expect(text).toContain('مرحبًا سلمى،');
    expect(text).toContain(unsubscribeUrl);
  });

  it('escapes what visitors typed in the HTML part', async () => {
    await submitContact(
      { db, mailer: mailer(), siteUrl: SITE, newsroom: 'redaction@2m.ma', now, mailQueue: SEND_NOW },
      { name: '<script>alert(1)</script>', email: 'x@example.ma', subject: 'other', message: 'Bonjour <b>la rédaction</b> & co' },
      'fr',
    );
    const html = lastMail('contact').parts.get('text/html') ?? '';
    expect(html).not.toContain('<script>');
    expect(html).toContain(escapeHtml('<script>alert(1)</script>'));
    expect(html).toContain('Bonjour &lt;b&gt;la rédaction&lt;/b&gt; &amp; co');
    expect(html).toContain('<html lang="fr" dir="ltr">');
  });

  it('is chosen without SMTP_URL, under DATA_DIR', () => {
    const config = parseConfig({ DATA_DIR: dir });
    expect(createMailer(config).kind).toBe('outbox');
    expect(outboxDir(config)).toBe(path.join(dir, 'outbox'));
    expect(newsroomEmail(config)).toBe('redaction@2m.ma');
    const smtp = parseConfig({ SMTP_URL: 'smtp://user:pass@mail.example:587', NEWSROOM_EMAIL: 'web@2m.ma' });
    expect(createMailer(smtp).kind).toBe('smtp');
    expect(newsroomEmail(smtp)).toBe('web@2m.ma');
  });
});

describe('mail configuration', () => {
  it('requires NEWSROOM_EMAIL with SMTP_URL and checks every mail variable', () => {
    expect(() => parseConfig({ SMTP_URL: 'smtp://mail.example:25' })).toThrow(/NEWSROOM_EMAIL: required when SMTP_URL is set/);
    expect(() => parseConfig({ SMTP_URL: 'http://mail.example' })).toThrow(ConfigError);
    expect(() => parseConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => parseConfig({ NEWSROOM_EMAIL: 'redaction' })).toThrow(/NEWSROOM_EMAIL/);
    expect(() => parseConfig({ FORMS_RATE_PER_HOUR: '-1' })).toThrow(/FORMS_RATE_PER_HOUR/);
    expect(parseConfig({ MAIL_FROM: 'Rédaction 2M <redaction@2m.ma>' }).MAIL_FROM).toBe('Rédaction 2M <redaction@2m.ma>');
    expect(parseConfig({}).FORMS_RATE_PER_HOUR).toBe(5);
  });
});

/* ---- newsletter double opt-in ---- */

describe('newsletter double opt-in', () => {
  it('stores a pending contact with only the hash of the token it mails', async () => {
    const r = await subscribe(deps(), { email: 'amine@example.ma', lang: 'fr', name: 'Amine' });
    expect(r.kind).toBe('created');
    const row = await db.selectFrom('newsletter_contacts').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'amine@example.ma', lang: 'fr', status: 'pending', name: 'Amine', confirmed_at: null });

    const mail = lastMail('newsletter-confirm');
    expect(mail.headers.get('to')).toBe('amine@example.ma');
    expect(mail.headers.get('subject')).toBe('Confirmez votre inscription à la newsletter de 2M');
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    const token = tokenFrom(mail, 'confirm');
    expect(mail.parts.get('text/plain')).toContain(`${SITE}/fr/newsletter/confirm?token=${token}`);
    expect(row.token).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const delivery = await db.selectFrom('mail_deliveries').selectAll().executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ kind: 'newsletter-confirm', ref_table: 'newsletter_contacts', ref_id: row.id, status: 'sent', transport: 'outbox' });
  });

  it('re-sends the confirmation at most once per RESEND_AFTER_MS, with a new token', async () => {
    await subscribe(deps(), { email: 'amine@example.ma', lang: 'fr' });
    const first = tokenFrom(lastMail('newsletter-confirm'), 'confirm');
    clock += 60_000;
    expect((await subscribe(deps(), { email: 'AMINE@example.ma'.toLowerCase(), lang: 'ar' })).kind).toBe('throttled');
    expect(outboxFiles()).toHaveLength(1);

    clock += RESEND_AFTER_MS;
    expect((await subscribe(deps(), { email: 'amine@example.ma', lang: 'ar' })).kind).toBe('resent');
    expect(outboxFiles()).toHaveLength(2);
    const second = lastMail('newsletter-confirm');
    expect(second.headers.get('subject')).toBe('أكّد اشتراكك في النشرة الإخبارية لدوزيم');
    expect((await confirmSubscription(deps(), first)).kind).toBe('invalid');
    expect((await confirmSubscription(deps(), tokenFrom(second, 'confirm'))).kind).toBe('confirmed');
    expect(await db.selectFrom('newsletter_contacts').select(['status', 'lang']).executeTakeFirst()).toEqual({ status: 'confirmed', lang: 'ar' });
  });

  it('confirms once, sends the welcome mail with its unsubscribe link, and never mails a confirmed address again', async () => {
    await subscribe(deps(), { email: 'nadia@example.ma', lang: 'ar' });
    const token = tokenFrom(lastMail('newsletter-confirm'), 'confirm');
    const confirmed = await confirmSubscription(deps(), token);
    expect(confirmed.kind).toBe('confirmed');
    const welcome = lastMail('newsletter-welcome');
    const unsubscribeToken = tokenFrom(welcome, 'unsubscribe');
    expect(confirmed).toMatchObject({ email: 'nadia@example.ma', unsubscribeToken });
    expect(welcome.headers.get('list-unsubscribe')).toBe(`<${SITE}/ar/newsletter/unsubscribe?token=${unsubscribeToken}>`);

    expect((await confirmSubscription(deps(), token)).kind).toBe('already-confirmed');
    clock += RESEND_AFTER_MS * 10;
    expect((await subscribe(deps(), { email: 'nadia@example.ma', lang: 'ar' })).kind).toBe('already-confirmed');
    expect(outboxFiles()).toHaveLength(2);
  });

  it('refuses unknown, malformed and expired confirmation tokens', async () => {
    expect((await confirmSubscription(deps(), newToken())).kind).toBe('invalid');
    expect((await confirmSubscription(deps(), "x' or '1'='1")).kind).toBe('invalid');
    expect((await confirmSubscription(deps(), null)).kind).toBe('invalid');
    await subscribe(deps(), { email: 'late@example.ma', lang: 'fr' });
    const token = tokenFrom(lastMail('newsletter-confirm'), 'confirm');
    clock += CONFIRM_TTL_MS + 1000;
    expect((await confirmSubscription(deps(), token)).kind).toBe('expired');
    expect((await db.selectFrom('newsletter_contacts').select('status').executeTakeFirst())?.status).toBe('pending');
  });

  it('tells what a confirmation link would do without doing it (HEAD)', async () => {
    expect(await checkConfirmToken(deps(), newToken())).toBe('invalid');
    expect(await checkConfirmToken(deps(), null)).toBe('invalid');
    await subscribe(deps(), { email: 'head@example.ma', lang: 'fr' });
    const token = tokenFrom(lastMail('newsletter-confirm'), 'confirm');
    expect(await checkConfirmToken(deps(), token)).toBe('confirmed');
    expect(await checkConfirmToken(deps(), token)).toBe('confirmed');
    expect((await db.selectFrom('newsletter_contacts').select('status').executeTakeFirst())?.status).toBe('pending');
    expect(outboxFiles()).toHaveLength(1);
    clock += CONFIRM_TTL_MS + 1000;
    expect(await checkConfirmToken(deps(), token)).toBe('expired');
    clock -= CONFIRM_TTL_MS + 1000;
    expect((await confirmSubscription(deps(), token)).kind).toBe('confirmed');
    expect(await checkConfirmToken(deps(), token)).toBe('already-confirmed');
  });

  it('unsubscribes in one step, idempotently, and a re-subscription starts over with new links', async () => {
    await subscribe(deps(), { email: 'omar@example.ma', lang: 'fr', name: 'Omar' });
    const confirmToken = tokenFrom(lastMail('newsletter-confirm'), 'confirm');
    const confirmed = await confirmSubscription(deps(), confirmToken);
    if (confirmed.kind !== 'confirmed') throw new Error('not confirmed');
    const token = confirmed.unsubscribeToken;

    expect(await lookUpUnsubscribeToken(db, token)).toEqual({ kind: 'found', email: 'omar@example.ma', status: 'confirmed' });
    expect(await unsubscribe({ db, now }, token)).toEqual({ kind: 'unsubscribed', email: 'omar@example.ma' });
    expect(await unsubscribe({ db, now }, token)).toEqual({ kind: 'unsubscribed', email: 'omar@example.ma' });
    const row = await db.selectFrom('newsletter_contacts').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'unsubscribed', token: '', name: null });
    expect(row.unsubscribed_at).toBe(now().toISOString());
    // The old confirmation link cannot subscribe the address again.
    expect((await confirmSubscription(deps(), confirmToken)).kind).toBe('invalid');
    expect(await unsubscribe({ db, now }, newToken())).toEqual({ kind: 'invalid' });

    clock += RESEND_AFTER_MS;
    expect((await subscribe(deps(), { email: 'omar@example.ma', lang: 'fr' })).kind).toBe('resent');
    const again = await db.selectFrom('newsletter_contacts').selectAll().executeTakeFirstOrThrow();
    expect(again.status).toBe('pending');
    expect(again.unsubscribe_token).not.toBe(token);
    expect(await lookUpUnsubscribeToken(db, token)).toEqual({ kind: 'invalid' });
  });

  it('masks addresses shown on the link pages', () => {
    expect(maskEmail('nadia@example.ma')).toBe('n••••@example.ma');
    expect(maskEmail('a@b.ma')).toBe('a•••@b.ma');
  });
});

/* ---- contact ---- */

describe('contact form', () => {
  it('stores the message and mails it to the newsroom, Reply-To the visitor', async () => {
    const r = await submitContact(
      { db, mailer: mailer(), siteUrl: SITE, newsroom: 'redaction@2m.ma', now, mailQueue: SEND_NOW },
      { name: 'Youssef Amrani', email: 'youssef@example.ma', phone: '+212 6 12 34 56 78', subject: 'reception', message: 'Plus de signal à Oujda.\nMerci.' },
      'fr',
    );
    expect(r.delivery.status).toBe('sent');
    const row = await db.selectFrom('form_submissions').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: r.id, kind: 'contact', email: 'youssef@example.ma', lang: 'fr' });
    expect(JSON.parse(row.payload)).toEqual({
      name: 'Youssef Amrani',
      email: 'youssef@example.ma',
      phone: '+212 6 12 34 56 78',
      subject: 'reception',
      message: 'Plus de signal à Oujda.\nMerci.',
    });
    const mail = lastMail('contact');
    expect(mail.headers.get('to')).toBe('redaction@2m.ma');
    expect(mail.headers.get('reply-to')).toBe('Youssef Amrani <youssef@example.ma>');
    expect(mail.headers.get('subject')).toBe('[Contact] Réception et problèmes techniques – Youssef Amrani');
    expect(mail.parts.get('text/plain')).toContain('> Plus de signal à Oujda.\n> Merci.');
  });

  it('keeps the submission and queues the mail for a retry when the mail server fails', async () => {
    const r = await submitContact(
      { db, mailer: failingMailer, siteUrl: SITE, newsroom: 'redaction@2m.ma', now, mailQueue: SEND_NOW },
      { name: 'Hind', email: 'hind@example.ma', subject: 'news', message: 'Un message pour la rédaction.' },
      'fr',
    );
    expect(r.delivery).toMatchObject({ status: 'pending', error: 'connect ECONNREFUSED 127.0.0.1:2525' });
    expect(await db.selectFrom('form_submissions').select('email').execute()).toEqual([{ email: 'hind@example.ma' }]);
    expect(await db.selectFrom('mail_deliveries').select(['status', 'error', 'recipient', 'transport', 'attempts', 'next_attempt_at']).execute()).toEqual([
      {
        status: 'pending',
        error: 'connect ECONNREFUSED 127.0.0.1:2525',
        recipient: 'redaction@2m.ma',
        transport: 'smtp',
        attempts: 1,
        next_attempt_at: new Date(clock + retryDelayMs(1)).toISOString(),
      },
    ]);
  });

  it('never throws from deliver, even without a store to queue in', async () => {
    const closed = (await openStore({ dataDir: ':memory:' })).db;
    await closed.destroy();
    const mail: OutgoingMail = { kind: 'contact', lang: 'fr', to: 'a@b.ma', subject: 's', text: 't', html: '<p>t</p>' };
    expect(await deliver(closed, mailer(), mail)).toMatchObject({ id: null, status: 'failed' });
  });
});

/* ---- the mail queue ---- */

describe('mail queue (mail_deliveries as the outbox table)', () => {
  const mail: OutgoingMail = { kind: 'contact', lang: 'fr', to: 'redaction@2m.ma', subject: 'Sujet', text: 'Texte', html: '<p>Texte</p>' };
  const rows = () => db.selectFrom('mail_deliveries').select(['status', 'attempts', 'error', 'next_attempt_at', 'payload']).execute();

  it('queues at once and the worker sends; a failure is retried with a growing delay, then given up', async () => {
    let down = true;
    let sends = 0;
    const flaky: Mailer = {
      kind: 'smtp',
      send: async () => {
        sends += 1;
        if (down) throw new Error('connect ECONNREFUSED');
        return { messageId: '<m@2m.ma>' };
      },
    };
    const worker = new MailWorker({ db: async () => db, mailer: () => flaky, now });
    expect(await deliver(db, flaky, mail, undefined, { worker: { poke: () => {} } as unknown as MailWorker, now })).toMatchObject({ status: 'queued' });
    expect(sends).toBe(0);
    expect(await rows()).toMatchObject([{ status: 'pending', attempts: 0, payload: expect.stringContaining('Sujet') }]);

    expect(await worker.runOnce()).toBe(1);
    expect(await rows()).toMatchObject([{ status: 'pending', attempts: 1, error: 'connect ECONNREFUSED', next_attempt_at: new Date(clock + 30_000).toISOString() }]);
    // Not due yet: nothing is tried.
    expect(await worker.runOnce()).toBe(0);
    clock += 30_000;
    expect(await worker.runOnce()).toBe(1);
    expect(await rows()).toMatchObject([{ attempts: 2, next_attempt_at: new Date(clock + 2 * 60_000).toISOString() }]);
    clock += 2 * 60_000;
    down = false;
    expect(await worker.runOnce()).toBe(1);
    expect(await rows()).toEqual([{ status: 'sent', attempts: 3, error: null, next_attempt_at: null, payload: null }]);
    expect(sends).toBe(3);
  });

  it('marks a mail failed after MAX_ATTEMPTS attempts', async () => {
    const worker = new MailWorker({ db: async () => db, mailer: () => failingMailer, now });
    await deliver(db, failingMailer, mail, undefined, { worker: { poke: () => {} } as unknown as MailWorker, now });
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      expect(await worker.runOnce()).toBe(1);
      clock += retryDelayMs(i);
    }
    expect(await rows()).toEqual([{ status: 'failed', attempts: MAX_ATTEMPTS, error: 'connect ECONNREFUSED 127.0.0.1:2525', next_attempt_at: null, payload: null }]);
    expect(await worker.runOnce()).toBe(0);
  });

  it('two workers never send the same mail twice', async () => {
    let sends = 0;
    const slow: Mailer = { kind: 'smtp', send: async () => (sends++, await new Promise((r) => setTimeout(r, 5)), { messageId: 'x' }) };
    for (let i = 0; i < 5; i++) await deliver(db, slow, mail, undefined, { worker: { poke: () => {} } as unknown as MailWorker, now });
    const a = new MailWorker({ db: async () => db, mailer: () => slow, now });
    const b = new MailWorker({ db: async () => db, mailer: () => slow, now });
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(sends).toBe(5);
    expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
  });
});

/* ---- the JSON endpoints ---- */

describe('JSON endpoints', () => {
  function env(over: Partial<FormsEnv> = {}): FormsEnv {
    return {
      db: async () => db,
      mailer,
      siteUrl: SITE,
      newsroom: 'redaction@2m.ma',
      proxyTrust: 0,
      mailQueue: SEND_NOW,
      limiters: {
        newsletter: storeLimiter(async () => db, { name: 'form-newsletter', points: 2, durationSec: 3600 }),
        contact: storeLimiter(async () => db, { name: 'form-contact', points: 2, durationSec: 3600 }),
      },
      now,
      ...over,
    };
  }
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    new Request('http://localhost/api/newsletter/add-contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const json = async (res: Response) => (await res.json()) as { header: { status: string; code: number; message: string; errors?: FieldErrors } };

  it('answers the same success for a new and a known address, and 422 per field in the visitor language', async () => {
    const api = createFormApi('newsletter', createFormRunner(env()));
    const first = await api(post({ email: 'salma@example.ma', lang: 'fr' }), '10.0.0.1');
    const again = await api(post({ email: 'salma@example.ma', lang: 'fr' }), '10.0.0.1');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const a = await json(first);
    expect(a).toEqual({ header: { status: 'OK', code: 200, message: expect.stringContaining('Merci') }, response: { accepted: true } });
    expect(await json(again)).toEqual(a);
    expect(outboxFiles()).toHaveLength(1);

    const bad = await api(post({ email: 'salma@' }, { locale: 'ar' }), '10.0.0.2');
    expect(bad.status).toBe(422);
    const body = await json(bad);
    expect(body.header.errors).toEqual({ email: ['أدخل عنوان بريد إلكتروني صحيحًا (مثال: nom@exemple.ma).'] });
    expect(body.header.message).toBe('يرجى تصحيح الحقول المشار إليها.');
  });

  it('answers a filled honeypot like a success, storing, sending and counting nothing', async () => {
    const e = env();
    const api = createFormApi('contact', createFormRunner(e));
    for (let i = 0; i < 3; i++) {
      const res = await api(post({ name: 'Bot', email: 'bot@spam.example', subject: 'other', message: 'Buy now buy now', website: 'http://spam.example' }), '10.0.0.3');
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({
        header: { status: 'OK', code: 200, message: 'شكرًا، تم إرسال رسالتك إلى هيئة التحرير.' },
        response: { accepted: true },
      });
    }
    expect(await db.selectFrom('form_submissions').selectAll().execute()).toEqual([]);
    expect(outboxFiles()).toEqual([]);
    expect(await e.limiters.contact.peek('10.0.0.3')).toBe(0);
    expect(await db.selectFrom('rate_limits').selectAll().where('key', 'like', 'form-contact:%').execute()).toEqual([]);
  });

  it('answers at once while the mail server never answers: the mail waits in mail_deliveries', async () => {
    const dead: Mailer = { kind: 'smtp', send: () => new Promise(() => {}) };
    let poked = 0;
    const worker = { poke: () => (poked += 1) } as unknown as MailWorker;
    const api = createFormApi('contact', createFormRunner(env({ mailer: () => dead, mailQueue: { worker } })));
    const res = await api(post({ name: 'Hind', email: 'hind@example.ma', subject: 'news', message: 'Un message pour la rédaction.', lang: 'fr' }), '10.0.0.9');
    expect(res.status).toBe(200);
    expect(poked).toBe(1);
    expect(await db.selectFrom('mail_deliveries').select(['status', 'attempts', 'recipient']).execute()).toEqual([
      { status: 'pending', attempts: 0, recipient: 'redaction@2m.ma' },
    ]);
  });

  it('limits valid submissions per address with 429 and Retry-After', async () => {
    const api = createFormApi('newsletter', createFormRunner(env()));
    expect((await api(post({ email: 'a1@example.ma' }), '10.0.0.4')).status).toBe(200);
    expect((await api(post({ email: 'a2@example.ma' }), '10.0.0.4')).status).toBe(200);
    const limited = await api(post({ email: 'a3@example.ma' }, { locale: 'fr' }), '10.0.0.4');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((await json(limited)).header.message).toBe("Trop d'envois depuis votre connexion. Veuillez réessayer plus tard.");
    expect((await api(post({ email: 'a3@example.ma' }), '10.0.0.5')).status).toBe(200);
    // Invalid submissions are not counted.
    expect((await api(post({ email: 'nope' }), '10.0.0.4')).status).toBe(422);
  });

  it('reads the address behind trusted proxies', async () => {
    const api = createFormApi('newsletter', createFormRunner(env({ proxyTrust: 1 })));
    const via = (ip: string, email: string) => api(post({ email }, { 'x-forwarded-for': `6.6.6.6, ${ip}` }), '127.0.0.1');
    expect((await via('41.1.1.1', 'b1@example.ma')).status).toBe(200);
    expect((await via('41.1.1.1', 'b2@example.ma')).status).toBe(200);
    expect((await via('41.1.1.1', 'b3@example.ma')).status).toBe(429);
    expect((await via('41.2.2.2', 'b3@example.ma')).status).toBe(200);
  });

  it('never answers 400: malformed 422, wrong type 415, too large 413, wrong method 405', async () => {
    const api = createFormApi('contact', createFormRunner(env()));
    const malformed = await api(post('{"name": '), '10.0.0.6');
    expect(malformed.status).toBe(422);
    expect((await json(malformed)).header.errors).toHaveProperty('form');
    expect((await api(post('[1,2]'), '10.0.0.6')).status).toBe(422);
    const plain = new Request('http://localhost/api/set-form', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    expect((await api(plain, '10.0.0.6')).status).toBe(415);
    const huge = post({ message: 'x'.repeat(70_000) });
    expect((await api(huge, '10.0.0.6')).status).toBe(413);
    const get = await api(new Request('http://localhost/api/set-form'), '10.0.0.6');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('takes urlencoded and multipart forms too', async () => {
    const api = createFormApi('contact', createFormRunner(env()));
    const form = new URLSearchParams({ name: 'Khadija', email: 'k@example.ma', subject: 'partnership', message: 'Proposition de partenariat.', lang: 'fr' });
    const res = await api(
      new Request('http://localhost/api/set-form', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }),
      '10.0.0.7',
    );
    expect(res.status).toBe(200);
    const fd = new FormData();
    fd.set('email', 'm@example.ma');
    fd.set('lang', 'ar');
    const parsed = await readForm(new Request('http://localhost/x', { method: 'POST', body: fd }), 64 * 1024);
    expect(parsed).toEqual({ ok: true, value: { email: 'm@example.ma', lang: 'ar' } });
    expect(await db.selectFrom('form_submissions').select(['email', 'lang']).execute()).toEqual([{ email: 'k@example.ma', lang: 'fr' }]);
  });
});

/* ---- markup ---- */

describe('forms markup', () => {
  it('renders the newsletter form with its errors tied to the field and a hidden honeypot', { timeout: 60_000 }, async () => {
    const { experimental_AstroContainer: AstroContainer } = await import('astro/container');
    const { default: NewsletterSignup } = await import('../../src/components/forms/NewsletterSignup.astro');
    // The fields are a React component (FormField) that Astro renders to plain HTML.
    const { default: reactRenderer } = await import('@astrojs/react/server.js');
    const container = await AstroContainer.create();
    container.addServerRenderer({ name: '@astrojs/react', renderer: reactRenderer });
    const html = await container.renderToString(NewsletterSignup, {
      props: {
        locale: 'ar',
        idPrefix: 'nl',
        run: {
          lang: 'ar',
          values: { email: 'bad@' },
          outcome: { kind: 'invalid', status: 422, message: 'يرجى تصحيح الحقول المشار إليها.', errors: { email: ['أدخل عنوان بريد إلكتروني صحيحًا (مثال: nom@exemple.ma).'] } },
        },
      },
    });
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/ar\/newsletter"[^>]*novalidate/);
    const email = /<input[^>]*id="nl-email"[^>]*>/.exec(html)?.[0] ?? '';
    for (const attr of ['value="bad@"', 'aria-describedby="nl-email-error"', 'aria-invalid="true"', 'dir="ltr"', 'required']) expect(email).toContain(attr);
    expect(html).toMatch(/<p id="nl-email-error"[^>]*>أدخل عنوان بريد إلكتروني صحيحًا/);
    expect(html).toMatch(/<div class="form-hp"[^>]*aria-hidden="true"/);
    expect(html).toMatch(/<input[^>]*name="website"[^>]*tabindex="-1"[^>]*autocomplete="off"/);
    expect(html).toContain('value="ar"');
  });
});

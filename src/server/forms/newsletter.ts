/**
 * Newsletter double opt-in (docs/product.md, Accounts and forms):
 *
 *  1. subscribe: the address is stored as `pending` with the SHA-256 of a
 *     random confirmation token, and a mail carrying the token's link
 *     /{lang}/newsletter/confirm?token=… goes out;
 *  2. confirm: the link makes the contact `confirmed` (within
 *     CONFIRM_TTL_MS of the mail) and a welcome mail goes out, with the
 *     unsubscribe link and List-Unsubscribe headers, like every later mail;
 *  3. unsubscribe: /{lang}/newsletter/unsubscribe?token=… (a separate
 *     token) makes the contact `unsubscribed` in one step.
 *
 * Signing up an address that is already pending, confirmed or unsubscribed
 * answers exactly as for a new one (the caller shows the same message), so
 * the form never tells whether an address is on the list; a confirmation
 * mail is re-sent at most once per RESEND_AFTER_MS per address, and never
 * to a confirmed address.
 *
 * The unsubscribe token is kept as is, not hashed: every mail sent after
 * confirmation must carry it, and all it can do is take its own address off
 * the list.
 */
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import { deliver, type DeliveryOutcome, type Mailer, type MailQueueOptions } from '../mail/index.ts';
import { confirmLink, newsletterConfirmMail, newsletterWelcomeMail, unsubscribeLink } from '../mail/templates.ts';
import { hashToken, isTokenShaped, newToken } from './tokens.ts';

/** How long a confirmation link works after its mail was sent. */
export const CONFIRM_TTL_MS = 7 * 24 * 3600_000;
/** Minimum time between two confirmation mails to one address. */
export const RESEND_AFTER_MS = 10 * 60_000;

export interface NewsletterDeps {
  db: DB;
  mailer: Mailer;
  /** SITE_URL: links in mails. */
  siteUrl: string;
  mailQueue?: MailQueueOptions;
  now?: () => Date;
}

/** What happened; for logs and tests only, never shown to the visitor. */
export type SubscribeResult =
  | { kind: 'created' | 'resent'; contactId: number; delivery: DeliveryOutcome }
  | { kind: 'throttled' | 'already-confirmed'; contactId: number };

type Contact = Row<'newsletter_contacts'>;

const nowOf = (deps: Pick<NewsletterDeps, 'now'>) => (deps.now ?? (() => new Date()))();

async function sendConfirmation(
  deps: NewsletterDeps,
  contact: { id: number; email: string; lang: Locale; name: string | null },
  token: string,
): Promise<DeliveryOutcome> {
  const mail = newsletterConfirmMail({
    siteUrl: deps.siteUrl,
    lang: contact.lang,
    to: contact.email,
    name: contact.name,
    confirmUrl: confirmLink(deps.siteUrl, contact.lang, token),
  });
  return deliver(deps.db, deps.mailer, mail, { table: 'newsletter_contacts', id: contact.id }, { ...deps.mailQueue, now: () => nowOf(deps) });
}

export async function subscribe(
  deps: NewsletterDeps,
  input: { email: string; lang: Locale; name?: string | undefined },
): Promise<SubscribeResult> {
  const now = nowOf(deps);
  const at = now.toISOString();
  const token = newToken();
  const name = input.name ?? null;

  const inserted = await deps.db
    .insertInto('newsletter_contacts')
    .values({
      email: input.email,
      lang: input.lang,
      name,
      status: 'pending',
      token: hashToken(token),
      confirm_sent_at: at,
      unsubscribe_token: newToken(),
      updated_at: at,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    const contact = { id: Number(inserted.id), email: input.email, lang: input.lang, name };
    return { kind: 'created', contactId: contact.id, delivery: await sendConfirmation(deps, contact, token) };
  }

  const existing = await deps.db
    .selectFrom('newsletter_contacts')
    .selectAll()
    .where('email', '=', input.email)
    .executeTakeFirstOrThrow();
  if (existing.status === 'confirmed') return { kind: 'already-confirmed', contactId: existing.id };

  // One conditional update: two sign-ups at once send at most one mail.
  const threshold = new Date(now.getTime() - RESEND_AFTER_MS).toISOString();
  const updated = await deps.db
    .updateTable('newsletter_contacts')
    .set({
      status: 'pending',
      token: hashToken(token),
      confirm_sent_at: at,
      lang: input.lang,
      name: name ?? existing.name,
      // Links from before an unsubscription stay dead.
      unsubscribe_token: existing.status === 'unsubscribed' || !existing.unsubscribe_token ? newToken() : existing.unsubscribe_token,
      updated_at: at,
    })
    .where('id', '=', existing.id)
    .where('status', '!=', 'confirmed')
    .where((eb) => eb.or([eb('confirm_sent_at', 'is', null), eb('confirm_sent_at', '<=', threshold)]))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return { kind: 'throttled', contactId: existing.id };

  const contact = { id: existing.id, email: existing.email, lang: input.lang, name: name ?? existing.name };
  return { kind: 'resent', contactId: existing.id, delivery: await sendConfirmation(deps, contact, token) };
}

export type ConfirmResult =
  | { kind: 'confirmed' | 'already-confirmed'; email: string; lang: Locale; unsubscribeToken: string }
  | { kind: 'invalid' }
  | { kind: 'expired' };

async function findByConfirmToken(db: DB, token: unknown): Promise<Contact | undefined> {
  if (!isTokenShaped(token)) return undefined;
  return db
    .selectFrom('newsletter_contacts')
    .selectAll()
    .where('token', '=', hashToken(token))
    .where('token', '!=', '')
    .executeTakeFirst();
}

/**
 * What following a confirmation link would do, changing nothing (a HEAD
 * request, a link checker): the same kinds as confirmSubscription, with
 * 'confirmed' for a pending address whose link is still valid.
 */
export async function checkConfirmToken(deps: Pick<NewsletterDeps, 'db' | 'now'>, token: unknown): Promise<ConfirmResult['kind']> {
  const contact = await findByConfirmToken(deps.db, token);
  if (!contact || contact.status === 'unsubscribed') return 'invalid';
  if (contact.status === 'confirmed') return 'already-confirmed';
  return linkExpired(contact, nowOf(deps)) ? 'expired' : 'confirmed';
}

function linkExpired(contact: Contact, now: Date): boolean {
  const sentAt = Date.parse(contact.confirm_sent_at ?? contact.created_at);
  return !Number.isFinite(sentAt) || now.getTime() - sentAt > CONFIRM_TTL_MS;
}

/** Follows a confirmation link. Invalid: no such token (404); expired: past CONFIRM_TTL_MS (410). */
export async function confirmSubscription(deps: NewsletterDeps, token: unknown): Promise<ConfirmResult> {
  const contact = await findByConfirmToken(deps.db, token);
  if (!contact || contact.status === 'unsubscribed') return { kind: 'invalid' };
  const unsubscribeToken = contact.unsubscribe_token ?? newToken();
  if (contact.status === 'confirmed') {
    return { kind: 'already-confirmed', email: contact.email, lang: contact.lang, unsubscribeToken };
  }
  const now = nowOf(deps);
  if (linkExpired(contact, now)) return { kind: 'expired' };

  const at = now.toISOString();
  const updated = await deps.db
    .updateTable('newsletter_contacts')
    .set({ status: 'confirmed', confirmed_at: at, updated_at: at, unsubscribe_token: unsubscribeToken })
    .where('id', '=', contact.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    // Confirmed (or unsubscribed) by a concurrent request: read what it left.
    return confirmSubscription(deps, token);
  }
  const mail = newsletterWelcomeMail({
    siteUrl: deps.siteUrl,
    lang: contact.lang,
    to: contact.email,
    name: contact.name,
    unsubscribeUrl: unsubscribeLink(deps.siteUrl, contact.lang, unsubscribeToken),
  });
  await deliver(deps.db, deps.mailer, mail, { table: 'newsletter_contacts', id: contact.id }, { ...deps.mailQueue, now: () => nowOf(deps) });
  return { kind: 'confirmed', email: contact.email, lang: contact.lang, unsubscribeToken };
}

export type UnsubscribeLookup = { kind: 'found'; email: string; status: Contact['status'] } | { kind: 'invalid' };

/** What an unsubscribe link points at, without changing anything (the GET page). */
export async function lookUpUnsubscribeToken(db: DB, token: unknown): Promise<UnsubscribeLookup> {
  if (!isTokenShaped(token)) return { kind: 'invalid' };
  const contact = await db
    .selectFrom('newsletter_contacts')
    .select(['email', 'status'])
    .where('unsubscribe_token', '=', token)
    .executeTakeFirst();
  return contact ? { kind: 'found', email: contact.email, status: contact.status } : { kind: 'invalid' };
}

/** Unsubscribes in one step (the page's POST, or a mail provider's RFC 8058 one-click POST). Idempotent. */
export async function unsubscribe(
  deps: Pick<NewsletterDeps, 'db' | 'now'>,
  token: unknown,
): Promise<{ kind: 'unsubscribed'; email: string } | { kind: 'invalid' }> {
  const found = await lookUpUnsubscribeToken(deps.db, token);
  if (found.kind === 'invalid') return found;
  if (found.status !== 'unsubscribed') {
    const at = (deps.now ?? (() => new Date()))().toISOString();
    await deps.db
      .updateTable('newsletter_contacts')
      // The confirmation token dies with the subscription; the name is no longer needed.
      .set({ status: 'unsubscribed', unsubscribed_at: at, updated_at: at, token: '', name: null })
      .where('unsubscribe_token', '=', token as string)
      .where('status', '!=', 'unsubscribed')
      .execute();
  }
  return { kind: 'unsubscribed', email: found.email };
}

/** n•••@exemple.ma: enough for its owner to recognise it, little for someone a link was forwarded to. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  return `${local[0]}${'•'.repeat(Math.min(Math.max(local.length - 1, 3), 8))}${email.slice(at)}`;
}

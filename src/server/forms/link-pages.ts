/**
 * The two pages the newsletter's mails link to, as data for their route
 * files (src/pages/[lang]/newsletter/confirm.astro and unsubscribe.astro):
 * what following the link did, the status to answer, and the words to show.
 */
import type { Locale } from '../../i18n/locales.ts';
import { route, withQuery } from '../../lib/routes.ts';
import { getDb } from '../db/index.ts';
import { readForm } from '../http/body.ts';
import { getConfig } from '../config.ts';
import { getMailer } from '../mail/index.ts';
import * as m from '../../paraglide/messages.js';
import { checkConfirmToken, confirmSubscription, lookUpUnsubscribeToken, maskEmail, unsubscribe } from './newsletter.ts';

export interface ConfirmPage {
  status: 200 | 404 | 410;
  /** What happened, for the page's data attribute; null for HEAD (nothing done). */
  result: 'confirmed' | 'already-confirmed' | 'expired' | 'invalid' | null;
  heading: string;
  text: string;
  /** The unsubscribe link, once the address is confirmed. */
  unsubscribeHref: string | null;
}

/**
 * The confirmation link: following it confirms the subscription (and sends
 * the welcome mail). Unknown token → 404; expired (7 days) → 410. HEAD
 * changes nothing and gets the status a GET would get.
 */
export async function confirmPage(method: string, token: string | null, locale: Locale): Promise<ConfirmPage> {
  const o = { locale };
  const db = await getDb();
  if (method === 'HEAD') {
    // Same status as a GET would get, without confirming anything.
    const kind = await checkConfirmToken({ db }, token);
    const status = kind === 'invalid' ? 404 : kind === 'expired' ? 410 : 200;
    return { status, result: null, heading: '', text: '', unsubscribeHref: null };
  }
  const result = await confirmSubscription({ db, mailer: getMailer(), siteUrl: getConfig().SITE_URL }, token);
  const page: ConfirmPage = { status: 200, result: result.kind, heading: m.newsletter_confirmed_title({}, o), text: '', unsubscribeHref: null };
  if (result.kind === 'confirmed' || result.kind === 'already-confirmed') {
    const email = maskEmail(result.email);
    page.text = result.kind === 'confirmed' ? m.newsletter_confirmed_text({ email }, o) : m.newsletter_already_confirmed_text({ email }, o);
    page.unsubscribeHref = withQuery(route('newsletter-unsubscribe', locale), { token: result.unsubscribeToken });
  } else if (result.kind === 'expired') {
    Object.assign(page, { status: 410, heading: m.newsletter_link_expired_title({}, o), text: m.newsletter_confirm_expired({}, o) });
  } else if (result.kind === 'invalid') {
    Object.assign(page, { status: 404, heading: m.newsletter_link_invalid_title({}, o), text: m.newsletter_confirm_invalid({}, o) });
  }
  return page;
}

export interface UnsubscribePage {
  status: 200 | 404;
  /** 'ask': GET with a live token (the page shows a button); 'done': unsubscribed; 'invalid': unknown token. */
  state: 'ask' | 'done' | 'invalid';
  heading: string;
  text: string;
  token: string | null;
  /** Where the button posts. */
  action: string;
}

/** The unsubscribe form holds its token alone (a few dozen bytes). */
const MAX_UNSUBSCRIBE_BYTES = 4096;

/**
 * The unsubscribe link of every mail sent after confirmation. GET only asks
 * (mail scanners that follow links unsubscribe nobody); POST unsubscribes in
 * one step: the page's button, or a mail provider's RFC 8058 one-click POST
 * (body "List-Unsubscribe=One-Click" to the List-Unsubscribe URL, the token
 * in the query). Unknown token → 404. Unsubscribing twice is fine.
 */
export async function unsubscribePage(request: Request, url: URL, locale: Locale): Promise<UnsubscribePage> {
  const o = { locale };
  let token = url.searchParams.get('token');
  const db = await getDb();
  let state: UnsubscribePage['state'];
  let email = '';
  if (request.method === 'POST') {
    if (!token) {
      // The page's form posts its token; the body is bounded like every form's (src/server/http/body.ts).
      const form = await readForm(request, MAX_UNSUBSCRIBE_BYTES);
      token = form.ok && typeof form.value.token === 'string' ? form.value.token : null;
    }
    const result = await unsubscribe({ db }, token);
    state = result.kind === 'unsubscribed' ? 'done' : 'invalid';
    if (result.kind === 'unsubscribed') email = result.email;
  } else {
    const found = await lookUpUnsubscribeToken(db, token);
    state = found.kind === 'invalid' ? 'invalid' : found.status === 'unsubscribed' ? 'done' : 'ask';
    if (found.kind === 'found') email = found.email;
  }
  const masked = email ? maskEmail(email) : '';
  const words = {
    done: [m.newsletter_unsubscribed_title({}, o), m.newsletter_unsubscribed_text({ email: masked }, o)],
    invalid: [m.newsletter_link_invalid_title({}, o), m.newsletter_unsubscribe_invalid({}, o)],
    ask: [m.newsletter_unsubscribe_title({}, o), m.newsletter_unsubscribe_question({ email: masked }, o)],
  } as const;
  const [heading, text] = words[state];
  return { status: state === 'invalid' ? 404 : 200, state, heading, text, token, action: withQuery(route('newsletter-unsubscribe', locale), { token }) };
}

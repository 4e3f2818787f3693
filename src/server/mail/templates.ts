/**
 * The site's mails, in the visitor's language: newsletter confirmation
 * (double opt-in), newsletter welcome (after confirmation, with the
 * unsubscribe link and the RFC 2369 / RFC 8058 List-Unsubscribe headers),
 * the newsletter's editions (the same footer and headers), and the
 * contact-form message to the newsroom (Reply-To: the visitor).
 * Links are absolute, built from SITE_URL with the site's named routes.
 */
import type { Locale } from '../../i18n/locales.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { route, withQuery } from '../../lib/routes.ts';
import * as m from '../../paraglide/messages.js';
import { renderMail, type MailBlock } from './render.ts';
import type { MailAddress, OutgoingMail } from './transport.ts';

/** An absolute link on the public site. */
function siteLink(siteUrl: string, path: string): string {
  return new URL(path, siteUrl).href;
}

export function confirmLink(siteUrl: string, lang: Locale, token: string): string {
  return siteLink(siteUrl, withQuery(route('newsletter-confirm', lang), { token }));
}

export function unsubscribeLink(siteUrl: string, lang: Locale, token: string): string {
  return siteLink(siteUrl, withQuery(route('newsletter-unsubscribe', lang), { token }));
}

/**
 * List headers of a mail sent to a confirmed subscriber: List-Unsubscribe
 * (RFC 2369) with an https link, and List-Unsubscribe-Post (RFC 8058) so
 * mail providers can unsubscribe in one POST without opening a page.
 */
function listHeaders(siteUrl: string, unsubscribeUrl: string): Record<string, string> {
  const host = new URL(siteUrl).hostname;
  return {
    'List-Id': `2M newsletter <newsletter.${host}>`,
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function greeting(lang: Locale, name: string | null | undefined): string {
  return name ? m.mail_greeting_named({ name }, { locale: lang }) : m.mail_greeting({}, { locale: lang });
}

function siteFooter(siteUrl: string, lang: Locale) {
  const o = { locale: lang };
  return { text: m.mail_sent_by({ site: m.site_name({}, o) }, o), label: siteLink(siteUrl, route('index', lang)), url: siteLink(siteUrl, route('index', lang)) };
}

export function newsletterConfirmMail(opts: {
  siteUrl: string;
  lang: Locale;
  to: string;
  name?: string | null;
  confirmUrl: string;
}): OutgoingMail {
  const o = { locale: opts.lang };
  const subject = m.mail_confirm_subject({}, o);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: greeting(opts.lang, opts.name) },
    { kind: 'paragraph', text: m.mail_confirm_intro({ site: m.site_name({}, o) }, o) },
    { kind: 'button', label: m.mail_confirm_button({}, o), url: opts.confirmUrl },
    { kind: 'paragraph', text: m.mail_confirm_expiry({}, o), muted: true },
    { kind: 'paragraph', text: m.mail_confirm_ignore({}, o), muted: true },
  ];
  const { html, text } = renderMail({
    lang: opts.lang,
    title: subject,
    brand: m.site_name({}, o),
    blocks,
    footer: [siteFooter(opts.siteUrl, opts.lang)],
  });
  return { kind: 'newsletter-confirm', lang: opts.lang, to: opts.to, subject, text, html };
}

export function newsletterWelcomeMail(opts: {
  siteUrl: string;
  lang: Locale;
  to: string;
  name?: string | null;
  unsubscribeUrl: string;
}): OutgoingMail {
  const o = { locale: opts.lang };
  const subject = m.mail_welcome_subject({}, o);
  const { html, text } = renderMail({
    lang: opts.lang,
    title: subject,
    brand: m.site_name({}, o),
    blocks: [
      { kind: 'paragraph', text: greeting(opts.lang, opts.name) },
      { kind: 'paragraph', text: m.mail_welcome_text({ site: m.site_name({}, o) }, o) },
      { kind: 'button', label: m.mail_visit_site({}, o), url: siteLink(opts.siteUrl, route('index', opts.lang)) },
    ],
    footer: [
      siteFooter(opts.siteUrl, opts.lang),
      { text: m.mail_unsubscribe_text({}, o), label: m.mail_unsubscribe_link({}, o), url: opts.unsubscribeUrl },
    ],
  });
  return {
    kind: 'newsletter-welcome',
    lang: opts.lang,
    to: opts.to,
    subject,
    text,
    html,
    headers: listHeaders(opts.siteUrl, opts.unsubscribeUrl),
  };
}

/** A story of an edition, as the mail shows it (absolute links). */
export interface EditionStory {
  title: string;
  summary: string;
  url: string;
  image?: string | undefined;
  imageAlt?: string | undefined;
}

/**
 * One newsletter edition to one subscriber (or, for a test or a preview,
 * to an editor): the intro, the stories, and the unsubscribe link of the
 * recipient in the footer and in the List-Unsubscribe headers.
 */
export function newsletterEditionMail(opts: {
  siteUrl: string;
  lang: Locale;
  to: string;
  subject: string;
  intro: string;
  stories: readonly EditionStory[];
  unsubscribeUrl: string;
  /** Mail kind: newsletter-edition, or newsletter-test for a test sent to oneself. */
  kind?: string;
}): OutgoingMail {
  const o = { locale: opts.lang };
  const blocks: MailBlock[] = [
    ...(opts.intro.trim() ? [{ kind: 'paragraph' as const, text: opts.intro.trim() }] : []),
    ...opts.stories.map((story) => ({
      kind: 'story' as const,
      title: story.title,
      text: story.summary,
      url: story.url,
      label: m.mail_edition_read({}, o),
      image: story.image,
      imageAlt: story.imageAlt,
    })),
    { kind: 'button', label: m.mail_visit_site({}, o), url: siteLink(opts.siteUrl, route('index', opts.lang)) },
  ];
  const { html, text } = renderMail({
    lang: opts.lang,
    title: opts.subject,
    brand: m.site_name({}, o),
    blocks,
    footer: [
      { text: m.mail_edition_why({ site: m.site_name({}, o) }, o) },
      { text: m.mail_unsubscribe_text({}, o), label: m.mail_unsubscribe_link({}, o), url: opts.unsubscribeUrl },
    ],
  });
  return {
    kind: opts.kind ?? 'newsletter-edition',
    lang: opts.lang,
    to: opts.to,
    subject: opts.subject,
    text,
    html,
    headers: listHeaders(opts.siteUrl, opts.unsubscribeUrl),
  };
}

export interface ContactMailFields {
  name: string;
  email: string;
  phone?: string | undefined;
  /** The subject's label in the form's language. */
  subjectLabel: string;
  message: string;
}

export function contactMail(opts: {
  siteUrl: string;
  lang: Locale;
  newsroom: string;
  fields: ContactMailFields;
  sentAt: Date;
  submissionId: number;
}): OutgoingMail {
  const o = { locale: opts.lang };
  const f = opts.fields;
  const subject = m.mail_contact_subject({ subject: f.subjectLabel, name: f.name }, o);
  const rows: [string, string][] = [
    [m.contact_label_name({}, o), f.name],
    [m.contact_label_email({}, o), f.email],
  ];
  if (f.phone) rows.push([m.contact_label_phone({}, o), f.phone]);
  rows.push(
    [m.contact_label_subject({}, o), f.subjectLabel],
    [m.mail_contact_sent_at({}, o), formatDateTime(opts.sentAt, opts.lang)],
    [m.mail_contact_page_lang({}, o), opts.lang],
    ['#', String(opts.submissionId)],
  );
  const { html, text } = renderMail({
    lang: opts.lang,
    title: subject,
    brand: m.site_name({}, o),
    blocks: [
      { kind: 'paragraph', text: m.mail_contact_intro({ site: new URL(opts.siteUrl).host }, o) },
      { kind: 'fields', rows },
      { kind: 'quote', text: f.message },
      { kind: 'paragraph', text: m.mail_contact_reply_hint({}, o), muted: true },
    ],
    footer: [siteFooter(opts.siteUrl, opts.lang)],
  });
  const replyTo: MailAddress = { name: f.name, address: f.email };
  return { kind: 'contact', lang: opts.lang, to: opts.newsroom, replyTo, subject, text, html };
}

/**
 * The desk's mails, in the invited person's language: an invitation, or a
 * new sign-in link (a lost password), each with the one-time link (24
 * hours). They go through the site's mail queue (src/server/mail: SMTP_URL,
 * else the outbox folder), like every other mail.
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { deliver, getMailer } from '../mail/index.ts';
import { renderMail } from '../mail/render.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import { formatDateTime } from '../../lib/dates.ts';
import * as m from '../../paraglide/messages.js';

export function deskLinkMail(opts: {
  kind: 'invite' | 'reset';
  lang: Locale;
  to: string;
  name: string;
  inviter: string;
  role: string;
  url: string;
  expiresAt: string;
}): OutgoingMail {
  const o = { locale: opts.lang };
  const subject = opts.kind === 'invite' ? m.desk_mail_invite_subject({}, o) : m.desk_mail_reset_subject({}, o);
  const { html, text } = renderMail({
    lang: opts.lang,
    title: subject,
    brand: m.desk_name({}, o),
    blocks: [
      { kind: 'paragraph', text: m.mail_greeting_named({ name: opts.name }, o) },
      {
        kind: 'paragraph',
        text: opts.kind === 'invite' ? m.desk_mail_invite_text({ inviter: opts.inviter, role: opts.role }, o) : m.desk_mail_reset_text({ inviter: opts.inviter }, o),
      },
      { kind: 'button', label: m.desk_mail_button({}, o), url: opts.url },
      { kind: 'paragraph', text: m.desk_mail_expiry({ at: formatDateTime(opts.expiresAt, opts.lang) }, o), muted: true },
      { kind: 'paragraph', text: m.desk_mail_ignore({}, o), muted: true },
    ],
    footer: [{ text: m.desk_mail_footer({}, o) }],
  });
  return { kind: `desk-${opts.kind}`, lang: opts.lang, to: opts.to, subject, text, html };
}

/** Queues a desk mail (sent by the mail worker; kept in the store until then). */
export function queueDeskMail(db: DB, mail: OutgoingMail, personId: number) {
  return deliver(db, getMailer(), mail, { table: 'desk_users', id: personId });
}

/**
 * The contact form (docs/product.md, Accounts and forms): a validated message is stored in
 * `form_submissions` (kind 'contact', the fields as JSON, the page's
 * language), then mailed to the newsroom (NEWSROOM_EMAIL) with Reply-To set
 * to the visitor, so the newsroom answers from its mail client.
 *
 * No acknowledgement goes to the visitor: the page says the message was
 * sent, and a form that mails any address typed into it would let anyone
 * send mail in the broadcaster's name to third parties.
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { deliver, type DeliveryOutcome, type Mailer, type MailQueueOptions } from '../mail/index.ts';
import { contactMail } from '../mail/templates.ts';
import { contactSubjectLabel, type ContactInput } from './schemas.ts';

export interface ContactDeps {
  db: DB;
  mailer: Mailer;
  siteUrl: string;
  /** Where contact messages go. */
  newsroom: string;
  mailQueue?: MailQueueOptions;
  now?: () => Date;
}

export async function submitContact(
  deps: ContactDeps,
  input: ContactInput,
  lang: Locale,
): Promise<{ id: number; delivery: DeliveryOutcome }> {
  const now = (deps.now ?? (() => new Date()))();
  const payload = {
    name: input.name,
    email: input.email,
    ...(input.phone ? { phone: input.phone } : {}),
    subject: input.subject,
    message: input.message,
  };
  const row = await deps.db
    .insertInto('form_submissions')
    .values({ kind: 'contact', email: input.email, payload: JSON.stringify(payload), lang, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);

  const mail = contactMail({
    siteUrl: deps.siteUrl,
    lang,
    newsroom: deps.newsroom,
    fields: { ...payload, subjectLabel: contactSubjectLabel(input.subject, lang) },
    sentAt: now,
    submissionId: id,
  });
  return { id, delivery: await deliver(deps.db, deps.mailer, mail, { table: 'form_submissions', id }, { ...deps.mailQueue, now: () => now }) };
}

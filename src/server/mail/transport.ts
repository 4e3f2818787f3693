/**
 * Outgoing mail transports (docs/product.md, Accounts and forms), both through nodemailer:
 *
 *  - `smtp`: SMTP_URL (smtp://user:pass@host:587, smtps://…:465), with
 *    bounded timeouts so a dead mail server never holds a visitor's request
 *    for minutes; one pooled connection per process (thread), reused from
 *    one mail to the next (a newsletter edition is thousands in a row: a
 *    connection and greeting each would cost more than the mail), closed
 *    by the server when idle (socketTimeout) and after 100 messages;
 *  - `outbox`: without SMTP_URL, each mail is composed by nodemailer's
 *    stream transport as a complete RFC 822 message and written to
 *    DATA_DIR/outbox/<time>-<kind>-<random>.eml (temp file + rename, so a
 *    reader never sees half a file). Any mail client opens them; an
 *    operator can also read them as text.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Locale } from '../../i18n/locales.ts';

export interface MailAddress {
  name: string;
  address: string;
}

export interface OutgoingMail {
  /** What the mail is for (newsletter-confirm, contact…): file names, logs, delivery records. */
  kind: string;
  lang: Locale;
  to: string | MailAddress;
  replyTo?: MailAddress;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe…), already formatted. */
  headers?: Record<string, string>;
  /** The Message-ID's part before the @ (the queue sets it per row: every attempt sends the same id). */
  messageId?: string;
}

interface SendResult {
  messageId: string;
  /** Outbox file name (outbox transport only). */
  location?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<SendResult>;
}

/** Timeouts of the SMTP conversation (ms). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The domain of the sender's address (MAIL_FROM: "2M <newsletter@2m.ma>" or a bare address). */
function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

function message(from: string, mail: OutgoingMail) {
  return {
    from,
    ...(mail.messageId ? { messageId: `<${mail.messageId}@${senderDomain(from)}>` } : {}),
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    date: new Date(),
    // Quoted-printable keeps Latin text readable in the raw .eml (base64 would not).
    textEncoding: 'quoted-printable' as const,
    headers: { 'Content-Language': mail.lang, ...mail.headers },
  };
}

export function createSmtpMailer(opts: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ url: opts.url, pool: true, maxConnections: 1, maxMessages: 100, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transport.sendMail(message(opts.from, mail));
      return { messageId: String(info.messageId ?? '') };
    },
  };
}

/** A file-name-safe UTC time that sorts chronologically: 2026-11-22T07-01-02-123Z. */
function stamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

export function createOutboxMailer(opts: { dir: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await transport.sendMail(message(opts.from, mail));
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('the stream transport did not return the message as a buffer');
      await mkdir(opts.dir, { recursive: true });
      const kind = mail.kind.replace(/[^a-z0-9-]/gi, '') || 'mail';
      const name = `${stamp(new Date())}-${kind}-${randomBytes(4).toString('hex')}.eml`;
      // A dot file while being written: readers listing *.eml never see it half done.
      const temp = path.join(opts.dir, `.${name}.tmp`);
      try {
        await writeFile(temp, raw, { mode: 0o640 });
        await rename(temp, path.join(opts.dir, name));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { messageId: String(info.messageId ?? ''), location: name };
    },
  };
}

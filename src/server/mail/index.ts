/**
 * Outgoing mail (docs/product.md, Accounts and forms): the process-wide mailer chosen by
 * configuration (SMTP_URL, else the outbox folder DATA_DIR/outbox), the
 * sender (MAIL_FROM) and the newsroom address (NEWSROOM_EMAIL).
 */
import path from 'node:path';
import { getConfig, type Config } from '../config.ts';
import { getDb } from '../db/index.ts';
import { mailWorker } from './deliveries.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './transport.ts';

export { deliver, type DeliveryOutcome, type MailQueueOptions } from './deliveries.ts';
export type { Mailer } from './transport.ts';

/**
 * Where contact messages go when NEWSROOM_EMAIL is not set. Only reachable
 * without SMTP_URL (the configuration requires NEWSROOM_EMAIL with it), so
 * such mails stay in the outbox.
 */
const DEFAULT_NEWSROOM_EMAIL = 'redaction@2m.ma';

export function outboxDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'outbox');
}

export function newsroomEmail(config: Pick<Config, 'NEWSROOM_EMAIL'>): string {
  return config.NEWSROOM_EMAIL ?? DEFAULT_NEWSROOM_EMAIL;
}

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>): Mailer {
  if (config.SMTP_URL) return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
  return createOutboxMailer({ dir: outboxDir(config), from: config.MAIL_FROM });
}

let shared: Mailer | undefined;

export function getMailer(): Mailer {
  shared ??= createMailer(getConfig());
  return shared;
}

/** Starts the process's mail worker (at server start: mails queued before a restart go out). */
export function startMailWorker(): void {
  mailWorker(getDb, getMailer);
}

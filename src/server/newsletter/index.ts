/**
 * The process's newsletter sending job (sender.ts, ADR 042), configured
 * from the environment (SITE_URL, NEWSLETTER_RATE_PER_MIN, SMTP_URL…):
 * started by the server (serve.ts) so that an edition left sending by a
 * stop or a crash goes on at the next start.
 */
import { getConfig } from '../config.ts';
import { getDb } from '../db/index.ts';
import { getMailer, startMailWorker } from '../mail/index.ts';
import { mailWorker } from '../mail/deliveries.ts';
import { startNewsletterJob } from './sender.ts';

export function startNewsletterSender(): void {
  const config = getConfig();
  startMailWorker();
  startNewsletterJob({
    db: getDb,
    mailer: getMailer,
    siteUrl: config.SITE_URL,
    ratePerMin: config.NEWSLETTER_RATE_PER_MIN,
    wake: () => mailWorker(getDb, getMailer).poke(),
  });
}

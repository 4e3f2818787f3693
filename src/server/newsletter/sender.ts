/**
 * The newsletter's sending job (ADR 042), run by the server process
 * (serve.ts) every second:
 *
 *  1. a scheduled edition whose time has come starts sending;
 *  2. a language's daily edition (newsletter_daily), at its time in
 *     Casablanca, is made from that language's front page and starts
 *     sending (once a day: the day is claimed in the same transaction);
 *  3. one instance at a time (the `newsletter-send` lease, leases.ts)
 *     queues the next recipients of the oldest edition that is sending:
 *     at most NEWSLETTER_RATE_PER_MIN a minute (a token bucket), in
 *     contact id order after the edition's cursor. Each recipient's row in
 *     newsletter_sends, its mail in the mail queue and the cursor are
 *     written in one transaction: a kill -9 at any instant leaves either
 *     all of a batch or none of it, and the primary key (edition, contact)
 *     refuses a second row. The mail queue's worker (mail/deliveries.ts)
 *     then sends each mail once (and after a crash, the one in flight again
 *     with the same Message-ID).
 *
 * A subscriber who unsubscribes before their turn gets nothing; one who
 * confirms while the edition goes out gets it when the cursor reaches them.
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { deskAudit } from '../desk/audit.ts';
import { startServerJob } from '../server-jobs.ts';
import { queueMail } from '../mail/deliveries.ts';
import { unsubscribeLink } from '../mail/templates.ts';
import type { Mailer } from '../mail/transport.ts';
import { formatLongDate, formatTime, todayInCasablanca } from '../../lib/dates.ts';
import * as m from '../../paraglide/messages.js';
import { defaultStoryIds, editionMail, editionStories, insertEdition, storyIdsOf, type Edition } from './editions.ts';
import { featureLogger, type Log } from '../log.ts';

const SEND_LEASE = 'newsletter-send';
/** Renewed at every pass (each second): after a crash, another instance (or the restarted one) goes on sending within 10 s. */
const LEASE_MS = 10_000;

export interface SenderOptions {
  db: () => Promise<DB>;
  mailer: () => Mailer;
  siteUrl: string;
  ratePerMin: number;
  /** Wakes the mail worker after a batch is queued. */
  wake: () => void;
  tickMs?: number;
  now?: () => Date;
  /** Default: the `newsletter` feature's logger. */
  log?: Log;
}

/** Scheduled editions whose time has come start sending. */
export async function startDueEditions(db: DB, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const due = await db.selectFrom('newsletter_editions').select('id').where('state', '=', 'scheduled').where('scheduled_at', '<=', at).execute();
  const started: number[] = [];
  for (const { id } of due) {
    const r = await db.updateTable('newsletter_editions').set({ state: 'sending', started_at: at, updated_at: at }).where('id', '=', id).where('state', '=', 'scheduled').executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) {
      started.push(id);
      await deskAudit(db, { user: null, actor: 'schedule', action: 'newsletter.start', itemType: 'newsletter', itemId: id, after: { state: 'sending' } }, now);
    }
  }
  return started;
}

/** Makes today's daily edition of each language whose time has come (once a day); the new editions' ids. */
export async function makeDailyEditions(db: DB, now: Date, log: Log = featureLogger('newsletter')): Promise<number[]> {
  const today = todayInCasablanca(now);
  const time = formatTime(now);
  const due = await db
    .selectFrom('newsletter_daily')
    .selectAll()
    .where('enabled', '=', 1)
    .where('time', '<=', time)
    .where((eb) => eb.or([eb('last_day', 'is', null), eb('last_day', '!=', today)]))
    .execute();
  const made: number[] = [];
  for (const setting of due) {
    const lang: Locale = setting.lang;
    const storyIds = await defaultStoryIds(db, lang);
    const id = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('newsletter_daily')
        .set({ last_day: today })
        .where('lang', '=', lang)
        .where((eb) => eb.or([eb('last_day', 'is', null), eb('last_day', '!=', today)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1 || storyIds.length === 0) return null;
      const subject = m.newsletter_daily_subject({ site: m.site_name({}, { locale: lang }), date: formatLongDate(now, lang) }, { locale: lang });
      const edition = await insertEdition(trx, { lang, subject, intro: '', storyIds, state: 'sending', daily: true, createdBy: null }, now);
      await deskAudit(trx, { user: null, actor: 'schedule', action: 'newsletter.daily', itemType: 'newsletter', itemId: edition.id, after: { lang, stories: storyIds.length } }, now);
      return edition.id;
    });
    if (id !== null) made.push(id);
    else if (storyIds.length === 0) log.warn(`no published story in ${lang}: no daily edition today`);
  }
  return made;
}

interface BatchResult {
  /** Recipients queued by this batch. */
  queued: number;
  /** The edition has no recipient left: it is marked sent. */
  done: boolean;
}

/**
 * Queues the next `limit` recipients of an edition that is sending: their
 * send rows, their mails and the cursor in one transaction.
 */
export async function queueBatch(db: DB, opts: { edition: Edition; limit: number; transport: Mailer['kind']; siteUrl: string; now: Date }): Promise<BatchResult> {
  const { edition, now } = opts;
  const contacts = await db
    .selectFrom('newsletter_contacts')
    .select(['id', 'email', 'unsubscribe_token'])
    .where('lang', '=', edition.lang)
    .where('status', '=', 'confirmed')
    .where('id', '>', edition.cursor)
    .orderBy('id')
    .limit(opts.limit)
    .execute();
  if (contacts.length === 0) {
    const at = now.toISOString();
    const r = await db.updateTable('newsletter_editions').set({ state: 'sent', finished_at: at, updated_at: at }).where('id', '=', edition.id).where('state', '=', 'sending').executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) await deskAudit(db, { user: null, actor: 'newsletter', action: 'newsletter.sent', itemType: 'newsletter', itemId: edition.id, after: { state: 'sent' } }, now);
    return { queued: 0, done: true };
  }
  const stories = await editionStories(db, opts.siteUrl, edition.lang, storyIdsOf(edition));
  const at = now.toISOString();
  const queued = await db.transaction().execute(async (trx) => {
    let n = 0;
    for (const c of contacts) {
      // A confirmed contact always has its unsubscribe token (forms/newsletter.ts); one without is skipped, not sent a mail it cannot leave.
      if (!c.unsubscribe_token) continue;
      const mine = await trx
        .insertInto('newsletter_sends')
        .values({ edition_id: edition.id, contact_id: c.id, delivery_id: null, created_at: at })
        .onConflict((oc) => oc.columns(['edition_id', 'contact_id']).doNothing())
        .returning('contact_id')
        .executeTakeFirst();
      if (!mine) continue;
      const mail = editionMail(edition, stories, { siteUrl: opts.siteUrl, to: c.email, unsubscribeUrl: unsubscribeLink(opts.siteUrl, edition.lang, c.unsubscribe_token) });
      const deliveryId = await queueMail(trx, opts.transport, mail, { table: 'newsletter_contacts', id: c.id }, now);
      await trx.updateTable('newsletter_sends').set({ delivery_id: deliveryId }).where('edition_id', '=', edition.id).where('contact_id', '=', c.id).execute();
      n += 1;
    }
    await trx.updateTable('newsletter_editions').set({ cursor: contacts.at(-1)!.id }).where('id', '=', edition.id).where('state', '=', 'sending').execute();
    return n;
  });
  return { queued, done: false };
}

/** Recipients that may be queued now: a token bucket of `ratePerMin`, holding at most two seconds of it. */
class TokenBucket {
  private tokens = 0;
  private refilledAt = 0;
  private readonly ratePerMin: number;

  constructor(ratePerMin: number) {
    this.ratePerMin = ratePerMin;
  }

  take(nowMs: number): number {
    const perMs = this.ratePerMin / 60_000;
    const cap = Math.max(1, perMs * 2000);
    this.tokens = this.refilledAt === 0 ? Math.min(cap, perMs * 1000) : Math.min(cap, this.tokens + (nowMs - this.refilledAt) * perMs);
    this.refilledAt = nowMs;
    return Math.floor(this.tokens);
  }

  spend(n: number): void {
    this.tokens -= n;
  }
}

/** The process's sending job, started once (serve.ts) and stopped at shutdown. */
export function startNewsletterJob(opts: SenderOptions): void {
  const bucket = new TokenBucket(opts.ratePerMin);
  const log = opts.log ?? featureLogger('newsletter');
  startServerJob({
    name: 'newsletter',
    log,
    lease: SEND_LEASE,
    leaseMs: LEASE_MS,
    ...(opts.tickMs ? { tickMs: opts.tickMs } : {}),
    db: opts.db,
    async pass(db, turn) {
      const now = (opts.now ?? (() => new Date()))();
      await startDueEditions(db, now);
      await makeDailyEditions(db, now, log);
      const edition = await db.selectFrom('newsletter_editions').selectAll().where('state', '=', 'sending').orderBy('id').limit(1).executeTakeFirst();
      // One instance queues at a time: the rate is the site's, not each instance's.
      if (!edition || !(await turn())) return;
      const limit = bucket.take(now.getTime());
      if (limit < 1) return;
      const result = await queueBatch(db, { edition, limit, transport: opts.mailer().kind, siteUrl: opts.siteUrl, now });
      bucket.spend(result.queued);
      if (result.queued > 0) opts.wake();
    },
  });
}

/**
 * Breaking-news pushes sent from the desk (docs/desk.md "Breaking news",
 * ADR 042): each is a job in the store (push_jobs) for one language's
 * subscribers, with the notification made when it was asked for. The
 * server's job runner (one instance at a time: the `push-send` lease)
 * sends it in batches, a few requests in flight, and writes one
 * push_job_sends row per subscription after the push service's answer
 * (and, as `npm run push` does, drops a subscription answered 404 or 410).
 * After a restart the job goes on with the subscriptions of its language
 * that have no row: nobody is skipped. The only subscriptions that may get
 * it twice are those whose answer came in the instant before a kill -9;
 * the second copy has the same Topic (a push service replaces an
 * undelivered one) and the same notification tag (a browser replaces the
 * one shown), so nobody sees it twice.
 */
import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import { deskAudit } from '../desk/audit.ts';
import { startServerJob } from '../server-jobs.ts';
import { breakingNews } from './breaking.ts';
import { allowLocalEndpoints, BREAKING_TTL_SECONDS, vapidKeys } from './broadcast.ts';
import { httpTransport, subscriptionSender, type PushTransport } from './send.ts';

const LEASE = 'push-send';
/** Longer than a batch takes with every push service timing out (4 rounds of 10 s). */
const LEASE_MS = 90_000;
/** Subscriptions per pass, and requests in flight. */
const BATCH = 64;
const CONCURRENCY = 16;

export type PushJob = Row<'push_jobs'>;

export interface PushProgress {
  recipients: number;
  sent: number;
  dropped: number;
  failed: number;
  remaining: number;
}

export async function subscriberCount(db: DB, lang: Locale): Promise<number> {
  const r = await db.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('lang', '=', lang).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A new push job for one language's subscribers; null when the article is not published. */
export async function createPushJob(db: DB, opts: { articleId: number; lang: Locale; siteUrl: string; createdBy: number | null; now?: Date }): Promise<PushJob | null> {
  const news = await breakingNews(db, opts.articleId, opts.siteUrl);
  if (!news) return null;
  const payload = news.payloads[opts.lang];
  return db
    .insertInto('push_jobs')
    .values({
      lang: opts.lang,
      article_id: opts.articleId,
      title: payload.title,
      payload: JSON.stringify(payload),
      topic: news.topic,
      state: 'sending',
      recipients: await subscriberCount(db, opts.lang),
      created_by: opts.createdBy,
      created_at: (opts.now ?? new Date()).toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function pushProgress(db: DB, job: PushJob): Promise<PushProgress> {
  const rows = await db.selectFrom('push_job_sends').select(['outcome', (eb) => eb.fn.countAll<number>().as('n')]).where('job_id', '=', job.id).groupBy('outcome').execute();
  const n = (o: string) => Number(rows.find((r) => r.outcome === o)?.n ?? 0);
  const remaining =
    job.state === 'sending'
      ? Number((await db.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('lang', '=', job.lang).where((eb) => unsent(eb, job.id)).executeTakeFirstOrThrow()).n)
      : 0;
  return { recipients: job.recipients, sent: n('sent'), dropped: n('dropped'), failed: n('failed'), remaining };
}

/** A subscription the job has no answer for yet. */
function unsent(eb: ExpressionBuilder<Database, 'push_subscriptions'>, jobId: number): Expression<SqlBool> {
  return eb.not(eb.exists(eb.selectFrom('push_job_sends').select('push_job_sends.job_id').where('push_job_sends.job_id', '=', jobId).whereRef('push_job_sends.subscription_id', '=', 'push_subscriptions.id')));
}

/** The job's subscriptions that have no answer yet, in id order. */
function pending(db: DB, job: Pick<PushJob, 'id' | 'lang'>, limit: number) {
  return db.selectFrom('push_subscriptions').selectAll().where('lang', '=', job.lang).where((eb) => unsent(eb, job.id)).orderBy('id').limit(limit);
}

/** Sends the next batch of a job; true when the job is finished. */
export async function runPushBatch(db: DB, job: PushJob, opts: { config: Config; transport?: PushTransport; now?: () => Date }): Promise<boolean> {
  const now = opts.now ?? (() => new Date());
  const subs = await pending(db, job, BATCH).execute();
  if (subs.length === 0) {
    const r = await db.updateTable('push_jobs').set({ state: 'sent', finished_at: now().toISOString() }).where('id', '=', job.id).where('state', '=', 'sending').executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) await deskAudit(db, { user: null, actor: 'push', action: 'push.sent', itemType: 'push', itemId: job.id, after: await pushProgress(db, { ...job, state: 'sent' }) }, now());
    return true;
  }
  const allowLocal = allowLocalEndpoints(opts.config);
  const payload = JSON.parse(job.payload) as unknown;
  const sender = subscriptionSender({
    db,
    keys: (await vapidKeys(opts.config, db)).keys,
    subject: opts.config.VAPID_SUBJECT,
    transport: opts.transport ?? httpTransport({ allowLocal }),
    allowLocal,
    payloadFor: () => payload,
    ttlSeconds: BREAKING_TTL_SECONDS,
    urgency: 'high',
    topic: job.topic,
    now,
  });
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < subs.length; i = next++) {
      const sub = subs[i]!;
      const result = await sender.deliver(sub);
      await db
        .insertInto('push_job_sends')
        .values({ job_id: job.id, subscription_id: sub.id, outcome: result.outcome, status: result.status, created_at: now().toISOString() })
        .onConflict((oc) => oc.columns(['job_id', 'subscription_id']).doNothing())
        .execute();
      await sender.record(sub, result);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
  return false;
}

/** Starts the process's push job runner (serve.ts): one job at a time, one instance at a time; jobs left sending by a stop or a crash go on. */
export function startPushJobs(db: () => Promise<DB>, config: Config): void {
  startServerJob({
    name: 'push-jobs',
    lease: LEASE,
    leaseMs: LEASE_MS,
    db,
    async pass(store, turn) {
      const job = await store.selectFrom('push_jobs').selectAll().where('state', '=', 'sending').orderBy('id').limit(1).executeTakeFirst();
      if (job && (await turn())) await runPushBatch(store, job, { config });
    },
  });
}

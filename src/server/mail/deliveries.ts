/**
 * Outgoing mail leaves the request path (ADR 013): `deliver()`
 * writes the rendered message into the outbox table `mail_deliveries`
 * (status `pending`, the message as JSON in `payload`) and returns at once;
 * a worker (MailWorker) sends it, retrying with a growing delay, and keeps
 * its state in the same row:
 *
 *  - pending: waiting for its first or next attempt (`attempts`,
 *    `next_attempt_at`, the last `error`);
 *  - sent: with the message id (and the outbox file name), payload cleared;
 *  - failed: given up after MAX_ATTEMPTS, with the last error.
 *
 * Several workers (instances, threads) may run: a row is claimed by one
 * conditional update before it is sent, with `claimed_until` and the
 * worker's name (`claimed_by`). Each worker holds a lease in the store
 * (`mail-worker:…`, leases.ts) that it renews while it runs: a row whose
 * worker died (kill -9) is claimable again as soon as that lease lapses
 * (WORKER_LEASE_MS), not only after CLAIM_MS.
 *
 * Every send of a row carries the same Message-ID (made from the row), so
 * the one mail that can go out twice, the one whose SMTP server said 250
 * an instant before the process died and before the store recorded it, is
 * sent again as the same message, which mail stores keep once (ADR 042).
 * A dead mail server holds the worker (bounded by the SMTP timeouts of
 * transport.ts), never a form.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { threadId } from 'node:worker_threads';
import { sql, type ExpressionBuilder, type Expression, type SqlBool, type Transaction } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { onShutdown } from '../lifecycle.ts';
import { release, renew, tryAcquire } from '../leases.ts';
import type { Mailer, OutgoingMail } from './transport.ts';
import { featureLogger, type Log } from '../log.ts';

export interface DeliveryRef {
  table: string;
  id: number;
}

export interface DeliveryOutcome {
  id: number | null;
  /** queued: stored, the worker will send it; pending: an attempt failed, it will be retried. */
  status: 'queued' | 'sent' | 'pending' | 'failed';
  error?: string;
  location?: string;
}

export interface MailQueueOptions {
  /** Make the first attempt before returning (scripts, tests). */
  sendNow?: boolean;
  /** The worker to wake (default: the process's). */
  worker?: MailWorker;
  now?: () => Date;
  /** Where failures are logged; default the `mail` feature's logger. */
  log?: Log;
}

/** Attempts before a mail is marked failed. */
export const MAX_ATTEMPTS = 6;
/** How long a worker holds a row it sends (longer than any SMTP conversation). */
const CLAIM_MS = 5 * 60_000;

/** Delay after the n-th failed attempt (1-based): 30 s, 2 min, 8 min, 32 min, then 1 hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60 * 60_000, 30_000 * 4 ** Math.max(0, attempt - 1));
}

function recipientOf(mail: OutgoingMail): string {
  return typeof mail.to === 'string' ? mail.to : mail.to.address;
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

/**
 * Writes a mail into the queue (status pending, due now) with `db` or a
 * transaction (a newsletter's recipient is marked in the same one); the
 * row's id. Throws on a store error. The caller wakes a worker.
 */
export async function queueMail(db: DB | Transaction<Database>, transport: Mailer['kind'], mail: OutgoingMail, ref: DeliveryRef | undefined, now: Date): Promise<number> {
  const row = await db
    .insertInto('mail_deliveries')
    .values({
      kind: mail.kind,
      ref_table: ref?.table ?? null,
      ref_id: ref?.id ?? null,
      recipient: recipientOf(mail),
      subject: mail.subject,
      transport,
      status: 'pending',
      payload: JSON.stringify(mail),
      attempts: 0,
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Queues a mail and returns at once (the process's worker is woken). With
 * `sendNow`, the first attempt is made before returning (scripts and tests).
 * Never throws: a mail problem must not fail the submission that caused it.
 */
export async function deliver(
  db: DB,
  mailer: Mailer,
  mail: OutgoingMail,
  ref?: DeliveryRef,
  opts: MailQueueOptions = {},
): Promise<DeliveryOutcome> {
  const now = (opts.now ?? (() => new Date()))();
  let id: number;
  try {
    id = await queueMail(db, mailer.kind, mail, ref, now);
  } catch (error) {
    (opts.log ?? featureLogger('mail')).error({ err: error }, `could not queue the ${mail.kind} mail`);
    return { id: null, status: 'failed', error: describe(error) };
  }
  if (opts.sendNow) return sendOne(db, mailer, id, now, opts.log ?? featureLogger('mail'));
  (opts.worker ?? mailWorker(async () => db, () => mailer)).poke();
  return { id, status: 'queued' };
}

/** How long a worker's lease lasts without renewal (renewed every third of it). */
const WORKER_LEASE_MS = 15_000;

/**
 * A row another worker may take: pending, and not held, or held past its
 * claim, or held by a worker whose lease lapsed (it died).
 */
function claimable(eb: ExpressionBuilder<Database, 'mail_deliveries'>, at: string, nowMs: number): Expression<SqlBool> {
  return eb.or([
    eb('mail_deliveries.claimed_until', 'is', null),
    eb('mail_deliveries.claimed_until', '<', at),
    eb.and([
      eb('mail_deliveries.claimed_by', 'is not', null),
      eb.not(eb.exists(eb.selectFrom('leases').select(sql`1`.as('one')).whereRef('leases.name', '=', 'mail_deliveries.claimed_by').where('leases.expires_at', '>', nowMs))),
    ]),
  ]);
}

/** Claims one row for this worker; false when another worker holds it, or it is not due. */
async function claim(db: DB, id: number, now: Date, by: string | null): Promise<boolean> {
  const at = now.toISOString();
  const r = await db
    .updateTable('mail_deliveries')
    .set({ claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString(), claimed_by: by })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => claimable(eb, at, Date.now()))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** One attempt at a claimed (or just queued) row; records the outcome. */
async function sendOne(db: DB, mailer: Mailer, id: number, now: Date, log: Log): Promise<DeliveryOutcome> {
  const row = await db.selectFrom('mail_deliveries').select(['payload', 'attempts', 'kind', 'recipient', 'created_at']).where('id', '=', id).executeTakeFirst();
  if (!row?.payload) return { id, status: 'failed', error: 'no message to send' };
  const attempts = (row.attempts ?? 0) + 1;
  try {
    // The same Message-ID at every attempt of this row (transport.ts adds the sender's domain).
    const mail = { ...(JSON.parse(row.payload) as OutgoingMail), messageId: `${id}.${Date.parse(row.created_at).toString(36)}` };
    const sent = await mailer.send(mail);
    await db
      .updateTable('mail_deliveries')
      .set({
        status: 'sent',
        attempts,
        message_id: sent.messageId || null,
        location: sent.location ?? null,
        error: null,
        payload: null,
        claimed_until: null,
        claimed_by: null,
        next_attempt_at: null,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    return { id, status: 'sent', ...(sent.location ? { location: sent.location } : {}) };
  } catch (error) {
    const text = describe(error);
    const giveUp = attempts >= MAX_ATTEMPTS;
    const next = new Date(now.getTime() + retryDelayMs(attempts)).toISOString();
    log[giveUp ? 'error' : 'warn'](`${row.kind} mail #${id} failed (attempt ${attempts}/${MAX_ATTEMPTS}${giveUp ? ', given up' : `, next at ${next}`}): ${text}`);
    await db
      .updateTable('mail_deliveries')
      .set({
        status: giveUp ? 'failed' : 'pending',
        attempts,
        error: text,
        claimed_until: null,
        claimed_by: null,
        next_attempt_at: giveUp ? null : next,
        ...(giveUp ? { payload: null } : {}),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute()
      .catch((err: unknown) => log.error({ err }, `could not record the state of mail #${id}`));
    return { id, status: giveUp ? 'failed' : 'pending', error: text };
  }
}

export interface MailWorkerOptions {
  db: () => Promise<DB>;
  mailer: () => Mailer;
  /** Time between looks for due mails (retries, mails queued by other instances). */
  pollMs?: number;
  now?: () => Date;
  /** Default: the `mail` feature's logger. */
  log?: Log;
}

/** Sends due mails from the outbox table, one at a time. */
export class MailWorker {
  /** This worker's lease name (claimed_by of the rows it holds). */
  readonly name = `mail-worker:${hostname()}/${process.pid}/${threadId}/${randomBytes(4).toString('hex')}`;
  private leased: Promise<boolean> | undefined;
  private leaseTimer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly opts: MailWorkerOptions;
  private readonly log: Log;

  constructor(opts: MailWorkerOptions) {
    this.opts = opts;
    this.log = opts.log ?? featureLogger('mail');
  }

  /** Looks for due mails every pollMs (default 15 s), without keeping the process alive. */
  start(): this {
    if (!this.timer && !this.stopped) {
      this.timer = setInterval(() => this.poke(), this.opts.pollMs ?? 15_000);
      this.timer.unref();
      this.poke();
    }
    return this;
  }

  /** Runs a pass soon (once the current one ends). */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    setImmediate(() => void this.runOnce().catch((err: unknown) => this.log.error({ err }, 'worker pass failed')));
  }

  /** Sends every due mail; resolves with how many were attempted. */
  runOnce(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.pass().finally(() => {
      this.running = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        this.poke();
      }
    });
    return this.running;
  }

  /** Stops polling and waits for the mail being sent (the rest stays queued in the store). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.leaseTimer);
    await this.running;
    if (this.leased && (await this.leased.catch(() => false))) await release(await this.opts.db(), this.name, this.name).catch(() => undefined);
  }

  /** Takes this worker's lease (once) and renews it while the worker lives; false when the store refused. */
  private lease(db: DB): Promise<boolean> {
    this.leased ??= tryAcquire(db, this.name, this.name, WORKER_LEASE_MS).then((ok) => {
      if (ok && !this.leaseTimer) {
        this.leaseTimer = setInterval(() => void renew(db, this.name, this.name, WORKER_LEASE_MS).catch(() => undefined), WORKER_LEASE_MS / 3);
        this.leaseTimer.unref();
      }
      return ok;
    });
    return this.leased;
  }

  private async pass(): Promise<number> {
    const db = await this.opts.db();
    const mailer = this.opts.mailer();
    // Without a lease (a store without the leases table cannot be: migrations run first) rows are claimed by time alone.
    const by = (await this.lease(db).catch(() => false)) ? this.name : null;
    let attempted = 0;
    for (;;) {
      const now = (this.opts.now ?? (() => new Date()))();
      const at = now.toISOString();
      const due = await db
        .selectFrom('mail_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('payload', 'is not', null)
        .where('next_attempt_at', '<=', at)
        .where((eb) => claimable(eb, at, Date.now()))
        .orderBy('id')
        .limit(20)
        .execute();
      if (due.length === 0) return attempted;
      let progressed = false;
      for (const { id } of due) {
        if (this.stopped) return attempted;
        if (!(await claim(db, Number(id), now, by))) continue;
        progressed = true;
        attempted += 1;
        await sendOne(db, mailer, Number(id), now, this.log);
      }
      if (!progressed) return attempted;
    }
  }
}

const KEY = Symbol.for('2m.mailWorker');

/**
 * The process's worker (one per process even though the built site and the
 * front server each carry a copy of this module), started on first use and
 * stopped at shutdown (lifecycle.ts).
 */
export function mailWorker(db: () => Promise<DB>, mailer: () => Mailer): MailWorker {
  const g = globalThis as { [KEY]?: MailWorker };
  if (!g[KEY]) {
    const worker = new MailWorker({ db, mailer }).start();
    g[KEY] = worker;
    onShutdown('mail', () => worker.stop());
  }
  return g[KEY];
}

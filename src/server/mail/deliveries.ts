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
 * Several workers (instances) may run: a row is claimed (`claimed_until`)
 * by one conditional update before it is sent. A dead mail server holds
 * the worker (bounded by the SMTP timeouts of transport.ts), never a form.
 */
import type { DB } from '../db/index.ts';
import { onShutdown } from '../lifecycle.ts';
import type { Mailer, OutgoingMail } from './transport.ts';

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
    const row = await db
      .insertInto('mail_deliveries')
      .values({
        kind: mail.kind,
        ref_table: ref?.table ?? null,
        ref_id: ref?.id ?? null,
        recipient: recipientOf(mail),
        subject: mail.subject,
        transport: mailer.kind,
        status: 'pending',
        payload: JSON.stringify(mail),
        attempts: 0,
        next_attempt_at: now.toISOString(),
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = Number(row.id);
  } catch (error) {
    console.error(`[mail] could not queue the ${mail.kind} mail`, error);
    return { id: null, status: 'failed', error: describe(error) };
  }
  if (opts.sendNow) return sendOne(db, mailer, id, now);
  (opts.worker ?? mailWorker(async () => db, () => mailer)).poke();
  return { id, status: 'queued' };
}

/** Claims one row for this worker; false when another worker holds it, or it is not due. */
async function claim(db: DB, id: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const r = await db
    .updateTable('mail_deliveries')
    .set({ claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** One attempt at a claimed (or just queued) row; records the outcome. */
async function sendOne(db: DB, mailer: Mailer, id: number, now: Date): Promise<DeliveryOutcome> {
  const row = await db.selectFrom('mail_deliveries').select(['payload', 'attempts', 'kind', 'recipient']).where('id', '=', id).executeTakeFirst();
  if (!row?.payload) return { id, status: 'failed', error: 'no message to send' };
  const attempts = (row.attempts ?? 0) + 1;
  try {
    const sent = await mailer.send(JSON.parse(row.payload) as OutgoingMail);
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
    console.error(`[mail] ${row.kind} mail #${id} failed (attempt ${attempts}/${MAX_ATTEMPTS}${giveUp ? ', given up' : `, next at ${next}`}): ${text}`);
    await db
      .updateTable('mail_deliveries')
      .set({
        status: giveUp ? 'failed' : 'pending',
        attempts,
        error: text,
        claimed_until: null,
        next_attempt_at: giveUp ? null : next,
        ...(giveUp ? { payload: null } : {}),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute()
      .catch((e: unknown) => console.error(`[mail] could not record the state of mail #${id}`, e));
    return { id, status: giveUp ? 'failed' : 'pending', error: text };
  }
}

export interface MailWorkerOptions {
  db: () => Promise<DB>;
  mailer: () => Mailer;
  /** Time between looks for due mails (retries, mails queued by other instances). */
  pollMs?: number;
  now?: () => Date;
}

/** Sends due mails from the outbox table, one at a time. */
export class MailWorker {
  private running: Promise<number> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly opts: MailWorkerOptions;

  constructor(opts: MailWorkerOptions) {
    this.opts = opts;
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
    setImmediate(() => void this.runOnce().catch((e: unknown) => console.error('[mail] worker pass failed', e)));
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
    await this.running;
  }

  private async pass(): Promise<number> {
    const db = await this.opts.db();
    const mailer = this.opts.mailer();
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
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
        .orderBy('id')
        .limit(20)
        .execute();
      if (due.length === 0) return attempted;
      let progressed = false;
      for (const { id } of due) {
        if (this.stopped) return attempted;
        if (!(await claim(db, Number(id), now))) continue;
        progressed = true;
        attempted += 1;
        await sendOne(db, mailer, Number(id), now);
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

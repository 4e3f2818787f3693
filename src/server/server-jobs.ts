/**
 * A background job of the server process (ADR 042): a pass every `tickMs`
 * (never two at once), a turn among the instances of one store by a lease
 * (leases.ts) for the work only one may do at a time, one job of a name per
 * process (kept on globalThis: the built site and the front server each
 * carry a copy of this module), stopped at shutdown (lifecycle.ts).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { DB } from './db/index.ts';
import { renew, tryAcquire } from './leases.ts';
import { onShutdown } from './lifecycle.ts';
import { featureLogger, type Log } from './log.ts';

export interface ServerJobOptions {
  /** For logs and the shutdown hook. */
  name: string;
  /** The lease `turn()` takes, and for how long without renewal. */
  lease: string;
  leaseMs: number;
  tickMs?: number;
  db: () => Promise<DB>;
  /** One pass; `turn()` is true while this instance holds the lease (taken or renewed by the call). */
  pass: (db: DB, turn: () => Promise<boolean>) => Promise<void>;
  /** Default: a logger whose feature is the job's name. */
  log?: Log;
}

class ServerJob {
  private readonly holder = `${hostname()}/${process.pid}/${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly opts: ServerJobOptions;
  private readonly log: Log;

  constructor(opts: ServerJobOptions) {
    this.opts = opts;
    // The job's name is its feature's.
    this.log = opts.log ?? featureLogger(opts.name);
  }

  start(): this {
    this.timer ??= setInterval(() => {
      if (this.running) return;
      this.running = this.once()
        .catch((err: unknown) => this.log.error({ err }, 'pass failed'))
        .finally(() => (this.running = undefined));
    }, this.opts.tickMs ?? 1000);
    this.timer.unref();
    return this;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async once(): Promise<void> {
    const db = await this.opts.db();
    const { lease, leaseMs } = this.opts;
    await this.opts.pass(db, async () => (await renew(db, lease, this.holder, leaseMs)) || (await tryAcquire(db, lease, this.holder, leaseMs)));
  }
}

/** Starts the job of this name once per process. */
export function startServerJob(opts: ServerJobOptions): void {
  const key = Symbol.for(`2m.serverJob.${opts.name}`);
  const g = globalThis as Record<symbol, ServerJob | undefined>;
  if (g[key]) return;
  const job = new ServerJob(opts).start();
  g[key] = job;
  onShutdown(opts.name, () => job.stop());
}

/**
 * The application server's VAPID key pair (ADR 007, ADR 019):
 * the one in the configuration (VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY,
 * validated as a matching pair by src/server/config.ts), else the one kept
 * in the store (table `push_keys`, migration 014), so that every instance
 * on one database signs with the pair every browser subscribed with: a new
 * pair would orphan every subscription.
 *
 * The first process that needs keys and finds none stored inserts a pair
 * with insert-or-ignore — the one an earlier version kept in
 * `DATA_DIR/push/vapid.json`, if there is one (so existing subscriptions
 * keep working), else a new one — then reads the stored row: processes
 * racing on an empty store all end up with the winner's pair. The file is
 * left in place and no longer read once the store holds a pair.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DB } from '../db/index.ts';
import { generateVapidKeys, vapidSigningKey, type VapidKeys } from './webpush.ts';
import { featureLogger, type Log } from '../log.ts';

/** config: VAPID_* variables; store: the stored pair; file: just moved from DATA_DIR/push/vapid.json into the store; generated: just made and stored. */
type KeySource = 'config' | 'store' | 'file' | 'generated';

export interface LoadedVapidKeys {
  keys: VapidKeys;
  source: KeySource;
}

const KEY_NAME = 'vapid';

/** Where earlier versions kept generated keys (read once, to move them into the store). */
export function vapidKeyFile(dataDir: string): string {
  return path.join(dataDir, 'push', 'vapid.json');
}

function checkPair(keys: VapidKeys, where: string): VapidKeys {
  try {
    vapidSigningKey(keys);
  } catch (error) {
    throw new Error(`${where} holds no valid P-256 key pair: ${(error as Error).message}`, { cause: error });
  }
  return keys;
}

/** The pair of a key file, null when there is none; throws (naming the file) when it is damaged. */
function readKeyFile(file: string): VapidKeys | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: Partial<VapidKeys>;
  try {
    parsed = JSON.parse(text) as Partial<VapidKeys>;
  } catch {
    throw new Error(`${file} is not JSON: it should hold a VAPID key pair (publicKey, privateKey)`);
  }
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
    throw new Error(`${file} does not hold a VAPID key pair (publicKey, privateKey)`);
  }
  return checkPair({ publicKey: parsed.publicKey, privateKey: parsed.privateKey }, file);
}

async function storedPair(db: DB): Promise<VapidKeys | null> {
  const row = await db.selectFrom('push_keys').select(['public_key', 'private_key']).where('name', '=', KEY_NAME).executeTakeFirst();
  return row ? checkPair({ publicKey: row.public_key, privateKey: row.private_key }, 'the store’s push_keys row') : null;
}

/**
 * The VAPID keys to use: configured, else stored, else moved from
 * `dataDir`'s key file into the store, else generated into the store now.
 * Throws (naming the file or the row) when what is kept is damaged:
 * replacing it silently would orphan every subscription.
 */
export async function loadVapidKeys(opts: {
  db: DB;
  dataDir: string;
  publicKey?: string | undefined;
  privateKey?: string | undefined;
  now?: () => Date;
  /** Told when the key file holds another pair than the store (its subscribers are lost); default the `push` feature's logger. */
  log?: Log;
}): Promise<LoadedVapidKeys> {
  if (opts.publicKey && opts.privateKey) {
    return { keys: { publicKey: opts.publicKey, privateKey: opts.privateKey }, source: 'config' };
  }
  const file = vapidKeyFile(opts.dataDir);
  const stored = await storedPair(opts.db);
  if (stored) {
    warnIfOther(stored, file, opts.log);
    return { keys: stored, source: 'store' };
  }

  const fromFile = readKeyFile(file);
  const candidate = fromFile ?? generateVapidKeys();
  await opts.db
    .insertInto('push_keys')
    .values({
      name: KEY_NAME,
      public_key: candidate.publicKey,
      private_key: candidate.privateKey,
      origin: fromFile ? 'file' : 'generated',
      created_at: (opts.now ?? (() => new Date()))().toISOString(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const winner = await storedPair(opts.db);
  if (!winner) throw new Error('the VAPID key pair could not be stored (push_keys)');
  if (winner.publicKey !== candidate.publicKey) {
    // Another instance stored its pair first: everybody uses that one.
    warnIfOther(winner, file, opts.log);
    return { keys: winner, source: 'store' };
  }
  return { keys: winner, source: fromFile ? 'file' : 'generated' };
}

function warnIfOther(stored: VapidKeys, file: string, log: Log = featureLogger('push')): void {
  let local: VapidKeys | null;
  try {
    local = readKeyFile(file);
  } catch {
    return;
  }
  if (local && local.publicKey !== stored.publicKey) {
    log.warn(
      `${file} holds another VAPID key pair than the store: the store's pair is used by every instance; browsers that subscribed with the file's key must subscribe again. Delete the file once checked.`,
    );
  }
}

/**
 * The application server's VAPID key pair (DESIGN.md §3 "Push"): the one in
 * the configuration (VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY, validated as a
 * matching pair by src/server/config.ts), else the one kept in
 * `DATA_DIR/push/vapid.json`, generated on first use and reused ever after:
 * every browser subscribed with the public key, so a new pair would orphan
 * every subscription.
 *
 * The file is written once, readable by its owner only (0600, in a 0700
 * folder), and never replaced: it is written to a temporary file then
 * hard-linked into place, which fails if another process (the server and
 * `npm run push` starting together) got there first; both then use the
 * winner's pair.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateVapidKeys, vapidSigningKey, type VapidKeys } from './webpush.ts';

export type KeySource = 'config' | 'file' | 'generated';

export interface LoadedVapidKeys {
  keys: VapidKeys;
  source: KeySource;
  /** The file holding them (source 'file' or 'generated'). */
  file?: string;
}

/** Where generated keys are kept. */
export function vapidKeyFile(dataDir: string): string {
  return path.join(dataDir, 'push', 'vapid.json');
}

function readKeyFile(file: string): VapidKeys {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
    throw new Error(`${file} does not hold a VAPID key pair (publicKey, privateKey)`);
  }
  const keys = { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  try {
    vapidSigningKey(keys);
  } catch (error) {
    throw new Error(`${file} holds no valid P-256 key pair: ${(error as Error).message}`, { cause: error });
  }
  return keys;
}

/**
 * The VAPID keys to use: configured, else kept in `dataDir`, else generated
 * there now. Throws (with the file's name) when the kept file is unreadable
 * or damaged: replacing it silently would orphan every subscription.
 */
export function loadVapidKeys(opts: { dataDir: string; publicKey?: string | undefined; privateKey?: string | undefined; now?: () => Date }): LoadedVapidKeys {
  if (opts.publicKey && opts.privateKey) {
    return { keys: { publicKey: opts.publicKey, privateKey: opts.privateKey }, source: 'config' };
  }
  const file = vapidKeyFile(opts.dataDir);
  try {
    return { keys: readKeyFile(file), source: 'file', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }

  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = generateVapidKeys();
  const createdAt = (opts.now ?? (() => new Date()))().toISOString();
  const temp = path.join(dir, `.vapid-${process.pid}-${randomBytes(6).toString('hex')}.json`);
  writeFileSync(temp, `${JSON.stringify({ ...keys, createdAt }, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(temp, 0o600);
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process wrote its pair first: use that one.
    return { keys: readKeyFile(file), source: 'file', file };
  } finally {
    unlinkSync(temp);
  }
  return { keys, source: 'generated', file };
}

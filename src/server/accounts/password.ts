/**
 * Password hashing with argon2id (ADR 018), through Node's
 * own `crypto.argon2` (Node >= 24.7): no native addon to install.
 *
 * Stored as a PHC string, `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`
 * (unpadded base64, as the reference implementation writes it), so the
 * parameters travel with each hash and can be raised later: `needsRehash`
 * tells when a stored hash uses weaker ones than today's.
 *
 * Parameters: OWASP's first recommendation for argon2id (19 MiB, 2 passes,
 * 1 lane), about 0.1 s here. The work runs on libuv's thread pool, so at most
 * its size (4 by default) hash at once, bounding memory.
 */
import crypto from 'node:crypto';

const ARGON2_PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32, saltLength: 16 } as const;

interface Params {
  memory: number;
  passes: number;
  parallelism: number;
}

type Argon2 = (
  algorithm: 'argon2id',
  parameters: { message: string | Buffer; nonce: Buffer; parallelism: number; tagLength: number; memory: number; passes: number },
  callback: (err: Error | null, derivedKey: Buffer) => void,
) => void;

function argon2id(password: string, salt: Buffer, p: Params, tagLength: number): Promise<Buffer> {
  const fn = (crypto as unknown as { argon2?: Argon2 }).argon2;
  if (typeof fn !== 'function') {
    return Promise.reject(new Error('crypto.argon2 is missing: run the site with Node >= 24.7 (the `node` package pins it)'));
  }
  return new Promise((resolve, reject) => {
    fn('argon2id', { message: password, nonce: salt, parallelism: p.parallelism, tagLength, memory: p.memory, passes: p.passes }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

const b64 = (buf: Buffer) => buf.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(ARGON2_PARAMS.saltLength);
  const hash = await argon2id(password, salt, ARGON2_PARAMS, ARGON2_PARAMS.tagLength);
  const { memory: m, passes: t, parallelism: p } = ARGON2_PARAMS;
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${b64(salt)}$${b64(hash)}`;
}

interface Parsed extends Params {
  salt: Buffer;
  hash: Buffer;
}

const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{22,})$/;

export function parseHash(stored: string): Parsed | null {
  const m = PHC.exec(stored);
  if (!m) return null;
  const params = { memory: Number(m[1]), passes: Number(m[2]), parallelism: Number(m[3]) };
  // Refuse parameters no sane hash of ours has (a corrupted or planted row must not cost gigabytes).
  if (params.memory < 8 * params.parallelism || params.memory > 1_048_576 || params.passes < 1 || params.parallelism < 1) return null;
  return { ...params, salt: Buffer.from(m[4]!, 'base64'), hash: Buffer.from(m[5]!, 'base64') };
}

/** True when `password` matches the stored hash; false for a malformed hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await argon2id(password, parsed.salt, parsed, parsed.hash.length);
  return candidate.length === parsed.hash.length && crypto.timingSafeEqual(candidate, parsed.hash);
}

/** True when a stored hash was made with weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  return parsed.memory < ARGON2_PARAMS.memory || parsed.passes < ARGON2_PARAMS.passes;
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time of a real verification when there is no account (or no
 * password) to check, so a sign-in answers in about the same time whether
 * the e-mail is known or not. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword(crypto.randomBytes(18).toString('base64'));
  await verifyPassword(await dummy, password);
  return false;
}

/**
 * Newsroom tokens and audit trail (ADR 011, migration 009_newsroom).
 *
 * A token is 32 random bytes in base64url behind the prefix `nr_`, shown
 * once when it is created; the store keeps only its SHA-256 (hex), so a copy
 * of the store opens nothing. A hash lookup needs no constant-time
 * comparison: the caller does not control the stored side. Every newsroom
 * call names its token in `newsroom_audit` (action, item, HTTP outcome);
 * every refused one is written there too (`auth.refused`, the first
 * characters of what was sent, never the token), and an address that keeps
 * failing is refused with 429 for a while (ADR 031).
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newsroomError } from './envelope.ts';
import { addressKey } from '../http/client-address.ts';
import type { Limiter } from '../http/rate-limit.ts';
import { featureLogger, type Log } from '../log.ts';

type Db = Kysely<Database> | Transaction<Database>;

const TOKEN_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const TOKEN_PATTERN = /^nr_[A-Za-z0-9_-]{43}$/;

export function hashNewsroomToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

export class TokenError extends Error {}

/** Creates a token named `name` (unique among live and revoked ones); returns the token itself, never stored. */
export async function createToken(db: Db, name: string, now = new Date()): Promise<string> {
  if (!TOKEN_NAME_PATTERN.test(name)) {
    throw new TokenError('a token name is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit');
  }
  const existing = await db.selectFrom('newsroom_tokens').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) throw new TokenError(`a token named "${name}" already exists (revoked names stay taken: choose another name)`);
  const token = `nr_${crypto.randomBytes(32).toString('base64url')}`;
  await db
    .insertInto('newsroom_tokens')
    .values({ name, token_hash: hashNewsroomToken(token), created_at: now.toISOString(), revoked_at: null, last_used_at: null })
    .execute();
  return token;
}

export interface TokenInfo {
  name: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

export async function listTokens(db: Db): Promise<TokenInfo[]> {
  const rows = await db
    .selectFrom('newsroom_tokens')
    .select(['name', 'created_at', 'revoked_at', 'last_used_at'])
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ name: r.name, createdAt: r.created_at, revokedAt: r.revoked_at, lastUsedAt: r.last_used_at }));
}

/** Revokes the live token `name`: 'revoked', or why not. */
export async function revokeToken(db: Db, name: string, now = new Date()): Promise<'revoked' | 'unknown' | 'already-revoked'> {
  const row = await db.selectFrom('newsroom_tokens').select(['id', 'revoked_at']).where('name', '=', name).executeTakeFirst();
  if (!row) return 'unknown';
  if (row.revoked_at) return 'already-revoked';
  await db.updateTable('newsroom_tokens').set({ revoked_at: now.toISOString() }).where('id', '=', row.id).execute();
  return 'revoked';
}

export interface AuditEntry {
  /** The token's name (or `cli:<user>` for store-side CLI actions). */
  token: string;
  /** e.g. article.publish, article.withdraw, media.upload */
  action: string;
  item?: string | null;
  /** The HTTP status answered. */
  outcome: number;
  detail?: string | null;
}

export async function audit(db: Db, entry: AuditEntry, now = new Date()): Promise<void> {
  await db
    .insertInto('newsroom_audit')
    .values({
      token_name: entry.token,
      action: entry.action,
      item: entry.item ?? null,
      outcome: entry.outcome,
      detail: entry.detail ? entry.detail.slice(0, 500) : null,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The live token a request carries (`Authorization: Bearer nr_…`), or null. */
async function tokenOf(db: Kysely<Database>, request: Request, now = new Date()): Promise<string | null> {
  const header = request.headers.get('authorization') ?? '';
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!m || !TOKEN_PATTERN.test(m[1]!)) return null;
  const row = await db
    .selectFrom('newsroom_tokens')
    .select(['id', 'name'])
    .where('token_hash', '=', hashNewsroomToken(m[1]!))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  await db.updateTable('newsroom_tokens').set({ last_used_at: now.toISOString() }).where('id', '=', row.id).execute();
  return row.name;
}

/** What a refused request carried, for the audit trail: never the token, at most its first characters. */
function credentialOf(request: Request): { prefix: string; reason: string } {
  const header = request.headers.get('authorization') ?? '';
  if (!header) return { prefix: '', reason: 'no Authorization header' };
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!m) return { prefix: '', reason: 'not a Bearer token' };
  const token = m[1]!;
  // At most 8 characters, and never more than half of what was sent (a short guess is not written whole).
  const prefix = token.slice(0, Math.min(8, Math.floor(token.length / 2)));
  return { prefix, reason: TOKEN_PATTERN.test(token) ? 'unknown or revoked token' : 'malformed token' };
}

export interface AuthGuard {
  /** Failed attempts per address (src/server/http/rate-limit.ts); consulted only when a request fails. */
  limiter: Limiter;
  /** The requesting address (src/server/http/client-address.ts). */
  address: string;
}

/** Addresses whose refusal (429) was already written to the audit trail, until their block ends (one row per block). */
const auditedBlocks = new Map<string, number>();

function firstRefusalOfBlock(address: string, waitSec: number, now = Date.now()): boolean {
  for (const [a, until] of auditedBlocks) if (until <= now) auditedBlocks.delete(a);
  if (auditedBlocks.has(address)) return false;
  if (auditedBlocks.size < 10_000) auditedBlocks.set(address, now + waitSec * 1000);
  return true;
}

/**
 * The token name of an authenticated newsroom request, or the answer to
 * send back: 401 (site envelope, `WWW-Authenticate: Bearer`), or 429 with
 * Retry-After once an address has failed too often. A live token is looked
 * up and nothing else: the limiter is not consulted, so valid calls are
 * never slowed. Each failure is written to `newsroom_audit` (action
 * `auth.refused`, the token's first characters, the address and why); a
 * blocked address's 429s are written once per block.
 */
export async function authenticateNewsroom(
  request: Request,
  db: Kysely<Database>,
  guard?: AuthGuard,
  log: Log = featureLogger('newsroom'),
): Promise<{ tokenName: string } | Response> {
  const name = await tokenOf(db, request);
  if (name) return { tokenName: name };
  const carried = /^Bearer\s/i.test(request.headers.get('authorization') ?? '');
  const { prefix, reason } = credentialOf(request);
  const wait = guard ? await guard.limiter.take(addressKey(guard.address)) : 0;
  const status = wait > 0 ? 429 : 401;
  if (status === 401 || firstRefusalOfBlock(addressKey(guard!.address), wait)) {
    await audit(db, {
      token: '',
      action: 'auth.refused',
      item: prefix ? `${prefix}…` : null,
      outcome: status,
      detail: JSON.stringify({ address: guard?.address ?? null, reason, ...(wait > 0 ? { blockedSeconds: wait } : {}) }),
    }).catch((err: unknown) => log.error({ err }, 'audit failed'));
  }
  if (status === 429) {
    return newsroomError(request, 429, { request: [`too many failed authentications from this address: try again in ${wait} s`] }, { 'retry-after': String(wait) });
  }
  const res = newsroomError(request, 401);
  res.headers.set(
    'www-authenticate',
    carried ? 'Bearer realm="newsroom", error="invalid_token"' : 'Bearer realm="newsroom"',
  );
  return res;
}

/**
 * Sliding-window limits on sign-in failures and sign-up attempts (issue 5:
 * at most 5 failed sign-ins in 15 minutes per account AND per address).
 *
 * Each failure is a row of `auth_failures` (004_accounts), so the count is
 * shared by every instance and survives a restart; rows older than the
 * longest window are deleted as new ones arrive. A blocked attempt is not
 * recorded (the wait would otherwise never end) and, for sign-in, is refused
 * before the password is checked, so a blocked attacker learns nothing.
 */
import { isIPv6 } from 'node:net';
import type { DB } from '../db/index.ts';

export interface ThrottleRule {
  scope: 'login-account' | 'login-address' | 'signup-address';
  /** Attempts allowed within the window; the next one waits. */
  limit: number;
  windowMs: number;
}

export const LOGIN_ACCOUNT_RULE: ThrottleRule = { scope: 'login-account', limit: 5, windowMs: 15 * 60_000 };
export const LOGIN_ADDRESS_RULE: ThrottleRule = { scope: 'login-address', limit: 5, windowMs: 15 * 60_000 };
/** Sign-ups cost an argon2 hash and a row each: 10 an hour per address. */
export const SIGNUP_ADDRESS_RULE: ThrottleRule = { scope: 'signup-address', limit: 10, windowMs: 60 * 60_000 };

const LONGEST_WINDOW_MS = Math.max(LOGIN_ACCOUNT_RULE.windowMs, LOGIN_ADDRESS_RULE.windowMs, SIGNUP_ADDRESS_RULE.windowMs);

/**
 * Seconds until one more attempt is allowed (0: allowed now), given the
 * instants (ms) of earlier attempts: allowed again once fewer than `limit`
 * of them lie within the window.
 */
export function retryAfterSeconds(instants: readonly number[], rule: ThrottleRule, now: number): number {
  if (rule.limit <= 0) return 0;
  const recent = instants.filter((t) => t > now - rule.windowMs && t <= now).sort((a, b) => a - b);
  if (recent.length < rule.limit) return 0;
  const unlockAt = recent[recent.length - rule.limit]! + rule.windowMs;
  return Math.max(1, Math.ceil((unlockAt - now) / 1000));
}

/**
 * The key of an address: IPv4 as is (also when IPv4-mapped), IPv6 by its
 * /64 prefix (one subscriber's whole network, which one person can rotate
 * through at will).
 */
export function addressKey(address: string): string {
  const bare = address.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (!isIPv6(bare)) return bare.toLowerCase();
  const [head = '', tail = ''] = bare.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = bare.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = bare.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface ThrottleCheck {
  rule: ThrottleRule;
  key: string;
}

export class AuthThrottle {
  private readonly db: DB;
  private readonly now: () => number;

  constructor(db: DB, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  /** The longest wait among the checks, in seconds (0: go ahead). */
  async wait(checks: readonly ThrottleCheck[]): Promise<number> {
    const now = this.now();
    let longest = 0;
    for (const { rule, key } of checks) {
      const since = new Date(now - rule.windowMs).toISOString();
      const rows = await this.db
        .selectFrom('auth_failures')
        .select('created_at')
        .where('scope', '=', rule.scope)
        .where('key', '=', key)
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .limit(Math.max(rule.limit, 1))
        .execute();
      longest = Math.max(longest, retryAfterSeconds(rows.map((r) => Date.parse(r.created_at)), rule, now));
    }
    return longest;
  }

  /** Records one attempt for each check, and forgets the ones no window covers any more. */
  async record(checks: readonly ThrottleCheck[]): Promise<void> {
    const now = this.now();
    const at = new Date(now).toISOString();
    if (checks.length > 0) {
      await this.db
        .insertInto('auth_failures')
        .values(checks.map(({ rule, key }) => ({ scope: rule.scope, key, created_at: at })))
        .execute();
    }
    await this.db
      .deleteFrom('auth_failures')
      .where('created_at', '<=', new Date(now - LONGEST_WINDOW_MS).toISOString())
      .execute();
  }

  /** Forgets the attempts of one key (a successful sign-in clears its account's failures). */
  async clear(rule: ThrottleRule, key: string): Promise<void> {
    await this.db.deleteFrom('auth_failures').where('scope', '=', rule.scope).where('key', '=', key).execute();
  }
}

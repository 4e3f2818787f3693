/**
 * The account limits (ADR 013, ADR 029), counted in the store with
 * rate-limiter-flexible (src/server/http/rate-limit.ts), so every instance
 * shares them and a restart does not reset them.
 *
 * A sign-in attempt is counted BEFORE the password is checked, by one atomic
 * upsert per limit: of 100 parallel guesses, only the first `points` reach
 * argon2, the others answer 429.
 *
 *  - per account and address: 5 attempts in 15 minutes, then 429. A
 *    stranger's guesses lock the stranger, never the owner signing in
 *    from elsewhere;
 *  - per address, whatever the account: 30 in 15 minutes, then 429 (one
 *    address trying many accounts);
 *  - per account, whatever the address: never a lock (a stranger with a few
 *    addresses would lock the owner out: 20 wrong sign-ins from 4 addresses
 *    did). Past 20 failures in an hour, each attempt on the account is
 *    slowed down instead: its answer waits `slowDownMs` (1 s, then a quarter
 *    of a second more per further failure, 10 s at most) before the
 *    password is checked. The owner, with the right password, gets in from
 *    a new address after that wait; a guesser pays it on every guess, on top
 *    of the per-address limits (ADR 029 says why a delay rather than a
 *    proof of work or an e-mailed link);
 *  - sign-ups (and Facebook sign-ins) per address: 10 an hour.
 *
 * A successful sign-in forgets its account's failures and its pair's count,
 * and gives its attempt back to the address.
 */
import type { DB } from '../db/index.ts';
import { storeLimiter, type Limiter, type LimitRule } from '../http/index.ts';

export const LOGIN_PAIR_RULE: LimitRule = { name: 'login-pair', points: 5, durationSec: 15 * 60 };
/** Failures of one account from anywhere: counted to slow down, never to refuse (points far above any count that matters). */
const LOGIN_ACCOUNT_RULE: LimitRule = { name: 'login-account-failures', points: 1_000_000, durationSec: 60 * 60 };
const LOGIN_ADDRESS_RULE: LimitRule = { name: 'login-address', points: 30, durationSec: 15 * 60 };
const SIGNUP_ADDRESS_RULE: LimitRule = { name: 'signup-address', points: 10, durationSec: 60 * 60 };

/** Failures of one account in an hour before its sign-ins are slowed down. */
export const SLOW_DOWN_AFTER = 20;
const SLOW_DOWN_FIRST_MS = 1000;
const SLOW_DOWN_STEP_MS = 250;
const SLOW_DOWN_MAX_MS = 10_000;

export interface AccountLimits {
  pair: Limiter;
  /** Failures per account (counted after the check), for the slow-down. */
  account: Limiter;
  address: Limiter;
  signup: Limiter;
}

export function accountLimits(db: () => Promise<DB>): AccountLimits {
  return {
    pair: storeLimiter(db, LOGIN_PAIR_RULE),
    account: storeLimiter(db, LOGIN_ACCOUNT_RULE),
    address: storeLimiter(db, LOGIN_ADDRESS_RULE),
    signup: storeLimiter(db, SIGNUP_ADDRESS_RULE),
  };
}

/** The key of one account from one address. */
const pairKey = (email: string, address: string): string => `${address}|${email}`;

/** How long an attempt on an account with `failures` recent failures waits before its check (0: none). */
export function slowDownMs(failures: number): number {
  if (failures < SLOW_DOWN_AFTER) return 0;
  return Math.min(SLOW_DOWN_MAX_MS, SLOW_DOWN_FIRST_MS + (failures - SLOW_DOWN_AFTER) * SLOW_DOWN_STEP_MS);
}

/**
 * Counts one sign-in attempt against the locking limits, pair first (a
 * locked stranger adds nothing to the address's count). `wait`: 0 to go
 * ahead, else the seconds to wait (429); `delayMs`: how long to wait
 * before checking the password (the account's slow-down).
 */
export async function countSignIn(limits: AccountLimits, email: string, address: string): Promise<{ wait: number; delayMs: number }> {
  const pair = await limits.pair.take(pairKey(email, address));
  if (pair > 0) return { wait: pair, delayMs: 0 };
  const byAddress = await limits.address.take(address);
  if (byAddress > 0) return { wait: byAddress, delayMs: 0 };
  return { wait: 0, delayMs: slowDownMs(await limits.account.count(email)) };
}

/** A wrong password: one more failure of the account (slows its next sign-ins past SLOW_DOWN_AFTER). */
export async function countFailure(limits: AccountLimits, email: string): Promise<void> {
  await limits.account.take(email);
}

/**
 * After a successful sign-in: the owner's own failures are forgiven, and the
 * attempt is given back to the address (many visitors share one address
 * behind a carrier's NAT; only failures should add up there).
 */
export async function forgiveSignIn(limits: AccountLimits, email: string, address: string): Promise<void> {
  await Promise.all([limits.pair.reset(pairKey(email, address)), limits.account.reset(email), limits.address.refund(address)]);
}

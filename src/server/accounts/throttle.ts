/**
 * The account limits (ADR 013), counted in the store with
 * rate-limiter-flexible (src/server/http/rate-limit.ts), so every instance
 * shares them and a restart does not reset them.
 *
 * A sign-in attempt is counted BEFORE the password is checked, by one atomic
 * upsert per limit: of 100 parallel guesses, only the first `points` reach
 * argon2, the others answer 429.
 *
 *  - per account and address: 5 attempts in 15 minutes. A stranger's guesses
 *    block the stranger, not the owner signing in from elsewhere;
 *  - per account, whatever the address: 20 in an hour, the slower backoff
 *    that still stops a guessing attack spread over many addresses;
 *  - per address, whatever the account: 30 in 15 minutes (one address trying
 *    many accounts);
 *  - sign-ups (and Facebook sign-ins) per address: 10 an hour.
 *
 * A successful sign-in forgets its account's and pair's counts and gives its
 * attempt back to the address.
 */
import type { DB } from '../db/index.ts';
import { storeLimiter, type Limiter, type LimitRule } from '../http/index.ts';

export const LOGIN_PAIR_RULE: LimitRule = { name: 'login-pair', points: 5, durationSec: 15 * 60 };
export const LOGIN_ACCOUNT_RULE: LimitRule = { name: 'login-account', points: 20, durationSec: 60 * 60 };
const LOGIN_ADDRESS_RULE: LimitRule = { name: 'login-address', points: 30, durationSec: 15 * 60 };
const SIGNUP_ADDRESS_RULE: LimitRule = { name: 'signup-address', points: 10, durationSec: 60 * 60 };

export interface AccountLimits {
  pair: Limiter;
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

/**
 * Counts one sign-in attempt against every limit, pair first (a blocked
 * stranger adds nothing to the account's count). 0: go ahead; else the
 * seconds to wait.
 */
export async function countSignIn(limits: AccountLimits, email: string, address: string): Promise<number> {
  const pair = await limits.pair.take(pairKey(email, address));
  if (pair > 0) return pair;
  const byAddress = await limits.address.take(address);
  if (byAddress > 0) return byAddress;
  return limits.account.take(email);
}

/**
 * After a successful sign-in: the owner's own failures are forgiven, and the
 * attempt is given back to the address (many visitors share one address
 * behind a carrier's NAT; only failures should add up there).
 */
export async function forgiveSignIn(limits: AccountLimits, email: string, address: string): Promise<void> {
  await Promise.all([limits.pair.reset(pairKey(email, address)), limits.account.reset(email), limits.address.refund(address)]);
}

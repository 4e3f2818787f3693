/**
 * The desk's sign-in limits (ADR 033), counted in the store with the site's
 * rate limiter (src/server/http/rate-limit.ts), so every instance shares
 * them and a restart does not reset them. Each attempt is counted before
 * the password or code is checked.
 *
 *  - password, per e-mail and address: 5 in 15 minutes; per e-mail: 10 an
 *    hour; per address: 30 in 15 minutes. A success forgets the e-mail's
 *    counts and gives the address its attempt back.
 *  - second factor (TOTP or recovery code), per person: 5 in 15 minutes, so
 *    a stolen password cannot walk through the million codes.
 *  - sign-in links, per address: 20 that do not work in 15 minutes (a
 *    token is 256 bits: this only keeps a flood of guesses off the store; a
 *    link that works gives its point back, so a newsroom behind one address
 *    may follow many).
 */
import type { DB } from '../db/index.ts';
import { storeLimiter, type Limiter } from '../http/index.ts';

export interface DeskLimits {
  pair: Limiter;
  email: Limiter;
  address: Limiter;
  secondFactor: Limiter;
  link: Limiter;
}

export function deskLimits(db: () => Promise<DB>): DeskLimits {
  return {
    pair: storeLimiter(db, { name: 'desk-login-pair', points: 5, durationSec: 15 * 60 }),
    email: storeLimiter(db, { name: 'desk-login-email', points: 10, durationSec: 60 * 60 }),
    address: storeLimiter(db, { name: 'desk-login-address', points: 30, durationSec: 15 * 60 }),
    secondFactor: storeLimiter(db, { name: 'desk-second-factor', points: 5, durationSec: 15 * 60 }),
    link: storeLimiter(db, { name: 'desk-link', points: 20, durationSec: 15 * 60 }),
  };
}

/** Counts one password attempt: 0 to go ahead, else the seconds to wait. */
export async function countDeskSignIn(limits: DeskLimits, email: string, address: string): Promise<number> {
  const pair = await limits.pair.take(`${address}|${email}`);
  if (pair > 0) return pair;
  const byAddress = await limits.address.take(address);
  if (byAddress > 0) return byAddress;
  return limits.email.take(email);
}

export async function forgiveDeskSignIn(limits: DeskLimits, email: string, address: string): Promise<void> {
  await Promise.all([limits.pair.reset(`${address}|${email}`), limits.email.reset(email), limits.address.refund(address)]);
}

/**
 * Ad events that cannot be inflated (ADR 030). Each banner the house ad
 * server serves carries a token of its own in its event and click URLs: an
 * impression id (96 random bits), its expiry (30 minutes), and an HMAC-SHA256
 * (truncated to 128 bits) over them, the banner, the ad unit and the market,
 * with a key every instance of the store shares. An event is counted only
 *
 *  - from a visitor whose user agent is not a known bot (isbot's list);
 *  - with a token this site signed for that banner, unit and market, not
 *    expired;
 *  - within the per-address limit (AD_EVENTS_RATE_PER_MIN a minute, 60 by default);
 *  - once per impression and kind (impression, viewable, click): a unique
 *    index on (impression_id, event) in `ad_banner_events`.
 *
 * Anything else is refused and counted in `ad_event_refusals` (per day,
 * banner, event and reason) for the report (`npm run ads:report`), never
 * stored as an event.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isbot } from 'isbot';
import type { DB } from '../db/index.ts';

/** How long a served banner's token is good for. */
const AD_TOKEN_TTL_S = 30 * 60;

const SECRET_NAME = 'ad-event-token-key';

export type RefusalReason = 'forged' | 'expired' | 'repeat' | 'rate' | 'bot';

/** What a token binds: the banner served, where and for which market. */
export interface TokenSubject {
  bannerId: number;
  unit: string;
  market: string;
}

let keyPromise: Promise<Buffer> | undefined;

/**
 * The signing key: AD_TOKEN_SECRET when set, else a random key kept in the
 * store (`site_secrets`), made by the first instance that needs it.
 */
export function tokenKey(db: DB, configured: string | undefined): Promise<Buffer> {
  keyPromise ??= (async () => {
    if (configured) return Buffer.from(configured, 'utf8');
    await db
      .insertInto('site_secrets')
      .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('site_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
    return Buffer.from(row.value, 'base64url');
  })();
  keyPromise.catch(() => (keyPromise = undefined));
  return keyPromise;
}

const mac = (key: Buffer, id: string, exp: string, s: TokenSubject): Buffer =>
  createHmac('sha256', key).update(`${id}|${exp}|${s.bannerId}|${s.unit}|${s.market}`).digest().subarray(0, 16);

/** A new token for a served banner: `<impression id>.<expiry, base 36 seconds>.<mac>`. */
export function signToken(key: Buffer, subject: TokenSubject, nowMs: number = Date.now()): string {
  const id = randomBytes(12).toString('base64url');
  const exp = Math.floor(nowMs / 1000 + AD_TOKEN_TTL_S).toString(36);
  return `${id}.${exp}.${mac(key, id, exp, subject).toString('base64url')}`;
}

/** The impression id of a valid token, else why it is refused. */
export function verifyToken(key: Buffer, token: string | undefined, subject: TokenSubject, nowMs: number = Date.now()): { id: string } | { refused: 'forged' | 'expired' } {
  const parts = (token ?? '').split('.');
  if (parts.length !== 3) return { refused: 'forged' };
  const [id = '', exp = '', sig = ''] = parts;
  if (!/^[A-Za-z0-9_-]{16}$/.test(id) || !/^[0-9a-z]{1,10}$/.test(exp) || !/^[A-Za-z0-9_-]{22}$/.test(sig)) return { refused: 'forged' };
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(key, id, exp, subject);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'forged' };
  if (parseInt(exp, 36) * 1000 < nowMs) return { refused: 'expired' };
  return { id };
}

/** Whether a user agent is a known bot, crawler or headless fetcher (isbot), or says nothing at all. */
export const isBotAgent = (userAgent: string | null): boolean => !userAgent || isbot(userAgent);

/** Counts one refused event (per UTC day, banner, event and reason). */
export async function recordRefusal(db: DB, bannerId: number, event: string, reason: RefusalReason, now: Date = new Date()): Promise<void> {
  await db
    .insertInto('ad_event_refusals')
    .values({ day: now.toISOString().slice(0, 10), banner_id: bannerId, event, reason, count: 1 })
    .onConflict((oc) => oc.columns(['day', 'banner_id', 'event', 'reason']).doUpdateSet((eb) => ({ count: eb('ad_event_refusals.count', '+', 1) })))
    .execute();
}

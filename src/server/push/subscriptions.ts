/**
 * The store operations on `push_subscriptions` (migration 007_push).
 *
 * Subscribing an endpoint that is already stored updates it (new keys,
 * language, failures forgotten): browsers re-send their subscription, and
 * a push service may hand the same endpoint new keys.
 */
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  lang: Locale | undefined;
}

/** Stores a subscription, or updates the one with the same endpoint. */
export async function saveSubscription(db: DB, input: SubscriptionInput & { lang: Locale }, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('push_subscriptions')
    .values({
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      lang: input.lang,
      created_at: at,
      updated_at: at,
      failures: 0,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        lang: input.lang,
        updated_at: at,
        failures: 0,
        last_failure_at: null,
        last_status: null,
      }),
    )
    .execute();
}

/**
 * Removes a subscription. The auth secret must match the stored one: the
 * endpoint alone, which passes through the push service, is not proof of
 * owning the subscription. Answers whether a row went.
 */
export async function removeSubscription(db: DB, endpoint: string, auth: string): Promise<boolean> {
  const result = await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('auth', '=', auth).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type StoredSubscription = Row<'push_subscriptions'>;

/** Subscriptions in id order, `batch` at a time (keyset pagination: safe while rows are deleted). */
export async function* allSubscriptions(db: DB, batch = 500): AsyncGenerator<StoredSubscription> {
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('push_subscriptions').selectAll().where('id', '>', after).orderBy('id').limit(batch).execute();
    for (const row of rows) yield row;
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** Tracking events reported by players for house creatives (VAST impression, progress, skip, click, error). */
import type { DB } from '../db/index.ts';
import type { Market } from './house.ts';
import { LINEAR_TRACKING_EVENTS } from './vast-xml.ts';

export const TRACKED_EVENTS = ['impression', ...LINEAR_TRACKING_EVENTS, 'click', 'error'] as const;
type TrackedEvent = (typeof TRACKED_EVENTS)[number];

export interface AdEventInput {
  event: TrackedEvent;
  creativeId: number;
  unit: string;
  market: Market;
  detail: string | null;
}

/** Stores one event. False (nothing stored) when the creative does not exist. */
export async function recordAdEvent(db: DB, input: AdEventInput): Promise<boolean> {
  const creative = await db.selectFrom('ad_creatives').select('id').where('id', '=', input.creativeId).executeTakeFirst();
  if (!creative) return false;
  await db
    .insertInto('ad_events')
    .values({ creative_id: input.creativeId, unit: input.unit, market: input.market, event: input.event, detail: input.detail })
    .execute();
  return true;
}

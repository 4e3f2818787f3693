/**
 * /guidetv: the programme grid, a tab per broadcast day, with the programme
 * on air now marked. What is on air is computed at request time (the page is
 * cached 60 s).
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../lib/paths.ts';
import { addDays } from '../../lib/dates.ts';
import { GRID_DAYS, gridDays, type GridDay, type GridEntry } from '../content/grid.ts';
import { broadcastDay } from './video-common.ts';

/** How many past days the guide may show (their programmes link to replays). */
export const GUIDE_PAST_DAYS = 7;

export interface GuidePage {
  /** The broadcast day in progress, "YYYY-MM-DD". */
  today: string;
  /** At most GRID_DAYS days, today included, each with its entries. */
  days: GridDay[];
  onAir: GridEntry | null;
}

/**
 * The days around today that have a grid: up to GUIDE_PAST_DAYS before and
 * GRID_DAYS - 1 after; days without any entry are left out (today always
 * stays), and past days give way first when more than GRID_DAYS remain.
 */
export async function loadGuide(db: DB, locale: Locale, params: { now?: Date } = {}): Promise<GuidePage> {
  const now = params.now ?? new Date();
  const today = broadcastDay(now);
  const from = addDays(today, -GUIDE_PAST_DAYS);
  const all = await gridDays(db, locale, from, GUIDE_PAST_DAYS + GRID_DAYS, now);
  const kept = all.filter((d) => d.entries.length > 0 || d.day === today);
  while (kept.length > GRID_DAYS && (kept[0]?.day ?? today) < today) kept.shift();
  const days = kept.slice(0, GRID_DAYS);
  const onAir = days.flatMap((d) => d.entries).find((e) => e.onAir) ?? null;
  return { today, days, onAir };
}

/**
 * /guidetv: the programme grid, a tab per broadcast day, with the programme
 * on air now marked. What is on air is computed at request time (the page is
 * cached 60 s).
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../lib/paths.ts';
import { broadcastDay } from '../../lib/dates.ts';
import { gridFortnight, type GridDay, type GridEntry } from '../content/grid.ts';

export interface GuidePage {
  /** The broadcast day in progress, "YYYY-MM-DD". */
  today: string;
  /** At most GRID_DAYS days, today included, each with its entries. */
  days: GridDay[];
  onAir: GridEntry | null;
}

/** The grid around the broadcast day in progress (see gridFortnight) and what is on air. */
export async function loadGuide(db: DB, locale: Locale, params: { now?: Date } = {}): Promise<GuidePage> {
  const now = params.now ?? new Date();
  const days = await gridFortnight(db, locale, now);
  const onAir = days.flatMap((d) => d.entries).find((e) => e.onAir) ?? null;
  return { today: broadcastDay(now), days, onAir };
}

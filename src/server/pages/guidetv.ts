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

/**
 * The day whose programmes the page renders: `asked` (the `?day=` of the
 * address) when it is one of the guide's days, else today (or the first day
 * when today has no grid); null when `asked` is given but is not a day of
 * the guide (the page answers 404). Undefined: the guide has no day at all.
 */
export function guideDayShown(guide: Pick<GuidePage, 'today' | 'days'>, asked: string | null): string | undefined | null {
  if (asked !== null) return guide.days.some((d) => d.day === asked) ? asked : null;
  return guide.days.some((d) => d.day === guide.today) ? guide.today : guide.days[0]?.day;
}

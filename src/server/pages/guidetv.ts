/**
 * /guidetv: the programme grid, a tab per broadcast day, with the programme
 * on air now marked. What is on air is computed at request time (the page is
 * cached 60 s).
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../lib/paths.ts';
import { broadcastDay } from '../../lib/dates.ts';
import { gridFortnight, type GridDay, type GridEntry } from '../content/grid.ts';
import { broadcastListLd, ldLanguage, type LdObject } from '../../lib/jsonld.ts';
import { getConfig } from '../config.ts';

/** Hours of broadcasts the guide's JSON-LD lists from now. */
export const GUIDE_LD_HOURS = 48;

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
 * The guide's JSON-LD: the broadcasts from the one on air to GUIDE_LD_HOURS
 * ahead, as an ItemList of BroadcastEvent on the 2M BroadcastService.
 */
export function guideLd(guide: GuidePage, locale: Locale, path: string, name: string, now: Date = new Date()): LdObject {
  const from = now.getTime();
  const until = from + GUIDE_LD_HOURS * 3600_000;
  const entries = guide.days
    .flatMap((d) => d.entries)
    .filter((e) => Date.parse(e.endsAt) > from && Date.parse(e.startsAt) < until);
  return broadcastListLd({
    siteUrl: getConfig().SITE_URL,
    url: path,
    name,
    channelName: '2M Maroc',
    inLanguage: ldLanguage(locale),
    entries: entries.map((e) => ({
      name: e.title,
      startDate: e.startsAt,
      endDate: e.endsAt,
      isLive: e.isLive,
      programme: e.programme ? { name: e.programme.title, url: e.programme.path } : null,
    })),
  });
}

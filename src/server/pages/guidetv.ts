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
import type { ImageShape } from '../api/shapes.ts';
import { loadImages } from '../content/images.ts';
import { liveSection } from '../content/live.ts';

/** Hours of broadcasts the guide's JSON-LD lists from now (kept short: the guide's HTML stays under 80 KB, issue 13). */
const GUIDE_LD_HOURS = 6;

export interface GuidePage {
  /** The broadcast day in progress, "YYYY-MM-DD". */
  today: string;
  /** At most GRID_DAYS days, today included, each with its entries. */
  days: GridDay[];
  onAir: GridEntry | null;
  /**
   * The picture of what is on air (the "now" box's, the page's largest
   * paint, issue 13): its programme's cover (or poster), else the live
   * channel's poster; null when nothing is on air or there is no picture.
   */
  onAirPicture: ImageShape | null;
}

/** The on-air programme's cover or poster, else the live channel's poster (the live page's picture). */
async function onAirPicture(db: DB, locale: Locale, onAir: GridEntry): Promise<ImageShape | null> {
  if (onAir.programme) {
    const row = await db
      .selectFrom('programmes')
      .select(['cover_image_id', 'poster_image_id'])
      .where('id', '=', onAir.programme.id)
      .executeTakeFirst();
    if (row) {
      const image = await loadImages(db, [row.cover_image_id, row.poster_image_id], locale);
      const picture = image(row.cover_image_id) ?? image(row.poster_image_id);
      if (picture) return picture;
    }
  }
  return (await liveSection(db, locale)).poster;
}

/** The grid around the broadcast day in progress (see gridFortnight) and what is on air. */
export async function loadGuide(db: DB, locale: Locale, params: { now?: Date } = {}): Promise<GuidePage> {
  const now = params.now ?? new Date();
  const days = await gridFortnight(db, locale, now);
  const onAir = days.flatMap((d) => d.entries).find((e) => e.onAir) ?? null;
  const picture = onAir ? await onAirPicture(db, locale, onAir) : null;
  return { today: broadcastDay(now), days, onAir, onAirPicture: picture };
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

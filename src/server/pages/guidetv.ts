/**
 * /guidetv: the programme grid, a tab per broadcast day, with the programme
 * on air now marked. What is on air is computed at request time (the page is
 * cached 60 s at most, and never past the end of the programme on air).
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { broadcastDay } from '../../lib/dates.ts';
import { siteNow } from '../clock.ts';
import { gridFortnight, nextGridChange, type GridDay, type GridEntry } from '../content/grid.ts';
import { broadcastListLd, ldLanguage, type LdObject } from '../../lib/jsonld.ts';
import { getConfig } from '../config.ts';
import type { ImageShape } from '../api/shapes.ts';
import { loadImages } from '../content/images.ts';
import { liveSection } from '../content/live.ts';

/** Hours of broadcasts the guide's JSON-LD lists from now (kept short: the guide's HTML stays under 80 KB, ADR 014). */
const GUIDE_LD_HOURS = 6;

export interface GuidePage {
  /** The broadcast day in progress, "YYYY-MM-DD". */
  today: string;
  /** At most GRID_DAYS days, today included, each with its entries. */
  days: GridDay[];
  onAir: GridEntry | null;
  /**
   * When nothing is on air (a break in the grid, e.g. at night): the next
   * programme of the grid and the broadcast day it belongs to, which the
   * "now" box announces instead; null when something is on air or nothing
   * comes.
   */
  next: { entry: GridEntry; day: string } | null;
  /**
   * The "now" box's picture (the page's largest paint, ADR 014), of what is
   * on air, else of what comes next: its programme's cover (or poster), else
   * the live channel's poster; null when the box has neither.
   */
  nowPicture: ImageShape | null;
  /** When what is on air changes next (ms), or null: the page is kept no longer. */
  changesAt: number | null;
}

/** A grid entry's programme cover or poster, else the live channel's poster (the live page's picture). */
async function entryPicture(db: DB, locale: Locale, entry: GridEntry): Promise<ImageShape | null> {
  if (entry.programme) {
    const row = await db
      .selectFrom('programmes')
      .select(['cover_image_id', 'poster_image_id'])
      .where('id', '=', entry.programme.id)
      .executeTakeFirst();
    if (row) {
      const image = await loadImages(db, [row.cover_image_id, row.poster_image_id], locale);
      const picture = image(row.cover_image_id) ?? image(row.poster_image_id);
      if (picture) return picture;
    }
  }
  return (await liveSection(db, locale)).poster;
}

/** The grid around the broadcast day in progress (see gridFortnight), what is on air, else what comes next. */
export async function loadGuide(db: DB, locale: Locale, params: { now?: Date } = {}): Promise<GuidePage> {
  const now = params.now ?? siteNow();
  const days = await gridFortnight(db, locale, now);
  const onAir = days.flatMap((d) => d.entries).find((e) => e.onAir) ?? null;
  let next: GuidePage['next'] = null;
  if (!onAir) {
    const t = now.getTime();
    for (const d of days) {
      const entry = d.entries.find((e) => Date.parse(e.startsAt) > t);
      if (entry) {
        next = { entry, day: d.day };
        break;
      }
    }
  }
  const featured = onAir ?? next?.entry ?? null;
  const nowPicture = featured ? await entryPicture(db, locale, featured) : null;
  return { today: broadcastDay(now), days, onAir, next, nowPicture, changesAt: nextGridChange(days, now) };
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

/**
 * /live: the live channel (name, stream address, poster) and what is on air
 * now and next according to the grid, computed at request time.
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ImageShape } from '../api/shapes.ts';
import { gridDays, nextGridChange, type GridEntry } from '../content/grid.ts';
import { liveSection } from '../content/live.ts';
import { broadcastDay } from '../../lib/dates.ts';
import { siteNow } from '../clock.ts';

export interface LivePage {
  channel: string;
  /** The live address (HLS playlist) the player will read. */
  url: string;
  mime: string;
  poster: ImageShape | null;
  now: GridEntry | null;
  next: GridEntry | null;
  /** When what is on air changes next (ms), or null: the page is kept no longer. */
  changesAt: number | null;
}

const mimeOf = (url: string) => (/\.mp4(\?|$)/i.test(url) ? 'video/mp4' : 'application/vnd.apple.mpegurl');

export async function loadLive(db: DB, locale: Locale, params: { now?: Date } = {}): Promise<LivePage> {
  const now = params.now ?? siteNow();
  const [live, days] = await Promise.all([liveSection(db, locale), gridDays(db, locale, broadcastDay(now), 2, now)]);
  const entries = days.flatMap((d) => d.entries);
  const t = now.getTime();
  const onAir = entries.find((e) => e.onAir) ?? null;
  const next = entries.find((e) => Date.parse(e.startsAt) > t && e !== onAir) ?? null;
  const url = live.url[0] ?? '';
  return { channel: live.title, url, mime: mimeOf(url), poster: live.poster, now: onAir, next, changesAt: nextGridChange(days, now) };
}

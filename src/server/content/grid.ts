/** The programme grid (TV guide). */
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ProgrammeRef } from '../api/shapes.ts';
import { programmePath } from '../../lib/paths.ts';
import { addDays, broadcastDay, dayLabel, formatTime } from '../../lib/dates.ts';
import { tr } from './video/common.ts';

/** At most this many days in /api/grille/list and the TV guide. */
const GRID_DAYS = 14;

export interface GridEntry {
  id: number;
  startsAt: string;
  endsAt: string;
  /** Local (Africa/Casablanca) start time "HH:MM". */
  start: string;
  end: string;
  title: string;
  /** The XMLTV description in the language ('' when none). */
  description: string;
  genre: string;
  programme: ProgrammeRef | null;
  isLive: boolean;
  /** True while now is within [startsAt, endsAt). */
  onAir: boolean;
}

export interface GridDay {
  day: string;
  label: string;
  entries: GridEntry[];
}

async function toGridEntries(db: DB, rows: Row<'grid_entries'>[], lang: Locale, now: Date): Promise<GridEntry[]> {
  const ids = [...new Set(rows.map((r) => r.programme_id).filter((x): x is number => x != null))];
  const programmes = ids.length
    ? await db.selectFrom('programmes').select(['id', 'title_ar', 'title_fr']).where('id', 'in', ids).execute()
    : [];
  const byId = new Map(programmes.map((p) => [p.id, p]));
  const t = now.getTime();
  return rows.map((r) => {
    const p = r.programme_id != null ? byId.get(r.programme_id) : undefined;
    return {
      id: r.id,
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      start: formatTime(r.starts_at),
      end: formatTime(r.ends_at),
      // An XMLTV import may bring one language only: show the other.
      title: tr(r, 'title', lang),
      description: tr(r, 'description', lang),
      genre: r.genre,
      programme: p ? { id: p.id, title: lang === 'ar' ? p.title_ar : p.title_fr, path: programmePath(lang, p.id) } : null,
      isLive: r.is_live === 1,
      onAir: Date.parse(r.starts_at) <= t && t < Date.parse(r.ends_at),
    };
  });
}

/** Grid days `from` .. `from + count - 1`, each with its entries in time order. */
export async function gridDays(db: DB, lang: Locale, from: string, count: number, now: Date = new Date()): Promise<GridDay[]> {
  const days = Array.from({ length: count }, (_, i) => addDays(from, i));
  const rows = await db
    .selectFrom('grid_entries')
    .selectAll()
    .where('day', '>=', days[0] ?? from)
    .where('day', '<=', days[days.length - 1] ?? from)
    .orderBy('day')
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  const entries = await toGridEntries(db, rows, lang, now);
  const byDay = new Map<string, GridEntry[]>(days.map((d) => [d, []]));
  rows.forEach((r, i) => byDay.get(r.day)?.push(entries[i]!));
  return days.map((day) => ({ day, label: dayLabel(day, lang), entries: byDay.get(day) ?? [] }));
}

/** How many past days the grid may show (their programmes link to replays). */
const GRID_PAST_DAYS = 7;

/**
 * The grid around the broadcast day in progress: the days that have
 * entries, up to GRID_PAST_DAYS before it and GRID_DAYS - 1 after, at most
 * GRID_DAYS in all (past days give way first); the current day always stays.
 * Used by /api/grille/list and the TV guide page alike.
 */
export async function gridFortnight(db: DB, lang: Locale, now: Date = new Date()): Promise<GridDay[]> {
  const today = broadcastDay(now);
  const all = await gridDays(db, lang, addDays(today, -GRID_PAST_DAYS), GRID_PAST_DAYS + GRID_DAYS, now);
  const kept = all.filter((d) => d.entries.length > 0 || d.day === today);
  while (kept.length > GRID_DAYS && (kept[0]?.day ?? today) < today) kept.shift();
  return kept.slice(0, GRID_DAYS);
}

/**
 * The first instant after `now` at which what is on air changes: the
 * earliest start or end of `days`' entries later than now (ms), or null when
 * none comes. A page or an answer that marks what is on air is kept no
 * longer than that (src/server/http/cache-control.ts).
 */
export function nextGridChange(days: readonly GridDay[], now: Date): number | null {
  const t = now.getTime();
  let next = Infinity;
  for (const d of days) {
    for (const e of d.entries) {
      for (const at of [Date.parse(e.startsAt), Date.parse(e.endsAt)]) if (at > t && at < next) next = at;
    }
  }
  return Number.isFinite(next) ? next : null;
}

/** One grid day (default: the broadcast day in progress); a day without a grid has no entries. */
export async function gridDay(db: DB, lang: Locale, day: string | undefined, now: Date = new Date()): Promise<GridDay> {
  const [one] = await gridDays(db, lang, day ?? broadcastDay(now), 1, now);
  return one!;
}

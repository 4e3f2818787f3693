/**
 * One programme of the grid changed by hand (the desk's week view,
 * docs/desk.md "Live and grid"), beside the XMLTV import that replaces
 * whole spans (grid.ts). Times are entered as Casablanca wall-clock times
 * ("2027-02-07T02:30"), as the TV guide shows them, and stored as instants;
 * a time the clocks skip (the hour lost when Morocco goes forward after
 * Ramadan) is refused rather than moved. The entry keeps its links (a
 * programme page, an episode) and takes the broadcast day its new start
 * falls in.
 *
 * Refused, with every problem at once and nothing changed: a start or end
 * that is not a time, an end not after the start, a programme longer than a
 * day, no title in either language, or an overlap with another entry (the
 * neighbours named). The change and its change-feed record (the public
 * grid pages and API, as an import's) are one transaction; on PostgreSQL
 * edits and imports take the same lock.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/index.ts';
import { dialectOf } from '../db/statistics.ts';
import type { Row } from '../db/schema.ts';
import { addDays, broadcastDay, isValidDay } from '../../lib/dates.ts';
import { casablancaLocalDateTime, fromCasablancaLocal } from '../../lib/desk-dates.ts';
import { recordContentChange } from '../content/changes.ts';
import { GRID_IMPORT_LOCK, gridPaths } from './grid.ts';

/** A programme runs a day at most (as an XMLTV programme without stop). */
const MAX_PROGRAMME_MS = 24 * 3600_000;

const text = (max: number) => z.string().trim().max(max);

export const gridEntryInput = z
  .object({
    titleAr: text(200),
    titleFr: text(200),
    descriptionAr: text(2000).default(''),
    descriptionFr: text(2000).default(''),
    genre: text(100).default(''),
    isLive: z.boolean().default(false),
    /** Casablanca wall-clock time "YYYY-MM-DDTHH:MM". */
    start: z.string().max(16),
    /** The end as a wall-clock time, or the length in minutes (`durationMinutes`). */
    end: z.string().max(16).optional(),
    durationMinutes: z
      .number()
      .int()
      .positive()
      .max(24 * 60)
      .optional(),
  })
  .strict();

export type GridEntryInput = z.infer<typeof gridEntryInput>;

/** Why an edit is refused: which field, as a code with its values (the desk words it in the person's language). */
export interface GridEditProblem {
  field: string;
  code: 'time-invalid' | 'time-skipped' | 'end-missing' | 'end-before-start' | 'too-long' | 'title-missing' | 'overlap';
  params?: Record<string, string | number>;
}

export class GridEditError extends Error {
  readonly problems: GridEditProblem[];
  constructor(problems: GridEditProblem[]) {
    super(problems.map((p) => `${p.field}: ${p.code}`).join('; '));
    this.problems = problems;
  }
}

/** A grid entry as the desk shows and edits it: its instants and the same in Casablanca wall-clock time. */
export interface DeskGridEntry {
  id: number;
  day: string;
  startsAt: string;
  endsAt: string;
  start: string;
  end: string;
  titleAr: string;
  titleFr: string;
  descriptionAr: string;
  descriptionFr: string;
  genre: string;
  isLive: boolean;
  programmeId: number | null;
}

function deskGridEntry(r: Row<'grid_entries'>): DeskGridEntry {
  return {
    id: r.id,
    day: r.day,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    start: casablancaLocalDateTime(r.starts_at),
    end: casablancaLocalDateTime(r.ends_at),
    titleAr: r.title_ar,
    titleFr: r.title_fr,
    descriptionAr: r.description_ar,
    descriptionFr: r.description_fr,
    genre: r.genre,
    isLive: r.is_live === 1,
    programmeId: r.programme_id,
  };
}

/** The instant of a Casablanca wall-clock time, or why not: malformed, or skipped by the clocks going forward. */
export function casablancaInstant(local: string): { ok: true; date: Date } | { ok: false; code: 'time-invalid' | 'time-skipped' } {
  const date = fromCasablancaLocal(local);
  if (!date) return { ok: false, code: 'time-invalid' };
  // A time the clocks skip comes back as another wall-clock time.
  if (casablancaLocalDateTime(date) !== local) return { ok: false, code: 'time-skipped' };
  return { ok: true, date };
}

/** Monday of the week a broadcast day is in. */
export function weekOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Seven broadcast days from `from` (a day, else the Monday of this week), each with its entries in time order. */
export async function gridWeek(
  db: DB,
  from: string | undefined,
  now: Date = new Date(),
): Promise<{
  from: string;
  days: { day: string; entries: DeskGridEntry[] }[];
} | null> {
  if (from !== undefined && !isValidDay(from)) return null;
  const first = from ?? weekOf(broadcastDay(now));
  const days = Array.from({ length: 7 }, (_, i) => addDays(first, i));
  const rows = await db
    .selectFrom('grid_entries')
    .selectAll()
    .where('day', '>=', days[0]!)
    .where('day', '<=', days[6]!)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  return {
    from: first,
    days: days.map((day) => ({
      day,
      entries: rows.filter((r) => r.day === day).map(deskGridEntry),
    })),
  };
}

/**
 * Changes one entry, or throws GridEditError (every problem, nothing
 * changed); undefined when there is no such entry. Returns the entry
 * before and after, for the audit log.
 */
export async function updateGridEntry(
  db: DB,
  id: number,
  input: GridEntryInput,
  now: Date = new Date(),
): Promise<{ before: DeskGridEntry; after: DeskGridEntry } | undefined> {
  const problems: GridEditProblem[] = [];
  if (!input.titleAr && !input.titleFr) {
    problems.push({ field: 'titleFr', code: 'title-missing' }, { field: 'titleAr', code: 'title-missing' });
  }
  const start = casablancaInstant(input.start);
  if (!start.ok) problems.push({ field: 'start', code: start.code });
  let end: Date | null = null;
  if (input.end !== undefined && input.end !== '') {
    const e = casablancaInstant(input.end);
    if (e.ok) end = e.date;
    else problems.push({ field: 'end', code: e.code });
  } else if (input.durationMinutes !== undefined) {
    if (start.ok) end = new Date(start.date.getTime() + input.durationMinutes * 60_000);
  } else problems.push({ field: 'end', code: 'end-missing' });
  if (start.ok && end) {
    if (end.getTime() <= start.date.getTime()) problems.push({ field: 'end', code: 'end-before-start' });
    else if (end.getTime() - start.date.getTime() > MAX_PROGRAMME_MS)
      problems.push({
        field: 'end',
        code: 'too-long',
        params: { hours: MAX_PROGRAMME_MS / 3600_000 },
      });
  }

  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') await sql`SELECT pg_advisory_xact_lock(${sql.lit(GRID_IMPORT_LOCK)})`.execute(trx);
    const row = await trx.selectFrom('grid_entries').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    if (problems.length === 0 && start.ok && end) {
      const startsAt = start.date.toISOString();
      const endsAt = end.toISOString();
      const clashes = await trx
        .selectFrom('grid_entries')
        .selectAll()
        .where('id', '!=', id)
        .where('starts_at', '<', endsAt)
        .where('ends_at', '>', startsAt)
        .orderBy('starts_at')
        .limit(3)
        .execute();
      for (const c of clashes) {
        // Before this one: its start moves; after: its end does.
        problems.push({
          field: c.starts_at < startsAt ? 'start' : 'end',
          code: 'overlap',
          params: {
            title: c.title_fr || c.title_ar,
            titleAr: c.title_ar || c.title_fr,
            start: casablancaLocalDateTime(c.starts_at),
            end: casablancaLocalDateTime(c.ends_at),
          },
        });
      }
    }
    if (problems.length) throw new GridEditError(problems);
    const startsAt = (start as { date: Date }).date.toISOString();
    const endsAt = end!.toISOString();
    await trx
      .updateTable('grid_entries')
      .set({
        day: broadcastDay(new Date(startsAt)),
        starts_at: startsAt,
        ends_at: endsAt,
        title_ar: input.titleAr,
        title_fr: input.titleFr,
        description_ar: input.descriptionAr,
        description_fr: input.descriptionFr,
        genre: input.genre,
        is_live: input.isLive ? 1 : 0,
      })
      .where('id', '=', id)
      .execute();
    await recordContentChange(trx, { paths: gridPaths(), reason: `grid entry ${id}` }, now);
    const after = await trx.selectFrom('grid_entries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { before: deskGridEntry(row), after: deskGridEntry(after) };
  });
}

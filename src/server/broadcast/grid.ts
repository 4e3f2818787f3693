/**
 * The programme grid from and to XMLTV (ADR 012): an import
 * replaces the part of the grid a document covers, in one transaction with
 * its change-feed record; an export writes the grid of some days back out.
 *
 * A document covers the time from its first programme's start to its last
 * programme's stop: every entry starting in that span goes, the document's
 * programmes come in, entries outside it stay (a programme overlapping one
 * of them is refused like an overlap inside the document). A document of
 * whole broadcast days (06:00 to 06:00, Africa/Casablanca) thus replaces
 * those days; one cut at midnight replaces the same hours and leaves the
 * rest of the broadcast days it touches as they were. Each entry keeps the
 * broadcast day it starts in (`broadcastDay`), as the TV guide shows it.
 * Concurrent imports (several instances, PostgreSQL) take turns.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/index.ts';
import { dialectOf } from '../db/statistics.ts';
import type { Database, NewRow, Row } from '../db/schema.ts';
import { addDays, broadcastDay, isValidDay } from '../../lib/dates.ts';
import { programmePath } from '../../lib/paths.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import { recordContentChange } from '../content/changes.ts';
import { formatXmltvTime, parseXmltv, writeXmltv, type XmltvError, type XmltvProgramme } from './xmltv.ts';

/** The id of the grid's channel when the store has no live channel. */
const DEFAULT_CHANNEL_ID = '2m';
/** The PostgreSQL advisory lock key of grid imports and edits ("2mgrid" in ASCII). */
export const GRID_IMPORT_LOCK = 0x326d67726964n;
/** At most this many broadcast days in one import or export. */
const MAX_GRID_DAYS = 31;

type Db = Kysely<Database> | Transaction<Database>;

/** The grid's channel: the first active live channel (its slug is the XMLTV channel id). */
async function gridChannel(db: Db): Promise<{ id: string; names: { ar: string; fr: string } }> {
  const main = await db
    .selectFrom('live_channels')
    .select(['slug', 'name_ar', 'name_fr'])
    .where('is_active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
  return main ? { id: main.slug, names: { ar: main.name_ar, fr: main.name_fr } } : { id: DEFAULT_CHANNEL_ID, names: { ar: '2M', fr: '2M' } };
}

/** Site paths a change of the grid alters: the TV guide, the live page (now / next), the home pages, the grid API. */
export function gridPaths(): string[] {
  return [
    ...LOCALES.flatMap((l) => [route('guidetv', l), route('live', l), route('index', l)]),
    '/api/grille/list',
    '/api/grille/list/per-day',
    '/guidetv.xml',
  ];
}

/** A programme page URL of this site (any origin): /{lang}/replay/{id}. */
const PROGRAMME_URL = /^(?:https?:\/\/[^/]+)?\/(?:ar|fr)\/replay\/([1-9]\d{0,9})\/?$/;

export class GridImportError extends Error {
  readonly errors: XmltvError[];
  constructor(errors: XmltvError[]) {
    super(errors.map((e) => (e.programme ? `programme ${e.programme}: ${e.message}` : e.message)).join('; '));
    this.errors = errors;
  }
}

export interface GridImportResult {
  /** Broadcast days the document's programmes belong to, in order. */
  days: string[];
  programmes: number;
  /** Entries the covered span held before. */
  replaced: number;
}

const who = (p: XmltvProgramme) => ({ programme: p.index, line: p.line, title: p.title.fr || p.title.ar, start: p.startText });

/**
 * Checks an XMLTV document against the store and replaces the span it
 * covers, all in one transaction (with its change-feed record), or throws
 * GridImportError listing every problem and changes nothing.
 */
export async function importGrid(db: DB, xml: string, now: Date = new Date()): Promise<GridImportResult> {
  return db.transaction().execute(async (trx) => {
    // Imports take turns: on PostgreSQL two concurrent transactions would each check overlaps against a grid
    // without the other's programmes, and both land. A transaction-level lock serializes them (released at
    // commit or rollback). SQLite runs one write transaction at a time already.
    if (dialectOf(trx) === 'postgres') await sql`SELECT pg_advisory_xact_lock(${sql.lit(GRID_IMPORT_LOCK)})`.execute(trx);
    const channel = await gridChannel(trx);
    const parsed = parseXmltv(xml, { channels: [channel.id] });
    if (!parsed.ok) throw new GridImportError(parsed.errors);
    const programmes = parsed.doc.programmes;
    const days = [...new Set(programmes.map((p) => broadcastDay(p.start)))].sort();
    // The span replaced, not the days that have programmes: two programmes a year apart would empty the year between.
    const spanMs = programmes.reduce((m, p) => Math.max(m, p.stop.getTime()), 0) - programmes[0]!.start.getTime();
    if (spanMs > MAX_GRID_DAYS * 24 * 3600_000) {
      throw new GridImportError([
        {
          field: 'document',
          code: 'span-too-long',
          params: { days: Math.ceil(spanMs / (24 * 3600_000)), max: MAX_GRID_DAYS },
          message: `the document spans ${Math.ceil(spanMs / (24 * 3600_000))} days (${formatXmltvTime(programmes[0]!.start)} to the last stop): at most ${MAX_GRID_DAYS} days per import, as the span it covers is replaced`,
        },
      ]);
    }
    const errors: XmltvError[] = [];

    // Programme links (<url> to a programme page) and their episodes.
    const links = new Map<number, number>();
    for (const p of programmes) {
      const id = p.urls.map((u) => PROGRAMME_URL.exec(u)?.[1]).find(Boolean);
      if (id) links.set(p.index, Number(id));
    }
    const wanted = [...new Set(links.values())];
    const known = wanted.length
      ? new Set((await trx.selectFrom('programmes').select('id').where('id', 'in', wanted).execute()).map((r) => r.id))
      : new Set<number>();
    for (const p of programmes) {
      const id = links.get(p.index);
      if (id !== undefined && !known.has(id)) errors.push({ ...who(p), field: 'url', code: 'unknown-programme', params: { id }, message: `unknown programme ${id}` });
    }
    const episodeOf = new Map<number, number>();
    for (const p of programmes) {
      const programmeId = links.get(p.index);
      if (programmeId === undefined || !p.episodeNum || !known.has(programmeId)) continue;
      const ep = await trx
        .selectFrom('episodes')
        .select('id')
        .where('programme_id', '=', programmeId)
        .where('season', '=', p.episodeNum.season)
        .where('number', '=', p.episodeNum.episode)
        .orderBy('id')
        .executeTakeFirst();
      if (ep) episodeOf.set(p.index, ep.id);
    }

    // The span the document covers is replaced; what is outside it stays, and nothing new may overlap it.
    const first = programmes[0]!.start.toISOString();
    const last = programmes.reduce((m, p) => (p.stop > m ? p.stop : m), programmes[0]!.stop).toISOString();
    const kept = await trx
      .selectFrom('grid_entries')
      .selectAll()
      .where((eb) => eb.or([eb('starts_at', '<', first), eb('starts_at', '>=', last)]))
      .where('starts_at', '<', last)
      .where('ends_at', '>', first)
      .orderBy('starts_at')
      .execute();
    for (const p of programmes) {
      const clash = kept.find((k) => Date.parse(k.starts_at) < p.stop.getTime() && p.start.getTime() < Date.parse(k.ends_at));
      if (clash) {
        errors.push({
          ...who(p),
          field: 'start',
          code: 'overlap-kept',
          params: { otherTitle: clash.title_fr || clash.title_ar, otherStartsAt: clash.starts_at, otherEndsAt: clash.ends_at },
          message: `overlaps "${clash.title_fr || clash.title_ar}" (${formatXmltvTime(clash.starts_at)} to ${formatXmltvTime(clash.ends_at)}), which starts before this document's first programme and stays`,
        });
      }
    }
    if (errors.length) throw new GridImportError(errors);

    const removed = await trx.deleteFrom('grid_entries').where('starts_at', '>=', first).where('starts_at', '<', last).executeTakeFirst();
    const rows: NewRow<'grid_entries'>[] = programmes.map((p) => ({
      day: broadcastDay(p.start),
      starts_at: p.start.toISOString(),
      ends_at: p.stop.toISOString(),
      title_ar: p.title.ar,
      title_fr: p.title.fr,
      description_ar: p.description.ar,
      description_fr: p.description.fr,
      genre: p.genre,
      programme_id: links.get(p.index) ?? null,
      episode_id: episodeOf.get(p.index) ?? null,
      is_live: p.isLive ? 1 : 0,
      icon_url: p.iconUrl,
    }));
    for (let i = 0; i < rows.length; i += 100) await trx.insertInto('grid_entries').values(rows.slice(i, i + 100)).execute();
    await recordContentChange(trx, { paths: gridPaths(), reason: `grid ${days[0]}..${days[days.length - 1]}` }, now);
    return { days, programmes: rows.length, replaced: Number(removed.numDeletedRows) };
  });
}

export interface GridRange {
  from: string;
  to: string;
}

/** Checks a from / to pair of broadcast days (to defaults to from); an error message or the range. */
export function gridRange(from: string | undefined, to: string | undefined, now: Date = new Date()): GridRange | string {
  const f = from ?? broadcastDay(now);
  const t = to ?? (from ? f : addDays(f, 6));
  if (!isValidDay(f)) return `from: not a day (YYYY-MM-DD): ${f}`;
  if (!isValidDay(t)) return `to: not a day (YYYY-MM-DD): ${t}`;
  if (t < f) return 'to is before from';
  if (addDays(f, MAX_GRID_DAYS - 1) < t) return `at most ${MAX_GRID_DAYS} days`;
  return { from: f, to: t };
}

/** The grid of broadcast days from..to as an XMLTV document (times in Casablanca's offset). */
export async function exportGrid(db: DB, range: GridRange, siteUrl: string): Promise<string> {
  const channel = await gridChannel(db);
  const rows: Row<'grid_entries'>[] = await db
    .selectFrom('grid_entries')
    .selectAll()
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  const episodeIds = [...new Set(rows.map((r) => r.episode_id).filter((x): x is number => x != null))];
  const episodes = episodeIds.length
    ? await db.selectFrom('episodes').select(['id', 'season', 'number']).where('id', 'in', episodeIds).execute()
    : [];
  const episodeNum = new Map(episodes.map((e) => [e.id, { season: e.season, episode: e.number }]));
  const origin = siteUrl.replace(/\/+$/, '');
  return writeXmltv({
    siteUrl: origin,
    channel: { ...channel, url: `${origin}${route('live', 'ar')}` },
    programmes: rows.map((r) => ({
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      title: { ar: r.title_ar, fr: r.title_fr },
      description: { ar: r.description_ar, fr: r.description_fr },
      genre: r.genre,
      isLive: r.is_live === 1,
      iconUrl: r.icon_url,
      url: r.programme_id != null ? `${origin}${programmePath('ar', r.programme_id)}` : null,
      episodeNum: r.episode_id != null && r.programme_id != null ? (episodeNum.get(r.episode_id) ?? null) : null,
    })),
  });
}

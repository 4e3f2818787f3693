/**
 * Programmes (emissions, series, films) and their episodes: the Watch
 * pages' programme lists and details.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/index.ts';
import type { Row } from '../../db/schema.ts';
import type { Locale } from '../../../i18n/locales.ts';
import type { ProgrammeCard, VideoCard } from '../../api/shapes.ts';
import { programmePath } from '../../../lib/paths.ts';
import { loadImages } from '../images.ts';
import { episodeSeed, toCards } from './cards.ts';
import { ids, nowIso, toCount, tr } from './common.ts';

export type ProgrammeKind = Row<'programmes'>['kind'];

/** Episodes visible to the public (published_at has passed). */
export function publicEpisodes(db: DB) {
  return db.selectFrom('episodes').where('episodes.published_at', '<=', nowIso());
}

/** Number of public episodes of each programme, one grouped query. */
async function episodeCounts(db: DB, programmeIds: ReadonlyArray<number>): Promise<Map<number, number>> {
  const wanted = ids(programmeIds);
  if (wanted.length === 0) return new Map();
  const rows = await publicEpisodes(db)
    .select(['episodes.programme_id', sql<number>`count(*)`.as('n')])
    .where('episodes.programme_id', 'in', wanted)
    .groupBy('episodes.programme_id')
    .execute();
  return new Map(rows.map((r) => [r.programme_id, toCount(r.n)]));
}

/** Programme cards: one query for images and one for episode counts. */
export async function toProgrammeCards(
  db: DB,
  rows: ReadonlyArray<Row<'programmes'>>,
  lang: Locale,
): Promise<ProgrammeCard[]> {
  if (rows.length === 0) return [];
  const [image, counts] = await Promise.all([
    loadImages(db, rows.flatMap((r) => [r.cover_image_id, r.poster_image_id]), lang),
    episodeCounts(db, rows.map((r) => r.id)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    slug: r.slug,
    title: tr(r, 'title', lang),
    description: tr(r, 'description', lang),
    genre: r.genre,
    schedule: tr(r, 'schedule', lang),
    path: programmePath(lang, r.id),
    cover: image(r.cover_image_id),
    poster: image(r.poster_image_id),
    episodeCount: counts.get(r.id) ?? 0,
  }));
}

export async function programmeCard(db: DB, row: Row<'programmes'>, lang: Locale): Promise<ProgrammeCard> {
  const [card] = await toProgrammeCards(db, [row], lang);
  return card!;
}

/** Active programmes of some kinds, in editorial order. */
export function activeProgrammes(db: DB, kinds: ReadonlyArray<ProgrammeKind>) {
  return db
    .selectFrom('programmes')
    .selectAll()
    .where('kind', 'in', [...kinds])
    .where('is_active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The `perProgramme` newest public episodes of each programme, in one windowed query. */
async function latestEpisodesByProgramme(
  db: DB,
  programmeIds: ReadonlyArray<number>,
  perProgramme: number,
  lang: Locale,
): Promise<Map<number, VideoCard[]>> {
  const wanted = ids(programmeIds);
  const out = new Map<number, VideoCard[]>(wanted.map((id) => [id, []]));
  if (wanted.length === 0) return out;
  const ranked = publicEpisodes(db)
    .selectAll('episodes')
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((ob) => ob.partitionBy('episodes.programme_id').orderBy('episodes.published_at', 'desc').orderBy('episodes.id', 'desc'))
        .as('rn'),
    )
    .where('episodes.programme_id', 'in', wanted)
    .as('ranked');
  const rows = await db
    .selectFrom(ranked)
    .selectAll()
    .where('ranked.rn', '<=', perProgramme)
    .orderBy('ranked.programme_id')
    .orderBy('ranked.rn')
    .execute();
  const cards = await toCards(db, rows.map((r) => episodeSeed(r, lang)), lang);
  rows.forEach((r, i) => out.get(r.programme_id)?.push(cards[i]!));
  return out;
}

/** /api/watchEmission: active emissions, each with its newest episodes. */
export async function emissionsWithLatest(db: DB, lang: Locale, perProgramme = 4) {
  const rows = await activeProgrammes(db, ['emission']);
  const [cards, latest] = await Promise.all([
    toProgrammeCards(db, rows, lang),
    latestEpisodesByProgramme(db, rows.map((r) => r.id), perProgramme, lang),
  ]);
  return { programmes: cards.map((c) => ({ ...c, latestEpisodes: latest.get(c.id) ?? [] })) };
}

export async function findProgramme(db: DB, id: number): Promise<Row<'programmes'> | undefined> {
  return db.selectFrom('programmes').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Public episodes of a programme. Emissions list the newest first (season
 * and number descending); series and films read in order within a season,
 * newest season first.
 */
export async function programmeEpisodeRows(db: DB, programme: Pick<Row<'programmes'>, 'id' | 'kind'>) {
  const numberOrder = programme.kind === 'emission' ? 'desc' : 'asc';
  return publicEpisodes(db)
    .selectAll('episodes')
    .where('episodes.programme_id', '=', programme.id)
    .orderBy('episodes.season', 'desc')
    .orderBy('episodes.number', numberOrder)
    .orderBy('episodes.id', numberOrder)
    .execute();
}

/** /api/watchEmissionDetail/{id}: any programme with all its public episodes. */
export async function programmeDetail(db: DB, id: number, lang: Locale) {
  const row = await findProgramme(db, id);
  if (!row) return null;
  const episodes = await programmeEpisodeRows(db, row);
  const [programme, cards] = await Promise.all([
    programmeCard(db, row, lang),
    toCards(db, episodes.map((e) => episodeSeed(e, lang)), lang),
  ]);
  const seasons = [...new Set(episodes.map((e) => e.season))].sort((a, b) => b - a);
  return { programme, episodes: cards, seasons };
}

/** /api/watchSerie: active series and films. */
export async function seriesAndFilms(db: DB, lang: Locale) {
  const rows = await activeProgrammes(db, ['serie', 'film']);
  const cards = await toProgrammeCards(db, rows, lang);
  return { series: cards.filter((c) => c.kind === 'serie'), films: cards.filter((c) => c.kind === 'film') };
}

/** /api/watchSerieDetail/{id}: a series or film, episodes grouped by season (1 first). */
export async function serieDetail(db: DB, id: number, lang: Locale) {
  const row = await findProgramme(db, id);
  if (!row || row.kind === 'emission') return null;
  const episodes = await publicEpisodes(db)
    .selectAll('episodes')
    .where('episodes.programme_id', '=', row.id)
    .orderBy('episodes.season', 'asc')
    .orderBy('episodes.number', 'asc')
    .orderBy('episodes.id', 'asc')
    .execute();
  const [programme, cards] = await Promise.all([
    programmeCard(db, row, lang),
    toCards(db, episodes.map((e) => episodeSeed(e, lang)), lang),
  ]);
  const seasons: { season: number; episodes: VideoCard[] }[] = [];
  episodes.forEach((e, i) => {
    let group = seasons.at(-1);
    if (group?.season !== e.season) seasons.push((group = { season: e.season, episodes: [] }));
    group.episodes.push(cards[i]!);
  });
  return { programme, seasons };
}

/** Newest public episodes of active programmes of some kinds (Watch home rows). */
export async function latestEpisodesOfKinds(db: DB, kinds: ReadonlyArray<ProgrammeKind>, limit: number, lang: Locale) {
  const rows = await publicEpisodes(db)
    .innerJoin('programmes', 'programmes.id', 'episodes.programme_id')
    .selectAll('episodes')
    .where('programmes.kind', 'in', [...kinds])
    .where('programmes.is_active', '=', 1)
    .orderBy('episodes.published_at', 'desc')
    .orderBy('episodes.id', 'desc')
    .limit(limit)
    .execute();
  return toCards(db, rows.map((e) => episodeSeed(e, lang)), lang);
}

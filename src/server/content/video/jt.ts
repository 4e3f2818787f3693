/** News bulletins (JT): replay detail, playlist and the JT slider. */
import type { DB } from '../../db/index.ts';
import { JT_EDITIONS, type JtEdition, type Row } from '../../db/schema.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { jtSeed, toCard, toCards } from './cards.ts';
import { nowIso } from './common.ts';
import { loadMedia } from './sources.ts';
import { inBothLanguages } from '../../api/messages.ts';
import * as m from '../../../paraglide/messages.js';

const EDITION_NAMES: Record<JtEdition, Record<Locale, string>> = {
  ar: inBothLanguages(m.polish_jt_edition_ar),
  fr: inBothLanguages(m.polish_jt_edition_fr),
  amz: inBothLanguages(m.polish_jt_edition_amz),
};

export const editionName = (edition: JtEdition, lang: Locale): string => EDITION_NAMES[edition][lang];

/** Editions in display order for a locale: the locale's own edition first. */
export function editionOrder(lang: Locale): JtEdition[] {
  return [lang, ...JT_EDITIONS.filter((e) => e !== lang)];
}

const PLAYLIST_SIZE = 10;
const SLIDER_SIZE = 9;

export function publicBulletins(db: DB) {
  return db.selectFrom('jt_bulletins').where('jt_bulletins.published_at', '<=', nowIso());
}

/** The newest public bulletins of every edition. */
export async function latestBulletins(db: DB, limit: number, lang: Locale) {
  const rows = await publicBulletins(db)
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return toCards(db, rows.map((r) => jtSeed(r, lang)), lang);
}

/**
 * /api/watchJTDetail/{id}, or without an id the newest bulletin of the
 * locale's edition (any edition when that one has none yet).
 */
export async function jtDetail(db: DB, id: number | undefined, lang: Locale) {
  let row: Row<'jt_bulletins'> | undefined;
  if (id !== undefined) {
    row = await publicBulletins(db).selectAll().where('id', '=', id).executeTakeFirst();
  } else {
    const newest = (edition?: JtEdition) => {
      let q = publicBulletins(db).selectAll();
      if (edition) q = q.where('edition', '=', edition);
      return q.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    };
    row = (await newest(lang)) ?? (await newest());
  }
  if (!row) return null;
  const current = row;

  const [playlistRows, editionRows] = await Promise.all([
    publicBulletins(db)
      .selectAll()
      .where('edition', '=', current.edition)
      .where((eb) =>
        eb.or([
          eb('published_at', '<', current.published_at),
          eb.and([eb('published_at', '=', current.published_at), eb('id', '<', current.id)]),
        ]),
      )
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PLAYLIST_SIZE)
      .execute(),
    publicBulletins(db).select('edition').distinct().execute(),
  ]);

  // The oldest bulletin of its edition: the newest others stand in (its next is the newest).
  const listed =
    playlistRows.length > 0
      ? playlistRows
      : await publicBulletins(db)
          .selectAll()
          .where('edition', '=', current.edition)
          .where('id', '!=', current.id)
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(PLAYLIST_SIZE)
          .execute();
  const seed = jtSeed(current, lang);
  const playlistSeeds = listed.map((r) => jtSeed(r, lang));
  const media = await loadMedia(db, [seed, ...playlistSeeds], lang);
  const present = new Set(editionRows.map((r) => r.edition));

  return {
    bulletin: {
      ...toCard(seed, media),
      edition: current.edition,
      airDate: current.air_date,
      airTime: current.air_time,
      video: media.source(current.video_id),
    },
    playlist: playlistSeeds.map((s) => toCard(s, media)),
    editions: editionOrder(lang)
      .filter((e) => present.has(e))
      .map((edition) => ({ edition, name: editionName(edition, lang) })),
  };
}

/**
 * Public bulletins with `rn`, their rank within their edition (1 = newest),
 * as a subquery named `ranked`.
 */
export function rankedBulletins(db: DB) {
  return publicBulletins(db)
    .selectAll('jt_bulletins')
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((ob) =>
          ob.partitionBy('jt_bulletins.edition').orderBy('jt_bulletins.published_at', 'desc').orderBy('jt_bulletins.id', 'desc'),
        )
        .as('rn'),
    )
    .as('ranked');
}

/**
 * /api/watchJtSliders: the newest bulletin of each edition, then the next
 * newest of each, and so on, up to SLIDER_SIZE slides; within a round the
 * locale's own edition comes first.
 */
export async function jtSlides(db: DB, lang: Locale) {
  const ranked = rankedBulletins(db);
  const rows = await db.selectFrom(ranked).selectAll().where('ranked.rn', '<=', SLIDER_SIZE).execute();
  const order = editionOrder(lang);
  const slides = rows
    .map((r) => ({ r, rn: Number(r.rn) }))
    .sort((a, b) => a.rn - b.rn || order.indexOf(a.r.edition) - order.indexOf(b.r.edition))
    .slice(0, SLIDER_SIZE)
    .map(({ r }) => r);
  return { slides: await toCards(db, slides.map((r) => jtSeed(r, lang)), lang) };
}

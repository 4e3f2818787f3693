/** Special dossiers ("dossier spécial"). */
import { sql } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ImageShape } from '../api/shapes.ts';
import { dossierPath } from '../../lib/paths.ts';
import { loadImages } from './images.ts';

export interface DossierCard {
  id: number;
  title: string;
  slug: string;
  description: string;
  cover: ImageShape | null;
  /** Published articles of the dossier. */
  articleCount: number;
  path: string;
}

async function toDossierCards(db: DB, rows: Row<'dossiers'>[]): Promise<DossierCard[]> {
  const ids = rows.map((r) => r.id);
  const now = new Date().toISOString();
  const counts = ids.length
    ? await db
        .selectFrom('articles')
        .select(['dossier_id', sql<number>`count(*)`.as('n')])
        .where('dossier_id', 'in', ids)
        .where('status', '=', 'published')
        .where('published_at', '<=', now)
        .groupBy('dossier_id')
        .execute()
    : [];
  const countOf = new Map(counts.map((c) => [c.dossier_id, Number(c.n)]));
  const byLang = new Map<Locale, Awaited<ReturnType<typeof loadImages>>>();
  for (const lang of new Set(rows.map((r) => r.lang))) {
    byLang.set(lang, await loadImages(db, rows.filter((r) => r.lang === lang).map((r) => r.cover_image_id), lang));
  }
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    slug: r.slug,
    description: r.description,
    cover: byLang.get(r.lang)?.(r.cover_image_id) ?? null,
    articleCount: countOf.get(r.id) ?? 0,
    path: dossierPath(r.lang, r.id),
  }));
}

/** The dossiers of one language, in position order (not the retired ones). */
export async function listDossiers(db: DB, lang: Locale): Promise<DossierCard[]> {
  const rows = await db
    .selectFrom('dossiers')
    .selectAll()
    .where('lang', '=', lang)
    .where('retired_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return toDossierCards(db, rows);
}

/** One dossier by id (any language) with its row; undefined when unknown. */
export async function findDossier(db: DB, id: number): Promise<{ row: Row<'dossiers'>; card: DossierCard } | undefined> {
  const row = await db.selectFrom('dossiers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [card] = await toDossierCards(db, [row]);
  return card ? { row, card } : undefined;
}

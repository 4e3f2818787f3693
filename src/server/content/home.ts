/**
 * The home page's editorial sections: La UNE blocks, the slider, hot topics,
 * as the language's live front-page version places them (ADR 040: the
 * newest version of `front_page_versions` whose time has come and that was
 * not called off). Only published articles are shown: a story withdrawn
 * after it was placed leaves the page by itself.
 */
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ArticleCard } from '../api/shapes.ts';
import { emptyLayout, type FrontLayout } from '../../lib/front-page.ts';
import { publishedArticles, toArticleCards } from './articles.ts';
import { toMasterTagRef, type MasterTagRef } from './tags.ts';

/** A stored layout (JSON written by the front-page service), read defensively. */
export function parseLayout(json: string): FrontLayout {
  const v = JSON.parse(json) as Partial<FrontLayout>;
  const ids = (x: unknown): number[] => (Array.isArray(x) ? x.filter((n): n is number => Number.isInteger(n)) : []);
  return {
    slider: ids(v.slider),
    une: Array.isArray(v.une)
      ? v.une.map((b) => ({ title: typeof b.title === 'string' ? b.title : null, masterTagId: Number.isInteger(b.masterTagId) ? b.masterTagId : null, items: ids(b.items) }))
      : [],
    hot: ids(v.hot),
  };
}

/** The version that leads a language's home page at `now`, or undefined (no version yet). */
export async function liveFrontVersion(db: DB, lang: Locale, now = new Date()): Promise<Row<'front_page_versions'> | undefined> {
  return db
    .selectFrom('front_page_versions')
    .selectAll()
    .where('lang', '=', lang)
    .where('effective_at', '<=', now.toISOString())
    .where('canceled_at', 'is', null)
    .orderBy('effective_at', 'desc')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The live layout of a language (empty before its first version). */
export async function liveLayout(db: DB, lang: Locale, now = new Date()): Promise<FrontLayout> {
  const v = await liveFrontVersion(db, lang, now);
  return v ? parseLayout(v.layout) : emptyLayout();
}

/** The published articles among `ids` as cards, by id. */
async function cardsById(db: DB, lang: Locale, ids: readonly number[]): Promise<Map<number, ArticleCard>> {
  const unique = [...new Set(ids)];
  const rows = unique.length ? await publishedArticles(db, lang).selectAll().where('articles.id', 'in', unique).execute() : [];
  return new Map((await toArticleCards(db, rows, lang)).map((c) => [c.id, c]));
}

const pick = (ids: readonly number[], cards: Map<number, ArticleCard>): ArticleCard[] => {
  const seen = new Set<number>();
  return ids.flatMap((id) => {
    const c = cards.get(id);
    return c && !seen.has(id) && seen.add(id) ? [c] : [];
  });
};

/** The articles of the slider or the hot topics, in editorial order (`layout`: another than the live one, for a preview). */
export async function homeSectionArticles(db: DB, lang: Locale, kind: 'slider' | 'hot', layout?: FrontLayout): Promise<ArticleCard[]> {
  const ids = (layout ?? (await liveLayout(db, lang)))[kind];
  return pick(ids, await cardsById(db, lang, ids));
}

export interface UneBlock {
  title: string;
  masterTag: MasterTagRef | null;
  articles: ArticleCard[];
}

/** La UNE: the layout's blocks in order, each with its published articles in order (`layout`: as for homeSectionArticles). */
export async function uneBlocks(db: DB, lang: Locale, layout?: FrontLayout): Promise<UneBlock[]> {
  const blocks = (layout ?? (await liveLayout(db, lang))).une;
  const cards = await cardsById(db, lang, blocks.flatMap((b) => b.items));
  const mtIds = [...new Set(blocks.map((b) => b.masterTagId).filter((x): x is number => x != null))];
  const masterTags = mtIds.length
    ? await db.selectFrom('master_tags').select(['id', 'name', 'route_name']).where('id', 'in', mtIds).where('lang', '=', lang).execute()
    : [];
  const mtById = new Map(masterTags.map((m) => [m.id, toMasterTagRef(m)]));
  // A block whose stories all left is kept: the home page tops it up from its master tag (src/server/pages/home.ts).
  return blocks.map((b) => {
    const masterTag = b.masterTagId != null ? (mtById.get(b.masterTagId) ?? null) : null;
    return { title: b.title ?? masterTag?.name ?? '', masterTag, articles: pick(b.items, cards) };
  });
}

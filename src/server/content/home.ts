/** The home page's editorial sections: La UNE blocks, the slider, hot topics. */
import type { DB } from '../db/index.ts';
import type { Lang, Row } from '../db/schema.ts';
import type { ArticleCard } from '../api/shapes.ts';
import { publishedArticles, toArticleCards } from './articles.ts';
import { toMasterTagRef, type MasterTagRef } from './tags.ts';

type SectionKind = Row<'home_sections'>['kind'];

/** Section rows of one kind joined to their published articles, in position order. */
async function sectionRows(db: DB, lang: Lang, kind: SectionKind) {
  const sections = await db
    .selectFrom('home_sections')
    .selectAll()
    .where('lang', '=', lang)
    .where('kind', '=', kind)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const ids = [...new Set(sections.map((s) => s.article_id))];
  const rows = ids.length ? await publishedArticles(db, lang).selectAll().where('articles.id', 'in', ids).execute() : [];
  const cards = await toArticleCards(db, rows, lang);
  const cardById = new Map(cards.map((c) => [c.id, c]));
  return sections.flatMap((s) => {
    const card = cardById.get(s.article_id);
    // A draft or future article placed in a section stays hidden until published.
    return card ? [{ section: s, card }] : [];
  });
}

/** The articles of the slider or the hot topics, in editorial order. */
export async function homeSectionArticles(db: DB, lang: Lang, kind: 'slider' | 'hot'): Promise<ArticleCard[]> {
  const seen = new Set<number>();
  return (await sectionRows(db, lang, kind))
    .map((r) => r.card)
    .filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
}

export interface UneBlock {
  title: string;
  masterTag: MasterTagRef | null;
  articles: ArticleCard[];
}

/**
 * La UNE: the 'une' rows grouped into blocks by (title, master tag). Blocks
 * come in the order of their first row; articles in position order.
 */
export async function uneBlocks(db: DB, lang: Lang): Promise<UneBlock[]> {
  const rows = await sectionRows(db, lang, 'une');
  const mtIds = [...new Set(rows.map((r) => r.section.master_tag_id).filter((x): x is number => x != null))];
  const masterTags = mtIds.length
    ? await db.selectFrom('master_tags').select(['id', 'name', 'route_name']).where('id', 'in', mtIds).execute()
    : [];
  const mtById = new Map(masterTags.map((m) => [m.id, toMasterTagRef(m)]));
  const blocks = new Map<string, UneBlock>();
  for (const { section, card } of rows) {
    const key = `${section.title ?? ''}\u0000${section.master_tag_id ?? ''}`;
    let block = blocks.get(key);
    if (!block) {
      const masterTag = section.master_tag_id != null ? (mtById.get(section.master_tag_id) ?? null) : null;
      block = { title: section.title ?? masterTag?.name ?? '', masterTag, articles: [] };
      blocks.set(key, block);
    }
    if (!block.articles.some((a) => a.id === card.id)) block.articles.push(card);
  }
  return [...blocks.values()];
}

/**
 * What the pre-build renders (ADR 005, static first): every page that
 * exists now and reads the same for every visitor until the next rebuild.
 *
 *  - every public non-article URL of the sitemap (home, sections, master
 *    tags, tags, dossiers, static pages, programmes, episodes, JT bulletins,
 *    web videos, Starlight seasons), except the pages that change with the
 *    clock rather than with publications: the TV guide marks the programme
 *    on air, so it stays on demand with a short cache lifetime;
 *  - the newest PRERENDER_ARTICLES published articles of each language at
 *    their canonical path (older ones are rendered on demand and cached);
 *  - the lite twins (src/lib/lite.ts) of the home pages and of those
 *    articles, each right after its page.
 *
 * Paths carry their language prefix and no query string. The unprefixed
 * pages (/shows, /casting, /castings, /talents) are left out: they answer in
 * the language of the visitor's `locale` cookie (Vary: Cookie), which one
 * pre-built file cannot do.
 */
import type { DB } from '../db/index.ts';
import { type Locale, LOCALES } from '../../i18n/locales.ts';
import { liteTwin } from '../../lib/lite.ts';
import { route } from '../../lib/routes.ts';
import { publishedArticles } from '../content/articles.ts';
import { sectionUrls } from '../feeds/sitemap.ts';

/** Pages that change with the clock, not with publications. */
const CLOCK_PAGES: ReadonlySet<string> = new Set(LOCALES.flatMap((l) => [route('guidetv', l), route('live', l)]));

/** Whether a path reads the same for every visitor: it carries its language prefix. */
export function hasLanguagePrefix(p: string): boolean {
  return LOCALES.some((l) => p === `/${l}` || p.startsWith(`/${l}/`));
}

/**
 * Whether a page may sit in the pre-build: a page key (site-dir.ts) with
 * its language prefix that does not change with the clock.
 */
export function isPrebuildable(key: string): boolean {
  return hasLanguagePrefix(key) && !CLOCK_PAGES.has(key);
}

/** The canonical paths of the newest published articles of a language. */
async function newestArticlePaths(db: DB, lang: Locale, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const rows = await publishedArticles(db, lang)
    .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
    .select(['articles.slug', 'master_tags.route_name'])
    .orderBy('articles.published_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => route('tag-url', lang, { tag: r.route_name || 'news', url: r.slug }));
}

/** Every path to pre-build, each once, sections first. */
export async function prebuildPaths(db: DB, articlesPerLanguage: number): Promise<string[]> {
  const out = new Set<string>();
  for (const lang of LOCALES) {
    for (const u of await sectionUrls(db, lang)) if (!CLOCK_PAGES.has(u.path) && hasLanguagePrefix(u.path)) out.add(u.path);
    out.add(route('lite-index', lang));
  }
  for (const lang of LOCALES) {
    for (const p of await newestArticlePaths(db, lang, articlesPerLanguage)) {
      out.add(p);
      const lite = liteTwin(p);
      if (lite) out.add(lite);
    }
  }
  return [...out];
}

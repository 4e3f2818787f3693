/** The breaking-news ticker. */
import { sql } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { articlePath } from '../../lib/paths.ts';
import { inBothLanguages } from '../api/messages.ts';
import * as m from '../../paraglide/messages.js';

/** The ticker's title, per language. */
const BREAKING_TITLE: Record<Locale, string> = inBothLanguages(m.polish_breaking_title);

export interface BreakingNews {
  title: string;
  news: { title: string; url: string }[];
}

/**
 * Active breaking-news items of one language (starts_at <= now and ends_at
 * unset or later than now), in position order; undefined when there is none.
 * An item linked to a published article without its own URL links to it.
 */
export async function activeBreakingNews(db: DB, lang: Locale, now: Date = new Date()): Promise<BreakingNews | undefined> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('breaking_news')
    .leftJoin('articles', (j) =>
      j
        .onRef('articles.id', '=', 'breaking_news.article_id')
        .on('articles.status', '=', 'published')
        .on('articles.published_at', '<=', at),
    )
    .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
    .select([
      'breaking_news.title',
      'breaking_news.url',
      'articles.slug as articleSlug',
      'articles.lang as articleLang',
      'master_tags.route_name as routeName',
    ])
    .where('breaking_news.lang', '=', lang)
    .where('breaking_news.starts_at', '<=', at)
    .where((eb) => eb.or([eb('breaking_news.ends_at', 'is', null), eb('breaking_news.ends_at', '>', at)]))
    .orderBy('breaking_news.position')
    .orderBy('breaking_news.id')
    .execute();
  if (rows.length === 0) return undefined;
  return {
    title: BREAKING_TITLE[lang],
    news: rows.map((r) => ({
      title: r.title,
      url:
        r.url.trim() !== '' || r.articleSlug == null || r.articleLang == null
          ? r.url
          : articlePath(r.articleLang, r.routeName, r.articleSlug),
    })),
  };
}

/**
 * The next moment the active items of one language change by the clock
 * alone (an item starts or ends), as an ISO time; undefined when none will.
 */
export async function nextBreakingNewsTransition(db: DB, lang: Locale, now: Date = new Date()): Promise<string | undefined> {
  const at = now.toISOString();
  const row = await db
    .selectFrom('breaking_news')
    .select([
      sql<string | null>`min(case when starts_at > ${at} then starts_at end)`.as('start'),
      sql<string | null>`min(case when ends_at > ${at} then ends_at end)`.as('end'),
    ])
    .where('lang', '=', lang)
    .where((eb) => eb.or([eb('starts_at', '>', at), eb('ends_at', '>', at)]))
    .executeTakeFirst();
  const times = [row?.start, row?.end].filter((t): t is string => typeof t === 'string' && t > at);
  return times.sort()[0];
}

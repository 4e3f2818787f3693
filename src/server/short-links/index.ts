/**
 * `GET /s/{code}` (src/lib/short-links.ts): 301 to the published article's
 * canonical URL (absolute, from SITE_URL), the visit recorded in the click
 * statistics as event 28 (ClickEvents.shortLink: target the article's URL,
 * label the code, pageURL the referring page or the short link itself).
 * An unknown code, a draft, a withdrawn or a future article: null (the
 * route answers the localised 404).
 */
import { MAX_ROW_ID } from '../db/migrations/tools.ts';
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { articlePath } from '../../lib/paths.ts';
import { parseShortLinkCode, shortLinkPath } from '../../lib/short-links.ts';
import { ClickEvents } from '../../lib/analytics.ts';
import type { ClickEvent } from '../tracking/schema.ts';

export interface ShortLinkTarget {
  articleId: number;
  lang: Locale;
  /** The article's canonical path (the redirect's target, src/server/http/redirect.ts). */
  path: string;
  /** Absolute canonical URL of the article. */
  url: string;
}

const absolute = (siteUrl: string, path: string) => new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href;

export async function resolveShortLink(db: DB, code: string, siteUrl: string, now: Date = new Date()): Promise<ShortLinkTarget | null> {
  const id = parseShortLinkCode(code);
  // Past PostgreSQL's integer range the query would fail: no such article.
  if (id === null || id > MAX_ROW_ID) return null;
  const row = await db
    .selectFrom('articles')
    .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
    .select(['articles.id', 'articles.lang', 'articles.slug', 'master_tags.route_name'])
    .where('articles.id', '=', id)
    .where('articles.status', '=', 'published')
    .where('articles.published_at', '<=', now.toISOString())
    .executeTakeFirst();
  if (!row) return null;
  const path = articlePath(row.lang, row.route_name, row.slug);
  return { articleId: row.id, lang: row.lang, path, url: absolute(siteUrl, path) };
}

/** The click event a followed short link records. */
export function shortLinkClick(target: ShortLinkTarget, siteUrl: string, referer: string | null, now: Date = new Date()): ClickEvent {
  const short = absolute(siteUrl, shortLinkPath(target.articleId));
  let pageURL = short;
  if (referer && referer.length <= 2048 && URL.canParse(referer)) {
    const { protocol } = new URL(referer);
    if (protocol === 'http:' || protocol === 'https:') pageURL = referer;
  }
  return {
    eventId: ClickEvents.shortLink,
    target: target.url,
    label: short.slice(short.lastIndexOf('/') + 1),
    pageURL,
    clickDate: Math.floor(now.getTime() / 1000),
    userID: 'short-link',
  };
}

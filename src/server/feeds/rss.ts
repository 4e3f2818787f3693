/**
 * RSS 2.0 feeds: the latest published articles of a language
 * (/{lang}/rss.xml and the kept /{lang}/news/rss.xml) and of one content tag
 * (/{lang}/posts/tag/{id}/rss.xml).
 */
import type { DB } from '../db/index.ts';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales.ts';
import { articlePath, tagPath } from '../../lib/paths.ts';
import { route } from '../../lib/routes.ts';
import { publishedArticles } from '../content/articles.ts';
import { absolute, escapeXml, rfc822, XML_DECLARATION } from './xml.ts';
import * as m from '../../paraglide/messages.js';

const FEED_SIZE = 50;

interface FeedItem {
  title: string;
  path: string;
  description: string;
  publishedAt: string;
  /** Section (master tag) name, then the article's tags. */
  categories: string[];
  enclosure: { url: string; bytes: number; mime: string } | null;
}

export interface Feed {
  lang: Locale;
  title: string;
  description: string;
  /** Site path of the HTML page the feed mirrors. */
  link: string;
  /** Site path of the feed itself (atom:link rel=self). */
  self: string;
  items: FeedItem[];
}

const SITE_NAME: Record<Locale, string> = { ar: '2M', fr: '2M' };
/** The feeds' titles and descriptions, from the message catalogue (messages/*.json) like every visitor text. */
const FEED_TEXT: Record<Locale, { title: string; description: string; tagTitle: (t: string) => string; tagDescription: (t: string) => string }> = {
  ar: {
    title: m.polish_feed_title({}, { locale: 'ar' }),
    description: m.polish_feed_description({}, { locale: 'ar' }),
    tagTitle: (tag) => m.polish_feed_tag_title({ tag }, { locale: 'ar' }),
    tagDescription: (tag) => m.polish_feed_tag_description({ tag }, { locale: 'ar' }),
  },
  fr: {
    title: m.polish_feed_title({}, { locale: 'fr' }),
    description: m.polish_feed_description({}, { locale: 'fr' }),
    tagTitle: (tag) => m.polish_feed_tag_title({ tag }, { locale: 'fr' }),
    tagDescription: (tag) => m.polish_feed_tag_description({ tag }, { locale: 'fr' }),
  },
};

type ArticleFilter = (q: ReturnType<typeof publishedArticles>) => ReturnType<typeof publishedArticles>;

/** The newest published articles of a language (optionally filtered), as feed items. */
async function feedItems(db: DB, lang: Locale, filter: ArticleFilter, limit: number): Promise<FeedItem[]> {
  const rows = await filter(publishedArticles(db, lang))
    .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
    .leftJoin('images', 'images.id', 'articles.cover_image_id')
    .select([
      'articles.id',
      'articles.slug',
      'articles.title',
      'articles.subtitle',
      'articles.published_at',
      'master_tags.route_name',
      'master_tags.name as section',
      'images.url as image_url',
      'images.bytes as image_bytes',
      'images.mime as image_mime',
    ])
    .orderBy('articles.published_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(limit)
    .execute();
  const ids = rows.map((r) => r.id);
  const tags = ids.length
    ? await db
        .selectFrom('article_tags')
        .innerJoin('tags', 'tags.id', 'article_tags.tag_id')
        .select(['article_tags.article_id', 'tags.name'])
        .where('article_tags.article_id', 'in', ids)
        .orderBy('article_tags.position')
        .orderBy('tags.id')
        .execute()
    : [];
  const tagsOf = new Map<number, string[]>();
  for (const t of tags) tagsOf.set(t.article_id, [...(tagsOf.get(t.article_id) ?? []), t.name]);
  return rows.map((r) => ({
    title: r.title,
    path: articlePath(lang, r.route_name, r.slug),
    description: r.subtitle,
    publishedAt: r.published_at,
    categories: [...new Set([...(r.section ? [r.section] : []), ...(tagsOf.get(r.id) ?? [])])],
    enclosure:
      r.image_url && r.image_mime
        ? { url: r.image_url, bytes: Math.max(0, Number(r.image_bytes ?? 0)), mime: r.image_mime }
        : null,
  }));
}

/** Latest articles of a language; `self` is the path the feed is served at. */
export async function languageFeed(db: DB, lang: Locale, self: string, limit = FEED_SIZE): Promise<Feed> {
  const text = FEED_TEXT[lang];
  return {
    lang,
    title: text.title,
    description: text.description,
    link: route('index', lang),
    self,
    items: await feedItems(db, lang, (q) => q, limit),
  };
}

/** Latest articles of a content tag in its own language; undefined for an unknown tag or a tag of the other language. */
export async function tagFeed(db: DB, lang: Locale, tagId: number, limit = FEED_SIZE): Promise<Feed | undefined> {
  if (!Number.isSafeInteger(tagId) || tagId <= 0) return undefined;
  const tag = await db.selectFrom('tags').select(['id', 'name', 'lang']).where('id', '=', tagId).executeTakeFirst();
  if (!tag || tag.lang !== lang) return undefined;
  const text = FEED_TEXT[lang];
  return {
    lang,
    title: text.tagTitle(tag.name),
    description: text.tagDescription(tag.name),
    link: tagPath(lang, tag.id),
    self: `${tagPath(lang, tag.id)}/rss.xml`,
    items: await feedItems(
      db,
      lang,
      (q) =>
        q.where('articles.id', 'in', (eb) =>
          eb.selectFrom('article_tags').select('article_tags.article_id').where('article_tags.tag_id', '=', tag.id),
        ),
      limit,
    ),
  };
}

/** The RSS 2.0 document of a feed. */
export function rssXml(siteUrl: string, feed: Feed, now: Date = new Date()): string {
  const link = absolute(siteUrl, feed.link);
  const last = feed.items[0]?.publishedAt;
  let out =
    XML_DECLARATION +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n<channel>\n' +
    `<title>${escapeXml(feed.title)}</title>\n` +
    `<link>${escapeXml(link)}</link>\n` +
    `<description>${escapeXml(feed.description)}</description>\n` +
    `<language>${LOCALE_CONFIG[feed.lang].bcp47}</language>\n` +
    `<copyright>© ${now.getUTCFullYear()} ${SITE_NAME[feed.lang]}</copyright>\n` +
    `<lastBuildDate>${rfc822(last ?? now)}</lastBuildDate>\n` +
    '<ttl>5</ttl>\n' +
    // No <image>: RSS 2.0 allows GIF, JPEG or PNG only, and the logo is an SVG.
    `<atom:link href="${escapeXml(absolute(siteUrl, feed.self))}" rel="self" type="application/rss+xml"/>\n`;
  for (const i of feed.items) {
    const url = escapeXml(absolute(siteUrl, i.path));
    out += '<item>\n';
    out += `<title>${escapeXml(i.title)}</title>\n`;
    out += `<link>${url}</link>\n`;
    out += `<guid isPermaLink="true">${url}</guid>\n`;
    out += `<pubDate>${rfc822(i.publishedAt)}</pubDate>\n`;
    out += `<description>${escapeXml(i.description)}</description>\n`;
    for (const c of i.categories) out += `<category>${escapeXml(c)}</category>\n`;
    if (i.enclosure) {
      out += `<enclosure url="${escapeXml(absolute(siteUrl, i.enclosure.url))}" length="${i.enclosure.bytes}" type="${escapeXml(i.enclosure.mime)}"/>\n`;
    }
    out += '</item>\n';
  }
  return `${out}</channel>\n</rss>\n`;
}

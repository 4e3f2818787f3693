/**
 * The breaking-news notification of one article, per language.
 *
 * Articles are written per language and paired with their translation by
 * `translation_key` (src/server/db/schema.ts). A subscriber gets the
 * notification in the language of the page they subscribed on: the
 * article itself or its published translation. When the article has no
 * translation in a subscriber's language, they get it in the article's own
 * language (with that language's `lang` and `dir`, so it renders right):
 * a breaking story reaches every subscriber, which is what the command is
 * for, and readers of 2M commonly read both languages.
 *
 * The payload is the JSON that the service worker (/sw.js, src/sw/service-worker.ts)
 * shows: title, lead, absolute URL (SITE_URL + the article's route),
 * the cover image, language and direction, and a tag per story so that a
 * repeated send replaces the notification instead of stacking a second one.
 */
import { createHash } from 'node:crypto';
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import { LOCALE_CONFIG, otherLocale, type Locale } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import { cut } from '../../lib/text.ts';
import { findPublishedArticle } from '../content/articles.ts';
import { MAX_PAYLOAD_BYTES } from './webpush.ts';

/** What the service worker reads from a push message. */
interface PushPayload {
  /** Payload format version. */
  v: 1;
  kind: 'breaking';
  title: string;
  body: string;
  /** Absolute URL the notification opens. */
  url: string;
  /** Absolute URL of the article's image, if any. */
  image?: string;
  /** Absolute URL of the small icon. */
  icon: string;
  lang: Locale;
  dir: 'rtl' | 'ltr';
  /** Same story, same tag: a repeat replaces the notification shown. */
  tag: string;
  /** Publication time (ms since the epoch), shown by some systems. */
  timestamp: number;
}

export interface BreakingNews {
  /** The article asked for. */
  article: { id: number; lang: Locale; title: string };
  /** The notification for subscribers of each language. */
  payloads: Record<Locale, PushPayload>;
  /** Languages served the other language's article (no translation). */
  fallbacks: Locale[];
  /** The push Topic of this story (RFC 8030 §5.4): a resend replaces an undelivered one. */
  topic: string;
}

/** Notification titles and bodies are short on every system; these bounds also keep the payload small. */
const TITLE_CHARS = 120;
const BODY_CHARS = 240;

/** The rendition of an image closest above 720 px wide (notification images are shown about that wide), else the largest. */
async function imageUrl(db: DB, imageId: number | null): Promise<string | undefined> {
  if (imageId == null) return undefined;
  const row = await db.selectFrom('images').select(['url', 'width', 'variants']).where('id', '=', imageId).executeTakeFirst();
  if (!row) return undefined;
  const all = [...(JSON.parse(row.variants) as { url: string; width: number }[]), { url: row.url, width: row.width }].sort(
    (a, b) => a.width - b.width,
  );
  return (all.find((v) => v.width >= 720) ?? all[all.length - 1])?.url;
}

async function payloadOf(db: DB, a: Row<'articles'>, siteUrl: string, tag: string): Promise<PushPayload> {
  const routeName = a.master_tag_id != null
    ? (await db.selectFrom('master_tags').select('route_name').where('id', '=', a.master_tag_id).executeTakeFirst())?.route_name
    : undefined;
  const abs = (p: string) => new URL(p, siteUrl).toString();
  const image = await imageUrl(db, a.cover_image_id);
  const payload: PushPayload = {
    v: 1,
    kind: 'breaking',
    title: cut(a.title, TITLE_CHARS),
    body: cut(a.subtitle, BODY_CHARS),
    url: abs(route('tag-url', a.lang, { tag: routeName || 'news', url: a.slug })),
    ...(image ? { image: abs(image) } : {}),
    icon: abs('/favicon.svg'),
    lang: a.lang,
    dir: LOCALE_CONFIG[a.lang].dir,
    tag,
    timestamp: Date.parse(a.published_at) || 0,
  };
  // Bounded above, but a payload must fit one push message whatever the text.
  while (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES && payload.body.length > 0) {
    payload.body = cut(payload.body, Math.floor([...payload.body].length / 2));
  }
  return payload;
}

/**
 * The notification of article `id` for each language, or null when no
 * published article has that id.
 */
export async function breakingNews(db: DB, id: number, siteUrl: string): Promise<BreakingNews | null> {
  const article = await findPublishedArticle(db, id);
  if (!article) return null;
  const other = otherLocale(article.lang);
  const translation = await db
    .selectFrom('articles')
    .selectAll()
    .where('lang', '=', other)
    .where('translation_key', '=', article.translation_key)
    .where('status', '=', 'published')
    .where('published_at', '<=', new Date().toISOString())
    .orderBy('published_at', 'desc')
    .executeTakeFirst();
  const story = createHash('sha256').update(article.translation_key).digest('base64url');
  const tag = `breaking-${story.slice(0, 16)}`;
  const own = await payloadOf(db, article, siteUrl, tag);
  const translated = translation ? await payloadOf(db, translation, siteUrl, tag) : own;
  return {
    article: { id: article.id, lang: article.lang, title: article.title },
    payloads: { [article.lang]: own, [other]: translated } as Record<Locale, PushPayload>,
    fallbacks: translation ? [] : [other],
    topic: story.slice(0, 32),
  };
}

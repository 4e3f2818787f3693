/**
 * The lite pages (ADR 038): each language's home page and every article as
 * text first, for phones on slow networks. They read the same data as the
 * full pages (home.ts, article.ts) and keep only what a reader needs: the
 * headlines, the article's text with its headings, lists, quotes and
 * tables. Pictures become links (fetched only when asked for), a video a
 * link to the full page.
 */
import sanitizeHtml from 'sanitize-html';
import type { DB } from '../db/index.ts';
import type { ArticleCard, ImageShape } from '../api/shapes.ts';
import { masterTagPath } from '../../lib/paths.ts';
import type { Locale } from '../../i18n/locales.ts';
import { liteTwin } from '../../lib/lite.ts';
import * as m from '../../paraglide/messages.js';
import { loadArticleBySlug } from './article.ts';
import { loadHomePage } from './home.ts';

/** The width a phone asks for when the reader opens a picture. */
const PICTURE_WIDTH = 640;

/** The rendition of a picture closest above a phone's width (else the widest), for a link. */
export function pictureHref(image: Pick<ImageShape, 'url' | 'srcset'>): string {
  const renditions = image.srcset
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .map(([url, w]) => ({ url: url ?? '', width: Number.parseInt(w ?? '', 10) }))
    .filter((r) => r.url && Number.isFinite(r.width))
    .sort((a, b) => a.width - b.width);
  return (renditions.find((r) => r.width >= PICTURE_WIDTH) ?? renditions.at(-1))?.url ?? image.url;
}

/**
 * An article body for the lite page: the stored HTML (already sanitised by
 * the newsroom) with every picture turned into a link to it, and nothing
 * else that loads by itself.
 */
export function liteBody(html: string, locale: Locale): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'mark', 'small', 'pre',
      'ul', 'ol', 'li', 'blockquote', 'q', 'cite', 'a', 'figure', 'figcaption',
      'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption', 'hr', 'span', 'abbr', 'time',
    ],
    allowedAttributes: {
      a: ['href', 'hreflang', 'lang', 'dir', 'rel', 'class'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
      time: ['datetime'],
      abbr: ['title'],
      '*': ['lang', 'dir'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'video', 'audio'],
    transformTags: {
      img: (_tag, attribs) => ({
        tagName: 'a',
        attribs: { href: attribs.src ?? '', class: 'pic' },
        text: attribs.alt ? m.lite_view_picture_of({ alt: attribs.alt }, { locale }) : m.lite_view_picture({}, { locale }),
      }),
    },
  }).trim();
}

export interface LiteLink {
  title: string;
  /** The lite page of the article. */
  path: string;
  publishedAt: string;
  section: string | null;
}

const liteLink = (a: ArticleCard): LiteLink => ({
  title: a.title,
  path: liteTwin(a.path) ?? a.path,
  publishedAt: a.publishedAt,
  section: a.masterTag?.name ?? null,
});

export interface LiteHome {
  lead: LiteLink[];
  blocks: { title: string; articles: LiteLink[] }[];
  latest: LiteLink[];
}

/** Stories the lite home lists under its lead, each block of La UNE, then the latest. */
const LITE_BLOCK_MAX = 5;
const LITE_LATEST_MAX = 10;

/** A language's lite home: the lead stories, La UNE's blocks and the latest, each story once. */
export async function loadLiteHome(db: DB, locale: Locale): Promise<LiteHome> {
  const home = await loadHomePage(db, locale);
  const seen = new Set<number>();
  const fresh = (list: ArticleCard[], max: number): LiteLink[] =>
    list
      .filter((a) => !seen.has(a.id) && seen.add(a.id))
      .slice(0, max)
      .map(liteLink);
  const lead = fresh(home.slider, LITE_BLOCK_MAX);
  const blocks = home.une
    .map((b) => ({ title: b.title, articles: fresh(b.articles, LITE_BLOCK_MAX) }))
    .filter((b) => b.articles.length > 0);
  const latest = fresh(home.recent, LITE_LATEST_MAX);
  return { lead, blocks, latest };
}

interface LiteArticle {
  lang: Locale;
  title: string;
  subtitle: string;
  section: { name: string; path: string } | null;
  author: string | null;
  publishedAt: string;
  updatedAt: string;
  /** The full page: the canonical link, and where its video plays. */
  fullPath: string;
  cover: { href: string; alt: string } | null;
  hasVideo: boolean;
  bodyHtml: string;
  gallery: { href: string; alt: string; caption: string | null }[];
  /** The lite page of the translation, when there is one. */
  translation: string | null;
}

export type LiteArticleLoad = { kind: 'article'; article: LiteArticle } | { kind: 'redirect'; location: string } | { kind: 'gone' };

/** The lite page of /{tag}/{url}: what the article route finds there, in lite form (redirects to lite twins). */
export async function loadLiteArticle(db: DB, locale: Locale, params: { tag: string; url: string }): Promise<LiteArticleLoad | null> {
  const found = await loadArticleBySlug(db, locale, params);
  if (!found) return null;
  if (found.kind === 'gone') return found;
  if (found.kind === 'redirect') return { kind: 'redirect', location: liteTwin(found.location) ?? found.location };
  const a = found.view.article;
  return {
    kind: 'article',
    article: {
      lang: a.lang,
      title: a.title,
      subtitle: a.subtitle,
      // Sections have no lite page: the section link leads to the full one.
      section: a.masterTag ? { name: a.masterTag.name, path: masterTagPath(locale, a.masterTag.routeName) } : null,
      author: a.author?.name ?? null,
      publishedAt: a.publishedAt,
      updatedAt: a.updatedAt,
      fullPath: a.path,
      cover: a.cover && !a.video ? { href: pictureHref(a.cover), alt: a.cover.alt } : null,
      hasVideo: a.video !== null,
      bodyHtml: liteBody(a.body, locale),
      gallery: a.gallery.map((g) => ({ href: pictureHref(g.image), alt: g.image.alt, caption: g.caption })),
      translation: a.translation ? liteTwin(a.translation.path) : null,
    },
  };
}

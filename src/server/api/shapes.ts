/**
 * Response shapes shared by several API paths. Field names are camelCase
 * except where docs/product.md, Content keeps the original site's names.
 */
import { LOCALES } from '../../i18n/locales.ts';
import { z } from 'zod';

export const imageShape = z
  .object({
    url: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    alt: z.string(),
    /** "url 320w, url 640w, …" for <img srcset>. */
    srcset: z.string(),
    /** The same widths in AVIF, for <source type="image/avif"> (pictures uploaded by the newsroom). */
    avifSrcset: z.string().optional(),
    color: z.string(),
    /** The focal point set in the desk's media library: crops keep it in view (object-position). */
    focus: z
      .object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) })
      .optional()
      .describe('Where a crop keeps the picture in view: percent across from the left edge and down from the top'),
  })
  .meta({ id: 'Image' });

export const paginationShape = z
  .object({
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    total: z.number().int().nonnegative(),
    totalPages: z.number().int().nonnegative(),
  })
  .meta({ id: 'Pagination' });

export const tagRefShape = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string() })
  .meta({ id: 'TagRef' });

export const masterTagRefShape = z
  .object({ id: z.number().int(), name: z.string(), routeName: z.string() })
  .meta({ id: 'MasterTagRef' });

export const authorShape = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string(), role: z.string() })
  .meta({ id: 'Author' });

/** An article in a list: enough for a card with image, title and link. */
export const articleCardShape = z
  .object({
    id: z.number().int(),
    lang: z.enum(LOCALES),
    title: z.string(),
    subtitle: z.string(),
    slug: z.string(),
    /** Site path of the article page, e.g. /ar/societe/<slug>. */
    path: z.string(),
    cover: imageShape.nullable(),
    masterTag: masterTagRefShape.nullable(),
    hasVideo: z.boolean(),
    publishedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ArticleCard' });

export const videoSourceShape = z
  .object({
    url: z.string(),
    mime: z.enum(['application/vnd.apple.mpegurl', 'video/mp4']),
    durationSeconds: z.number().int().nonnegative(),
    width: z.number().int(),
    height: z.number().int(),
    poster: imageShape.nullable(),
    captions: z.array(z.object({ lang: z.string(), label: z.string(), url: z.string() })),
  })
  .meta({ id: 'VideoSource' });

/** Any playable item in a list: JT bulletin, episode, web video, Starlight video. */
export const videoCardShape = z
  .object({
    id: z.number().int(),
    type: z.enum(['jt', 'episode', 'by2m', 'starlight', 'article']),
    title: z.string(),
    description: z.string(),
    /** Site path of the replay page. */
    path: z.string(),
    thumbnail: imageShape.nullable(),
    durationSeconds: z.number().int().nonnegative(),
    publishedAt: z.string(),
    views: z.number().int().nonnegative(),
  })
  .meta({ id: 'VideoCard' });

export const programmeCardShape = z
  .object({
    id: z.number().int(),
    kind: z.enum(['emission', 'serie', 'film']),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    genre: z.string(),
    schedule: z.string(),
    path: z.string(),
    cover: imageShape.nullable(),
    poster: imageShape.nullable(),
    episodeCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'ProgrammeCard' });

export type ImageShape = z.infer<typeof imageShape>;
export type ArticleCard = z.infer<typeof articleCardShape>;
export type VideoCard = z.infer<typeof videoCardShape>;
export type VideoSource = z.infer<typeof videoSourceShape>;
export type ProgrammeCard = z.infer<typeof programmeCardShape>;

/* ---- added for the content API (docs/product.md, Content API) ---- */

/** A link to a programme (emission, series, film) from an article or the grid. */
export const programmeRefShape = z
  .object({ id: z.number().int(), title: z.string(), path: z.string() })
  .meta({ id: 'ProgrammeRef' });

/** One article with everything its page shows. */
export const articleDetailShape = articleCardShape
  .omit({ hasVideo: true })
  .extend({
    /** HTML of the article body, as stored by the newsroom. */
    body: z.string(),
    gallery: z.array(z.object({ image: imageShape, caption: z.string().nullable() })),
    video: videoSourceShape.nullable(),
    tags: z.array(tagRefShape),
    dossier: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    author: authorShape.nullable(),
    /** The programme whose results the article reports, if any. */
    programme: programmeRefShape.nullable(),
    /** The same article in the other language, when published. */
    translation: z.object({ lang: z.enum(LOCALES), path: z.string() }).nullable(),
  })
  .meta({ id: 'ArticleDetail' });

export type ProgrammeRef = z.infer<typeof programmeRefShape>;
export type ArticleDetail = z.infer<typeof articleDetailShape>;

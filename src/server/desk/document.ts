/**
 * A desk story's document on the server (src/lib/desk-story.ts has its
 * shape and limits): checked with zod when saved, its body sanitised again
 * with the site's sanitiser (src/server/newsroom/sanitize.ts: the editor
 * already keeps only what it keeps), its pictures checked against the
 * media library, and turned into the newsroom's article (`NinjsArticle`) when
 * published, so the desk and `POST /api/newsroom/articles` publish through
 * one content service (src/server/newsroom/articles.ts).
 */
import { z } from 'zod';
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { NinjsArticle } from '../newsroom/ninjs.ts';
import { plainText, sanitizeBody } from '../newsroom/sanitize.ts';
import { makeSlug } from '../http/slug.ts';
import { bodyText, countText, emptyDoc, STORY_LIMITS as L, type StoryDoc } from '../../lib/desk-story.ts';
import * as m from '../../paraglide/messages.js';
import type { FieldErrors } from './router.ts';

const picture = z.object({ imageId: z.number().int().positive().max(2_147_483_647), caption: z.string().max(L.caption).default('') });

export const storyDocSchema = z.object({
  title: z.string().max(L.title),
  summary: z.string().max(L.summary),
  body: z.string().max(L.bodyHtml),
  sectionId: z.number().int().positive().max(2_147_483_647).nullable(),
  tags: z.array(z.object({ name: z.string().trim().min(1).max(L.tag) })).max(L.tags),
  byline: z.string().max(L.byline),
  slug: z.string().max(L.slug),
  cover: picture.nullable(),
  gallery: z.array(picture).max(L.gallery),
  videoId: z.number().int().positive().max(2_147_483_647).nullable(),
});

/** A stored document (older ones may lack fields added since): the defaults fill in. */
export function parseStoredDoc(json: string): StoryDoc {
  const value = { ...emptyDoc(), ...(JSON.parse(json) as Partial<StoryDoc>) };
  return value;
}

/** Texts as they are stored: headline and summary plain, the body sanitised. */
export function cleanDoc(doc: StoryDoc): StoryDoc {
  return {
    ...doc,
    title: plainText(doc.title),
    summary: plainText(doc.summary),
    body: sanitizeBody(doc.body),
    byline: plainText(doc.byline),
    slug: doc.slug.trim(),
    tags: doc.tags.map((t) => ({ name: plainText(t.name) })).filter((t, i, all) => t.name && all.findIndex((x) => x.name === t.name) === i),
    cover: doc.cover ? { ...doc.cover, caption: plainText(doc.cover.caption) } : null,
    gallery: doc.gallery.map((g) => ({ ...g, caption: plainText(g.caption) })),
  };
}

const IMG_SRC = /<img\b[^>]*?\ssrc="([^"]+)"/g;

/**
 * What a document refers to that must exist and be ready: its section (in
 * its language), its pictures (with their Arabic and French alternative
 * text: no picture is used without them) and its video; and the body's
 * length in characters. Errors per field, in the person's language.
 */
export async function checkDoc(db: DB, lang: Locale, doc: StoryDoc, locale: Locale): Promise<FieldErrors> {
  const o = { locale };
  const errors: FieldErrors = {};
  const text = bodyText(doc.body);
  if (text.length > L.bodyText) errors.body = [m.desk_err_body_long({ count: countText(text.length, locale), max: countText(L.bodyText, locale) }, o)];
  if (doc.sectionId !== null) {
    const mt = await db.selectFrom('master_tags').select('id').where('id', '=', doc.sectionId).where('lang', '=', lang).executeTakeFirst();
    if (!mt) errors.sectionId = [m.desk_err_section({}, o)];
  }
  const pictures = [...(doc.cover ? [{ field: 'cover', id: doc.cover.imageId }] : []), ...doc.gallery.map((g, i) => ({ field: `gallery.${i}`, id: g.imageId }))];
  const ids = [...new Set(pictures.map((p) => p.id))];
  const rows = ids.length ? await db.selectFrom('images').select(['id', 'alt_ar', 'alt_fr']).where('id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const p of pictures) {
    const img = byId.get(p.id);
    if (!img) errors[p.field] = [m.desk_err_picture_unknown({}, o)];
    else if (!img.alt_ar.trim() || !img.alt_fr.trim()) errors[p.field] = [m.desk_err_picture_alt({}, o)];
  }
  const bodySources = [...new Set([...doc.body.matchAll(IMG_SRC)].map((x) => x[1]!))];
  if (bodySources.length) {
    const found = await db.selectFrom('images').select(['url', 'alt_ar', 'alt_fr']).where('url', 'in', bodySources).execute();
    const ready = new Set(found.filter((f) => f.alt_ar.trim() && f.alt_fr.trim()).map((f) => f.url));
    if (bodySources.some((src) => !ready.has(src))) (errors.body ??= []).push(m.desk_err_body_picture({}, o));
  }
  if (doc.videoId !== null) {
    const v = await db.selectFrom('videos').select('id').where('id', '=', doc.videoId).executeTakeFirst();
    if (!v) errors.videoId = [m.desk_err_video_unknown({}, o)];
  }
  return errors;
}

/** What publishing needs besides a valid document: a headline, a section, a body. */
export function publishProblems(doc: StoryDoc, locale: Locale): FieldErrors {
  const o = { locale };
  const errors: FieldErrors = {};
  if (!doc.title.trim()) errors.title = [m.desk_err_field_required({}, o)];
  if (doc.sectionId === null) errors.sectionId = [m.desk_err_field_required({}, o)];
  if (!bodyText(doc.body)) errors.body = [m.desk_err_field_required({}, o)];
  return errors;
}

/** The document of an article the desk had not seen yet (from the newsroom API or the demo). */
export async function docOfArticle(db: DB, a: Row<'articles'>): Promise<StoryDoc> {
  const [tags, gallery, author] = await Promise.all([
    db.selectFrom('article_tags').innerJoin('tags', 'tags.id', 'article_tags.tag_id').select('tags.name').where('article_tags.article_id', '=', a.id).orderBy('article_tags.position').execute(),
    db.selectFrom('article_images').select(['image_id', 'caption']).where('article_id', '=', a.id).orderBy('position').execute(),
    a.author_id !== null ? db.selectFrom('authors').select(['name_ar', 'name_fr']).where('id', '=', a.author_id).executeTakeFirst() : undefined,
  ]);
  return {
    title: a.title,
    summary: a.subtitle,
    body: a.body_html,
    sectionId: a.master_tag_id,
    tags: tags.map((t) => ({ name: t.name })),
    byline: a.byline ?? (author ? (a.lang === 'ar' ? author.name_ar : author.name_fr) : ''),
    slug: a.status === 'draft' || a.status === 'review' ? '' : a.slug,
    cover: a.cover_image_id !== null ? { imageId: a.cover_image_id, caption: '' } : null,
    gallery: gallery.map((g) => ({ imageId: g.image_id, caption: g.caption ?? '' })),
    videoId: a.video_id,
  };
}

/** The slug the story will have (before the site makes it unique with -2, -3…). */
export const slugOf = (doc: StoryDoc): string => makeSlug(doc.slug.trim() || doc.title);

/**
 * The article the content service stores for a document: the newsroom's
 * form of it (src/server/newsroom/ninjs.ts), version one past the stored.
 */
export async function articleOfDoc(
  db: DB,
  a: Pick<Row<'articles'>, 'lang' | 'ninjs_uri' | 'ninjs_version'>,
  doc: StoryDoc,
  embargo: Date | null,
): Promise<NinjsArticle> {
  const section = doc.sectionId !== null ? await db.selectFrom('master_tags').select('route_name').where('id', '=', doc.sectionId).executeTakeFirst() : undefined;
  const video = doc.videoId !== null ? await db.selectFrom('videos').selectAll().where('id', '=', doc.videoId).executeTakeFirst() : undefined;
  const pictures = [...(doc.cover ? [doc.cover] : []), ...doc.gallery];
  return {
    uri: a.ninjs_uri!,
    lang: a.lang,
    version: (a.ninjs_version ?? 0) + 1,
    status: 'published',
    pubstatus: 'usable',
    firstCreated: null,
    versionCreated: null,
    embargo,
    title: doc.title,
    subtitle: doc.summary,
    bodyHtml: sanitizeBody(doc.body),
    // The body's pictures are the site's own, checked by checkDoc: none to fetch.
    bodyPictures: [],
    slug: slugOf(doc),
    sectionRoute: section?.route_name ?? null,
    tags: doc.tags.map((t) => ({ name: t.name, uri: null })),
    byline: doc.byline.trim() || null,
    pictures: pictures.map((p, i) => ({
      mediaId: p.imageId,
      uri: null,
      source: null,
      sitePath: null,
      caption: p.caption.trim() || null,
      credit: null,
      field: i === 0 && doc.cover ? 'cover' : `gallery.${doc.cover ? i - 1 : i}`,
    })),
    video: video ? { url: video.url, mime: video.mime, width: video.width, height: video.height, durationS: video.duration_s, field: 'videoId' } : null,
    translationGroup: null,
  };
}

/**
 * Previews of desk stories (docs/desk.md "Preview", ADR 033): the public
 * article page, rendered by the site's own route components (SiteLayout and
 * ArticleView, src/server/pages/article.ts) from the story's working copy,
 * in the story's language, never cached nor indexed.
 *
 *  - /desk/preview/{id} for someone signed in to the desk;
 *  - /desk/shared/{token}: a link signed with HMAC-SHA256 (the `preview`
 *    key of `desk_keys`, shared by every instance), which names the story
 *    and when the link ends (48 hours), for a colleague without an account.
 */
import crypto from 'node:crypto';
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import { loadArticlePreview, type ArticleView } from '../pages/article.ts';
import { sanitizeBody } from '../newsroom/sanitize.ts';
import { makeSlug } from '../http/slug.ts';
import { parseStoredDoc, slugOf, docOfArticle } from './document.ts';
import { findDeskSession, readDeskToken, secureSite } from './sessions.ts';

const PREVIEW_LINK_HOURS = 48;

async function previewKey(db: DB, now = new Date()): Promise<Buffer> {
  const found = await db.selectFrom('desk_keys').select('secret').where('name', '=', 'preview').executeTakeFirst();
  if (found) return Buffer.from(found.secret, 'base64url');
  await db
    .insertInto('desk_keys')
    .values({ name: 'preview', secret: crypto.randomBytes(32).toString('base64url'), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('desk_keys').select('secret').where('name', '=', 'preview').executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'base64url');
}

const mac = (key: Buffer, payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');

/** A signed link token for a story, ending in 48 hours. */
export async function signPreview(db: DB, articleId: number, now = new Date()): Promise<{ token: string; expiresAt: string }> {
  const ends = Math.floor(now.getTime() / 1000) + PREVIEW_LINK_HOURS * 3600;
  const payload = `${articleId}.${ends}`;
  return { token: `${payload}.${mac(await previewKey(db, now), payload)}`, expiresAt: new Date(ends * 1000).toISOString() };
}

const TOKEN = /^([1-9]\d{0,9})\.(\d{10})\.([A-Za-z0-9_-]{43})$/;

/** The story a signed link names while it lasts, or null (malformed, forged or ended). */
export async function verifyPreview(db: DB, token: string, now = new Date()): Promise<number | null> {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const [, id, ends, sig] = m;
  if (Number(ends) * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(mac(await previewKey(db, now), `${id}.${ends}`));
  const given = Buffer.from(sig!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? Number(id) : null;
}

/** The desk person of a page request (the preview page checks it), or null. */
export async function previewViewer(db: DB, request: Request, siteUrl: string): Promise<Row<'desk_users'> | null> {
  const token = readDeskToken(request, secureSite(siteUrl));
  const session = token ? await findDeskSession(db, token) : null;
  return session?.level === 'full' ? session.user : null;
}

/** The article page of a story's working copy, as the site would show it now; null for an unknown story. */
export async function storyPreview(db: DB, articleId: number, now = new Date()): Promise<ArticleView | null> {
  const a = await db.selectFrom('articles').selectAll().where('id', '=', articleId).executeTakeFirst();
  if (!a) return null;
  const story = await db.selectFrom('desk_stories').select('doc').where('article_id', '=', articleId).executeTakeFirst();
  const doc = story ? parseStoredDoc(story.doc) : await docOfArticle(db, a);
  const [section, author, tags] = await Promise.all([
    doc.sectionId !== null ? db.selectFrom('master_tags').select(['id', 'name', 'route_name']).where('id', '=', doc.sectionId).executeTakeFirst() : undefined,
    doc.byline.trim()
      ? db
          .selectFrom('authors')
          .selectAll()
          .where((eb) => eb.or([eb('name_ar', '=', doc.byline.trim()), eb('name_fr', '=', doc.byline.trim())]))
          .orderBy('id')
          .executeTakeFirst()
      : undefined,
    doc.tags.length ? db.selectFrom('tags').select(['id', 'name', 'slug']).where('lang', '=', a.lang).where('name', 'in', doc.tags.map((t) => t.name)).execute() : [],
  ]);
  const shown = a.status === 'published' && a.published_at <= now.toISOString();
  return loadArticlePreview(db, {
    row: {
      id: a.id,
      lang: a.lang,
      translation_key: a.translation_key,
      title: doc.title,
      subtitle: doc.summary,
      slug: a.status === 'draft' || a.status === 'review' ? slugOf(doc) || makeSlug(String(a.id)) : a.slug,
      body_html: sanitizeBody(doc.body),
      cover_image_id: doc.cover?.imageId ?? null,
      video_id: doc.videoId,
      master_tag_id: section?.id ?? null,
      author_id: author?.id ?? null,
      published_at: shown ? a.published_at : now.toISOString(),
      updated_at: now.toISOString(),
      mt_name: section?.name ?? null,
      mt_route_name: section?.route_name ?? null,
      d_id: null,
      d_title: null,
      au_id: author?.id ?? null,
      au_slug: author?.slug ?? null,
      au_name_ar: author?.name_ar ?? null,
      au_name_fr: author?.name_fr ?? null,
      au_role_ar: author?.role_ar ?? null,
      au_role_fr: author?.role_fr ?? null,
      pr_id: null,
      pr_title_ar: null,
      pr_title_fr: null,
    },
    draft: {
      gallery: doc.gallery.map((g) => ({ image_id: g.imageId, caption: g.caption || null })),
      tags: doc.tags.map((t, i) => tags.find((x) => x.name === t.name) ?? { id: -(i + 1), name: t.name, slug: makeSlug(t.name) }),
    },
  });
}

/**
 * The desk's media library (docs/desk.md "Pictures"), endpoints of the desk
 * router:
 *
 *  - GET  /api/desk/media        the pictures, newest first, searched by alternative text or credit
 *  - POST /api/desk/media        a picture's raw bytes (JPEG, PNG, WebP; 20 MB at most): the
 *                                newsroom's pipeline (src/server/newsroom/media.ts: re-encoded,
 *                                metadata dropped, WebP and AVIF renditions in the media store)
 *  - PUT  /api/desk/media/{id}   its Arabic and French alternative text, credit and focal point
 *
 * A picture is `ready` once it has both alternative texts: the desk uses no
 * other (document.ts refuses a story that does). A change to a picture
 * records the pages that show it in the change feed (they are rendered again).
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import { recordContentChange } from '../content/changes.ts';
import { getMediaStore } from '../media-store.ts';
import { MAX_MEDIA_BYTES, MediaRefused, readPictureBody, storeMedia } from '../newsroom/media.ts';
import { articlePath } from '../../lib/paths.ts';
import { route } from '../../lib/routes.ts';
import * as m from '../../paraglide/messages.js';
import { idParam, likePattern, readInput } from './input.ts';
import type { MediaItem } from '../../lib/desk-story.ts';
import { personOf, type DeskRoute } from './router.ts';

export function itemOf(r: Row<'images'>): MediaItem {
  const variants = JSON.parse(r.variants) as { url: string; width: number }[];
  const smallest = [...variants, { url: r.url, width: r.width }].sort((a, b) => a.width - b.width).find((v) => v.width >= 320) ?? { url: r.url };
  return {
    id: r.id,
    url: r.url,
    thumb: smallest.url,
    width: r.width,
    height: r.height,
    altAr: r.alt_ar,
    altFr: r.alt_fr,
    credit: r.credit ?? '',
    focus: r.focus_x !== null && r.focus_y !== null ? { x: r.focus_x, y: r.focus_y } : null,
    ready: r.alt_ar.trim() !== '' && r.alt_fr.trim() !== '',
  };
}

export const mediaItem = {
  type: 'object',
  required: ['id', 'url', 'thumb', 'width', 'height', 'altAr', 'altFr', 'credit', 'focus', 'ready'],
  properties: {
    id: { type: 'integer' },
    url: { type: 'string' },
    thumb: { type: 'string' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    altAr: { type: 'string' },
    altFr: { type: 'string' },
    credit: { type: 'string' },
    focus: { oneOf: [{ type: 'null' }, { type: 'object', required: ['x', 'y'], properties: { x: { type: 'number' }, y: { type: 'number' } } }] },
    ready: { type: 'boolean', description: 'Has both alternative texts: may be used in a story' },
  },
};

/** The pages that show a picture (its stories' pages, the home pages): rendered again after a change. */
async function recordPictureChange(db: DB, imageId: number): Promise<void> {
  const now = new Date();
  const rows = await db
    .selectFrom('articles')
    .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
    .select(['articles.lang', 'articles.slug', 'master_tags.route_name'])
    .where('articles.status', '=', 'published')
    .where('articles.published_at', '<=', now.toISOString())
    .where((eb) => eb.or([eb('articles.cover_image_id', '=', imageId), eb('articles.id', 'in', eb.selectFrom('article_images').select('article_id').where('image_id', '=', imageId))]))
    .orderBy('articles.published_at', 'desc')
    .limit(100)
    .execute();
  if (rows.length === 0) return;
  const paths = [route('index', 'ar'), route('index', 'fr'), ...rows.map((r) => articlePath(r.lang, r.route_name, r.slug))];
  await recordContentChange(db, { paths, reason: 'media' }, now);
}


export const mediaRoutes: DeskRoute[] = [
  {
    method: 'GET',
    path: '/api/desk/media',
    access: 'signed-in',
    doc: {
      summary: 'The pictures, newest first, 40 a page',
      query: {
        q: { description: 'Words of the alternative texts or the credit' },
        before: { description: 'The page after this picture id (the previous answer’s next)' },
        ready: { description: '1: only pictures with both alternative texts' },
        ids: { description: 'Only these pictures (ids separated by commas, 40 at most)' },
      },
      response: { type: 'object', required: ['items', 'next'], properties: { items: { type: 'array', items: mediaItem }, next: { type: ['integer', 'null'] } } },
      codes: { '200': 'A page' },
    },
    async handler(ctx) {
      const q = ctx.url.searchParams.get('q')?.trim().slice(0, 100) ?? '';
      const before = idParam(ctx.url.searchParams.get('before') ?? undefined);
      let query = ctx.db.selectFrom('images').selectAll();
      if (q) {
        const p = likePattern(q);
        query = query.where((eb) => eb.or([eb('alt_ar', 'like', p), eb('alt_fr', 'like', p), eb('credit', 'like', p)]));
      }
      if (ctx.url.searchParams.get('ready') === '1') query = query.where(sql<boolean>`alt_ar <> '' and alt_fr <> ''`);
      if (before !== null) query = query.where('id', '<', before);
      const ids = (ctx.url.searchParams.get('ids') ?? '').split(',').map((x) => idParam(x)).filter((x): x is number => x !== null).slice(0, 40);
      if (ids.length) query = query.where('id', 'in', ids);
      const rows = await query.orderBy('id', 'desc').limit(41).execute();
      const items = rows.slice(0, 40).map(itemOf);
      return { status: 200, response: { items, next: rows.length > 40 ? items.at(-1)!.id : null } };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/media',
    access: 'signed-in',
    doc: {
      summary: 'Upload a picture (its raw bytes): re-encoded, metadata dropped, WebP and AVIF renditions made',
      body: {
        'image/jpeg': { type: 'string', contentMediaType: 'image/jpeg' },
        'image/png': { type: 'string', contentMediaType: 'image/png' },
        'image/webp': { type: 'string', contentMediaType: 'image/webp' },
      },
      response: mediaItem,
      codes: { '200': 'Already in the library (the same bytes)', '201': 'Uploaded', '413': 'Over 20 MB', '415': 'Not a JPEG, PNG or WebP picture', '422': 'Not a readable picture' },
    },
    async handler(ctx) {
      const o = { locale: ctx.locale };
      const body = await readPictureBody(ctx.request);
      if (!body.ok) {
        return body.status === 415 ? { status: 415, message: m.desk_err_media_type({}, o) } : { status: 413, message: m.desk_err_media_large({ max: String(MAX_MEDIA_BYTES / 1024 / 1024) }, o) };
      }
      try {
        const { created, media } = await storeMedia(ctx.db, body.bytes, { media: getMediaStore() });
        if (created) await ctx.db.updateTable('images').set({ desk_uploaded_by: personOf(ctx).id }).where('id', '=', media.id).execute();
        const row = await ctx.db.selectFrom('images').selectAll().where('id', '=', media.id).executeTakeFirstOrThrow();
        await ctx.audit({ action: 'media.upload', itemType: 'media', itemId: media.id, after: { created, width: media.width, height: media.height } });
        return { status: created ? 201 : 200, response: itemOf(row) };
      } catch (error) {
        if (error instanceof MediaRefused) return { status: 422, message: m.desk_err_media_unreadable({}, o) };
        throw error;
      }
    },
  },
  {
    method: 'PUT',
    path: '/api/desk/media/{id}',
    access: 'signed-in',
    doc: {
      summary: 'A picture’s alternative texts, credit and focal point (0 to 1 across from the left, down from the top)',
      body: {
        'application/json': {
          type: 'object',
          required: ['altAr', 'altFr', 'credit', 'focus'],
          properties: {
            altAr: { type: 'string', maxLength: 300 },
            altFr: { type: 'string', maxLength: 300 },
            credit: { type: 'string', maxLength: 200 },
            focus: { oneOf: [{ type: 'null' }, { type: 'object', required: ['x', 'y'], properties: { x: { type: 'number', minimum: 0, maximum: 1 }, y: { type: 'number', minimum: 0, maximum: 1 } } }] },
          },
        },
      },
      response: mediaItem,
      codes: { '200': 'Saved', '404': 'Unknown picture', '422': 'A field is refused' },
    },
    async handler(ctx) {
      const id = idParam(ctx.params.id);
      const before = id === null ? undefined : await ctx.db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) return { status: 404 };
      const input = await readInput(
        ctx,
        z.object({
          altAr: z.string().trim().max(300),
          altFr: z.string().trim().max(300),
          credit: z.string().trim().max(200),
          focus: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).nullable(),
        }),
      );
      if (!input.ok) return input.outcome;
      const v = input.value;
      const row = await ctx.db
        .updateTable('images')
        .set({ alt_ar: v.altAr, alt_fr: v.altFr, credit: v.credit || null, focus_x: v.focus?.x ?? null, focus_y: v.focus?.y ?? null })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordPictureChange(ctx.db, row.id);
      const was = itemOf(before);
      const now = itemOf(row);
      await ctx.audit({
        action: 'media.update',
        itemType: 'media',
        itemId: row.id,
        before: { altAr: was.altAr, altFr: was.altFr, credit: was.credit, focus: was.focus },
        after: { altAr: now.altAr, altFr: now.altFr, credit: now.credit, focus: now.focus },
      });
      return { status: 200, response: now };
    },
  },
];

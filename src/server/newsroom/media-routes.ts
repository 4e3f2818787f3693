/**
 * POST /api/newsroom/media: the raw bytes of a JPEG, PNG or WebP picture
 * (`Content-Type: image/jpeg|png|webp`; 415 otherwise, 413 past 20 MB, 422
 * when it is not a readable picture). Optional query: `alt_ar`, `alt_fr`
 * (alternative text; an association's headline fills it in too) and
 * `credit`. Answers 201 (200 for a picture already uploaded) with
 * `{ id, uri: "urn:2m:media:<id>", url, width, height, renditions }`.
 * GET /api/newsroom/media/{id} answers the same for a stored picture.
 */
import { getMediaStore } from '../media-store.ts';
import { findMedia, MAX_MEDIA_BYTES, MEDIA_TYPES, MediaRefused, readPictureBody, storeMedia } from './media.ts';
import type { NewsroomRoute } from './router.ts';

const text = (v: string | null, max: number) => (v ?? '').trim().slice(0, max);

const storedMedia = {
  type: 'object',
  required: ['id', 'uri', 'url', 'width', 'height', 'renditions'],
  properties: {
    id: { type: 'integer' },
    uri: { type: 'string', description: 'urn:2m:media:<id>, for ninjs associations' },
    url: { type: 'string' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    renditions: {
      type: 'array',
      items: { type: 'object', properties: { url: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' }, type: { enum: ['image/webp', 'image/avif'] } } },
    },
  },
};
const bytes = { type: 'string', contentMediaType: 'application/octet-stream' };

export const mediaRoutes: NewsroomRoute[] = [
  {
    method: 'POST',
    path: '/api/newsroom/media',
    action: 'media.upload',
    doc: {
      summary: 'Upload a picture (its raw bytes): metadata stripped, WebP and AVIF renditions made',
      query: {
        alt_ar: { description: 'Alternative text in Arabic' },
        alt_fr: { description: 'Alternative text in French' },
        credit: { description: 'Credit line' },
      },
      body: { 'image/jpeg': bytes, 'image/png': bytes, 'image/webp': bytes },
      response: storedMedia,
      codes: { '200': 'Already uploaded (same bytes)', '201': 'Uploaded', '413': 'Over 20 MB', '415': 'Not JPEG, PNG or WebP', '422': 'Not a readable picture' },
    },
    async handler(ctx) {
      const body = await readPictureBody(ctx.request);
      if (!body.ok) {
        return body.status === 415
          ? { status: 415, problem: `send the picture's bytes with Content-Type ${MEDIA_TYPES.join(', ')}` }
          : { status: 413, problem: `a picture is at most ${MAX_MEDIA_BYTES / 1024 / 1024} MB` };
      }
      const bytes = body.bytes;
      if (bytes.byteLength === 0) return { status: 422, errors: { body: ['is empty: send the picture’s bytes'] } };
      const q = ctx.url.searchParams;
      try {
        const { created, media } = await storeMedia(ctx.db, bytes, {
          media: getMediaStore(),
          alt: { ar: text(q.get('alt_ar'), 300), fr: text(q.get('alt_fr'), 300) },
          credit: text(q.get('credit'), 200) || null,
        });
        return { status: created ? 201 : 200, item: media.uri, response: media };
      } catch (error) {
        if (error instanceof MediaRefused) return { status: 422, errors: { body: [error.message] } };
        throw error;
      }
    },
  },
  {
    method: 'GET',
    path: '/api/newsroom/media/{id}',
    action: 'media.read',
    doc: { summary: 'An uploaded picture and its renditions', response: storedMedia, codes: { '200': 'Found', '400': 'Malformed id', '404': 'Unknown id' } },
    async handler(ctx) {
      const id = ctx.params.id ?? '';
      if (!/^[1-9][0-9]{0,9}$/.test(id)) return { status: 400, errors: { 'path.id': ['must be a media id'] } };
      const media = await findMedia(ctx.db, Number(id));
      return media ? { status: 200, item: media.uri, response: media } : { status: 404, problem: `no media with id ${id}` };
    },
  },
];

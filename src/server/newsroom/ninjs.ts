/**
 * IPTC ninjs 2.x articles in, the site's article out (ADR 011;
 * docs/newsroom.md). Pure: validates a document, sanitises its text and
 * returns what the store needs, or the errors per field (422).
 *
 * Read fields (others are accepted and ignored):
 *  - uri (identity across versions), type `text` (or `composite`),
 *    language `ar`/`fr` (a region suffix such as `fr-MA` is allowed),
 *    version (a whole number, as a string per ninjs 2.x or a number),
 *    pubstatus (usable | withheld | canceled; default usable),
 *    firstcreated, versioncreated, embargoed (date-times with an offset);
 *  - headlines (role `main`, else the first: the title; tags removed),
 *    descriptions (role `summary`, else the first: the lead), bodies (the
 *    `text/html` one, else the first; text/plain becomes paragraphs;
 *    HTML sanitised, src/server/newsroom/sanitize.ts);
 *  - slugline (the URL slug's source, else the headline);
 *  - subjects: a subject whose uri is `urn:2m:section:<route>` puts the
 *    article in that section (it must exist); every other subject is a tag,
 *    found by name in the article's language or created (paired across
 *    languages by its uri when it has one);
 *  - by: the byline (an author of that name, created when unknown);
 *  - associations: pictures (`type` picture/graphic) and at most one video,
 *    each by uploaded media id (`uri: "urn:2m:media:<id>"`) or by URL
 *    (`renditions[].href`, with width and height for pictures); the first
 *    picture is the cover, the others the gallery (caption: its headline or
 *    description). The 1.x object form of associations is accepted too;
 *  - altids: `{ role: "translation", value: K }` links versions: documents
 *    of the other language carrying the same value K are each other's
 *    translation.
 */
import { z } from 'zod';
import type { Lang } from '../db/schema.ts';
import { plainText, sanitizeBody, textToHtml } from './sanitize.ts';
import { newsroomSlug } from './slug.ts';

export type FieldErrors = Record<string, string[]>;

const SECTION_URI_PREFIX = 'urn:2m:section:';
export const MEDIA_URI_PREFIX = 'urn:2m:media:';
const TRANSLATION_ALTID_ROLE = 'translation';

const dateTime = z.iso.datetime({ offset: true, message: 'must be a date-time with its offset, e.g. 2026-11-25T09:30:00+01:00' });
const textItem = z.object({ value: z.string(), role: z.string().optional(), contenttype: z.string().optional() });
const rendition = z.object({
  name: z.string().optional(),
  href: z.string().max(2000).optional(),
  contenttype: z.string().optional(),
  width: z.number().int().positive().max(20000).optional(),
  height: z.number().int().positive().max(20000).optional(),
  duration: z.number().nonnegative().max(86400 * 2).optional(),
});
const association = z.object({
  name: z.string().optional(),
  uri: z.string().min(1).max(500),
  type: z.enum(['picture', 'graphic', 'video'], { message: 'must be picture, graphic or video' }),
  headlines: z.array(textItem).optional(),
  descriptions: z.array(textItem).optional(),
  by: z.string().max(200).optional(),
  copyrightholder: z.string().max(200).optional(),
  renditions: z.array(rendition).max(20).optional(),
});
const subject = z
  .object({ name: z.string().max(100).optional(), uri: z.string().max(500).optional(), literal: z.string().max(100).optional(), rel: z.string().optional() })
  .refine((s) => (s.name ?? s.literal ?? '').trim() !== '' || (s.uri ?? '').startsWith(SECTION_URI_PREFIX), {
    message: `needs a name (a tag) or a uri ${SECTION_URI_PREFIX}<section>`,
  });

const documentSchema = z.object({
  uri: z.string().trim().min(1, 'is required').max(500),
  type: z.enum(['text', 'composite'], { message: 'must be "text" (an article)' }),
  language: z
    .string({ message: 'is required: ar or fr' })
    .transform((l) => l.toLowerCase().split(/[-_]/)[0])
    .pipe(z.enum(['ar', 'fr'], { message: 'must be ar or fr' })),
  version: z.union([z.string().regex(/^[1-9][0-9]{0,8}$/, 'must be a whole number from 1'), z.number().int().min(1).max(999_999_999)], {
    message: 'is required: a whole number from 1 (a string or a number)',
  }),
  pubstatus: z.enum(['usable', 'withheld', 'canceled'], { message: 'must be usable, withheld or canceled' }).default('usable'),
  firstcreated: dateTime.optional(),
  versioncreated: dateTime.optional(),
  embargoed: dateTime.nullable().optional(),
  headlines: z.array(textItem, { message: 'is required: [{ "value": "…" }]' }).min(1, 'needs at least one headline'),
  descriptions: z.array(textItem).optional(),
  bodies: z.array(textItem).optional(),
  slugline: z.string().max(200).optional(),
  subjects: z.array(subject).max(30).optional(),
  by: z.string().max(200).optional(),
  associations: z.preprocess(
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v).map(([name, a]) => ({ name, ...(a as object) })) : v),
    z.array(association).max(30).optional(),
  ),
  altids: z.array(z.object({ role: z.string().optional(), value: z.string().max(200) })).optional(),
});

interface PictureRef {
  /** An uploaded media id (urn:2m:media:<id>), else a URL with its size. */
  mediaId: number | null;
  url: string | null;
  width: number;
  height: number;
  caption: string | null;
  credit: string | null;
  /** Where it came from in the document, for error keys. */
  field: string;
}

interface VideoRef {
  mediaId: number | null;
  url: string;
  mime: 'application/vnd.apple.mpegurl' | 'video/mp4';
  width: number;
  height: number;
  durationS: number;
  field: string;
}

export interface NinjsArticle {
  uri: string;
  lang: Lang;
  version: number;
  status: 'published' | 'withdrawn';
  pubstatus: 'usable' | 'withheld' | 'canceled';
  firstCreated: Date | null;
  versionCreated: Date | null;
  embargo: Date | null;
  title: string;
  subtitle: string;
  bodyHtml: string;
  slug: string;
  sectionRoute: string | null;
  /** Tag subjects: the name in the article's language, the uri that pairs it across languages. */
  tags: { name: string; uri: string | null }[];
  byline: string | null;
  pictures: PictureRef[];
  video: VideoRef | null;
  translationGroup: string | null;
}

export type ParseResult = { ok: true; article: NinjsArticle } | { ok: false; errors: FieldErrors };

function add(errors: FieldErrors, key: string, message: string): void {
  (errors[key] ??= []).push(message);
}

const pick = (items: { value: string; role?: string | undefined }[] | undefined, roles: string[]) =>
  items?.find((i) => i.role && roles.includes(i.role.toLowerCase())) ?? items?.[0];

const isUrl = (href: string) => (href.startsWith('/') && !href.startsWith('//')) || /^https?:\/\/[^\s]+$/i.test(href);
const HLS_TYPES = new Set(['application/vnd.apple.mpegurl', 'application/x-mpegurl', 'audio/mpegurl']);

function mediaIdOf(uri: string): number | null | 'bad' {
  if (!uri.startsWith(MEDIA_URI_PREFIX)) return null;
  const id = uri.slice(MEDIA_URI_PREFIX.length);
  return /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : 'bad';
}

/** Validates and maps a ninjs document; never touches the store. */
export function parseNinjsArticle(input: unknown): ParseResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: { document: ['must be a JSON object (one ninjs item)'] } };
  }
  const parsed = documentSchema.safeParse(input);
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(errors, issue.path.map(String).join('.') || 'document', issue.message);
    return { ok: false, errors };
  }
  const d = parsed.data;

  const headline = pick(d.headlines, ['main', 'headline']);
  const title = plainText(headline?.value ?? '');
  if (!title) add(errors, 'headlines.0.value', 'the headline is empty once its markup is removed');
  else if (title.length > 300) add(errors, 'headlines.0.value', 'at most 300 characters');
  const subtitle = plainText(pick(d.descriptions, ['summary', 'lead', 'description'])?.value ?? '');
  if (subtitle.length > 1000) add(errors, 'descriptions.0.value', 'at most 1000 characters');

  const body = d.bodies?.find((b) => (b.contenttype ?? 'text/html').toLowerCase() === 'text/html') ?? d.bodies?.[0];
  const bodyHtml = body
    ? (body.contenttype ?? 'text/html').toLowerCase() === 'text/html'
      ? sanitizeBody(body.value)
      : textToHtml(body.value)
    : '';
  if (bodyHtml.length > 500_000) add(errors, 'bodies.0.value', 'at most 500,000 characters');

  const slug = newsroomSlug(d.slugline?.trim() || title);

  let sectionRoute: string | null = null;
  const tags: NinjsArticle['tags'] = [];
  d.subjects?.forEach((s, i) => {
    if (s.uri?.startsWith(SECTION_URI_PREFIX)) {
      const route = s.uri.slice(SECTION_URI_PREFIX.length);
      if (!/^[a-z0-9-]{1,60}$/.test(route)) add(errors, `subjects.${i}.uri`, 'a section route is lowercase letters, digits and hyphens');
      else if (sectionRoute && sectionRoute !== route) add(errors, `subjects.${i}.uri`, 'an article has one section');
      else sectionRoute = route;
      return;
    }
    const name = plainText(s.name ?? s.literal ?? '');
    if (!name) add(errors, `subjects.${i}.name`, 'is empty once its markup is removed');
    else if (!tags.some((t) => t.name === name)) tags.push({ name, uri: s.uri?.trim() || null });
  });

  const pictures: PictureRef[] = [];
  let video: VideoRef | null = null;
  d.associations?.forEach((a, i) => {
    const field = `associations.${i}`;
    const id = mediaIdOf(a.uri);
    if (id === 'bad') return add(errors, `${field}.uri`, `a media id is ${MEDIA_URI_PREFIX}<number>`);
    const caption = plainText(pick(a.headlines, ['main'])?.value ?? pick(a.descriptions, ['caption'])?.value ?? '') || null;
    const credit = plainText(a.by ?? a.copyrightholder ?? '') || null;
    if (a.type === 'video') {
      if (video) return add(errors, field, 'at most one video');
      const r = a.renditions?.find((x) => x.href && (HLS_TYPES.has((x.contenttype ?? '').toLowerCase()) || (x.contenttype ?? '').toLowerCase() === 'video/mp4'));
      if (!r?.href) return add(errors, `${field}.renditions`, 'a video needs a rendition with an href and contenttype video/mp4 or application/vnd.apple.mpegurl');
      if (!isUrl(r.href)) return add(errors, `${field}.renditions`, 'href must be an http(s) URL or a path on this site');
      video = {
        mediaId: null,
        url: r.href,
        mime: HLS_TYPES.has((r.contenttype ?? '').toLowerCase()) ? 'application/vnd.apple.mpegurl' : 'video/mp4',
        width: r.width ?? 1280,
        height: r.height ?? 720,
        durationS: Math.round(r.duration ?? 0),
        field,
      };
      return;
    }
    if (id !== null) {
      pictures.push({ mediaId: id, url: null, width: 0, height: 0, caption, credit, field });
      return;
    }
    const images = (a.renditions ?? []).filter((x) => x.href && (!x.contenttype || x.contenttype.toLowerCase().startsWith('image/')));
    const best = images.sort((x, y) => (y.width ?? 0) - (x.width ?? 0))[0];
    if (!best?.href) return add(errors, `${field}.renditions`, `a picture needs ${MEDIA_URI_PREFIX}<id> as uri or a rendition with an href`);
    if (!isUrl(best.href)) return add(errors, `${field}.renditions`, 'href must be an http(s) URL or a path on this site');
    if (!best.width || !best.height) return add(errors, `${field}.renditions`, 'a picture by URL needs its width and height');
    pictures.push({ mediaId: null, url: best.href, width: best.width, height: best.height, caption, credit, field });
  });

  const group = d.altids?.find((a) => a.role?.toLowerCase() === TRANSLATION_ALTID_ROLE)?.value.trim() || null;

  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    article: {
      uri: d.uri,
      lang: d.language,
      version: Number(d.version),
      pubstatus: d.pubstatus,
      status: d.pubstatus === 'usable' ? 'published' : 'withdrawn',
      firstCreated: d.firstcreated ? new Date(d.firstcreated) : null,
      versionCreated: d.versioncreated ? new Date(d.versioncreated) : null,
      embargo: d.embargoed ? new Date(d.embargoed) : null,
      title,
      subtitle,
      bodyHtml,
      slug,
      sectionRoute,
      tags,
      byline: d.by ? plainText(d.by) || null : null,
      pictures,
      video,
      translationGroup: group,
    },
  };
}

/**
 * IPTC ninjs items in, as agencies and CMSs send them (docs/newsroom.md,
 * ADR 011, ADR 031). Pure: validates an item, sanitises its text and
 * returns what the store needs, or the errors per field (422). Only `uri`
 * is required by ninjs; what the site needs besides depends on the item's
 * `type`:
 *
 *  - `text` (also `composite`, and an item without `type`): an article.
 *    Needs `language` ar or fr and a headline;
 *  - `picture` or `graphic`: a picture, copied from its best rendition into
 *    the media store (src/server/newsroom/media-fetch.ts), addressable by its
 *    `uri` in later associations;
 *  - `video`: a web video or a news bulletin replay, when it carries a
 *    playable rendition (MP4 or HLS) on an allowed origin
 *    (src/server/media-origins.ts);
 *  - anything else (`audio`, `component`…) is refused by name.
 *
 * Versions: `version` is a whole number from 0 (a string, as ninjs 2.x
 * writes it, or a number); without it, `versioncreated` orders the versions
 * of a uri. Older than the stored one: 409 (articles.ts, items.ts).
 *
 * Article fields read (others are accepted and ignored):
 *  - pubstatus (usable | withheld | canceled; default usable),
 *    firstcreated, versioncreated, embargoed (date-times with an offset);
 *  - headlines (role `main`, else the first: the title; tags removed),
 *    descriptions (role `summary`, else the first: the lead), bodies (the
 *    `text/html` one, else the first; text/plain becomes paragraphs;
 *    HTML sanitised, src/server/newsroom/sanitize.ts, after its size, tag
 *    count and depth were checked);
 *  - slugline (the URL slug's source, else the headline);
 *  - subjects: a subject whose uri is `urn:2m:section:<route>` puts the
 *    article in that section (it must exist); every other named subject is
 *    a tag (the first MAX_TAGS), found by name in the article's language or
 *    created (paired across languages by its uri when it has one);
 *  - by: the byline (an author of that name, created when unknown);
 *  - associations (array, or the 1.x object form): pictures (type picture
 *    or graphic, or no type) and at most one video; a picture by uploaded
 *    media id (`urn:2m:media:<id>`), by the uri of a picture item sent
 *    before, or by its renditions (fetched); a video by a playable
 *    rendition. The first picture is the cover, the others the gallery
 *    (caption: its headline or description). Associations of other types
 *    (text, audio…) are ignored;
 *  - altids: `{ role: "translation", value: K }` links versions: documents
 *    of the other language carrying the same value K are each other's
 *    translation.
 */
import { z } from 'zod';
import { isLocale, type Locale } from '../../i18n/locales.ts';
import { JT_EDITIONS, type JtEdition } from '../db/schema.ts';
import { mediaOriginProblem } from '../media-origins.ts';
import { MAX_MEDIA_BYTES, MEDIA_URI_PREFIX, RENDITION_WIDTHS } from './media.ts';
import { BODY_LIMITS, lengthProblem, markupProblem, plainText, sanitizeBody, TEXT_LIMITS, textToHtml } from './sanitize.ts';
import { makeSlug } from '../http/slug.ts';

export type FieldErrors = Record<string, string[]>;

const SECTION_URI_PREFIX = 'urn:2m:section:';
/** A video item's destination: a web video category, or a news bulletin edition. */
const VIDEO_TAG_URI_PREFIX = 'urn:2m:videotag:';
const JT_URI_PREFIX = 'urn:2m:jt:';
const TRANSLATION_ALTID_ROLE = 'translation';
/** Tags taken from an article's subjects (an agency item may carry dozens). */
const MAX_TAGS = 30;
/** External pictures in one body, each fetched into the media store. */
const MAX_BODY_PICTURES = 20;
/** A longer duration is not a video's (ninjs counts seconds; some feeds send milliseconds): taken as unknown. */
const MAX_DURATION_S = 24 * 3600;

const dateTime = z.iso.datetime({ offset: true, message: 'must be a date-time with its offset, e.g. 2026-11-25T09:30:00+01:00' });
const textItem = z.object({ value: z.string(), role: z.string().optional(), contenttype: z.string().optional() });
const rendition = z.object({
  name: z.string().optional(),
  title: z.string().optional(),
  format: z.string().optional(),
  href: z.string().max(4000).optional(),
  contenttype: z.string().optional(),
  width: z.number().positive().optional(),
  height: z.number().positive().optional(),
  sizeinbytes: z.number().nonnegative().optional(),
  duration: z.number().nonnegative().optional(),
});
type Rendition = z.infer<typeof rendition>;
const association = z.object({
  name: z.string().optional(),
  uri: z.string().min(1).max(2000).optional(),
  type: z.string().optional(),
  headlines: z.array(textItem).max(20).optional(),
  descriptions: z.array(textItem).max(20).optional(),
  by: z.string().max(TEXT_LIMITS.maxChars).optional(),
  copyrightholder: z.string().max(TEXT_LIMITS.maxChars).optional(),
  renditions: z.array(rendition).max(50).optional(),
});
const subject = z.object({ name: z.string().optional(), uri: z.string().max(2000).optional(), literal: z.string().optional(), rel: z.string().optional() });

const itemSchema = z.object({
  uri: z.string({ message: 'is required' }).trim().min(1, 'is required').max(2000),
  type: z.string().optional(),
  language: z.string().max(35).optional(),
  // Checked apart (checkVersion), so that a bad version does not hide the other fields' errors.
  version: z.unknown().optional(),
  pubstatus: z.enum(['usable', 'withheld', 'canceled'], { message: 'must be usable, withheld or canceled' }).default('usable'),
  firstcreated: dateTime.optional(),
  versioncreated: dateTime.optional(),
  embargoed: dateTime.nullable().optional(),
  headlines: z.array(textItem).max(20).optional(),
  descriptions: z.array(textItem).max(20).optional(),
  bodies: z.array(textItem).max(20).optional(),
  slugline: z.string().max(2000).optional(),
  subjects: z.array(subject).max(500).optional(),
  by: z.string().max(TEXT_LIMITS.maxChars).optional(),
  copyrightholder: z.string().max(TEXT_LIMITS.maxChars).optional(),
  associations: z.preprocess(
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v).map(([name, a]) => ({ name, ...(a as object) })) : v),
    z.array(association).max(50).optional(),
  ),
  altids: z.array(z.object({ role: z.string().optional(), value: z.string().max(200) })).max(50).optional(),
  renditions: z.array(rendition).max(50).optional(),
});
type Item = z.infer<typeof itemSchema>;

/** A picture to fetch: a rendition's URL, with what the item says about it. */
export interface PictureSource {
  href: string;
  width: number | null;
  height: number | null;
}

/**
 * A picture an item uses: an uploaded media id, a picture item's uri (sent
 * before, or this association's own), a rendition to fetch, or a path of
 * this site (stored as given, with its size).
 */
export interface PictureRef {
  mediaId: number | null;
  /** The ninjs uri naming the picture (not urn:2m:media), when there is one. */
  uri: string | null;
  /** The rendition to copy into the media store; null: known by its uri or media id. */
  source: PictureSource | null;
  /** A path of this site (`/media/…`), kept as it is. */
  sitePath: { url: string; width: number; height: number } | null;
  caption: string | null;
  credit: string | null;
  /** Where it came from in the document, for error keys (`associations.1`). */
  field: string;
}

interface VideoRef {
  url: string;
  mime: 'application/vnd.apple.mpegurl' | 'video/mp4';
  width: number;
  height: number;
  /** 0 when unknown (the player reads it from the stream). */
  durationS: number;
  field: string;
}

interface ItemVersion {
  /** ninjs `version`, null when absent. */
  version: number | null;
  /** ninjs `versioncreated`. */
  versionCreated: Date | null;
}

export interface NinjsArticle extends ItemVersion {
  uri: string;
  lang: Locale;
  status: 'published' | 'withdrawn';
  pubstatus: 'usable' | 'withheld' | 'canceled';
  firstCreated: Date | null;
  embargo: Date | null;
  title: string;
  subtitle: string;
  bodyHtml: string;
  /** The body's pictures on other sites (`<img src>`), to copy into the media store and point at there. */
  bodyPictures: PictureRef[];
  slug: string;
  sectionRoute: string | null;
  /** Tag subjects: the name in the article's language, the uri that pairs it across languages. */
  tags: { name: string; uri: string | null }[];
  byline: string | null;
  pictures: PictureRef[];
  video: VideoRef | null;
  translationGroup: string | null;
}

export interface NinjsPicture extends ItemVersion {
  uri: string;
  picture: PictureRef;
  /** Alternative text per language (the item's caption, in its language when that is ar or fr). */
  alt: { ar?: string; fr?: string };
}

export interface NinjsVideo extends ItemVersion {
  uri: string;
  lang: Locale | null;
  title: string;
  description: string;
  video: VideoRef;
  poster: PictureRef | null;
  destination: { kind: 'webvideo'; tag: string | null } | { kind: 'jt'; edition: JtEdition };
  publishedAt: Date | null;
  withdrawn: boolean;
}

export type NinjsItem = { kind: 'text'; article: NinjsArticle } | { kind: 'picture'; picture: NinjsPicture } | { kind: 'video'; video: NinjsVideo };

export type ParseResult = { ok: true; item: NinjsItem } | { ok: false; errors: FieldErrors };

export interface ParseOptions {
  /** Why a video URL may not play on the site, or null (default: the configuration's media origins). */
  mediaOriginProblem?: (url: string) => string | null;
}

function add(errors: FieldErrors, key: string, message: string): void {
  (errors[key] ??= []).push(message);
}

const pick = (items: { value: string; role?: string | undefined }[] | undefined, roles: string[]) =>
  items?.find((i) => i.role && roles.includes(i.role.toLowerCase())) ?? items?.[0];

const isSitePath = (href: string) => href.startsWith('/') && !href.startsWith('//');
const isHttpUrl = (href: string) => /^https?:\/\/[^\s/]+/i.test(href) && URL.canParse(href);
const HLS_TYPES = new Set(['application/vnd.apple.mpegurl', 'application/x-mpegurl', 'audio/mpegurl', 'audio/x-mpegurl']);
const PICTURE_TYPES = new Set(['picture', 'graphic']);

function mediaIdOf(uri: string | undefined): number | null | 'bad' {
  if (!uri?.startsWith(MEDIA_URI_PREFIX)) return null;
  const id = uri.slice(MEDIA_URI_PREFIX.length);
  return /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : 'bad';
}

/**
 * Plain text of a field, or null with the error recorded: the markup's cost
 * is checked before any parsing (src/server/newsroom/sanitize.ts).
 */
function text(value: string | undefined, field: string, errors: FieldErrors): string | null {
  if (value === undefined) return '';
  const problem = markupProblem(value, TEXT_LIMITS);
  if (problem) {
    add(errors, field, problem);
    return null;
  }
  return plainText(value);
}

/** `ar`, `fr` (a region suffix such as `fr-MA` allowed), else null. */
function langOf(language: string | undefined): Locale | null {
  const base = language?.toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : null;
}

/** The playable rendition of a video (MP4 or HLS), as the site plays it; null when there is none. */
function playable(renditions: Rendition[] | undefined): { r: Rendition & { href: string }; mime: VideoRef['mime'] } | null {
  for (const r of renditions ?? []) {
    if (!r.href) continue;
    const type = (r.contenttype ?? '').toLowerCase();
    const path = r.href.split(/[?#]/)[0]!.toLowerCase();
    const words = `${r.title ?? ''} ${r.format ?? ''}`;
    if (HLS_TYPES.has(type) || path.endsWith('.m3u8')) return { r: r as Rendition & { href: string }, mime: 'application/vnd.apple.mpegurl' };
    // AP labels its MP4 files video/mpeg, with "MP4" in the rendition's title.
    if (type === 'video/mp4' || path.endsWith('.mp4') || (type.startsWith('video/') && /\bmp4\b/i.test(words))) {
      return { r: r as Rendition & { href: string }, mime: 'video/mp4' };
    }
  }
  return null;
}

/**
 * The rendition of a picture to copy: the smallest at least as wide as the
 * widest rendition the site makes (1600 px), else the widest; one over the
 * size limit (when the item says its size) is passed over. Renditions that
 * are not pictures (a caption's XML, a video) are not considered.
 */
export function pictureSource(renditions: Rendition[] | undefined): PictureSource | null {
  const all = (renditions ?? []).filter((r): r is Rendition & { href: string } => Boolean(r.href) && (!r.contenttype || r.contenttype.toLowerCase().startsWith('image/')));
  // Declared sizes are a preference only: some feeds declare the same (wrong) size for every rendition; the fetch enforces the real one.
  const fitting = all.filter((r) => r.sizeinbytes === undefined || r.sizeinbytes <= MAX_MEDIA_BYTES);
  const images = fitting.length > 0 ? fitting : all;
  if (images.length === 0) return null;
  const widest = RENDITION_WIDTHS.at(-1)!;
  const sized = images.filter((r) => r.width !== undefined).sort((a, b) => a.width! - b.width!);
  const chosen = sized.find((r) => r.width! >= widest) ?? sized.at(-1) ?? images[0]!;
  return { href: chosen.href, width: chosen.width ? Math.round(chosen.width) : null, height: chosen.height ? Math.round(chosen.height) : null };
}

/** The item's version: a whole number from 0, as a string (ninjs 2.x) or a number; absent: null. */
function checkVersion(d: Item, errors: FieldErrors): ItemVersion {
  const v = d.version;
  const ok = v === undefined || v === null || (typeof v === 'string' && /^[0-9]{1,9}$/.test(v)) || (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 999_999_999);
  if (!ok) add(errors, 'version', 'must be a whole number from 0 (a string or a number)');
  return { version: ok && v !== undefined && v !== null ? Number(v) : null, versionCreated: d.versioncreated ? new Date(d.versioncreated) : null };
}

interface Ctx {
  errors: FieldErrors;
  originProblem: (url: string) => string | null;
}

/** The error key of a picture: an association's `renditions` or `uri`, else its own field (`renditions`, `bodies.0.value`, `poster.url`). */
export const pictureKey = (field: string, part: 'renditions' | 'uri') => (/^associations\.\d+$/.test(field) ? `${field}.${part}` : field);

/** A picture association or item: by media id, by uri, by a rendition to fetch, or by a path of this site. */
function pictureRef(
  a: { uri?: string | undefined; renditions?: Rendition[] | undefined },
  field: string,
  caption: string | null,
  credit: string | null,
  ctx: Ctx,
): PictureRef | null {
  const id = mediaIdOf(a.uri);
  if (id === 'bad') {
    add(ctx.errors, pictureKey(field, 'uri'), `a media id is ${MEDIA_URI_PREFIX}<number>`);
    return null;
  }
  const base = { mediaId: id, uri: id === null ? (a.uri ?? null) : null, source: null, sitePath: null, caption, credit, field };
  if (id !== null) return base;
  const source = pictureSource(a.renditions);
  if (!source) {
    if (a.uri) return base; // a picture item sent before, found by its uri (items.ts)
    add(ctx.errors, pictureKey(field, 'renditions'), `a picture needs ${MEDIA_URI_PREFIX}<id> or the uri of a picture item as uri, or a rendition with an href`);
    return null;
  }
  if (isSitePath(source.href)) {
    if (!source.width || !source.height) {
      add(ctx.errors, pictureKey(field, 'renditions'), 'a picture by a path of this site needs its width and height');
      return null;
    }
    return { ...base, sitePath: { url: source.href, width: source.width, height: source.height } };
  }
  if (!isHttpUrl(source.href)) {
    add(ctx.errors, pictureKey(field, 'renditions'), 'href must be an http(s) URL or a path on this site');
    return null;
  }
  return { ...base, source };
}

/** The playable rendition of a video, on an allowed origin; errors under `key`. */
function videoRef(renditions: Rendition[] | undefined, field: string, key: string, ctx: Ctx): VideoRef | null {
  const p = playable(renditions);
  if (!p) {
    add(ctx.errors, key, 'a video needs a playable rendition: an href with contenttype video/mp4 or application/vnd.apple.mpegurl');
    return null;
  }
  const problem = ctx.originProblem(p.r.href);
  if (problem) {
    add(ctx.errors, key, problem);
    return null;
  }
  const duration = p.r.duration !== undefined && p.r.duration <= MAX_DURATION_S ? Math.round(p.r.duration) : 0;
  return { url: p.r.href, mime: p.mime, width: Math.round(p.r.width ?? 1280), height: Math.round(p.r.height ?? 720), durationS: duration, field };
}

/** Validates and maps a ninjs item; never touches the store. */
export function parseNinjsItem(input: unknown, options: ParseOptions = {}): ParseResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: { document: ['must be a JSON object (one ninjs item)'] } };
  }
  const parsed = itemSchema.safeParse(input);
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(errors, issue.path.map(String).join('.') || 'document', issue.message);
    return { ok: false, errors };
  }
  const d = parsed.data;
  const ctx: Ctx = { errors, originProblem: options.mediaOriginProblem ?? ((url) => mediaOriginProblem(url)) };
  const type = (d.type ?? 'text').toLowerCase();
  let item: NinjsItem | null;
  if (type === 'text' || type === 'composite') item = article(d, ctx);
  else if (PICTURE_TYPES.has(type)) item = picture(d, ctx);
  else if (type === 'video') item = video(d, ctx);
  else {
    add(errors, 'type', `${type} items are not published by this site (it takes text, composite, picture, graphic and video)`);
    item = null;
  }
  if (!item || Object.keys(errors).length) return { ok: false, errors: Object.keys(errors).length ? errors : { document: ['not a usable item'] } };
  return { ok: true, item };
}

/** The same, for callers that take articles only (a picture or video item is refused). */
export function parseNinjsArticle(input: unknown, options: ParseOptions = {}): { ok: true; article: NinjsArticle } | { ok: false; errors: FieldErrors } {
  const r = parseNinjsItem(input, options);
  if (!r.ok) return r;
  if (r.item.kind !== 'text') return { ok: false, errors: { type: ['must be text (an article)'] } };
  return { ok: true, article: r.item.article };
}

/** External pictures of a sanitised body (`<img src="http…">`), each once. */
function bodyPicturesOf(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<img\b[^>]*?\ssrc="(https?:\/\/[^"]+)"/gi)) out.add(m[1]!.replace(/&amp;/g, '&'));
  return [...out];
}

function article(d: Item, ctx: Ctx): NinjsItem | null {
  const { errors } = ctx;
  const version = checkVersion(d, errors);
  const lang = langOf(d.language);
  if (!d.language) add(errors, 'language', 'is required: ar or fr');
  else if (!lang) add(errors, 'language', 'must be ar or fr');
  if (!d.headlines?.length) {
    add(errors, 'headlines', 'is required: [{ "value": "…" }]');
    return null;
  }

  const headline = pick(d.headlines, ['main', 'headline']);
  const headlineField = `headlines.${d.headlines.indexOf(headline!)}.value`;
  const title = text(headline?.value, headlineField, errors);
  if (title === '') add(errors, headlineField, 'the headline is empty once its markup is removed');
  else if (title !== null && title.length > 300) add(errors, headlineField, 'at most 300 characters once its markup is removed');
  const description = pick(d.descriptions, ['summary', 'lead', 'description']);
  const subtitle = text(description?.value, `descriptions.${d.descriptions?.indexOf(description!) ?? 0}.value`, errors) ?? '';
  if (subtitle.length > 1000) add(errors, 'descriptions.0.value', 'at most 1000 characters once its markup is removed');

  const body = d.bodies?.find((b) => (b.contenttype ?? 'text/html').toLowerCase() === 'text/html') ?? d.bodies?.[0];
  const bodyField = `bodies.${d.bodies?.indexOf(body!) ?? 0}.value`;
  let bodyHtml = '';
  let bodyPictures: PictureRef[] = [];
  if (body) {
    const html = (body.contenttype ?? 'text/html').toLowerCase() === 'text/html';
    // Plain text is only escaped: its length is what costs.
    const problem = html ? markupProblem(body.value, BODY_LIMITS) : body.value.length > BODY_LIMITS.maxChars ? lengthProblem(body.value.length, BODY_LIMITS.maxChars) : null;
    if (problem) add(errors, bodyField, `the body ${problem} (before sanitising)`);
    else {
      bodyHtml = html ? sanitizeBody(body.value, title ? { headline: title } : {}) : textToHtml(body.value);
      const srcs = bodyPicturesOf(bodyHtml);
      if (srcs.length > MAX_BODY_PICTURES) add(errors, bodyField, `at most ${MAX_BODY_PICTURES} pictures from other sites in a body (${srcs.length} here)`);
      bodyPictures = srcs.map((href) => ({ mediaId: null, uri: null, source: { href, width: null, height: null }, sitePath: null, caption: null, credit: null, field: bodyField }));
    }
  }

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
    // Subjects without a name (a code alone) are not tags.
    const name = text(s.name ?? s.literal, `subjects.${i}.name`, errors);
    if (!name) return;
    if (name.length > 100) return add(errors, `subjects.${i}.name`, 'at most 100 characters');
    if (tags.length < MAX_TAGS && !tags.some((t) => t.name === name)) tags.push({ name, uri: s.uri?.trim() || null });
  });

  const pictures: PictureRef[] = [];
  let videoAt: VideoRef | null = null;
  d.associations?.forEach((a, i) => {
    const field = `associations.${i}`;
    const type = (a.type ?? (playable(a.renditions) ? 'video' : 'picture')).toLowerCase();
    if (!PICTURE_TYPES.has(type) && type !== 'video') return; // text, audio…: not shown by the site
    const caption = text(pick(a.headlines, ['main'])?.value ?? pick(a.descriptions, ['caption'])?.value, `${field}.headlines`, errors) || null;
    const credit = text(a.by ?? a.copyrightholder, `${field}.by`, errors) || null;
    if (type === 'video') {
      if (videoAt) return add(errors, field, 'at most one video');
      videoAt = videoRef(a.renditions, field, `${field}.renditions`, ctx);
      return;
    }
    const ref = pictureRef(a, field, caption, credit, ctx);
    if (ref) pictures.push(ref);
  });

  const slugSource = d.slugline?.trim() ? text(d.slugline, 'slugline', errors) : title;
  const byline = d.by ? text(d.by, 'by', errors) : null;
  const group = d.altids?.find((a) => a.role?.toLowerCase() === TRANSLATION_ALTID_ROLE)?.value.trim() || null;
  if (Object.keys(errors).length || !lang || !title) return null;
  return {
    kind: 'text',
    article: {
      uri: d.uri,
      lang,
      ...version,
      pubstatus: d.pubstatus,
      status: d.pubstatus === 'usable' ? 'published' : 'withdrawn',
      firstCreated: d.firstcreated ? new Date(d.firstcreated) : null,
      embargo: d.embargoed ? new Date(d.embargoed) : null,
      title,
      subtitle,
      bodyHtml,
      bodyPictures,
      slug: makeSlug(slugSource || title),
      sectionRoute,
      tags,
      byline: byline || null,
      pictures,
      video: videoAt,
      translationGroup: group,
    },
  };
}

function picture(d: Item, ctx: Ctx): NinjsItem | null {
  const version = checkVersion(d, ctx.errors);
  const lang = langOf(d.language);
  const caption = text(pick(d.descriptions, ['caption', 'summary'])?.value ?? pick(d.headlines, ['main'])?.value, 'descriptions', ctx.errors);
  const credit = text(d.by ?? d.copyrightholder, 'by', ctx.errors) || null;
  if (!pictureSource(d.renditions)) {
    add(ctx.errors, 'renditions', 'a picture item needs a rendition with an href (a JPEG, PNG or WebP picture)');
    return null;
  }
  const ref = pictureRef({ renditions: d.renditions }, 'renditions', caption || null, credit, ctx);
  if (!ref) return null;
  ref.uri = d.uri;
  const alt = caption ? (lang ? { [lang]: caption.slice(0, 300) } : {}) : {};
  return { kind: 'picture', picture: { uri: d.uri, ...version, picture: ref, alt } };
}

function video(d: Item, ctx: Ctx): NinjsItem | null {
  const { errors } = ctx;
  const version = checkVersion(d, errors);
  const headline = pick(d.headlines, ['main', 'headline']);
  const title = text(headline?.value, 'headlines', errors);
  if (!headline) add(errors, 'headlines', 'is required: [{ "value": "…" }]');
  else if (title === '') add(errors, 'headlines', 'the headline is empty once its markup is removed');
  const description = text(pick(d.descriptions, ['caption', 'summary', 'description'])?.value, 'descriptions', errors) ?? '';
  const playing = videoRef(d.renditions, 'renditions', 'renditions', ctx);
  // Its poster: the best of its picture renditions, copied into the media store like any picture.
  const stills = d.renditions?.filter((r) => (r.contenttype ?? '').toLowerCase().startsWith('image/'));
  const poster = pictureSource(stills) ? pictureRef({ renditions: stills }, 'renditions', title || null, null, ctx) : null;

  let destination: NinjsVideo['destination'] = { kind: 'webvideo', tag: null };
  for (const [i, s] of (d.subjects ?? []).entries()) {
    if (s.uri?.startsWith(JT_URI_PREFIX)) {
      const edition = JT_EDITIONS.find((e) => s.uri === `${JT_URI_PREFIX}${e}`);
      if (edition) destination = { kind: 'jt', edition };
      else add(errors, `subjects.${i}.uri`, `a news bulletin edition is ${JT_URI_PREFIX}ar, fr or amz`);
    } else if (s.uri?.startsWith(VIDEO_TAG_URI_PREFIX)) {
      destination = { kind: 'webvideo', tag: s.uri.slice(VIDEO_TAG_URI_PREFIX.length) };
    }
  }
  if (!playing || !title || Object.keys(errors).length) return null;
  return {
    kind: 'video',
    video: {
      uri: d.uri,
      lang: langOf(d.language),
      ...version,
      title: title.slice(0, 300),
      description: description.slice(0, 5000),
      video: playing,
      poster,
      destination,
      publishedAt: d.firstcreated ? new Date(d.firstcreated) : null,
      withdrawn: d.pubstatus !== 'usable',
    },
  };
}

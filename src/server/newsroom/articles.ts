/**
 * Newsroom articles in the store (ADR 011): upsert a parsed ninjs
 * document (src/server/newsroom/ninjs.ts) or withdraw one, each in one
 * transaction that also records the content change (the pages it alters,
 * src/server/content/changes.ts), so an acknowledged publish always reaches
 * the pages and a refused one changes nothing.
 *
 * Visibility is the rule every public query already applies (status
 * 'published' and published_at reached): an embargoed article is stored as
 * published with published_at = the embargo; a withheld, canceled or
 * withdrawn one has status 'withdrawn' (its pages answer 410).
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Database, Row } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import { recordContentChange } from '../content/changes.ts';
import { normalizeSearchText } from '../../lib/normalize.ts';
import { articlePath, masterTagPath, tagPath } from '../../lib/paths.ts';
import { liteTwin } from '../../lib/lite.ts';
import { route } from '../../lib/routes.ts';
import { makeSlug } from '../http/slug.ts';
import type { FieldErrors, NinjsArticle, PictureRef } from './ninjs.ts';
import { isOlderVersion, storedVersionText } from './items.ts';
import { pictureUrls, recordPicture, type ReadyPicture } from './pictures.ts';

type Trx = Transaction<Database>;

export interface StoredArticle {
  id: number;
  uri: string;
  lang: Locale;
  /** Absolute URL of the article page (from SITE_URL). */
  url: string;
  path: string;
  /** The ninjs version stored (null: the document carried none; its versioncreated orders them). */
  version: number | null;
  /** published (visible now), embargoed (visible from publishedAt), withdrawn (410). */
  state: 'published' | 'embargoed' | 'withdrawn';
  publishedAt: string;
}

export type UpsertResult =
  | { kind: 'created' | 'updated'; article: StoredArticle }
  | { kind: 'conflict'; stored: string }
  | { kind: 'invalid'; errors: FieldErrors };

/** Refusal inside the transaction: rolls it back and becomes the answer. */
class Refused extends Error {
  readonly result: UpsertResult;
  constructor(result: UpsertResult) {
    super('refused');
    this.result = result;
  }
}

function stateOf(row: Pick<Row<'articles'>, 'status' | 'published_at'>, now: Date): StoredArticle['state'] {
  if (row.status !== 'published') return 'withdrawn';
  return row.published_at > now.toISOString() ? 'embargoed' : 'published';
}

async function pathOf(db: DB | Trx, row: Pick<Row<'articles'>, 'lang' | 'slug' | 'master_tag_id'>): Promise<string> {
  const mt = row.master_tag_id != null
    ? await db.selectFrom('master_tags').select('route_name').where('id', '=', row.master_tag_id).executeTakeFirst()
    : undefined;
  return articlePath(row.lang, mt?.route_name, row.slug);
}

function stored(row: Row<'articles'>, path: string, siteUrl: string, now: Date): StoredArticle {
  return {
    id: row.id,
    uri: row.ninjs_uri ?? '',
    lang: row.lang,
    url: new URL(path, siteUrl).href,
    path,
    version: row.ninjs_version,
    state: stateOf(row, now),
    publishedAt: row.published_at,
  };
}

/**
 * Every site path an article's change alters, most visited first (the
 * front server re-renders them in this order, each swapped in as soon as it
 * is ready): its page, its translation's page, the home page of each
 * language, the lite twins of those pages (ADR 038), its section (and parent) and tags' listings (page 1), the RSS
 * feeds, the language sitemap and the news sitemap; then `/post/{id}` when
 * `alias` (an update: a copy of it may be cached; a new article has none).
 */
async function affectedPaths(trx: DB | Trx, articleId: number, alias = true): Promise<string[]> {
  const a = await trx.selectFrom('articles').selectAll().where('id', '=', articleId).executeTakeFirstOrThrow();
  const paths = new Set<string>();
  const langs: Locale[] = [a.lang];
  paths.add(await pathOf(trx, a));
  const translation = await trx
    .selectFrom('articles')
    .select(['id', 'lang', 'slug', 'master_tag_id'])
    .where('translation_key', '=', a.translation_key)
    .where('id', '!=', a.id)
    // A desk draft (ADR 033) has no page yet.
    .where('status', 'not in', ['draft', 'review'])
    .execute();
  for (const t of translation) {
    paths.add(await pathOf(trx, t));
    if (!langs.includes(t.lang)) langs.push(t.lang);
  }
  for (const l of langs) paths.add(route('index', l));
  // The lite twins (ADR 038) of the article, of its translation and of the home pages.
  for (const p of [...paths]) {
    const lite = liteTwin(p);
    if (lite) paths.add(lite);
  }
  if (a.master_tag_id != null) {
    const mts = await trx
      .selectFrom('master_tags as m')
      .leftJoin('master_tags as p', 'p.id', 'm.parent_id')
      .select(['m.route_name as route', 'p.route_name as parent'])
      .where('m.id', '=', a.master_tag_id)
      .executeTakeFirst();
    if (mts) paths.add(masterTagPath(a.lang, mts.route));
    if (mts?.parent) paths.add(masterTagPath(a.lang, mts.parent));
  }
  const tags = await trx.selectFrom('article_tags').select('tag_id').where('article_id', '=', a.id).orderBy('position').execute();
  for (const t of tags) paths.add(tagPath(a.lang, t.tag_id));
  for (const l of langs) {
    paths.add(`/${l}/rss.xml`);
    paths.add(`/${l}/news/rss.xml`);
    paths.add(`/${l}/sitemap.xml`);
  }
  paths.add('/news-sitemap.xml');
  if (alias) paths.add(route('post-id', a.lang, { id: a.id }));
  return [...paths];
}

/** The site paths of an article that stop existing when it is withdrawn: its page, /post/{id} and its old paths, with their lite twins. */
async function ownPaths(trx: DB | Trx, row: Row<'articles'>): Promise<string[]> {
  const old = await trx.selectFrom('article_old_paths').select('path').where('article_id', '=', row.id).execute();
  const pages = [await pathOf(trx, row), ...old.map((o) => o.path)];
  return [...pages, ...pages.map(liteTwin).filter((p) => p !== null), route('post-id', row.lang, { id: row.id })];
}

async function uniqueSlug(trx: Trx, lang: Locale, wanted: string, selfId: number | null): Promise<string> {
  const base = wanted || 'article';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const taken = await trx
      .selectFrom('articles')
      .select('id')
      .where('lang', '=', lang)
      .where('slug', '=', candidate)
      .executeTakeFirst();
    if (!taken || taken.id === selfId) return candidate;
  }
}

async function authorFor(trx: Trx, byline: string | null): Promise<number | null> {
  if (!byline) return null;
  const found = await trx
    .selectFrom('authors')
    .select('id')
    .where((eb) => eb.or([eb('name_ar', '=', byline), eb('name_fr', '=', byline)]))
    .orderBy('id')
    .executeTakeFirst();
  if (found) return found.id;
  const base = makeSlug(byline, { max: 60 }) || 'auteur';
  let slug = base;
  for (let n = 2; await trx.selectFrom('authors').select('id').where('slug', '=', slug).executeTakeFirst(); n++) slug = `${base}-${n}`;
  const row = await trx
    .insertInto('authors')
    .values({ slug, name_ar: byline, name_fr: byline, role_ar: '', role_fr: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function tagIdsFor(trx: Trx, lang: Locale, tags: NinjsArticle['tags']): Promise<number[]> {
  const ids: number[] = [];
  for (const t of tags) {
    const key = t.uri ? `ninjs:${t.uri}` : null;
    const byKey = key
      ? await trx.selectFrom('tags').select('id').where('lang', '=', lang).where('translation_key', '=', key).executeTakeFirst()
      : undefined;
    const found = byKey ?? (await trx.selectFrom('tags').select('id').where('lang', '=', lang).where('name', '=', t.name).orderBy('id').executeTakeFirst());
    if (found) {
      if (!ids.includes(found.id)) ids.push(found.id);
      continue;
    }
    const row = await trx
      .insertInto('tags')
      .values({
        lang,
        translation_key: key ?? `ninjs-tag:${normalizeSearchText(t.name)}`,
        slug: makeSlug(t.name, { max: 60 }) || 'tag',
        name: t.name,
        description: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

interface ResolvedMedia {
  cover: number | null;
  gallery: { imageId: number; caption: string | null }[];
  videoId: number | null;
  /** The body with its pictures from other sites pointing at their copies in the media store. */
  bodyHtml: string;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A body's `<img src>` from another site pointed at the copy in the media store, with its srcset. */
function rewriteBodyPictures(html: string, copies: Map<string, { url: string; srcset: string; width: number; height: number }>): string {
  if (copies.size === 0) return html;
  return html.replace(/<img\b([^>]*?)\ssrc="(https?:\/\/[^"]+)"([^>]*)>/gi, (whole, before: string, src: string, after: string) => {
    const copy = copies.get(src.replace(/&amp;/g, '&'));
    if (!copy) return whole;
    const rest = `${before}${after}`.replace(/\s(?:width|height|srcset|sizes)="[^"]*"/g, '');
    return `<img${rest.replace(/\s*\/$/, '')} src="${escapeAttr(copy.url)}" srcset="${escapeAttr(copy.srcset)}" sizes="(max-width: 760px) 100vw, 760px" width="${copy.width}" height="${copy.height}" />`;
  });
}

async function resolveMedia(trx: Trx, doc: NinjsArticle, ready: ReadonlyMap<PictureRef, ReadyPicture>, errors: FieldErrors): Promise<ResolvedMedia> {
  const imageIds: { imageId: number; caption: string | null }[] = [];
  const altColumn = doc.lang === 'ar' ? 'alt_ar' : 'alt_fr';
  for (const p of doc.pictures) {
    const r = ready.get(p);
    if (!r) throw new Error(`${p.field}: picture not made ready (pictures.ts readyPictures)`);
    if (r.kind === 'row' && !r.checked) {
      const img = await trx.selectFrom('images').select('id').where('id', '=', r.imageId).executeTakeFirst();
      if (!img) {
        (errors[`${p.field}.uri`] ??= []).push(`no uploaded media with id ${r.imageId} (POST /api/newsroom/media first)`);
        continue;
      }
    }
    const id = await recordPicture(trx, r, { alt: { [doc.lang]: p.caption ?? doc.title }, credit: p.credit, uri: p.uri });
    // A picture without alternative text in this language takes the caption (else the headline).
    await trx.updateTable('images').set({ [altColumn]: p.caption ?? doc.title }).where('id', '=', id).where(altColumn, '=', '').execute();
    imageIds.push({ imageId: id, caption: p.caption });
  }
  const copies = new Map<string, { url: string; srcset: string; width: number; height: number }>();
  for (const ref of doc.bodyPictures) {
    const r = ready.get(ref);
    if (!r || !ref.source) continue;
    const id = await recordPicture(trx, r, { alt: { [doc.lang]: doc.title } });
    const urls = await pictureUrls(trx, r, id);
    if (urls) copies.set(ref.source.href, urls);
  }
  let videoId: number | null = null;
  if (doc.video) {
    const v = doc.video;
    const existing = await trx.selectFrom('videos').select('id').where('url', '=', v.url).orderBy('id', 'desc').executeTakeFirst();
    videoId =
      existing?.id ??
      (
        await trx
          .insertInto('videos')
          .values({
            url: v.url,
            mime: v.mime,
            duration_s: v.durationS,
            width: v.width,
            height: v.height,
            poster_image_id: imageIds[0]?.imageId ?? null,
            captions: '[]',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  }
  return { cover: imageIds[0]?.imageId ?? null, gallery: imageIds.slice(1), videoId, bodyHtml: rewriteBodyPictures(doc.bodyHtml, copies) };
}

export interface UpsertOptions {
  siteUrl: string;
  now?: Date;
  /**
   * More writes of the caller's in the same transaction, once the article
   * and its change are written (the desk's story and audit rows, ADR 033);
   * throwing rolls everything back.
   */
  inTransaction?: (trx: Trx, article: StoredArticle) => Promise<void>;
  /** The article's pictures made ready before the transaction (items.ts readyPictures): fetched ones, known ones. */
  pictures?: ReadonlyMap<PictureRef, ReadyPicture>;
}

/** Pictures that need no fetching (uploaded media ids, site paths), for a caller that made none ready. */
function readyWithoutFetch(doc: NinjsArticle): Map<PictureRef, ReadyPicture> {
  const ready = new Map<PictureRef, ReadyPicture>();
  for (const p of doc.pictures) {
    if (p.mediaId !== null) ready.set(p, { kind: 'row', imageId: p.mediaId, checked: false });
    else if (p.sitePath) ready.set(p, { kind: 'site', ...p.sitePath });
  }
  return ready;
}

/**
 * Creates or updates the article of a ninjs document, in one transaction.
 * Two first publications of one uri racing on PostgreSQL: the loser's
 * insert breaks the unique uri (or slug) and is run again, as an update.
 */
export async function upsertNinjsArticle(db: DB, doc: NinjsArticle, opts: UpsertOptions): Promise<UpsertResult> {
  try {
    return await upsertOnce(db, doc, opts);
  } catch (error) {
    if (!/unique|duplicate/i.test(String((error as Error).message))) throw error;
    return upsertOnce(db, doc, opts);
  }
}

async function upsertOnce(db: DB, doc: NinjsArticle, opts: UpsertOptions): Promise<UpsertResult> {
  const now = opts.now ?? new Date();
  const nowIso = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('articles').selectAll().where('ninjs_uri', '=', doc.uri).executeTakeFirst();
      // A desk story never shown yet (draft, review: ADR 033) is published as a new article: no old path, nothing cached.
      const shown = existing && existing.status !== 'draft' && existing.status !== 'review' ? existing : undefined;
      const storedVersion = existing ? { version: existing.ninjs_version, versionCreated: existing.ninjs_version_created } : null;
      if (storedVersion && isOlderVersion(doc, storedVersion)) throw new Refused({ kind: 'conflict', stored: storedVersionText(storedVersion) });
      const item = await trx.selectFrom('newsroom_items').select('kind').where('uri', '=', doc.uri).executeTakeFirst();
      if (item) throw new Refused({ kind: 'invalid', errors: { uri: [`this uri is a ${item.kind} item, not an article`] } });
      if (existing && existing.lang !== doc.lang) {
        throw new Refused({ kind: 'invalid', errors: { language: [`this uri is stored in ${existing.lang}; a translation is its own document with its own uri`] } });
      }
      const errors: FieldErrors = {};

      let masterTagId: number | null = null;
      if (doc.sectionRoute) {
        const mt = await trx
          .selectFrom('master_tags')
          .select('id')
          .where('lang', '=', doc.lang)
          .where('route_name', '=', doc.sectionRoute)
          .executeTakeFirst();
        if (!mt) {
          const known = await trx.selectFrom('master_tags').select('route_name').where('lang', '=', doc.lang).orderBy('route_name').execute();
          errors.subjects = [`unknown section "${doc.sectionRoute}"; known: ${known.map((k) => k.route_name).join(', ')}`];
        } else masterTagId = mt.id;
      } else if (existing) {
        masterTagId = existing.master_tag_id;
      }

      const translationKey = doc.translationGroup ? `ninjs:${doc.translationGroup}` : (existing?.translation_key ?? `ninjs:${doc.uri}`);
      const clash = await trx
        .selectFrom('articles')
        .select(['id', 'ninjs_uri'])
        .where('translation_key', '=', translationKey)
        .where('lang', '=', doc.lang)
        .where('id', '!=', existing?.id ?? -1)
        .executeTakeFirst();
      if (clash) errors['altids'] = [`another ${doc.lang} article (${clash.ninjs_uri ?? `id ${clash.id}`}) already has this translation value`];

      const media = await resolveMedia(trx, doc, opts.pictures ?? readyWithoutFetch(doc), errors);
      if (Object.keys(errors).length) throw new Refused({ kind: 'invalid', errors });

      const authorId = await authorFor(trx, doc.byline);
      const tagIds = await tagIdsFor(trx, doc.lang, doc.tags);
      const slug = await uniqueSlug(trx, doc.lang, doc.slug, existing?.id ?? null);

      // When it becomes visible: the embargo; else it keeps the time it was
      // first shown; else firstcreated (when past) or now.
      const wasVisible = existing?.status === 'published' && existing.published_at <= nowIso;
      let publishedAt: string;
      if (doc.embargo && doc.embargo > now) publishedAt = doc.embargo.toISOString();
      else if (wasVisible) publishedAt = existing.published_at;
      else if (doc.firstCreated && doc.firstCreated <= now && !existing) publishedAt = doc.firstCreated.toISOString();
      else publishedAt = nowIso;

      const values = {
        lang: doc.lang,
        translation_key: translationKey,
        slug,
        title: doc.title,
        subtitle: doc.subtitle,
        body_html: media.bodyHtml,
        cover_image_id: media.cover,
        video_id: media.videoId,
        master_tag_id: masterTagId,
        author_id: authorId ?? existing?.author_id ?? null,
        status: doc.status,
        published_at: publishedAt,
        updated_at: doc.versionCreated && doc.versionCreated <= now ? doc.versionCreated.toISOString() : nowIso,
        search_text: normalizeSearchText([doc.title, doc.subtitle, ...doc.tags.map((t) => t.name)].join(' ')),
        ninjs_uri: doc.uri,
        ninjs_version: doc.version,
        ninjs_version_created: doc.versionCreated?.toISOString() ?? null,
        byline: doc.byline,
        withdrawn_at: doc.status === 'withdrawn' ? (existing?.withdrawn_at ?? nowIso) : null,
      };

      const beforePaths = shown ? await affectedPaths(trx, shown.id) : [];
      const beforeOwn = shown ? await ownPaths(trx, shown) : [];
      let id: number;
      if (existing) {
        await trx.updateTable('articles').set(values).where('id', '=', existing.id).execute();
        id = existing.id;
        // A slug or section change: the old path keeps leading to the article.
        const oldPath = await pathOf(trx, existing);
        const newPath = await pathOf(trx, { lang: doc.lang, slug, master_tag_id: masterTagId });
        if (shown && oldPath !== newPath) {
          await trx.deleteFrom('article_old_paths').where('path', '=', oldPath).execute();
          await trx.insertInto('article_old_paths').values({ path: oldPath, article_id: id, created_at: nowIso }).execute();
        }
        await trx.deleteFrom('article_old_paths').where('path', '=', newPath).execute();
        await trx.deleteFrom('article_tags').where('article_id', '=', id).execute();
        await trx.deleteFrom('article_images').where('article_id', '=', id).execute();
      } else {
        id = (await trx.insertInto('articles').values(values).returning('id').executeTakeFirstOrThrow()).id;
        await trx.deleteFrom('article_old_paths').where('path', '=', await pathOf(trx, { lang: doc.lang, slug, master_tag_id: masterTagId })).execute();
      }
      if (tagIds.length) {
        await trx.insertInto('article_tags').values(tagIds.map((tag_id, position) => ({ article_id: id, tag_id, position }))).execute();
      }
      const gallery = media.gallery.filter((g, i, all) => g.imageId !== media.cover && all.findIndex((x) => x.imageId === g.imageId) === i);
      if (gallery.length) {
        await trx
          .insertInto('article_images')
          .values(gallery.map((g, position) => ({ article_id: id, image_id: g.imageId, position, caption: g.caption })))
          .execute();
      }

      const row = await trx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const afterPaths = await affectedPaths(trx, id, shown !== undefined);
      const all = [...new Set([...afterPaths, ...beforePaths])];
      const reason = doc.status === 'withdrawn' ? 'withdraw' : shown ? 'update' : 'publish';
      const gone = doc.status === 'withdrawn' ? [...new Set([...beforeOwn, ...(await ownPaths(trx, row))])] : [];
      // Now: whatever changes at once (an update, a withdrawal, an article
      // put back under embargo). At the embargo: the publication itself.
      await recordContentChange(trx, { paths: all.filter((p) => !gone.includes(p)), gone, reason }, now);
      if (doc.status === 'published' && publishedAt > nowIso) {
        await recordContentChange(trx, { paths: afterPaths, reason: 'embargo', dueAt: new Date(publishedAt) }, now);
      }
      const path = await pathOf(trx, row);
      const article = stored(row, path, opts.siteUrl, now);
      await opts.inTransaction?.(trx, article);
      return { kind: shown ? 'updated' : 'created', article } as UpsertResult;
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

/** Withdraws the article of a ninjs uri (410 from now on); null when unknown. */
export async function withdrawNinjsArticle(db: DB, uri: string, opts: UpsertOptions): Promise<StoredArticle | null> {
  const now = opts.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('articles').selectAll().where('ninjs_uri', '=', uri).executeTakeFirst();
    if (!row) return null;
    if (row.status !== 'withdrawn') {
      const paths = await affectedPaths(trx, row.id);
      const gone = await ownPaths(trx, row);
      await trx.updateTable('articles').set({ status: 'withdrawn', withdrawn_at: now.toISOString(), updated_at: now.toISOString() }).where('id', '=', row.id).execute();
      await recordContentChange(trx, { paths: paths.filter((p) => !gone.includes(p)), gone, reason: 'withdraw' }, now);
    }
    const after = await trx.selectFrom('articles').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    const article = stored(after, await pathOf(trx, after), opts.siteUrl, now);
    await opts.inTransaction?.(trx, article);
    return article;
  });
}

/** The stored state of a ninjs uri, or null. */
export async function findNinjsArticle(db: DB, uri: string, siteUrl: string, now = new Date()): Promise<StoredArticle | null> {
  const row = await db.selectFrom('articles').selectAll().where('ninjs_uri', '=', uri).executeTakeFirst();
  return row ? stored(row, await pathOf(db, row), siteUrl, now) : null;
}

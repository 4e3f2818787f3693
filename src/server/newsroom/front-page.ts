/**
 * The front-page content service (ADR 040), shared by the newsroom API
 * (`/api/newsroom/home/{lang}`) and the desk (`/api/desk/front/…`): a
 * layout of story references is checked against the store (each reference
 * an article id or a ninjs uri; a story of the other language, withdrawn or
 * not published by the time the layout goes online is refused, per field),
 * then published as a new numbered version in one transaction with its
 * change-feed record (src/server/content/changes.ts), so the pre-built home
 * pages (and their lite twins) are rendered again and purged like any
 * publication; a version for a time ahead is recorded with the change due
 * then. Nothing is overwritten: the versions are the history.
 */
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/index.ts';
import type { Database, Row } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import { recordContentChange } from '../content/changes.ts';
import { liveFrontVersion, parseLayout } from '../content/home.ts';
import { FRONT_LIMITS, layoutIds, type FrontLayout, type FrontStory, type FrontVersionItem } from '../../lib/front-page.ts';
import { articlePath } from '../../lib/paths.ts';
import { liteTwin } from '../../lib/lite.ts';
import { route } from '../../lib/routes.ts';
import { deskDateTime } from '../../lib/desk-dates.ts';
import * as m from '../../paraglide/messages.js';
import type { FieldErrors } from './envelope.ts';

type Trx = Transaction<Database>;

/** A story reference: an article id, or a ninjs uri (a string of digits is an id too). */
type StoryRef = number | string;

export interface FrontInput {
  slider: StoryRef[];
  une: { title?: string | null | undefined; masterTag?: number | string | null | undefined; items: StoryRef[] }[];
  hot: StoryRef[];
}

type ArticleFacts = Pick<Row<'articles'>, 'id' | 'lang' | 'status' | 'published_at' | 'ninjs_uri'>;

/** Why a reference or a block is refused: the desk words it in the person's language, the newsroom API in English (ADR 031). */
export type FrontProblem =
  | { code: 'unknown' }
  | { code: 'language'; storyLang: Locale }
  | { code: 'withdrawn' }
  | { code: 'unpublished' }
  | { code: 'later'; publishedAt: string }
  | { code: 'twice'; field: string }
  | { code: 'section' }
  | { code: 'block-title' };

/** Why a story may not be on a language's front page going online at `at`; null when it may. */
export function storyRefusal(a: ArticleFacts, lang: Locale, at: Date): FrontProblem | null {
  if (a.lang !== lang) return { code: 'language', storyLang: a.lang };
  if (a.status === 'withdrawn') return { code: 'withdrawn' };
  if (a.status !== 'published') return { code: 'unpublished' };
  if (a.published_at > at.toISOString()) return { code: 'later', publishedAt: a.published_at };
  return null;
}

/** A problem in the desk's words, in `locale`. */
export function problemText(p: FrontProblem, locale: Locale): string {
  const o = { locale };
  switch (p.code) {
    case 'unknown':
      return m.front_err_unknown_story({}, o);
    case 'language':
      return p.storyLang === 'fr' ? m.front_err_french_story({}, o) : m.front_err_arabic_story({}, o);
    case 'withdrawn':
      return m.front_err_withdrawn({}, o);
    case 'unpublished':
      return m.front_err_unpublished({}, o);
    case 'later':
      return m.front_err_later({ when: deskDateTime(p.publishedAt, locale) }, o);
    case 'twice':
      return m.front_err_twice({}, o);
    case 'section':
      return m.front_err_section({}, o);
    case 'block-title':
      return m.front_err_block_title({}, o);
  }
}

const FACTS = ['id', 'lang', 'status', 'published_at', 'ninjs_uri'] as const;

/** The articles a set of references names: by id and by uri. */
async function articlesOf(db: DB | Trx, refs: readonly StoryRef[]): Promise<{ byId: Map<number, ArticleFacts>; byUri: Map<string, ArticleFacts> }> {
  const ids = new Set<number>();
  const uris = new Set<string>();
  for (const r of refs) {
    const id = refId(r);
    if (id !== null) ids.add(id);
    else if (typeof r === 'string' && r.length > 0 && r.length <= 1000) uris.add(r);
  }
  const [a, b] = await Promise.all([
    ids.size ? db.selectFrom('articles').select(FACTS).where('id', 'in', [...ids]).execute() : [],
    uris.size ? db.selectFrom('articles').select(FACTS).where('ninjs_uri', 'in', [...uris]).execute() : [],
  ]);
  return { byId: new Map(a.map((x) => [x.id, x])), byUri: new Map(b.map((x) => [x.ninjs_uri!, x])) };
}

function refId(r: StoryRef): number | null {
  const n = typeof r === 'number' ? r : /^[1-9][0-9]{0,9}$/.test(r) ? Number(r) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

export type Resolved = { ok: true; layout: FrontLayout } | { ok: false; errors: FieldErrors };

/**
 * Checks a layout of references for a language's front page going online
 * at `at`: every reference names a story of that language, published by
 * then, placed once; every block has a title or a master tag of the
 * language. Errors are keyed by field (`une.1.items.3`), worded by `text`.
 */
export async function resolveFrontInput(db: DB | Trx, lang: Locale, input: FrontInput, at: Date, text: (p: FrontProblem) => string): Promise<Resolved> {
  const errors: FieldErrors = {};
  const add = (field: string, p: FrontProblem) => (errors[field] ??= []).push(text(p));
  const all = [...input.slider, ...input.une.flatMap((b) => b.items), ...input.hot];
  const { byId, byUri } = await articlesOf(db, all);
  const placedAt = new Map<number, string>();
  const resolve = (ref: StoryRef, field: string): number | null => {
    const id = refId(ref);
    const a = id !== null ? byId.get(id) : typeof ref === 'string' ? byUri.get(ref) : undefined;
    if (!a) {
      add(field, { code: 'unknown' });
      return null;
    }
    const refused = storyRefusal(a, lang, at);
    if (refused) {
      add(field, refused);
      return null;
    }
    const earlier = placedAt.get(a.id);
    if (earlier) {
      add(field, { code: 'twice', field: earlier });
      return null;
    }
    placedAt.set(a.id, field);
    return a.id;
  };
  const list = (refs: StoryRef[], name: string) => refs.map((r, i) => resolve(r, `${name}.${i}`)).filter((x): x is number => x !== null);

  const masterRefs = input.une.map((b) => b.masterTag).filter((x) => x !== null && x !== undefined);
  const masters = masterRefs.length
    ? await db.selectFrom('master_tags').select(['id', 'route_name']).where('lang', '=', lang).execute()
    : [];
  const slider = list(input.slider, 'slider');
  const une = input.une.map((b, i) => {
    let masterTagId: number | null = null;
    if (b.masterTag !== null && b.masterTag !== undefined) {
      const found = masters.find((mt) => (typeof b.masterTag === 'number' ? mt.id === b.masterTag : mt.route_name === b.masterTag || String(mt.id) === b.masterTag));
      if (found) masterTagId = found.id;
      else add(`une.${i}.masterTag`, { code: 'section' });
    }
    const title = b.title?.trim() || null;
    if (!title && (b.masterTag === null || b.masterTag === undefined)) add(`une.${i}.title`, { code: 'block-title' });
    return { title, masterTagId, items: list(b.items, `une.${i}.items`) };
  });
  const hot = list(input.hot, 'hot');
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, layout: { slider, une, hot } };
}

/** The site paths a language's front page is on: its home page and the lite twin. */
export function frontPagePaths(lang: Locale): string[] {
  const home = route('index', lang);
  return [home, liteTwin(home)].filter((p): p is string => p !== null);
}

/** The newest version number of a language (0: none): what a change must start from. */
export async function frontPageHead(db: DB | Trx, lang: Locale): Promise<number> {
  const row = await db.selectFrom('front_page_versions').select((eb) => eb.fn.max('number').as('n')).where('lang', '=', lang).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface PublishOptions {
  /** When it goes online (a time ahead: scheduled); default now. */
  at?: Date | null;
  /** The head the caller read (If-Match, the desk's working copy): another one is refused as stale. */
  ifHead?: number | null;
  kind?: 'publish' | 'schedule' | 'restore';
  restoredFrom?: number | null;
  userId: number | null;
  /** "Name <e-mail>" of a desk person, "token:<name>" of a newsroom client. */
  actor: string;
  now?: Date;
  /** More writes of the caller's in the same transaction (the desk's audit row, its working copy). */
  inTransaction?: (trx: Trx, version: Row<'front_page_versions'>) => Promise<void>;
}

export type PublishResult = { kind: 'published'; version: Row<'front_page_versions'> } | { kind: 'stale'; head: number };

/** Publishes (or schedules) a checked layout as the language's next version, with its change-feed record. */
export async function publishFrontPage(db: DB, lang: Locale, layout: FrontLayout, opts: PublishOptions): Promise<PublishResult> {
  const attempt = () => publishOnce(db, lang, layout, opts);
  try {
    return await attempt();
  } catch (error) {
    // Two publications racing for one number (PostgreSQL): the loser runs again, and is stale if it named a head.
    if (!/unique|duplicate/i.test(String((error as Error).message))) throw error;
    return attempt();
  }
}

async function publishOnce(db: DB, lang: Locale, layout: FrontLayout, opts: PublishOptions): Promise<PublishResult> {
  const now = opts.now ?? new Date();
  const at = opts.at && opts.at > now ? opts.at : now;
  return db.transaction().execute(async (trx) => {
    const head = await frontPageHead(trx, lang);
    if (opts.ifHead !== undefined && opts.ifHead !== null && opts.ifHead !== head) return { kind: 'stale', head } as const;
    const kind = opts.kind ?? (at > now ? 'schedule' : 'publish');
    const version = await trx
      .insertInto('front_page_versions')
      .values({
        lang,
        number: head + 1,
        layout: JSON.stringify(layout),
        kind,
        restored_from: opts.restoredFrom ?? null,
        effective_at: at.toISOString(),
        canceled_at: null,
        user_id: opts.userId,
        actor: opts.actor.slice(0, 300),
        created_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordContentChange(trx, { paths: frontPagePaths(lang), reason: 'front-page', dueAt: at }, now);
    await opts.inTransaction?.(trx, version);
    return { kind: 'published', version } as const;
  });
}

/** Calls off a scheduled version before its time: true when it was still ahead. */
export async function cancelScheduledFront(db: DB, lang: Locale, number: number, now = new Date(), inTransaction?: (trx: Trx) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('front_page_versions')
      .set({ canceled_at: now.toISOString() })
      .where('lang', '=', lang)
      .where('number', '=', number)
      .where('canceled_at', 'is', null)
      .where('effective_at', '>', now.toISOString())
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
    await inTransaction?.(trx);
    return true;
  });
}

/** One version of a language, or undefined. */
export async function frontVersion(db: DB, lang: Locale, number: number): Promise<Row<'front_page_versions'> | undefined> {
  return db.selectFrom('front_page_versions').selectAll().where('lang', '=', lang).where('number', '=', number).executeTakeFirst();
}

/** The history of a language's front page, newest first (the 50 last). */
export async function listFrontVersions(db: DB, lang: Locale, now = new Date(), limit = 50): Promise<FrontVersionItem[]> {
  const [rows, live] = await Promise.all([
    db.selectFrom('front_page_versions').selectAll().where('lang', '=', lang).orderBy('number', 'desc').limit(limit).execute(),
    liveFrontVersion(db, lang, now),
  ]);
  const nowIso = now.toISOString();
  return rows.map((r) => ({
    number: r.number,
    kind: r.kind,
    state: r.canceled_at ? 'canceled' : r.number === live?.number ? 'live' : r.effective_at > nowIso ? 'scheduled' : 'past',
    effectiveAt: r.effective_at,
    restoredFrom: r.restored_from,
    actor: r.actor,
    createdAt: r.created_at,
    stories: layoutIds(parseLayout(r.layout)).length,
  }));
}

/** A layout as references a client sends back: ids, and the master tag's route name. */
export async function layoutAsInput(db: DB, lang: Locale, layout: FrontLayout): Promise<FrontInput & { une: { title: string | null; masterTag: string | null; items: number[] }[] }> {
  const ids = layout.une.map((b) => b.masterTagId).filter((x): x is number => x !== null);
  const masters = ids.length ? await db.selectFrom('master_tags').select(['id', 'route_name']).where('lang', '=', lang).where('id', 'in', ids).execute() : [];
  return {
    slider: layout.slider,
    une: layout.une.map((b) => ({ title: b.title, masterTag: masters.find((mt) => mt.id === b.masterTagId)?.route_name ?? null, items: b.items })),
    hot: layout.hot,
  };
}


const ref = z.union([z.number().int(), z.string().min(1).max(1000)]);

/** The body of a front page (the newsroom API's PUT, the desk's working copy and publication), bounded before any look-up. */
export const frontInputSchema = z.object({
  slider: z.array(ref).max(FRONT_LIMITS.slider),
  une: z
    .array(
      z.object({
        title: z.string().max(FRONT_LIMITS.title).nullish(),
        masterTag: z.union([z.number().int(), z.string().min(1).max(100)]).nullish(),
        items: z.array(ref).max(FRONT_LIMITS.blockItems),
      }),
    )
    .max(FRONT_LIMITS.blocks),
  hot: z.array(ref).max(FRONT_LIMITS.hot),
});

/** The stories a layout names, as the desk and the API describe them. */
export async function storiesOf(db: DB, ids: readonly number[], now = new Date()): Promise<Record<string, FrontStory>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return {};
  const rows = await db
    .selectFrom('articles')
    .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
    .select(['articles.id', 'articles.lang', 'articles.title', 'articles.slug', 'articles.status', 'articles.published_at', 'articles.ninjs_uri', 'master_tags.name as section', 'master_tags.route_name as route'])
    .where('articles.id', 'in', unique)
    .execute();
  const nowIso = now.toISOString();
  const out: Record<string, FrontStory> = {};
  for (const r of rows) {
    const state = r.status === 'published' && r.published_at > nowIso ? 'scheduled' : r.status;
    out[String(r.id)] = {
      id: r.id,
      lang: r.lang,
      title: r.title,
      state,
      path: r.status === 'published' ? articlePath(r.lang, r.route ?? undefined, r.slug) : null,
      publishedAt: r.published_at,
      section: r.section,
      uri: r.ninjs_uri,
    };
  }
  return out;
}

/**
 * The dossiers' content service (docs/desk.md "Dossiers", docs/newsroom.md
 * "Dossiers"), shared by the newsroom API and the desk: a dossier is made or
 * changed (title, description, its text sanitised like a story's body, its
 * stories in order) or retired, in one transaction with its change-feed
 * record, so the dossier list, the dossier's page (every query of
 * /dossier-special and /special-topic), the sitemap and the pages of the
 * stories that joined or left it are rendered again within seconds.
 */
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/index.ts';
import type { Database, Row } from '../db/schema.ts';
import { otherLocale, type Locale } from '../../i18n/locales.ts';
import { recordContentChange } from '../content/changes.ts';
import { articlePath, dossierPath } from '../../lib/paths.ts';
import { route } from '../../lib/routes.ts';
import { makeSlug } from '../http/slug.ts';
import { sanitizeBody } from './sanitize.ts';
import type { FieldErrors } from './envelope.ts';
import type { FrontProblem } from './front-page.ts';

type Trx = Transaction<Database>;

/** What a dossier holds at most. */
const DOSSIER_LIMITS = { title: 200, description: 1000, body: 60_000, stories: 200 } as const;

const ref = z.union([z.number().int(), z.string().min(1).max(1000)]);

/** A dossier as the API and the desk send it, bounded before any look-up. */
export const dossierInputSchema = z.object({
  title: z.string().trim().min(1).max(DOSSIER_LIMITS.title),
  description: z.string().max(DOSSIER_LIMITS.description).default(''),
  /** HTML, sanitised like a story's body (the desk's editor writes it). */
  body: z.string().max(DOSSIER_LIMITS.body * 4).default(''),
  /** An uploaded picture's id (urn:2m:media:<id> as a number), or null. */
  coverImageId: z.number().int().positive().nullable().optional(),
  /** Its stories, in order: article ids or ninjs uris of its language. */
  stories: z.array(ref).max(DOSSIER_LIMITS.stories).default([]),
  /**
   * The same dossier in the other language (an id), to pair them (a twin it
   * had in this language is unpaired); null unpairs it; absent keeps it.
   */
  translationOf: z.number().int().positive().nullable().optional(),
});
export type DossierInput = z.infer<typeof dossierInputSchema>;

export interface StoredDossier {
  id: number;
  lang: Locale;
  title: string;
  description: string;
  body: string;
  coverImageId: number | null;
  stories: number[];
  path: string;
  retiredAt: string | null;
  updatedAt: string | null;
  translationOf: number | null;
}

/** Every site path a dossier's change alters: the list (both addresses), the language's sitemap; its own page is a query of the list's. */
function dossierPaths(lang: Locale): string[] {
  return [route('dossier-special', lang), route('special-topic', lang), `/${lang}/sitemap.xml`];
}

async function articlePaths(db: DB | Trx, ids: readonly number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('articles')
    .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
    .select(['articles.lang', 'articles.slug', 'articles.status', 'master_tags.route_name'])
    .where('articles.id', 'in', [...ids])
    .execute();
  return rows.filter((r) => r.status === 'published').map((r) => articlePath(r.lang, r.route_name, r.slug));
}

/** The stories of a dossier, in order. */
async function storiesOfDossier(db: DB | Trx, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('articles')
    .select('id')
    .where('dossier_id', '=', id)
    .orderBy((eb) => eb('dossier_position', 'is', null))
    .orderBy('dossier_position')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

async function toStored(db: DB | Trx, row: Row<'dossiers'>): Promise<StoredDossier> {
  const pair = await db
    .selectFrom('dossiers')
    .select('id')
    .where('translation_key', '=', row.translation_key)
    .where('lang', '!=', row.lang)
    .orderBy('id')
    .executeTakeFirst();
  return {
    id: row.id,
    lang: row.lang,
    title: row.title,
    description: row.description,
    body: row.body_html,
    coverImageId: row.cover_image_id,
    stories: await storiesOfDossier(db, row.id),
    path: dossierPath(row.lang, row.id),
    retiredAt: row.retired_at,
    updatedAt: row.updated_at,
    translationOf: pair?.id ?? null,
  };
}

export async function findStoredDossier(db: DB, id: number): Promise<StoredDossier | null> {
  const row = await db.selectFrom('dossiers').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toStored(db, row) : null;
}

/** A language's dossiers (retired ones too, last), for the desk and the API. */
export async function listStoredDossiers(db: DB, lang: Locale): Promise<(Omit<StoredDossier, 'body' | 'stories'> & { storyCount: number })[]> {
  const rows = await db.selectFrom('dossiers').selectAll().where('lang', '=', lang).orderBy((eb) => eb('retired_at', 'is not', null)).orderBy('position').orderBy('id').execute();
  const counts = rows.length
    ? await db
        .selectFrom('articles')
        .select(['dossier_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('dossier_id', 'in', rows.map((r) => r.id))
        .groupBy('dossier_id')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    lang: r.lang,
    title: r.title,
    description: r.description,
    coverImageId: r.cover_image_id,
    path: dossierPath(r.lang, r.id),
    retiredAt: r.retired_at,
    updatedAt: r.updated_at,
    translationOf: null,
    storyCount: Number(counts.find((c) => c.dossier_id === r.id)?.n ?? 0),
  }));
}

export type DossierResult = { kind: 'saved'; dossier: StoredDossier; created: boolean } | { kind: 'invalid'; errors: FieldErrors } | { kind: 'not-found' };

class Refused extends Error {
  readonly errors: FieldErrors;
  constructor(errors: FieldErrors) {
    super('refused');
    this.errors = errors;
  }
}

/**
 * Makes (id null) or changes a dossier of `lang`: its stories must be of
 * that language and not withdrawn (a draft joins, and shows once
 * published); errors per field (`stories.3`), worded by `text`.
 */
export async function saveDossier(
  db: DB,
  id: number | null,
  lang: Locale,
  input: DossierInput,
  opts: { text: (p: FrontProblem) => string; now?: Date; inTransaction?: (trx: Trx, dossier: StoredDossier, before: StoredDossier | null) => Promise<void> },
): Promise<DossierResult> {
  const now = opts.now ?? new Date();
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = id === null ? undefined : await trx.selectFrom('dossiers').selectAll().where('id', '=', id).executeTakeFirst();
      if (id !== null && (!existing || existing.lang !== lang)) return { kind: 'not-found' } as const;
      const before = existing ? await toStored(trx, existing) : null;
      const errors: FieldErrors = {};
      const add = (field: string, p: FrontProblem) => (errors[field] ??= []).push(opts.text(p));
      const numeric = input.stories.map((r) => (typeof r === 'number' ? r : /^[1-9][0-9]{0,9}$/.test(r) ? Number(r) : null));
      const uris = input.stories.filter((_, i) => numeric[i] === null) as string[];
      const ids = numeric.filter((n): n is number => n !== null && n <= 2_147_483_647);
      const found = [
        ...(ids.length ? await trx.selectFrom('articles').select(['id', 'lang', 'status', 'ninjs_uri']).where('id', 'in', ids).execute() : []),
        ...(uris.length ? await trx.selectFrom('articles').select(['id', 'lang', 'status', 'ninjs_uri']).where('ninjs_uri', 'in', uris).execute() : []),
      ];
      const stories: number[] = [];
      input.stories.forEach((r, i) => {
        const field = `stories.${i}`;
        const a = found.find((x) => (numeric[i] !== null ? x.id === numeric[i] : x.ninjs_uri === r));
        if (!a) add(field, { code: 'unknown' });
        else if (a.lang !== lang) add(field, { code: 'language', storyLang: a.lang });
        else if (a.status === 'withdrawn') add(field, { code: 'withdrawn' });
        else if (stories.includes(a.id)) add(field, { code: 'twice', field: `stories.${stories.indexOf(a.id)}` });
        else stories.push(a.id);
      });
      if (input.coverImageId) {
        const img = await trx.selectFrom('images').select('id').where('id', '=', input.coverImageId).executeTakeFirst();
        if (!img) (errors.coverImageId ??= []).push(opts.text({ code: 'unknown' }));
      }
      const freshKey = () => `dossier:${lang}:${now.getTime()}:${Math.random().toString(36).slice(2, 8)}`;
      let translationKey = existing?.translation_key ?? freshKey();
      // null: unpaired from its twin (a key of its own); an id: that dossier's key.
      if (input.translationOf === null && before?.translationOf) translationKey = freshKey();
      if (input.translationOf) {
        const other = await trx.selectFrom('dossiers').select(['lang', 'translation_key']).where('id', '=', input.translationOf).executeTakeFirst();
        if (!other || other.lang === lang) (errors.translationOf ??= []).push(opts.text({ code: 'unknown' }));
        else translationKey = other.translation_key;
      }
      if (Object.keys(errors).length) throw new Refused(errors);
      const repaired = translationKey !== existing?.translation_key;
      // Its new twin's former twin in this language, if any, is unpaired: a dossier has one twin.
      if (repaired && input.translationOf) {
        for (const old of await trx.selectFrom('dossiers').select('id').where('translation_key', '=', translationKey).where('lang', '=', lang).where('id', '!=', existing?.id ?? 0).execute()) {
          await trx.updateTable('dossiers').set({ translation_key: `dossier:${lang}:${now.getTime()}:${old.id}` }).where('id', '=', old.id).execute();
        }
      }

      const values = {
        title: input.title.trim(),
        description: input.description.trim(),
        body_html: input.body ? sanitizeBody(input.body) : '',
        cover_image_id: input.coverImageId === undefined ? (existing?.cover_image_id ?? null) : input.coverImageId,
        slug: makeSlug(input.title, { max: 80 }) || 'dossier',
        translation_key: translationKey,
        updated_at: now.toISOString(),
      };
      let dossierId: number;
      if (existing) {
        await trx.updateTable('dossiers').set(values).where('id', '=', existing.id).execute();
        dossierId = existing.id;
      } else {
        const last = await trx.selectFrom('dossiers').select((eb) => eb.fn.max('position').as('p')).where('lang', '=', lang).executeTakeFirst();
        dossierId = (await trx.insertInto('dossiers').values({ ...values, lang, position: Number(last?.p ?? 0) + 1, retired_at: null }).returning('id').executeTakeFirstOrThrow()).id;
      }
      const left = (before?.stories ?? []).filter((s) => !stories.includes(s));
      if (left.length) await trx.updateTable('articles').set({ dossier_id: null, dossier_position: null }).where('id', 'in', left).execute();
      for (const [position, articleId] of stories.entries()) {
        await trx.updateTable('articles').set({ dossier_id: dossierId, dossier_position: position }).where('id', '=', articleId).execute();
      }
      // A story taken from another dossier: that dossier's pages change too (they are the same list pages).
      const row = await trx.selectFrom('dossiers').selectAll().where('id', '=', dossierId).executeTakeFirstOrThrow();
      const dossier = await toStored(trx, row);
      // A new pairing changes the other language's pages and sitemap too (their alternates).
      const paired = repaired && (existing || input.translationOf) ? dossierPaths(otherLocale(lang)) : [];
      await recordContentChange(trx, { paths: [...dossierPaths(lang), ...paired, ...(await articlePaths(trx, [...new Set([...left, ...stories])]))], reason: 'dossier' }, now);
      await opts.inTransaction?.(trx, dossier, before);
      return { kind: 'saved', dossier, created: !existing } as const;
    });
  } catch (error) {
    if (error instanceof Refused) return { kind: 'invalid', errors: error.errors };
    throw error;
  }
}

/** Retires a dossier: its page answers 410, it leaves the list and the sitemap, its stories leave it. Null when unknown. */
export async function retireDossier(db: DB, id: number, opts: { now?: Date; inTransaction?: (trx: Trx, dossier: StoredDossier) => Promise<void> } = {}): Promise<StoredDossier | null> {
  const now = opts.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('dossiers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    if (!row.retired_at) {
      const stories = await storiesOfDossier(trx, id);
      await trx.updateTable('dossiers').set({ retired_at: now.toISOString(), updated_at: now.toISOString() }).where('id', '=', id).execute();
      if (stories.length) await trx.updateTable('articles').set({ dossier_id: null, dossier_position: null }).where('dossier_id', '=', id).execute();
      await recordContentChange(trx, { paths: [...dossierPaths(row.lang), ...(await articlePaths(trx, stories))], reason: 'dossier-retire' }, now);
    }
    const dossier = await toStored(trx, await trx.selectFrom('dossiers').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    await opts.inTransaction?.(trx, dossier);
    return dossier;
  });
}

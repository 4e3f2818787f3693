/**
 * The newsroom's breaking news (ADR 011): each language's ticker is
 * one ordered list, set as a whole (new items, items kept by id, in the
 * order given: that is also how a list is reordered) or cleared. Each change
 * is one transaction with its change-feed record. The ticker
 * (`src/server/content/breaking.ts`, `/api/getBreakingNews`) reads the
 * store at every request; open pages see a change at their next refresh.
 */
import { z } from 'zod';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import { recordContentChange } from '../content/changes.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** At most this many headlines per language. */
const MAX_BREAKING_ITEMS = 20;

const link = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => /^\/(?!\/)/.test(u) || /^https?:\/\/[^\s/]+/i.test(u), 'must be a site path (/fr/…) or an http(s) URL');

const isoInstant = z.string().refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date-time');

const breakingItemInput = z
  .object({
    /** An item already in the list (kept, with any field given here changed). */
    id: z.number().int().positive().optional(),
    title: z.string().trim().min(1).max(300).optional(),
    /** Where the headline links: a site path or an http(s) URL. */
    url: link.optional(),
    /** An article of the same language (linked when no url is given). */
    articleId: z.number().int().positive().optional(),
    /** Shown from (default now) until (default: until removed). */
    startsAt: isoInstant.optional(),
    endsAt: isoInstant.nullable().optional(),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (item.id === undefined && item.title === undefined) ctx.addIssue({ code: 'custom', path: ['title'], message: 'a new item needs a title' });
    if (item.id === undefined && item.url === undefined && item.articleId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'a new item needs a url or an articleId' });
    }
    if (item.startsAt && item.endsAt && Date.parse(item.endsAt) <= Date.parse(item.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
    }
  });

export const breakingListInput = z
  .object({
    items: z.array(breakingItemInput).min(1, 'at least one item (DELETE clears the list)').max(MAX_BREAKING_ITEMS),
  })
  .strict();

export type BreakingListInput = z.infer<typeof breakingListInput>;

export interface BreakingItem {
  id: number;
  title: string;
  url: string;
  articleId: number | null;
  position: number;
  startsAt: string;
  endsAt: string | null;
}

export type FieldErrors = Record<string, string[]>;

export class BreakingInputError extends Error {
  readonly errors: FieldErrors;
  constructor(errors: FieldErrors) {
    super(Object.entries(errors).map(([k, v]) => `${k}: ${v.join(', ')}`).join('; '));
    this.errors = errors;
  }
}

/** zod issues as { "items.0.title": ["…"] }. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** The site paths a change of one language's ticker alters: the ticker API and the home page (its reserved height). */
function breakingPaths(lang: Locale): string[] {
  return ['/api/getBreakingNews', route('index', lang)];
}

/** Every item of one language's list (active or not yet / no longer), in ticker order. */
export async function listBreaking(db: Db, lang: Locale): Promise<BreakingItem[]> {
  const rows = await db
    .selectFrom('breaking_news')
    .selectAll()
    .where('lang', '=', lang)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    url: r.url,
    articleId: r.article_id,
    position: r.position,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
  }));
}

/**
 * Replaces one language's list with `input.items`, in that order: items
 * with an `id` are kept (their given fields changed), the others are
 * created, and the language's items not listed are removed. Throws
 * BreakingInputError (nothing changed) for an unknown id or article.
 */
export async function setBreaking(db: DB, lang: Locale, input: BreakingListInput, now: Date = new Date()): Promise<BreakingItem[]> {
  return db.transaction().execute(async (trx) => {
    const existing = new Map((await listBreaking(trx, lang)).map((i) => [i.id, i]));
    const errors: FieldErrors = {};
    const seen = new Set<number>();
    const articleIds = [...new Set(input.items.map((i) => i.articleId).filter((x): x is number => x !== undefined))];
    const articles = articleIds.length
      ? new Set((await trx.selectFrom('articles').select('id').where('id', 'in', articleIds).where('lang', '=', lang).execute()).map((a) => a.id))
      : new Set<number>();
    input.items.forEach((item, i) => {
      if (item.id !== undefined) {
        if (!existing.has(item.id)) (errors[`items.${i}.id`] ??= []).push(`no ${lang} breaking-news item ${item.id}`);
        else if (seen.has(item.id)) (errors[`items.${i}.id`] ??= []).push(`item ${item.id} is listed twice`);
        seen.add(item.id);
      }
      if (item.articleId !== undefined && !articles.has(item.articleId)) {
        (errors[`items.${i}.articleId`] ??= []).push(`no ${lang} article ${item.articleId}`);
      }
    });
    if (Object.keys(errors).length) throw new BreakingInputError(errors);

    const keep = [...seen];
    let removed = trx.deleteFrom('breaking_news').where('lang', '=', lang);
    if (keep.length) removed = removed.where('id', 'not in', keep);
    await removed.execute();
    const at = now.toISOString();
    for (const [i, item] of input.items.entries()) {
      const position = i + 1;
      if (item.id !== undefined) {
        await trx
          .updateTable('breaking_news')
          .set({
            position,
            ...(item.title !== undefined ? { title: item.title } : {}),
            ...(item.url !== undefined ? { url: item.url } : {}),
            ...(item.articleId !== undefined ? { article_id: item.articleId } : {}),
            ...(item.startsAt !== undefined ? { starts_at: new Date(item.startsAt).toISOString() } : {}),
            ...(item.endsAt !== undefined ? { ends_at: item.endsAt === null ? null : new Date(item.endsAt).toISOString() } : {}),
          })
          .where('id', '=', item.id)
          .execute();
      } else {
        await trx
          .insertInto('breaking_news')
          .values({
            lang,
            title: item.title!,
            // '' links the item to its article (src/server/content/breaking.ts).
            url: item.url ?? '',
            article_id: item.articleId ?? null,
            position,
            starts_at: item.startsAt ? new Date(item.startsAt).toISOString() : at,
            ends_at: item.endsAt ? new Date(item.endsAt).toISOString() : null,
          })
          .execute();
      }
    }
    await recordContentChange(trx, { paths: breakingPaths(lang), reason: `breaking ${lang}` }, now);
    return listBreaking(trx, lang);
  });
}

/** Empties one language's ticker; returns how many items it held. */
export async function clearBreaking(db: DB, lang: Locale, now: Date = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('breaking_news').where('lang', '=', lang).executeTakeFirst();
    await recordContentChange(trx, { paths: breakingPaths(lang), reason: `breaking ${lang} cleared` }, now);
    return Number(result.numDeletedRows);
  });
}

/**
 * The API route registry's building blocks. Every /api path is declared once
 * with zod schemas for its path parameters, query and `response` payload; the
 * same declaration drives request validation, the envelope, Cache-Control,
 * the OpenAPI document and the contract tests.
 */
import { z } from 'zod';
import type { DB } from '../db/index.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';

export type CachePolicy = 'live' | 'short' | 'medium' | 'long' | 'private';

export const CACHE_CONTROL: Record<CachePolicy, string> = {
  /** Breaking news, live section: seconds matter. */
  live: 'public, max-age=15, s-maxage=15, stale-while-revalidate=30',
  /** Lists that change as the newsroom publishes. */
  short: 'public, max-age=60, s-maxage=60, stale-while-revalidate=300',
  /** One article, one programme: edits are rare after publication. */
  medium: 'public, max-age=300, s-maxage=600, stale-while-revalidate=3600',
  /** Reference data (static pages, tag lists, the OpenAPI document). */
  long: 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400',
  private: 'private, no-store',
};

export interface ApiContext {
  db: DB;
  locale: Locale;
  request: Request;
  url: URL;
  /** The request's time (siteNow). */
  now: Date;
  /**
   * For an answer that marks what is on air: the instant (ms) it stops being
   * true, or null. The answer's cache lifetimes end by then.
   */
  changesAt(at: number | null): void;
}

/** Thrown by a handler when the addressed item does not exist. */
export class NotFoundError extends Error {
  constructor(what = 'not found') {
    super(what);
  }
}

/** Returned by a handler to answer 204 No Content (e.g. no breaking news). */
export const NO_CONTENT = Symbol('no-content');

type AnyObject = z.ZodObject<z.ZodRawShape>;

/** A sample request for the contract tests: path params and query as strings. */
export interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
}

export interface RouteDef<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  /** OpenAPI-style path, exactly as in docs/product.md, API: /api/postdetails/{id} */
  path: string;
  summary: string;
  /** OpenAPI tag (group). */
  group: string;
  params?: P;
  query?: Q;
  response: R;
  cache: CachePolicy;
  /** True when the answer may be 204 No Content. */
  mayBeEmpty?: boolean;
  handler: (
    ctx: ApiContext,
    input: { params: z.output<P>; query: z.output<Q> },
  ) => Promise<z.input<R> | typeof NO_CONTENT>;
  /** For the contract tests: a request that hits an existing item (from the store). */
  sample?: (db: DB) => Promise<Sample>;
  /** For the contract tests: a well-formed request for an item that does not exist. */
  unknownSample?: Sample;
  /** For the contract tests: a malformed request (400). */
  malformedSample?: Sample;
}

export function defineRoute<P extends AnyObject, Q extends AnyObject, R extends z.ZodType>(
  def: RouteDef<P, Q, R>,
): RouteDef<P, Q, R> {
  return def;
}

/* ---- common parameter schemas ---- */

/** A positive integer id from a path segment ("12"); anything else is a 400. */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive integer')
  .transform(Number)
  .describe('positive integer id');

/** A 1-based page number from a path segment. */
export const pageParam = z
  .string()
  .regex(/^[1-9][0-9]{0,5}$/, 'must be a page number from 1')
  .transform(Number)
  .describe('page number, from 1');

/** A URL slug: lowercase letters (Latin or Arabic), digits and hyphens. */
export const slugParam = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N}\p{M}-]*$/u, 'must be a slug')
  .describe('slug');

export const langParam = z.enum(LOCALES);

/* ---- the envelope ---- */

const headerSchema = z.object({
  status: z.enum(['OK', 'ERROR']),
  code: z.number().int(),
  message: z.string().optional(),
});

export function envelopeSchema<R extends z.ZodType>(response: R) {
  return z.object({ header: headerSchema, response });
}

export const errorEnvelopeSchema = z.object({
  header: headerSchema.extend({
    status: z.literal('ERROR'),
    /** Per-field problems for a 400/422. */
    errors: z.record(z.string(), z.array(z.string())).optional(),
  }),
  response: z.null(),
});

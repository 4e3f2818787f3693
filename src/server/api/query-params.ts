/**
 * The query parameters each GET route of the API reads: the keys of its
 * query schema, and `lang` (readLocale). Any other parameter is dropped by
 * the schema and changes nothing in the answer, so the front server's page
 * cache leaves it out of the key (ADR 010: a random query string
 * cannot force a render). Computed in a render worker (render-worker.ts),
 * handed to the front server as plain data.
 */
import { compilePathTemplate } from '../http/path-template.ts';
import type { RouteDef } from './define.ts';

export interface ApiQueryRule {
  /** The route's path as a regular expression's source (path-template.ts). */
  pattern: string;
  params: string[];
}

export function apiQueryRules(routes: readonly RouteDef[]): ApiQueryRule[] {
  return routes
    .filter((r) => r.method === 'GET')
    .map((r) => ({ pattern: compilePathTemplate(r.path).regex.source, params: ['lang', ...Object.keys(r.query?.shape ?? {})] }));
}

/** The parameters an /api path reads, or null when no GET route of the registry answers it (all count). */
export function apiQueryParamsOf(rules: readonly ApiQueryRule[]): (pathname: string) => readonly string[] | null {
  const compiled = rules.map((r) => ({ regex: new RegExp(r.pattern), params: r.params }));
  return (pathname) => compiled.find((r) => r.regex.test(pathname))?.params ?? null;
}

/**
 * Route aliases (src/build/route-aliases.ts, ADR 050): every alias is
 * injected, names a page file that exists, and is an address of the site's
 * named routes (src/lib/routes.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_ALIASES, routeAliases } from '../../src/build/route-aliases.ts';
import { route, type RouteName } from '../../src/lib/routes.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('route aliases', () => {
  it('injects every alias with its page file', () => {
    const injected: { pattern: string; entrypoint: string | URL }[] = [];
    const setup = routeAliases().hooks['astro:config:setup'] as (o: { injectRoute: (r: { pattern: string; entrypoint: string | URL }) => void }) => void;
    setup({ injectRoute: (r) => injected.push(r) });
    expect(injected).toEqual(Object.entries(ROUTE_ALIASES).map(([pattern, entrypoint]) => ({ pattern, entrypoint })));
    expect(injected.length).toBeGreaterThanOrEqual(7);
  });

  it('points at page files that exist, each answering /[lang] and its alias', () => {
    for (const [pattern, file] of Object.entries(ROUTE_ALIASES)) {
      expect(existsSync(path.join(root, file)), `${pattern} → ${file}`).toBe(true);
      expect(file).toMatch(/^\.\/src\/pages\/\[lang\]\/[\w-]+\.astro$/);
      // The alias is the address of a named route: its last segment is the route's name.
      const name = pattern.split('/').pop() as RouteName;
      const withLang = pattern.startsWith('/[lang]/');
      // Aliased routes take no parameter besides the language.
      const address = route as (name: RouteName, lang: Parameters<typeof route>[1]) => string;
      expect(address(name, withLang ? 'fr' : 'ar')).toBe(withLang ? pattern.replace('[lang]', 'fr') : pattern);
    }
  });
});

/**
 * Route aliases: addresses that are the same page as another route, served
 * by that route's own page file instead of a copy of it. Astro's
 * `injectRoute` (a public integration API) adds each pattern beside the
 * file-based routes, with the same priority rules; the page tells which
 * address it answers from its path (`Astro.url.pathname`).
 *
 *   /[lang]/special-topic   → [lang]/dossier-special.astro (canonical: /dossier-special)
 *   /[lang]/search-result   → [lang]/search.astro
 *   /[lang]/castings, /casting, /castings → [lang]/casting.astro
 *   /shows, /talents        → [lang]/shows.astro, [lang]/talents.astro
 *
 * The unprefixed sections (/shows, /casting, /castings, /talents:
 * docs/product.md, Languages and redirects) have no `lang`: their page
 * answers in the `locale` cookie's language (src/server/pages/route-locale.ts).
 */
import type { AstroIntegration } from 'astro';

/** Alias pattern → the page file (from the project's root) that answers it. */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/[lang]/special-topic': './src/pages/[lang]/dossier-special.astro',
  '/[lang]/search-result': './src/pages/[lang]/search.astro',
  '/[lang]/castings': './src/pages/[lang]/casting.astro',
  '/casting': './src/pages/[lang]/casting.astro',
  '/castings': './src/pages/[lang]/casting.astro',
  '/shows': './src/pages/[lang]/shows.astro',
  '/talents': './src/pages/[lang]/talents.astro',
};

export function routeAliases(): AstroIntegration {
  return {
    name: '2m:route-aliases',
    hooks: {
      'astro:config:setup': ({ injectRoute }) => {
        for (const [pattern, entrypoint] of Object.entries(ROUTE_ALIASES)) injectRoute({ pattern, entrypoint });
      },
    },
  };
}

/**
 * The pages the phone benchmarks visit (ADR 014: home, article, live and
 * TV guide, in both languages) and their shared command-line selection
 * (`--only home,guide`, `--lang fr`): bench-lighthouse.ts and
 * bench-main-thread.ts.
 */
import type { Locale } from '../src/i18n/locales.ts';
import { route } from '../src/lib/routes.ts';

const PAGE_TYPES = ['home', 'article', 'live', 'guide'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

const LOCALES: readonly Locale[] = ['ar', 'fr'];

/** The newest article of `lang`, as the site's API lists it. */
async function articlePath(base: string, lang: Locale): Promise<string> {
  const res = await fetch(new URL('/api/articlesrecent', base), { headers: { locale: lang, accept: 'application/json' } });
  const body = (await res.json()) as { response?: { articles?: { path?: string }[] } };
  const p = body.response?.articles?.[0]?.path;
  if (!p) throw new Error(`no article found through /api/articlesrecent (${lang})`);
  return p;
}

/** The path of a page type in `lang` on the site at `base`. */
export async function pathOf(base: string, type: PageType, lang: Locale): Promise<string> {
  switch (type) {
    case 'home':
      return route('index', lang);
    case 'article':
      return articlePath(base, lang);
    case 'live':
      return route('live', lang);
    case 'guide':
      return route('guidetv', lang);
  }
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The page types and languages chosen on the command line (`--only`, `--lang`; default all). */
export function selectedPages(): { types: PageType[]; langs: Locale[] } {
  const only = option('only')?.split(',') ?? [...PAGE_TYPES];
  return { types: PAGE_TYPES.filter((t) => only.includes(t)), langs: (option('lang')?.split(',') ?? [...LOCALES]) as Locale[] };
}

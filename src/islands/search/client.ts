/**
 * The search box's requests (docs/product.md, Search box, States, Errors, Limits): `/api/Search/1` with
 * the `locale` header, grouped and cut to the box's limits.
 *
 * `createSearcher` runs one search at a time: each new query (a keystroke)
 * aborts the request before it, waits SEARCH_DELAY_MS of quiet typing
 * before asking, and delivers an answer only if it is for the latest query,
 * so a slow, stale answer never replaces a newer one. A failed request is
 * logged to the console; a cancelled one is ignored.
 */
import type { Locale } from '../../i18n/locales.ts';
import { cut } from '../../lib/text.ts';
import { siteFetch } from '../../lib/api-client.ts';

/** docs/product.md, Limits: at most 3 articles, 4 emissions, 4 tags; titles cut at 80 characters. */
const SEARCH_LIMITS = { articles: 3, emissions: 4, tags: 4 } as const;
const SEARCH_TITLE_MAX = 80;
/** docs/product.md, Limits "Fetch minimum delay 200 ms": quiet time after the last keystroke before asking. */
export const SEARCH_DELAY_MS = 200;
/** Shortest query the box asks about, in characters. */
export const SEARCH_MIN_CHARS = 2;
/** Longest query the API takes. */
export const SEARCH_MAX_CHARS = 100;

export interface SearchItem {
  id: number;
  /** Shown text: a tag's or emission's name, an article's title cut to 80 characters. */
  label: string;
  /** Full text, when `label` was cut. */
  full: string;
  path: string;
}

export interface SearchGroups {
  tags: SearchItem[];
  emissions: SearchItem[];
  articles: SearchItem[];
}

/** The query as the box sends it: white space collapsed, trimmed, at most 100 characters. */
export function cleanQuery(raw: string): string {
  return [...raw.replace(/\s+/g, ' ').trim()].slice(0, SEARCH_MAX_CHARS).join('').trim();
}

const isAbort = (e: unknown): boolean =>
  (e instanceof DOMException || e instanceof Error) && e.name === 'AbortError';

interface Named {
  id?: unknown;
  name?: unknown;
  title?: unknown;
  path?: unknown;
}

function items(list: unknown, field: 'name' | 'title', max: number, titleMax?: number): SearchItem[] {
  if (!Array.isArray(list)) throw new Error('malformed search answer');
  return (list as Named[])
    .filter((x) => typeof x?.id === 'number' && typeof x[field] === 'string' && typeof x.path === 'string')
    .slice(0, max)
    .map((x) => {
      const full = x[field] as string;
      return { id: x.id as number, full, label: titleMax ? cut(full, titleMax) : full, path: x.path as string };
    });
}

/** One search: the three groups, or an error (AbortError when cancelled). */
export async function fetchSearch(query: string, locale: Locale, signal: AbortSignal): Promise<SearchGroups> {
  const res = await siteFetch(`/api/Search/1?search=${encodeURIComponent(query)}`, {
    headers: { locale, accept: 'application/json' },
    signal,
  });
  if (!res.ok) throw new Error(`search answered HTTP ${res.status}`);
  const body = (await res.json()) as { response?: { Tags?: unknown; Emissions?: unknown; Article?: unknown } };
  const r = body.response;
  if (!r) throw new Error('malformed search answer');
  return {
    tags: items(r.Tags, 'name', SEARCH_LIMITS.tags),
    emissions: items(r.Emissions, 'name', SEARCH_LIMITS.emissions),
    articles: items(r.Article, 'title', SEARCH_LIMITS.articles, SEARCH_TITLE_MAX),
  };
}

export type SearchState =
  | { status: 'idle'; query: string }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; groups: SearchGroups }
  | { status: 'error'; query: string };

export interface Searcher {
  /** A new query (each keystroke): cancels whatever is pending. */
  search(query: string): void;
  /** Cancel whatever is pending (the box closes or unmounts). */
  cancel(): void;
}

export function createSearcher(
  locale: Locale,
  onState: (state: SearchState) => void,
  opts: { delayMs?: number; fetcher?: typeof fetchSearch } = {},
): Searcher {
  const delayMs = opts.delayMs ?? SEARCH_DELAY_MS;
  const fetcher = opts.fetcher ?? fetchSearch;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let latest = 0;

  const cancel = () => {
    latest++;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = undefined;
  };

  return {
    cancel,
    search(raw: string) {
      cancel();
      const query = cleanQuery(raw);
      if ([...query].length < SEARCH_MIN_CHARS) {
        onState({ status: 'idle', query });
        return;
      }
      const id = latest;
      onState({ status: 'loading', query });
      timer = setTimeout(() => {
        timer = undefined;
        const own = new AbortController();
        controller = own;
        fetcher(query, locale, own.signal).then(
          (groups) => {
            if (id !== latest) return;
            controller = undefined;
            onState({ status: 'done', query, groups });
          },
          (error: unknown) => {
            if (isAbort(error) || id !== latest) return;
            controller = undefined;
            console.error('search request failed', error);
            onState({ status: 'error', query });
          },
        );
      }, delayMs);
    },
  };
}

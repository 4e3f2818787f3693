/**
 * The site's named routes (docs/product.md, Routes) and one typed helper to build their
 * paths. Every internal link goes through `route()`, so a route that moves
 * moves everywhere.
 *
 *   route('post-id', 'fr', { id: 12 })            → /fr/post/12
 *   route('tag-url', 'ar', { tag: 'sport', url: 'x' }) → /ar/sport/x
 */
import type { Locale } from '../i18n/locales.ts';

type P<K extends string> = Record<K, string | number>;

/** Route name → parameters it needs. `never` = none. */
interface RouteParams {
  index: never;
  casting: never;
  castings: never;
  talents: never;
  'dossier-special': never;
  'dossier-special-id': P<'id'>;
  'special-topic': never;
  guidetv: never;
  shows: never;
  starlight: never;
  search: never;
  'search-result': never;
  error: never;
  'navigationlinks-page': P<'page'>;
  'navigationlinks-mag': never;
  'navigationlinks-conditions': never;
  'navigationlinks-mentions-legales': never;
  'navigationlinks-charte2m': never;
  'navigationlinks-recevoir2m': never;
  'navigationlinks-partenariat': never;
  'navigationlinks-commission-programme': never;
  'posts-tagold': never;
  'posts-tag-id': P<'id'>;
  'post-id': P<'id'>;
  'replay-news': never;
  'replay-news-type': P<'type'>;
  'replay-news-type-id': P<'type' | 'id'>;
  'replay-starlight': never;
  'replay-starlight-sub': P<'sub'>;
  'replay-by2m-id': Partial<P<'id'>>;
  'replay-by2m-single-id': P<'id'>;
  'replay-single': P<'id'>;
  'replay-id': Partial<P<'id'>>;
  'user-u-id': Partial<P<'id'>>;
  'tag-url': { tag: string; url?: string };
  'lite-index': never;
  'lite-article': { tag: string; url: string };
  live: never;
  'live-embed': never;
  newsletter: never;
  'newsletter-confirm': never;
  'newsletter-unsubscribe': never;
  contact: never;
  prieres: never;
}

export type RouteName = keyof RouteParams;

type Args<N extends RouteName> = [RouteParams[N]] extends [never] ? [] : [params: RouteParams[N]];

const enc = (v: string | number) => encodeURIComponent(String(v));
/** A slug segment: kept as written (Arabic slugs stay readable), only what would break a path escaped. */
const slug = (v: string | number) => String(v).replace(/[/?#%\s]/g, (c) => encodeURIComponent(c));
const opt = (v: string | number | undefined) => (v === undefined || v === '' ? '' : `/${enc(v)}`);

const BUILDERS: { [N in RouteName]: (p: RouteParams[N]) => string } = {
  index: () => '',
  casting: () => '/casting',
  castings: () => '/castings',
  talents: () => '/talents',
  'dossier-special': () => '/dossier-special',
  'dossier-special-id': (p) => `/dossier-special?id=${enc(p.id)}`,
  'special-topic': () => '/special-topic',
  guidetv: () => '/guidetv',
  shows: () => '/shows',
  starlight: () => '/starlight',
  search: () => '/search',
  'search-result': () => '/search-result',
  error: () => '/error',
  'navigationlinks-page': (p) => `/navigationlinks/${enc(p.page)}`,
  'navigationlinks-mag': () => '/navigationlinks/mag',
  'navigationlinks-conditions': () => '/navigationlinks/conditions',
  'navigationlinks-mentions-legales': () => '/navigationlinks/mentions-legales',
  'navigationlinks-charte2m': () => '/navigationlinks/charte2m',
  'navigationlinks-recevoir2m': () => '/navigationlinks/recevoir2m',
  'navigationlinks-partenariat': () => '/navigationlinks/partenariat',
  'navigationlinks-commission-programme': () => '/navigationlinks/commission-programme',
  'posts-tagold': () => '/posts/tagold',
  'posts-tag-id': (p) => `/posts/tag/${enc(p.id)}`,
  'post-id': (p) => `/post/${enc(p.id)}`,
  'replay-news': () => '/replay/news',
  'replay-news-type': (p) => `/replay/news/${enc(p.type)}`,
  'replay-news-type-id': (p) => `/replay/news/${enc(p.type)}/${enc(p.id)}`,
  'replay-starlight': () => '/replay/starlight',
  'replay-starlight-sub': (p) => `/replay/starlight/${p.sub}`,
  'replay-by2m-id': (p) => `/replay/by2m${opt(p.id)}`,
  'replay-by2m-single-id': (p) => `/replay/by2m/single/${enc(p.id)}`,
  'replay-single': (p) => `/replay/single/${enc(p.id)}`,
  'replay-id': (p) => `/replay${opt(p.id)}`,
  'user-u-id': (p) => `/user/u${opt(p.id)}`,
  'tag-url': (p) => `/${slug(p.tag)}${p.url === undefined || p.url === '' ? '' : `/${slug(p.url)}`}`,
  'lite-index': () => '/lite',
  'lite-article': (p) => `/lite/${slug(p.tag)}/${slug(p.url)}`,
  live: () => '/live',
  'live-embed': () => '/live/embed',
  newsletter: () => '/newsletter',
  'newsletter-confirm': () => '/newsletter/confirm',
  'newsletter-unsubscribe': () => '/newsletter/unsubscribe',
  contact: () => '/contact',
  prieres: () => '/prieres',
};

/**
 * Path of a named route in a language. The unprefixed sections (shows,
 * casting, castings, talents: docs/product.md, Languages and redirects) have no /ar form: Arabic links
 * to them carry no prefix.
 */
export function route<N extends RouteName>(name: N, lang: Locale, ...args: Args<N>): string {
  const build = BUILDERS[name] as (p: unknown) => string;
  const rest = build(args[0]);
  if (lang === 'ar' && UNPREFIXED.has(name)) return rest;
  return `/${lang}${rest}`;
}

const UNPREFIXED = new Set<RouteName>(['shows', 'casting', 'castings', 'talents']);

/** Dark mode (docs/product.md, States): every route whose name contains "replay". */
export const isDarkRoute = (name: RouteName): boolean => name.includes('replay');

/**
 * A path with query parameters appended (after any it already has); empty,
 * null and undefined values are left out.
 *   withQuery(route('replay-starlight-sub', 'fr', { sub: 'artiste' }), { id: 4 }) → /fr/replay/starlight/artiste?id=4
 */
export function withQuery(path: string, params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

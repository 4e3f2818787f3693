/**
 * Site paths of content items. Pure functions, shared by the server (API
 * answers, sitemaps) and the pages.
 */
import type { Locale } from '../i18n/locales.ts';
import { route, withQuery } from './routes.ts';

/*
 * Shorthands for content items' pages, spelled through the one route
 * helper (src/lib/routes.ts), so a route that moves moves everywhere.
 */

/** Article page: the catch-all /{tag}/{url} with the master tag's route name. */
export const articlePath = (lang: Locale, routeName: string | null | undefined, slug: string) =>
  route('tag-url', lang, { tag: routeName || 'news', url: slug });
export const tagPath = (lang: Locale, tagId: number) => route('posts-tag-id', lang, { id: tagId });
export const masterTagPath = (lang: Locale, routeName: string) => route('tag-url', lang, { tag: routeName });
export const dossierPath = (lang: Locale, id: number) => route('dossier-special-id', lang, { id });
export const programmePath = (lang: Locale, id: number) => route('replay-id', lang, { id });
export const episodePath = (lang: Locale, id: number) => route('replay-single', lang, { id });
export const jtPath = (lang: Locale, edition: string, id: number) => route('replay-news-type-id', lang, { type: edition, id });
export const webVideoPath = (lang: Locale, id: number) => route('replay-by2m-single-id', lang, { id });
export const starlightVideoPath = (lang: Locale, id: number) => withQuery(route('replay-starlight-sub', lang, { sub: 'pagevideo' }), { id });
export const staticPagePath = (lang: Locale, page: string) => route('navigationlinks-page', lang, { page });

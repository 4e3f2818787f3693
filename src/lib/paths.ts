/**
 * Site paths of content items. Pure functions, shared by the server (API
 * answers, sitemaps) and the pages.
 */
export type Locale = 'ar' | 'fr';

export const LOCALES: readonly Locale[] = ['ar', 'fr'];
export const DEFAULT_LOCALE: Locale = 'ar';

/** Article page: the catch-all /{tag}/{url} with the master tag's route name. */
export const articlePath = (lang: Locale, routeName: string | null | undefined, slug: string) =>
  `/${lang}/${routeName || 'news'}/${slug}`;
export const tagPath = (lang: Locale, tagId: number) => `/${lang}/posts/tag/${tagId}`;
export const masterTagPath = (lang: Locale, routeName: string) => `/${lang}/${routeName}`;
export const dossierPath = (lang: Locale, id: number) => `/${lang}/dossier-special?id=${id}`;
export const programmePath = (lang: Locale, id: number) => `/${lang}/replay/${id}`;
export const episodePath = (lang: Locale, id: number) => `/${lang}/replay/single/${id}`;
export const jtPath = (lang: Locale, edition: string, id: number) => `/${lang}/replay/news/${edition}/${id}`;
export const webVideoPath = (lang: Locale, id: number) => `/${lang}/replay/by2m/single/${id}`;
export const starlightVideoPath = (lang: Locale, id: number) => `/${lang}/replay/starlight/pagevideo?id=${id}`;
export const staticPagePath = (lang: Locale, page: string) => `/${lang}/navigationlinks/${page}`;

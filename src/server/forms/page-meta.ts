/**
 * PageMeta of the forms' pages (newsletter, its confirm and unsubscribe
 * links, contact). The link pages carry tokens: never indexed.
 */
import type { Breadcrumb, PageMeta } from '../../layouts/meta.ts';
import type { Locale } from '../../lib/paths.ts';
import { route } from '../../lib/routes.ts';
import { homeCrumb, pageTitle } from '../pages/editorial-meta.ts';
import { otherLocale } from '../pages/editorial-common.ts';

type FormRoute = 'newsletter' | 'newsletter-confirm' | 'newsletter-unsubscribe' | 'contact';

export function formPageMeta(
  locale: Locale,
  routeName: FormRoute,
  heading: string,
  description: string,
): { meta: PageMeta; breadcrumbs: Breadcrumb[] } {
  const path = route(routeName, locale);
  const breadcrumbs = [homeCrumb(locale), { name: heading, path }];
  const tokenPage = routeName === 'newsletter-confirm' || routeName === 'newsletter-unsubscribe';
  const meta: PageMeta = {
    locale,
    routeName,
    title: pageTitle(heading, locale),
    description,
    path,
    // The link pages only make sense with their token: the other language's
    // version of them is the sign-up page.
    alternates: {
      [locale]: path,
      [otherLocale(locale)]: route(tokenPage ? 'newsletter' : routeName, otherLocale(locale)),
    },
    ogType: 'website',
    breadcrumbs,
    ...(tokenPage ? { noindex: true } : {}),
  };
  return { meta, breadcrumbs };
}

/** Headers of a page that shows a form's outcome or a link's token: personal, never cached or leaked. */
export const PRIVATE_PAGE_HEADERS = {
  'Cache-Control': 'private, no-store',
  // Tokens are in the URL: no Referer to other sites (images, ads, links).
  // Not 'no-referrer': Chromium would then send `Origin: null` with the
  // page's own form posts, which Astro's origin check refuses (403).
  'Referrer-Policy': 'same-origin',
} as const;

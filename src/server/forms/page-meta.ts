/**
 * What the forms' pages share (newsletter, its confirm and unsubscribe
 * links, contact): their PageMeta (the link pages carry tokens: never
 * indexed), their headers, and the no-JavaScript POST of a form page.
 */
import type { Breadcrumb, PageMeta } from '../../layouts/meta.ts';
import { otherLocale, type Locale } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import { homeCrumb, pageTitle } from '../pages/editorial-meta.ts';
import { CACHE_STATIC } from '../pages/editorial-common.ts';
import { peerAddress, runFormFromPage, type FormRun } from './index.ts';

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
const PRIVATE_PAGE_HEADERS = {
  'Cache-Control': 'private, no-store',
  // Tokens are in the URL: no Referer to other sites (images, ads, links).
  // Not 'no-referrer': Chromium would then send `Origin: null` with the
  // page's own form posts, which the cross-site guard refuses (403).
  'Referrer-Policy': 'same-origin',
} as const;

/** What a form page reads of its request and sets on its response (Astro's page context has it all). */
export interface FormPageContext {
  readonly request: Request;
  readonly response: { status?: number; headers: Headers };
  /** A getter: it throws where the adapter knows no peer address. */
  readonly clientAddress: string;
}

/**
 * A form page's request (contact, newsletter): GET shows the empty form,
 * cacheable; a POST (a browser without JavaScript) runs the form, and the
 * page answers with the outcome's status (200, 422, 429 with Retry-After),
 * never cached. Returns the run for the page to show, or undefined on GET.
 */
export async function handleFormPage(kind: 'contact' | 'newsletter', page: FormPageContext, locale: Locale): Promise<FormRun | undefined> {
  if (page.request.method !== 'POST') {
    page.response.headers.set('Cache-Control', CACHE_STATIC);
    return undefined;
  }
  const run = await runFormFromPage(kind, page.request, peerAddress(() => page.clientAddress), locale);
  page.response.status = run.outcome.status;
  setPrivatePageHeaders(page.response.headers);
  if (run.outcome.kind === 'limited') page.response.headers.set('Retry-After', String(run.outcome.retryAfter));
  return run;
}

/** Sets PRIVATE_PAGE_HEADERS. */
export function setPrivatePageHeaders(headers: Headers): void {
  for (const [k, v] of Object.entries(PRIVATE_PAGE_HEADERS)) headers.set(k, v);
}

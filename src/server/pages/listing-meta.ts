/**
 * PageMeta of the paginated listings (master tag pages, tag pages): the
 * canonical keeps ?page=N after the first page.
 */
import type { Breadcrumb, PageMeta } from '../../layouts/meta.ts';
import { masterTagPath } from '../../lib/paths.ts';
import type { Locale } from '../../i18n/locales.ts';
import { route, type RouteName } from '../../lib/routes.ts';
import * as m from '../../paraglide/messages.js';
import { withPage } from './editorial-common.ts';
import { homeCrumb, pageSuffix, pageTitle } from './editorial-meta.ts';
import type { MasterTagListing } from './master-tag.ts';
import type { TagListing } from './posts-tag.ts';

export function masterTagCrumbs(listing: MasterTagListing, locale: Locale): Breadcrumb[] {
  const crumbs = [homeCrumb(locale)];
  if (listing.parent) crumbs.push({ name: listing.parent.name, path: listing.parent.path });
  crumbs.push({ name: listing.tag.name, path: masterTagPath(locale, listing.tag.route_name) });
  return crumbs;
}

export function masterTagMeta(listing: MasterTagListing, locale: Locale): PageMeta {
  const page = listing.pagination.page;
  const path = withPage(masterTagPath(locale, listing.tag.route_name), page);
  return {
    locale,
    routeName: 'tag-url',
    title: pageTitle(`${listing.tag.name}${pageSuffix(page, locale)}`, locale),
    description: m.editorial_section_description({ section: listing.tag.name }, { locale }),
    path,
    alternates: listing.alternates,
    image: listing.articles[0]?.cover ?? null,
    ogType: 'website',
    breadcrumbs: masterTagCrumbs(listing, locale),
  };
}

export function tagCrumbs(listing: TagListing, locale: Locale): Breadcrumb[] {
  return [
    homeCrumb(locale),
    { name: m.editorial_tagold_title({}, { locale }), path: route('posts-tagold', locale) },
    { name: listing.tag.name, path: route('posts-tag-id', locale, { id: listing.tag.id }) },
  ];
}

/** The tag page's meta; its canonical is /posts/tag/{id} whichever route shows it. */
export function tagMeta(listing: TagListing, locale: Locale, routeName: Extract<RouteName, 'posts-tag-id' | 'tag-url'>): PageMeta {
  const page = listing.pagination.page;
  return {
    locale,
    routeName,
    title: pageTitle(`${listing.tag.name}${pageSuffix(page, locale)}`, locale),
    description: listing.tag.description || m.editorial_tag_description({ tag: listing.tag.name }, { locale }),
    path: withPage(route('posts-tag-id', locale, { id: listing.tag.id }), page),
    alternates: listing.alternates,
    image: listing.articles[0]?.cover ?? null,
    ogType: 'website',
    breadcrumbs: tagCrumbs(listing, locale),
    feeds: [{ title: m.standards_rss_tag({ tag: listing.tag.name }, { locale }), path: `${route('posts-tag-id', locale, { id: listing.tag.id })}/rss.xml` }],
  };
}

/**
 * PageMeta of the special dossiers pages (/dossier-special and its twin
 * /special-topic): their canonical is always the /dossier-special form.
 */
import type { Breadcrumb, PageMeta } from '../../layouts/meta.ts';
import { otherLocale, type Locale } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import { cut } from '../../lib/text.ts';
import * as m from '../../paraglide/messages.js';
import { homeCrumb, pageTitle } from './editorial-meta.ts';
import type { DossierLoad } from './dossier-special.ts';

type Shown = Exclude<DossierLoad, { kind: 'redirect' }>;
export type DossierRoute = 'dossier-special' | 'special-topic';

/** Path of the list or of one dossier on the given route. */
export const dossierRoutePath = (name: DossierRoute, locale: Locale, id?: number): string =>
  id === undefined ? route(name, locale) : `${route(name, locale)}?id=${id}`;

export function dossierCrumbs(load: Shown, locale: Locale, name: DossierRoute): Breadcrumb[] {
  const list = { name: m.editorial_dossiers_title({}, { locale }), path: dossierRoutePath(name, locale) };
  const crumbs = [homeCrumb(locale), list];
  if (load.kind === 'one') crumbs.push({ name: load.dossier.title, path: dossierRoutePath(name, locale, load.dossier.id) });
  return crumbs;
}

export function dossierMeta(load: Shown, locale: Locale, name: DossierRoute): PageMeta {
  const other = otherLocale(locale);
  if (load.kind === 'list') {
    const path = route('dossier-special', locale);
    return {
      locale,
      routeName: name,
      title: pageTitle(m.editorial_dossiers_title({}, { locale }), locale),
      description: m.editorial_dossiers_description({}, { locale }),
      path,
      alternates: { [locale]: path, [other]: route('dossier-special', other) },
      image: load.dossiers[0]?.cover ?? null,
      ogType: 'website',
      breadcrumbs: dossierCrumbs(load, locale, name),
    };
  }
  const d = load.dossier;
  return {
    locale,
    routeName: name,
    title: pageTitle(d.title, locale),
    description: cut(d.description, 160),
    path: route('dossier-special-id', locale, { id: d.id }),
    alternates: {
      [locale]: route('dossier-special-id', locale, { id: d.id }),
      [other]:
        load.translationId != null
          ? route('dossier-special-id', other, { id: load.translationId })
          : route('dossier-special', other),
    },
    image: d.cover,
    ogType: 'website',
    breadcrumbs: dossierCrumbs(load, locale, name),
  };
}

/**
 * /dossier-special and /special-topic (the same page): the list of special
 * dossiers of a language, or with ?id=N one dossier with its articles.
 */
import type { DB } from '../db/index.ts';
import type { ArticleCard } from '../api/shapes.ts';
import { otherLocale, type Locale } from '../../i18n/locales.ts';
import { dossierArticles } from '../content/articles.ts';
import { findDossier, listDossiers, type DossierCard } from '../content/dossiers.ts';

export type DossierLoad =
  /** `retired`: the dossier asked for was retired (the page answers 410 with the list). */
  | { kind: 'list'; dossiers: DossierCard[]; retired?: boolean }
  | {
      kind: 'one';
      dossier: DossierCard;
      /** Its text (sanitised HTML). */
      body: string;
      articles: ArticleCard[];
      /** The same dossier in the other language (its id), if translated. */
      translationId: number | null;
    }
  | { kind: 'redirect'; id: number };

/**
 * No id: the list. An id: that dossier when it is of this language; a
 * dossier of the other language redirects to its translation here; unknown
 * (or untranslated) → null.
 */
export async function loadDossierPage(db: DB, locale: Locale, params: { id: number | null }): Promise<DossierLoad | null> {
  if (params.id == null) return { kind: 'list', dossiers: await listDossiers(db, locale) };
  const found = await findDossier(db, params.id);
  if (!found) return null;
  if (found.row.retired_at) return { kind: 'list', dossiers: await listDossiers(db, locale), retired: true };
  const translationIn = (lang: Locale) =>
    db
      .selectFrom('dossiers')
      .select('id')
      .where('lang', '=', lang)
      .where('retired_at', 'is', null)
      .where('translation_key', '=', found.row.translation_key)
      .orderBy('id')
      .executeTakeFirst();
  if (found.row.lang !== locale) {
    const here = await translationIn(locale);
    return here ? { kind: 'redirect', id: here.id } : null;
  }
  const [articles, translation] = await Promise.all([
    dossierArticles(db, locale, found.row.id),
    translationIn(otherLocale(locale)),
  ]);
  return { kind: 'one', dossier: found.card, body: found.row.body_html, articles, translationId: translation?.id ?? null };
}

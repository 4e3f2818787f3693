/**
 * /posts/tagold (route 'posts-tagold'): the older tag listing, an A-Z index
 * of every tag of the language with its number of published articles.
 */
import { sql } from 'kysely';
import type { DB } from '../db/index.ts';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales.ts';
import { route } from '../../lib/routes.ts';
import { toCount } from '../content/video/common.ts';

interface TagIndexEntry {
  id: number;
  name: string;
  path: string;
  count: number;
}

export interface TagIndexGroup {
  letter: string;
  tags: TagIndexEntry[];
}

/**
 * The index letter of a tag name: the first letter without accents (French)
 * or, in Arabic, after the definite article "ال" with the alif variants
 * folded; "#" for a digit or anything else.
 */
export function indexLetter(name: string, locale: Locale): string {
  let s = name.trim();
  if (locale === 'ar') {
    if (s.startsWith('ال') && [...s].length > 3) s = s.slice(2);
    const first = [...s][0] ?? '';
    const folded = first.replace(/[أإآٱ]/u, 'ا').replace('ى', 'ي').replace('ة', 'ه');
    return /\p{L}/u.test(folded) ? folded : '#';
  }
  const first = (s.normalize('NFD').replace(/\p{M}/gu, '')[0] ?? '').toLocaleUpperCase('fr');
  return /\p{L}/u.test(first) ? first : '#';
}

export async function loadTagIndex(db: DB, locale: Locale): Promise<TagIndexGroup[]> {
  const now = new Date().toISOString();
  const rows = await db
    .selectFrom('tags')
    .leftJoin('article_tags', 'article_tags.tag_id', 'tags.id')
    .leftJoin('articles', (join) =>
      join
        .onRef('articles.id', '=', 'article_tags.article_id')
        .on('articles.status', '=', 'published')
        .on('articles.published_at', '<=', now)
        .on('articles.lang', '=', locale),
    )
    .select(['tags.id', 'tags.name', sql<number>`count(${sql.ref('articles.id')})`.as('n')])
    .where('tags.lang', '=', locale)
    .groupBy(['tags.id', 'tags.name'])
    .execute();
  const collator = new Intl.Collator(LOCALE_CONFIG[locale].bcp47, { sensitivity: 'base', numeric: true });
  const groups = new Map<string, TagIndexEntry[]>();
  for (const r of rows) {
    const letter = indexLetter(r.name, locale);
    const list = groups.get(letter) ?? [];
    list.push({ id: r.id, name: r.name, path: route('posts-tag-id', locale, { id: r.id }), count: toCount(r.n) });
    groups.set(letter, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : collator.compare(a, b)))
    .map(([letter, tags]) => ({ letter, tags: tags.sort((x, y) => collator.compare(x.name, y.name)) }));
}

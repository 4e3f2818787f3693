/**
 * What the 404 page offers instead of the page: a search prefilled with the
 * words of the address ("/fr/sport/victoire-du-raja" → "victoire du raja")
 * and the newest articles of the language. The store may be down (that is
 * sometimes why nothing was found): then no suggestion, the page still
 * answers.
 */
import type { DB } from '../db/index.ts';
import type { ArticleCard } from '../api/shapes.ts';
import type { Locale } from '../../i18n/locales.ts';
import { latestArticles } from '../content/articles.ts';

const SUGGESTIONS = 4;
/** The search box's own limit. */
const QUERY_MAX_CHARS = 100;

export interface NotFoundPage {
  query: string;
  suggestions: ArticleCard[];
}

/** The words of the address's last segment: its dashes and underscores as spaces, numbers and file endings dropped. */
export function wordsOfPath(path: string): string {
  const last = path.split(/[?#]/)[0]!.split('/').filter(Boolean).pop() ?? '';
  let text: string;
  try {
    text = decodeURIComponent(last);
  } catch {
    text = last;
  }
  return text
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .split(/[-_+.\s]+/)
    .filter((w) => w && !/^\d+$/.test(w) && !/^(ar|fr)$/.test(w))
    .join(' ')
    .slice(0, QUERY_MAX_CHARS);
}

export async function loadNotFound(db: () => Promise<DB>, locale: Locale, path: string): Promise<NotFoundPage> {
  const query = wordsOfPath(path);
  try {
    return { query, suggestions: await latestArticles(await db(), locale, SUGGESTIONS) };
  } catch {
    return { query, suggestions: [] };
  }
}

/**
 * JT replays: /replay/news (the three editions with their latest
 * bulletins), /replay/news/{type} (one edition, paginated) and
 * /replay/news/{type}/{id} (one bulletin).
 */
import { sql } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { VideoCard } from '../api/shapes.ts';
import { jtEditionLists, type JtEditionList } from '../content/jt-list.ts';
import { jtSeed, toCards } from '../content/video/cards.ts';
import { pagination, toCount } from '../content/video/common.ts';
import { editionName, editionOrder, jtDetail, publicBulletins } from '../content/video/jt.ts';
import { JT_EDITIONS, type JtEdition } from '../db/schema.ts';

const NEWS_PAGE_SIZE = 12;

const isEdition = (value: string | undefined): value is JtEdition =>
  typeof value === 'string' && (JT_EDITIONS as readonly string[]).includes(value);

/** /replay/news: every edition (the visitor's language first) with its newest bulletins. */
export async function loadNewsHome(db: DB, locale: Locale, params: { perEdition?: number } = {}): Promise<JtEditionList[]> {
  const lists = await jtEditionLists(db, locale, params.perEdition ?? 8);
  const order = editionOrder(locale);
  return [...lists].sort((a, b) => order.indexOf(a.edition) - order.indexOf(b.edition));
}

export interface NewsEditionPage {
  edition: JtEdition;
  name: string;
  bulletins: VideoCard[];
  page: number;
  totalPages: number;
}

/** /replay/news/{type}?page=N; null for an unknown edition or a page past the last. */
export async function loadNewsEdition(
  db: DB,
  locale: Locale,
  params: { type: string | undefined; page: number },
): Promise<NewsEditionPage | null> {
  const { type, page } = params;
  if (!isEdition(type)) return null;
  const q = publicBulletins(db).where('edition', '=', type);
  const totalRow = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const block = pagination(page, NEWS_PAGE_SIZE, toCount(totalRow?.n));
  if (page > 1 && page > block.totalPages) return null;
  const rows = await q
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NEWS_PAGE_SIZE)
    .offset((page - 1) * NEWS_PAGE_SIZE)
    .execute();
  return {
    edition: type,
    name: editionName(type, locale),
    bulletins: await toCards(db, rows.map((r) => jtSeed(r, locale)), locale),
    page,
    totalPages: block.totalPages,
  };
}

export type BulletinPage = NonNullable<Awaited<ReturnType<typeof jtDetail>>> & { editionName: string };

/** /replay/news/{type}/{id}; null when the id is unknown or the bulletin is of another edition. */
export async function loadBulletin(
  db: DB,
  locale: Locale,
  params: { type: string | undefined; id: number },
): Promise<BulletinPage | null> {
  if (!isEdition(params.type)) return null;
  const detail = await jtDetail(db, params.id, locale);
  if (!detail || detail.bulletin.edition !== params.type) return null;
  return { ...detail, editionName: editionName(detail.bulletin.edition, locale) };
}

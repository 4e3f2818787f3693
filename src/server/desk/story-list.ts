/**
 * The desk's story list (docs/desk.md "Stories"): every article of the site
 * (the desk's, the newsroom API's, the demo's), newest change first, 50 a
 * page, filtered by language, state, section, author (byline), the
 * person's own, and words. Pages follow a keyset (the last row's time and
 * id), so the hundredth page costs what the first does; the count stops at
 * 1,000 ("1,000 or more"), so it never scans the whole store either.
 * `npm run bench:publish` measures it on 100,000 articles (≤ 100 ms p95).
 *
 * Words: on SQLite, the site's FTS5 index (published articles: headline,
 * summary, body, tags; src/server/search/) and, for the few articles not
 * published (drafts, in review, withdrawn), their normalised headline,
 * summary and tags (`search_text`); on PostgreSQL, `search_text` for all,
 * as the public search does there.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { normalizeSearchText } from '../../lib/normalize.ts';
import { FTS_ARTICLES, flushSearchQueue } from '../search/index-sqlite.ts';
import { matchExpression, queryTerms } from '../search/text.ts';
import type { StoryItem, StoryState } from '../../lib/desk-story.ts';
import { storyState } from './stories.ts';

const STORY_PAGE = 50;
/** The count stops here: past it the list says "1,000 or more". */
const COUNT_CAP = 1000;
/** Up to this many index hits, a text search reads them and sorts them; past it, it walks the newest changes. */
const FEW_HITS = 5000;

export interface StoryFilter {
  lang?: Locale | undefined;
  state?: StoryState | undefined;
  /** A master tag; its counterpart in the other language counts too. */
  section?: number | undefined;
  /** An author (byline) id. */
  author?: number | undefined;
  /** Only the person's own stories. */
  owner?: number | undefined;
  text?: string | undefined;
  /** The last row of the previous page: `updatedAt|id`. */
  after?: string | undefined;
}

const CURSOR = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)\|([1-9]\d{0,9})$/;

export function validCursor(value: string): boolean {
  return CURSOR.test(value);
}

export async function listStories(
  db: DB,
  filter: StoryFilter,
  now = new Date(),
): Promise<{ items: StoryItem[]; next: string | null; total: number; totalCapped: boolean }> {
  const nowIso = now.toISOString();
  let q = db.selectFrom('articles as a').leftJoin('desk_stories as ds', 'ds.article_id', 'a.id');
  if (filter.lang) q = q.where('a.lang', '=', filter.lang);
  switch (filter.state) {
    case 'draft':
    case 'review':
    case 'withdrawn':
      q = q.where('a.status', '=', filter.state);
      break;
    case 'scheduled':
      // The few due later, found by their (status, published_at) index, then sorted.
      q = q.where('a.id', 'in', (eb) => eb.selectFrom('articles').select('id').where('status', '=', 'published').where('published_at', '>', nowIso));
      break;
    case 'published':
      q = q.where('a.status', '=', 'published').where('a.published_at', '<=', nowIso);
      break;
  }
  if (filter.section !== undefined) {
    const section = filter.section;
    q = q.where('a.master_tag_id', 'in', (eb) =>
      eb
        .selectFrom('master_tags as o')
        .innerJoin('master_tags as m', 'm.translation_key', 'o.translation_key')
        .select('o.id')
        .where('m.id', '=', section),
    );
  }
  if (filter.author !== undefined) q = q.where('a.author_id', '=', filter.author);
  if (filter.owner !== undefined) q = q.where('ds.owner_id', '=', filter.owner);
  const text = filter.text ? normalizeSearchText(filter.text) : '';
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = sql<boolean>`search_text like ${pattern} escape '\\'`;
    const match = db.getExecutor().adapter instanceof PostgresAdapter ? null : matchExpression(queryTerms(filter.text!), { mode: 'all', prefixLast: true });
    if (match) {
      await flushSearchQueue(db);
      const fts = sql.table(FTS_ARTICLES);
      const expression = filter.lang ? `lang : "${filter.lang}" AND {title lead body tags} : (${match})` : `{title lead body tags} : (${match})`;
      const hits = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${fts} WHERE ${fts} MATCH ${expression}`.execute(db)).rows[0]?.n ?? 0);
      // The published ones from the index; the others (few) by their own words. Few hits: read those
      // and sort them; many: walk the newest changes, which soon meet enough of them.
      q =
        hits <= FEW_HITS
          ? q.where(
              'a.id',
              'in',
              sql<number>`(SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${expression}
                UNION ALL SELECT id FROM articles INDEXED BY articles_desk_status WHERE status IN ('draft', 'review', 'withdrawn') AND ${like})`,
            )
          : q.where((eb) =>
              eb.or([
                eb('a.id', 'in', sql<number>`(SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${expression})`),
                eb.and([eb('a.status', 'in', ['draft', 'review', 'withdrawn']), like]),
              ]),
            );
    } else q = q.where(like);
  }
  const counted = q.select(sql<number>`1`.as('x')).limit(COUNT_CAP + 1);
  const total = db.selectFrom(counted.as('c')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  let page = q;
  const cursor = filter.after ? CURSOR.exec(filter.after) : null;
  if (cursor) {
    const [, at, id] = cursor;
    page = page.where((eb) => eb.or([eb('a.updated_at', '<', at!), eb.and([eb('a.updated_at', '=', at!), eb('a.id', '<', Number(id))])]));
  }
  const rows = await page
    .select(['a.id', 'a.lang', 'a.title', 'a.status', 'a.published_at', 'a.updated_at', 'a.master_tag_id', 'a.author_id', 'a.byline', 'ds.owner_id', 'ds.pending'])
    .orderBy('a.updated_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(STORY_PAGE + 1)
    .execute();
  const shown = rows.slice(0, STORY_PAGE);
  const ids = (list: (number | null)[]) => [...new Set(list.filter((x): x is number => x !== null))];
  const [sections, authors, owners, count] = await Promise.all([
    ids(shown.map((r) => r.master_tag_id)).length ? db.selectFrom('master_tags').select(['id', 'name']).where('id', 'in', ids(shown.map((r) => r.master_tag_id))).execute() : [],
    ids(shown.map((r) => r.author_id)).length ? db.selectFrom('authors').select(['id', 'name_ar', 'name_fr']).where('id', 'in', ids(shown.map((r) => r.author_id))).execute() : [],
    ids(shown.map((r) => r.owner_id)).length ? db.selectFrom('desk_users').select(['id', 'name']).where('id', 'in', ids(shown.map((r) => r.owner_id))).execute() : [],
    total,
  ]);
  const items = shown.map((r): StoryItem => {
    const author = authors.find((x) => x.id === r.author_id);
    return {
      id: r.id,
      lang: r.lang,
      title: r.title,
      state: storyState({ status: r.status, published_at: r.published_at }, now),
      section: sections.find((x) => x.id === r.master_tag_id)?.name ?? null,
      author: r.byline ?? (author ? (r.lang === 'ar' ? author.name_ar : author.name_fr) : null),
      owner: owners.find((x) => x.id === r.owner_id)?.name ?? null,
      pending: r.pending === 1,
      updatedAt: r.updated_at,
      publishedAt: r.published_at,
    };
  });
  const last = shown.at(-1);
  const n = Number(count?.n ?? 0);
  return { items, next: rows.length > STORY_PAGE && last ? `${last.updated_at}|${last.id}` : null, total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP };
}

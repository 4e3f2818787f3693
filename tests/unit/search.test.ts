/**
 * Site search (src/server/content/search.ts, src/server/search/*) on a
 * temporary SQLite store: the same normalisation on the index and the
 * query, bm25 ranking, prefix matching, a query builder no input can break,
 * pagination in SQL (also past the ranked window), the index kept in step
 * with the content by the triggers and the queue; and the search box's
 * request logic (src/islands/search/client.ts): each keystroke cancels the
 * request before it, stale answers are dropped, failures logged.
 *
 * The main store is SQLite even on the PostgreSQL pass (TEST_DATABASE_URL):
 * those tests are about the FTS5 index itself (bm25, prefixes, its queue).
 * PostgreSQL's LIKE fallback has its own tests at the end of the file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotFoundError } from '../../src/server/api/define.ts';
import { searchContent, type SearchResult } from '../../src/server/content/search.ts';
import { openStore, type DB } from '../../src/server/db/index.ts';
import type { NewRow } from '../../src/server/db/schema.ts';
import { flushSearchQueue, rebuildSearchIndex, refreshSearchIndex, SEARCH_QUEUE } from '../../src/server/search/index-sqlite.ts';
import { indexText, matchExpression, queryTerms, stem } from '../../src/server/search/text.ts';
import { normalizeSearchText } from '../../src/lib/normalize.ts';
import { sqliteOnly } from '../support/pg-scratch.ts';
import {
  SEARCH_DELAY_MS,
  cleanQuery,
  createSearcher,
  fetchSearch,
  type SearchGroups,
  type SearchState,
} from '../../src/islands/search/client.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const DAY = 24 * 3600_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

let dataDir: string;
let db: DB;
let slugSeq = 0;

async function addArticle(over: Partial<NewRow<'articles'>> & Pick<NewRow<'articles'>, 'lang' | 'title'>): Promise<number> {
  const slug = over.slug ?? `a-${++slugSeq}`;
  const row: NewRow<'articles'> = {
    translation_key: slug,
    slug,
    subtitle: '',
    body_html: '<p>Texte.</p>',
    status: 'published',
    published_at: ago(10),
    updated_at: ago(10),
    search_text: normalizeSearchText(`${over.title} ${over.subtitle ?? ''}`),
    ...over,
  };
  const r = await db.insertInto('articles').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

async function addTag(lang: 'ar' | 'fr', name: string): Promise<number> {
  const slug = `t-${++slugSeq}`;
  const r = await db.insertInto('tags').values({ lang, translation_key: slug, slug, name }).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

async function addProgramme(title_ar: string, title_fr: string, position: number, is_active = 1): Promise<number> {
  const r = await db
    .insertInto('programmes')
    .values({
      kind: 'emission',
      slug: `p-${++slugSeq}`,
      title_ar,
      title_fr,
      description_ar: '',
      description_fr: '',
      genre: 'magazine',
      cover_image_id: null,
      poster_image_id: null,
      schedule_ar: '',
      schedule_fr: '',
      position,
      is_active,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

const search = (lang: 'ar' | 'fr', q: string, page = 1, opts: { rankWindow?: number; pageSize?: number } = {}) =>
  searchContent(db, lang, q, page, opts.pageSize ?? 10, { now: NOW, ...(opts.rankWindow ? { rankWindow: opts.rankWindow } : {}) });
const ids = (r: SearchResult) => r.Article.map((a) => a.id);

const a: Record<string, number> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'search-test-'));
  db = (await openStore(sqliteOnly({ dataDir }))).db;
  a.islam = await addArticle({ lang: 'ar', title: 'كتاب جديد عن تاريخ اسلام الاندلس' });
  a.alIslam = await addArticle({ lang: 'ar', title: 'ندوة حول الإسلام في إفريقيا' });
  a.school = await addArticle({ lang: 'ar', title: 'افتتاح مدرسه جديده في وجده' });
  a.match = await addArticle({ lang: 'ar', title: 'مُبَارَاةٌ حاسمـــة للوداد' });
  a.hamza = await addArticle({ lang: 'ar', title: 'رئيس الحكومة يستقبل وفدا من آسفي' });
  a.ecole = await addArticle({ lang: 'fr', title: 'École : la rentrée à Fès' });
  a.coeur = await addArticle({ lang: 'fr', title: 'Au cœur de la médina', body_html: '<p>Visite&nbsp;guid&eacute;e &amp; photos</p>' });
  // Ranking: the same day, the word in the title of one and only in the body of the other.
  a.inBody = await addArticle({ lang: 'fr', title: 'Sport du week-end', body_html: '<p>Le marathon de Rabat a réuni 20 000 coureurs.</p>', published_at: ago(3) });
  a.inTitle = await addArticle({ lang: 'fr', title: 'Le marathon de Rabat', body_html: '<p>Course internationale.</p>', published_at: ago(3) });
  a.inLead = await addArticle({ lang: 'fr', title: 'Athlétisme', subtitle: 'Un marathon à Rabat', published_at: ago(3) });
  a.draft = await addArticle({ lang: 'fr', title: 'Brouillon sur le marathon', status: 'draft' });
  a.future = await addArticle({ lang: 'fr', title: 'Le marathon de demain', published_at: new Date(NOW.getTime() + DAY).toISOString() });
  a.arMarathon = await addArticle({ lang: 'ar', title: 'marathon بالعربية' });
  // Tags: matched on the article's tags column too.
  const energy = await addTag('ar', 'الطاقة');
  await addTag('fr', 'Éducation');
  for (let i = 1; i <= 6; i++) await addTag('fr', `Football ${i}`);
  a.energy = await addArticle({ lang: 'ar', title: 'اسعار الوقود ترتفع' });
  await db.insertInto('article_tags').values({ article_id: a.energy, tag_id: energy, position: 1 }).execute();
  for (let i = 1; i <= 6; i++) await addProgramme(`برنامج ${i}`, `Magazine ${i}`, i);
  await addProgramme('رشيد شو', 'Rachid Show', 10);
  await addProgramme('برنامج متوقف', 'Magazine arrêté', 11, 0);
  // Pagination: 25 visible, 2 hidden, newest published last.
  for (let i = 1; i <= 25; i++) {
    a[`dep${i}`] = await addArticle({ lang: 'fr', title: `Dépêche numéro ${i}`, published_at: ago(100 - i) });
  }
  await addArticle({ lang: 'fr', title: 'Dépêche numéro brouillon', status: 'draft' });
  await addArticle({ lang: 'fr', title: 'Dépêche numéro future', published_at: new Date(NOW.getTime() + DAY).toISOString() });
  // Light stemming: one word in three Arabic forms, French plurals and accents.
  a.sportNoun = await addArticle({ lang: 'ar', title: 'وزارة الرياضة تطلق مبادرة' });
  a.sportAdj = await addArticle({ lang: 'ar', title: 'نادي رياضي بطنجة' });
  a.sportFem = await addArticle({ lang: 'ar', title: 'الأنشطة الرياضية بالمدارس' });
  a.sportPlural = await addArticle({ lang: 'ar', title: 'تتويج الرياضيين المغاربة' });
  a.elections = await addArticle({ lang: 'fr', title: 'Les élections communales à Tiznit' });
  a.election = await addArticle({ lang: 'fr', title: 'Une élection partielle à Taza' });
  a.jeux = await addArticle({ lang: 'fr', title: 'Les Jeux de la Francophonie' });
});

afterAll(async () => {
  await db?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('normalisation: the same on the index and the query', () => {
  it('hamza and alef forms: "إسلام" finds "اسلام" (and "الإسلام")', async () => {
    expect(ids(await search('ar', 'إسلام')).sort()).toEqual([a.islam, a.alIslam].sort());
    expect(ids(await search('ar', 'أسلام'))).toContain(a.islam);
    expect(ids(await search('ar', 'الاسلام')).sort()).toEqual([a.islam, a.alIslam].sort());
    expect(ids(await search('ar', 'رئيس أسفي'))).toEqual([a.hamza]);
  });

  it('ta marbuta and alef maqsura: "مدرسة" finds "مدرسه"', async () => {
    expect(ids(await search('ar', 'مدرسة'))).toEqual([a.school]);
    expect(ids(await search('ar', 'مدرسة جديدة وجدة'))).toEqual([a.school]);
  });

  it('tashkeel and tatweel are ignored on both sides', async () => {
    expect(ids(await search('ar', 'مباراة حاسمة'))).toEqual([a.match]);
    expect(ids(await search('ar', 'مُبارَاة الوِدَاد'))).toEqual([a.match]);
    expect(ids(await search('ar', 'حاســمة'))).toEqual([a.match]);
  });

  it('French accents and case: "ecole" finds "École"', async () => {
    expect(ids(await search('fr', 'ecole'))).toEqual([a.ecole]);
    expect(ids(await search('fr', 'ÉCOLE FES'))).toEqual([a.ecole]);
    expect(ids(await search('fr', 'coeur'))).toEqual([a.coeur]);
    // Body HTML is indexed as text: entities decoded, tags dropped.
    expect(ids(await search('fr', 'guidee photos'))).toEqual([a.coeur]);
    expect(ids(await search('fr', 'nbsp'))).toEqual([]);
  });

  it('the index text and the query terms come from the same functions', () => {
    expect(indexText('الطاقة')).toBe('الطاقه طاق');
    expect(queryTerms('الطاقة')).toEqual(['طاق']);
    expect(queryTerms('طاقة')).toEqual(['طاق']);
    expect(stem('الله')).toBe('الله');
    expect(stem('والمغرب')).toBe('مغرب');
    expect(stem('maroc')).toBe('maroc');
    for (const s of ['أسود الأطلس', 'École Élan', 'مُبَارَاةٌ', 'Cœur ٢٠٣٠']) {
      const indexed = new Set(indexText(s).split(' '));
      for (const t of queryTerms(s)) expect(indexed.has(t), `${s}: ${t}`).toBe(true);
    }
  });

  it('light stemming: رياضة, رياضي, الرياضية and الرياضيين find one another', async () => {
    const all = [a.sportNoun, a.sportAdj, a.sportFem, a.sportPlural].sort();
    for (const q of ['رياضة', 'رياضي', 'الرياضية', 'الرياضيين', 'رياضيات', 'والرياضة']) {
      expect(ids(await search('ar', q)).sort(), q).toEqual(all);
    }
    expect(stem('رياضه')).toBe('رياض');
    expect(stem('الرياضيه')).toBe('رياض');
    expect(stem('الرياضيون')).toBe('رياض');
    // Short words stay whole; a stem keeps three letters.
    expect(stem('علي')).toBe('علي');
    expect(stem('سنه')).toBe('سنه');
  });

  it('French plurals and accents: "élections", "election", "ELECTION", "jeu"', async () => {
    for (const q of ['élections', 'election', 'ELECTION', 'Élection']) {
      expect(ids(await search('fr', q)).sort(), q).toEqual([a.elections, a.election].sort());
    }
    expect(ids(await search('fr', 'jeu'))).toEqual([a.jeux]);
    expect(ids(await search('fr', 'jeux'))).toEqual([a.jeux]);
    expect(stem('paris')).toBe('paris');
    expect(stem('bus')).toBe('bus');
    expect(stem('stress')).toBe('stress');
  });

  it('searches only the language asked for', async () => {
    expect(ids(await search('fr', 'marathon'))).not.toContain(a.arMarathon);
    expect(ids(await search('ar', 'marathon'))).toEqual([a.arMarathon]);
  });
});

describe('ranking and matching', () => {
  it('bm25 with the title weighted highest: title, then lead, then body', async () => {
    expect(ids(await search('fr', 'marathon rabat'))).toEqual([a.inTitle, a.inLead, a.inBody]);
  });

  it('never drafts nor articles scheduled for later', async () => {
    const r = await search('fr', 'marathon');
    expect(ids(r)).not.toContain(a.draft);
    expect(ids(r)).not.toContain(a.future);
    expect(r.pagination.total).toBe(3);
  });

  it('a recent title match comes before an old one', async () => {
    const old = await addArticle({ lang: 'fr', title: 'Sécheresse dans le Souss', published_at: ago(900) });
    const recent = await addArticle({ lang: 'fr', title: 'Sécheresse dans le Souss', published_at: ago(2) });
    expect(ids(await search('fr', 'secheresse'))).toEqual([recent, old]);
  });

  it('the last word matches as a prefix (typing), the others as whole words', async () => {
    expect(ids(await search('fr', 'marat')).sort()).toEqual([a.inTitle, a.inLead, a.inBody].sort());
    expect(ids(await search('fr', 'marat rabat'))).toEqual([]);
    expect(ids(await search('fr', 'rabat marat'))).toHaveLength(3);
    expect(ids(await search('ar', 'مدرس'))).toEqual([a.school]);
  });

  it('needs every word', async () => {
    expect(ids(await search('fr', 'marathon lune'))).toEqual([]);
  });

  it('tags: those holding every word (at most 4), then those the query names whole', async () => {
    const football = await search('fr', 'football');
    expect(football.Tags).toHaveLength(4);
    expect(football.Tags.every((t) => t.name.startsWith('Football'))).toBe(true);
    expect((await search('fr', 'EDUCATION')).Tags.map((t) => t.name)).toEqual(['Éducation']);
    const energy = await search('ar', 'أسعار الطاقة');
    expect(energy.Tags.map((t) => t.name)).toEqual(['الطاقة']);
    // The article is found through its tag.
    expect(ids(await search('ar', 'الوقود طاقة'))).toEqual([a.energy]);
  });

  it('sections (master tags) by their names, first among the tags: "Football", "كرة القدم"', async () => {
    await db.insertInto('master_tags').values([
      { lang: 'fr', translation_key: 's-foot', name: 'Football', route_name: 'football', parent_id: null, position: 1 },
      { lang: 'ar', translation_key: 's-foot', name: 'كرة القدم', route_name: 'football', parent_id: null, position: 1 },
      { lang: 'fr', translation_key: 's-eco', name: 'Économie', route_name: 'economie', parent_id: null, position: 2 },
    ]).execute();
    const fr = await search('fr', 'Football');
    expect(fr.Tags[0]).toMatchObject({ name: 'Football', slug: 'football', path: '/fr/football' });
    expect(fr.Tags).toHaveLength(4);
    expect((await search('ar', 'كرة القدم')).Tags[0]).toMatchObject({ name: 'كرة القدم', path: '/ar/football' });
    expect((await search('ar', 'الكرة')).Tags.map((t) => t.name)).toContain('كرة القدم');
    expect((await search('fr', 'economie')).Tags.map((t) => t.path)).toEqual(['/fr/economie']);
    // Only the language asked for.
    expect((await search('ar', 'Football')).Tags.map((t) => t.path)).not.toContain('/fr/football');
  });

  it('emissions: active ones, at most 4, matched in either language and named in the locale', async () => {
    const r = await search('fr', 'magazine');
    expect(r.Emissions).toHaveLength(4);
    expect(r.Emissions.every((e) => e.name.startsWith('Magazine') && e.name !== 'Magazine arrêté')).toBe(true);
    const rachid = await search('ar', 'rachid');
    expect(rachid.Emissions.map((e) => e.name)).toEqual(['رشيد شو']);
    expect(rachid.Emissions[0]!.path).toMatch(/^\/ar\/replay\/\d+$/);
    expect((await search('fr', 'arrete')).Emissions).toEqual([]);
  });

  it('answers the docs/product.md, Content shape', async () => {
    const r = await search('fr', 'ecole');
    expect(r.Article[0]).toEqual({
      id: a.ecole,
      title: 'École : la rentrée à Fès',
      url: expect.any(String) as string,
      path: expect.stringMatching(/^\/fr\//) as string,
      publishedAt: ago(10),
    });
    // No master tag: the route segment falls back to "news".
    expect(JSON.parse(r.Article[0]!.url)).toEqual({ tag: 'news', slug: expect.stringMatching(/^a-\d+$/) as string });
  });
});

describe('the query builder: no input can break FTS5', () => {
  const NASTY = [
    '"',
    '""',
    '"marathon',
    '*',
    'marathon*',
    '* marathon',
    'OR',
    'AND',
    'NOT',
    'marathon OR',
    'OR marathon',
    'marathon NOT rabat',
    'NEAR(',
    'NEAR(marathon rabat, 2)',
    'col:',
    'title:marathon',
    '{title lead}: marathon',
    '-marathon',
    '+marathon',
    '^marathon',
    '(((',
    ')',
    ':',
    "'; DROP TABLE articles; --",
    '\\',
    '%_',
    '😀',
    '🇲🇦 marathon',
    'x'.repeat(5000),
    'mot '.repeat(500),
    '\u0000',
    '\ud800',
    '\u200f\u200e',
    'ـــ',
    'ً',
  ];

  it('every nasty input answers (maybe empty) without an error', async () => {
    for (const q of NASTY) {
      for (const lang of ['ar', 'fr'] as const) {
        const r = await search(lang, q);
        expect(Array.isArray(r.Article), q).toBe(true);
      }
    }
    // Operators are plain words: "marathon OR" needs both words.
    expect(ids(await search('fr', 'marathon OR lune'))).toEqual([]);
    expect(ids(await search('fr', 'title:marathon')).length).toBe(0);
    expect(ids(await search('fr', '"marathon')).length).toBe(3);
  });

  it('builds expressions SQLite accepts, whatever the terms', () => {
    const raw = new DatabaseSync(':memory:');
    raw.exec("CREATE VIRTUAL TABLE t USING fts5(a, b, tokenize = 'unicode61 remove_diacritics 2')");
    raw.prepare('INSERT INTO t (a, b) VALUES (?, ?)').run('le marathon', 'x');
    const run = (m: string) => raw.prepare('SELECT count(*) AS n FROM t WHERE t MATCH ?').get(m);
    for (const q of NASTY) {
      for (const mode of ['all', 'any'] as const) {
        const m = matchExpression(queryTerms(q), { mode, prefixLast: true });
        if (m) expect(() => run(`{a b} : (${m})`), `${q} → ${m}`).not.toThrow();
      }
    }
    // Even raw terms with quotes and operators stay strings.
    const m = matchExpression(['"', 'OR', 'NEAR(', 'a:b', '*'], { mode: 'all', prefixLast: true });
    expect(() => run(m!)).not.toThrow();
    raw.close();
  });

  it('keeps at most 12 words and 200 characters; nothing left → empty answer', async () => {
    expect(queryTerms(Array.from({ length: 40 }, (_, i) => `mot${i}`).join(' '))).toHaveLength(12);
    const empty = await search('fr', '  *** ');
    expect(empty).toEqual({ Tags: [], Emissions: [], Article: [], pagination: { page: 1, pageSize: 10, total: 0, totalPages: 0 } });
    await expect(search('fr', '***', 2)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('pagination in SQL', () => {
  const all = () => Array.from({ length: 25 }, (_, i) => a[`dep${i + 1}`]!);

  it('pages of 10 cover every visible match once; past the last page is unknown', async () => {
    const pages = [await search('fr', 'depeche numero', 1), await search('fr', 'dépêche numéro', 2), await search('fr', 'Depeche Numero', 3)];
    expect(pages[0]!.pagination).toEqual({ page: 1, pageSize: 10, total: 25, totalPages: 3 });
    expect(pages.map((p) => p.Article.length)).toEqual([10, 10, 5]);
    expect(pages.flatMap(ids).sort((x, y) => x - y)).toEqual(all().sort((x, y) => x - y));
    // Same relevance: newest first.
    expect(ids(pages[0]!)[0]).toBe(a.dep25);
    await expect(search('fr', 'depeche numero', 4)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('past the ranked window, older matches follow, still each once', async () => {
    for (const rankWindow of [1, 7, 10, 24]) {
      const seen: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const r = await search('fr', 'depeche numero', page, { rankWindow });
        expect(r.pagination.total).toBe(25);
        seen.push(...ids(r));
      }
      expect(seen, `window ${rankWindow}`).toHaveLength(25);
      expect([...seen].sort((x, y) => x - y)).toEqual(all().sort((x, y) => x - y));
    }
    const small = await search('fr', 'depeche numero', 1, { rankWindow: 3, pageSize: 5 });
    // The 3 newest added, ranked, then the next newest added.
    expect(ids(small)).toEqual([a.dep25, a.dep24, a.dep23, a.dep22, a.dep21]);
  });
});

describe('the index follows the content', () => {
  it('an edited title is found by its new words only', async () => {
    const id = await addArticle({ lang: 'fr', title: 'Ancien titre zanzibar' });
    expect(ids(await search('fr', 'zanzibar'))).toEqual([id]);
    await db.updateTable('articles').set({ title: 'Nouveau titre kilimandjaro' }).where('id', '=', id).execute();
    expect(ids(await search('fr', 'zanzibar'))).toEqual([]);
    expect(ids(await search('fr', 'kilimandjaro'))).toEqual([id]);
  });

  it('unpublished or deleted: gone; published again: back', async () => {
    const id = await addArticle({ lang: 'fr', title: 'Ouagadougou en fête' });
    expect(ids(await search('fr', 'ouagadougou'))).toEqual([id]);
    await db.updateTable('articles').set({ status: 'draft' }).where('id', '=', id).execute();
    expect(ids(await search('fr', 'ouagadougou'))).toEqual([]);
    await db.updateTable('articles').set({ status: 'published' }).where('id', '=', id).execute();
    expect(ids(await search('fr', 'ouagadougou'))).toEqual([id]);
    await db.deleteFrom('articles').where('id', '=', id).execute();
    expect(ids(await search('fr', 'ouagadougou'))).toEqual([]);
  });

  it('tags added to an article or renamed are searched', async () => {
    const id = await addArticle({ lang: 'fr', title: 'Récolte des dattes' });
    const tag = await addTag('fr', 'Tafilalet');
    await db.insertInto('article_tags').values({ article_id: id, tag_id: tag, position: 1 }).execute();
    expect(ids(await search('fr', 'tafilalet'))).toEqual([id]);
    expect((await search('fr', 'tafilalet')).Tags.map((t) => t.id)).toEqual([tag]);
    await db.updateTable('tags').set({ name: 'Drâa-Tafilalet' }).where('id', '=', tag).execute();
    expect(ids(await search('fr', 'draa dattes'))).toEqual([id]);
    expect((await search('fr', 'draa')).Tags.map((t) => t.id)).toEqual([tag]);
    await db.deleteFrom('article_tags').where('article_id', '=', id).execute();
    expect(ids(await search('fr', 'draa'))).toEqual([]);
  });

  it('renamed programmes are searched by their new names', async () => {
    const id = await addProgramme('ألحان', 'Alhan', 20);
    expect((await search('fr', 'alhan')).Emissions.map((e) => e.id)).toEqual([id]);
    await db.updateTable('programmes').set({ title_fr: 'Mélodies' }).where('id', '=', id).execute();
    expect((await search('fr', 'alhan')).Emissions).toEqual([]);
    expect((await search('fr', 'melodies')).Emissions.map((e) => e.id)).toEqual([id]);
  });

  it('the queue empties with each search; a rebuild gives the same answers', async () => {
    await addArticle({ lang: 'fr', title: 'Tombouctou' });
    expect(Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(SEARCH_QUEUE)}`.execute(db)).rows[0]!.n)).toBe(1);
    expect(await flushSearchQueue(db)).toBe(1);
    expect(await flushSearchQueue(db)).toBe(0);
    const before = await Promise.all(['marathon rabat', 'depeche', 'إسلام', 'tombouctou'].map((q) => search(/[a-z]/.test(q) ? 'fr' : 'ar', q)));
    await rebuildSearchIndex(db);
    const after = await Promise.all(['marathon rabat', 'depeche', 'إسلام', 'tombouctou'].map((q) => search(/[a-z]/.test(q) ? 'fr' : 'ar', q)));
    expect(after).toEqual(before);
  });
});

describe('after a bulk load', () => {
  it('works off a small queue, rebuilds for a large one', async () => {
    await addArticle({ lang: 'fr', title: 'Chefchaouen la bleue' });
    expect(await refreshSearchIndex(db)).toEqual({ rebuilt: false, count: 1 });
    const total = Number((await db.selectFrom('articles').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    for (let i = 0; i < Math.ceil(total / 3) + 1; i++) await addArticle({ lang: 'fr', title: `Lot ${i} Tétouan` });
    const r = await refreshSearchIndex(db);
    expect(r.rebuilt).toBe(true);
    expect((await search('fr', 'tetouan')).pagination.total).toBe(Math.ceil(total / 3) + 1);
    expect(ids(await search('fr', 'chefchaouen'))).toHaveLength(1);
  });
});

/* ---- the search box's requests ---- */

const groups = (title: string): SearchGroups => ({ tags: [], emissions: [], articles: [{ id: 1, label: title, full: title, path: '/fr/x' }] });

describe('search box requests', () => {
  it('cleans the query: white space collapsed, at most 100 characters', () => {
    expect(cleanQuery('  le   marathon \n ')).toBe('le marathon');
    expect([...cleanQuery('é'.repeat(150))]).toHaveLength(100);
  });

  it('each keystroke cancels the request before it; only the latest answer is shown', async () => {
    vi.useFakeTimers();
    try {
      const states: SearchState[] = [];
      const pending: { query: string; signal: AbortSignal; resolve: (g: SearchGroups) => void }[] = [];
      const fetcher = (query: string, _l: 'ar' | 'fr', signal: AbortSignal) =>
        new Promise<SearchGroups>((resolve, reject) => {
          pending.push({ query, signal, resolve });
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      const s = createSearcher('fr', (st) => states.push(st), { fetcher });
      s.search('ma');
      await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
      expect(pending.map((p) => p.query)).toEqual(['ma']);
      s.search('mar'); // the keystroke aborts the request in flight
      expect(pending[0]!.signal.aborted).toBe(true);
      s.search('marathon'); // before the delay: 'mar' is never asked
      await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
      expect(pending.map((p) => p.query)).toEqual(['ma', 'marathon']);
      // The stale answer arrives late: dropped.
      pending[0]!.resolve(groups('stale'));
      pending[1]!.resolve(groups('fresh'));
      await vi.runAllTimersAsync();
      const done = states.filter((st) => st.status === 'done');
      expect(done).toHaveLength(1);
      expect(done[0]).toMatchObject({ query: 'marathon', groups: { articles: [{ label: 'fresh' }] } });
      expect(states.at(-1)?.status).toBe('done');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failure is logged and shown; a cancellation is not; under 2 characters nothing is asked', async () => {
    vi.useFakeTimers();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const states: SearchState[] = [];
      let calls = 0;
      const s = createSearcher('ar', (st) => states.push(st), {
        fetcher: async () => {
          calls++;
          throw new Error('HTTP 500');
        },
      });
      s.search('x');
      await vi.runAllTimersAsync();
      expect(calls).toBe(0);
      expect(states.at(-1)).toEqual({ status: 'idle', query: 'x' });
      s.search('طاقة');
      await vi.runAllTimersAsync();
      expect(states.at(-1)).toEqual({ status: 'error', query: 'طاقة' });
      expect(log).toHaveBeenCalledTimes(1);

      const aborting = createSearcher('ar', (st) => states.push(st), {
        fetcher: (_q, _l, signal) =>
          new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      });
      aborting.search('طاقة');
      await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
      aborting.cancel();
      await vi.runAllTimersAsync();
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      log.mockRestore();
      vi.useRealTimers();
    }
  });

  it('asks /api/Search/1 with the locale header and keeps the box limits, titles cut at 80', async () => {
    const long = 'Un titre très long '.repeat(8).trim();
    const answer = {
      header: { status: 'OK', code: 200 },
      response: {
        Tags: Array.from({ length: 6 }, (_, i) => ({ id: i, name: `T${i}`, slug: `t${i}`, path: `/fr/tag/${i}` })),
        Emissions: Array.from({ length: 6 }, (_, i) => ({ id: i, name: `E${i}`, path: `/fr/replay/${i}` })),
        Article: Array.from({ length: 10 }, (_, i) => ({ id: i, title: i === 0 ? long : `A${i}`, url: '{}', path: `/fr/a/${i}`, publishedAt: NOW.toISOString() })),
        pagination: { page: 1, pageSize: 10, total: 10, totalPages: 1 },
      },
    };
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(answer), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const g = await fetchSearch('le marathon', 'fr', new AbortController().signal);
      const [url, init] = fetchMock.mock.calls[0]!;
      expect(url).toBe('/api/Search/1?search=le%20marathon');
      expect(new Headers(init.headers).get('locale')).toBe('fr');
      expect([g.tags.length, g.emissions.length, g.articles.length]).toEqual([4, 4, 3]);
      expect([...g.articles[0]!.label].length).toBeLessThanOrEqual(80);
      expect(g.articles[0]!.label.endsWith('…')).toBe(true);
      expect(g.articles[0]!.full).toBe(long);
      fetchMock.mockResolvedValueOnce(new Response('{}', { status: 500 }));
      await expect(fetchSearch('x', 'fr', new AbortController().signal)).rejects.toThrow(/500/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/* ---- PostgreSQL (DATABASE_URL): the LIKE fallback behind the same function ---- */

const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)('PostgreSQL fallback (TEST_DATABASE_URL: a server where a scratch database may be created)', () => {
  let pgDb: DB;
  let admin: import('pg').Client;
  const dbName = `search_test_${process.pid}_${Date.now()}`;
  const pg: Record<string, number> = {};

  beforeAll(async () => {
    const { default: pgLib } = await import('pg');
    admin = new pgLib.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(PG_URL!);
    url.pathname = `/${dbName}`;
    pgDb = (await openStore({ dataDir: ':memory:', databaseUrl: url.toString() })).db;
    const add = async (over: Partial<NewRow<'articles'>> & Pick<NewRow<'articles'>, 'lang' | 'title'>) => {
      const slug = `pg-${++slugSeq}`;
      const r = await pgDb
        .insertInto('articles')
        .values({
          translation_key: slug,
          slug,
          subtitle: '',
          body_html: '',
          status: 'published',
          published_at: ago(5),
          updated_at: ago(5),
          search_text: normalizeSearchText(`${over.title} ${over.subtitle ?? ''}`),
          ...over,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    };
    pg.islam = await add({ lang: 'ar', title: 'ندوة حول الإسلام في إفريقيا' });
    pg.school = await add({ lang: 'ar', title: 'افتتاح مدرسه جديده' });
    pg.match = await add({ lang: 'ar', title: 'مُبَارَاةٌ حاسمـــة' });
    pg.ecole = await add({ lang: 'fr', title: 'École : la rentrée' });
    pg.lead = await add({ lang: 'fr', title: 'Athlétisme', subtitle: 'Un marathon à Rabat', published_at: ago(1) });
    pg.sportNoun = await add({ lang: 'ar', title: 'وزارة الرياضة تطلق مبادرة' });
    pg.sportAdj = await add({ lang: 'ar', title: 'نادي رياضي بطنجة' });
    pg.sportFem = await add({ lang: 'ar', title: 'الأنشطة الرياضية بالمدارس' });
    pg.elections = await add({ lang: 'fr', title: 'Les élections communales à Tiznit' });
    pg.election = await add({ lang: 'fr', title: 'Une élection partielle à Taza' });
    pg.title = await add({ lang: 'fr', title: 'Le Marathon de Rabat', published_at: ago(4) });
    pg.draft = await add({ lang: 'fr', title: 'Marathon brouillon', status: 'draft' });
    for (let i = 1; i <= 25; i++) pg[`d${i}`] = await add({ lang: 'fr', title: `Dépêche numéro ${i}`, published_at: ago(100 - i) });
  }, 60_000);

  afterAll(async () => {
    await pgDb?.destroy();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
      await admin.end();
    }
  });

  const pgSearch = (lang: 'ar' | 'fr', q: string, page = 1) => searchContent(pgDb, lang, q, page, 10, { now: NOW });

  it('folds Arabic and French the same way', async () => {
    expect(ids(await pgSearch('ar', 'إسلام'))).toEqual([pg.islam]);
    expect(ids(await pgSearch('ar', 'مدرسة'))).toEqual([pg.school]);
    expect(ids(await pgSearch('ar', 'مباراة حاسمة'))).toEqual([pg.match]);
    expect(ids(await pgSearch('fr', 'ECOLE'))).toEqual([pg.ecole]);
  });

  it('the same light stemming: رياضة/رياضي/الرياضية, French plurals and accents', async () => {
    const sport = [pg.sportNoun, pg.sportAdj, pg.sportFem].sort();
    for (const q of ['رياضة', 'رياضي', 'الرياضية']) expect(ids(await pgSearch('ar', q)).sort(), q).toEqual(sport);
    for (const q of ['élections', 'election', 'ÉLECTION']) expect(ids(await pgSearch('fr', q)).sort(), q).toEqual([pg.elections, pg.election].sort());
  });

  it('title matches first, never drafts; pages by SQL; nasty input is harmless', async () => {
    expect(ids(await pgSearch('fr', 'marathon rabat'))).toEqual([pg.title, pg.lead]);
    const pages = [await pgSearch('fr', 'depeche', 1), await pgSearch('fr', 'depeche', 2), await pgSearch('fr', 'depeche', 3)];
    expect(pages[0]!.pagination).toEqual({ page: 1, pageSize: 10, total: 25, totalPages: 3 });
    expect(new Set(pages.flatMap(ids)).size).toBe(25);
    await expect(pgSearch('fr', 'depeche', 4)).rejects.toBeInstanceOf(NotFoundError);
    for (const q of ['%', '_', '\\', "'", '"*NEAR( col:x OR', '😀']) expect((await pgSearch('fr', q)).Article).toBeDefined();
  });
});

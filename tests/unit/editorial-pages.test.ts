/**
 * The editorial pages' loaders (src/server/pages/) against a small, fully
 * known store: what each page finds, when it redirects, and when it is a 404
 * (null). Also the parameter helpers and the tag index letters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { recordContentChange } from '../../src/server/content/changes.ts';
import type { NewRow } from '../../src/server/db/schema.ts';
import { parseId, parsePage, withPage } from '../../src/server/pages/editorial-common.ts';
import { loadArticleBySlug, loadPostPage } from '../../src/server/pages/article.ts';
import { articleCrumbs } from '../../src/server/pages/editorial-meta.ts';
import { loadTagSection } from '../../src/server/pages/tag-url.ts';
import { loadTagPage } from '../../src/server/pages/posts-tag.ts';
import { indexLetter, loadTagIndex } from '../../src/server/pages/posts-tagold.ts';
import { loadDossierPage } from '../../src/server/pages/dossier-special.ts';
import { loadSearchPage } from '../../src/server/pages/search.ts';
import { loadStaticPage } from '../../src/server/pages/navigationlinks.ts';
import { loadMemberPage } from '../../src/server/pages/user.ts';
import { loadHomePage } from '../../src/server/pages/home.ts';

const HOUR = 3600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

let db: DB;
const id = {
  sportFr: 0,
  footFr: 0,
  sportAr: 0,
  tagFr: 0,
  tagAr: 0,
  tagFrAlone: 0,
  dossierFr: 0,
  dossierAr: 0,
  first: 0,
  firstAr: 0,
  user: 0,
};

async function insert(table: 'master_tags' | 'tags' | 'articles' | 'dossiers' | 'users', row: object): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic insert over a few tables
  const r = await (db as any).insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
  return Number((r as { id: number }).id);
}

function article(over: Partial<NewRow<'articles'>> & Pick<NewRow<'articles'>, 'lang' | 'slug' | 'title'>): NewRow<'articles'> {
  return {
    translation_key: over.slug,
    subtitle: `Sous-titre de ${over.title}`,
    body_html: '<p>x</p>',
    status: 'published',
    published_at: ago(10),
    updated_at: ago(5),
    search_text: over.title.toLowerCase(),
    ...over,
  };
}

beforeAll(async () => {
  ({ db } = await openStore({ dataDir: ':memory:' }));
  id.sportFr = await insert('master_tags', { lang: 'fr', translation_key: 'sport', name: 'Sport', route_name: 'sport', parent_id: null, position: 0 });
  id.footFr = await insert('master_tags', { lang: 'fr', translation_key: 'football', name: 'Football', route_name: 'football', parent_id: id.sportFr, position: 0 });
  id.sportAr = await insert('master_tags', { lang: 'ar', translation_key: 'sport', name: 'رياضة', route_name: 'sport', parent_id: null, position: 0 });
  id.tagFr = await insert('tags', { lang: 'fr', translation_key: 'botola', slug: 'botola-pro', name: 'Botola Pro' });
  id.tagAr = await insert('tags', { lang: 'ar', translation_key: 'botola', slug: 'botola-pro', name: 'البطولة الاحترافية' });
  id.tagFrAlone = await insert('tags', { lang: 'fr', translation_key: 'eau', slug: 'ressources-en-eau', name: 'Ressources en eau' });
  id.dossierFr = await insert('dossiers', { lang: 'fr', translation_key: 'mondial', slug: 'mondial', title: 'Mondial 2030', description: 'Le Maroc se prépare.', position: 0 });
  id.dossierAr = await insert('dossiers', { lang: 'ar', translation_key: 'mondial', slug: 'mondial', title: 'مونديال 2030', description: 'المغرب يستعد.', position: 0 });

  // 14 French football articles (12 a page: two pages), one Arabic translation.
  for (let i = 1; i <= 14; i++) {
    const aid = await insert(
      'articles',
      article({
        lang: 'fr',
        slug: `match-${i}`,
        title: `Match numéro ${i} de la Botola`,
        master_tag_id: i % 2 ? id.footFr : id.sportFr,
        dossier_id: i === 1 ? id.dossierFr : null,
        translation_key: `match-${i}`,
        published_at: ago(100 - i),
      }),
    );
    await db.insertInto('article_tags').values({ article_id: aid, tag_id: id.tagFr, position: 0 }).execute();
    if (i === 14) id.first = aid;
  }
  id.firstAr = await insert(
    'articles',
    article({ lang: 'ar', slug: 'mubara-14', title: 'المباراة 14 من البطولة', master_tag_id: id.sportAr, translation_key: 'match-14' }),
  );
  // Hidden: a draft and a future article never show.
  await insert('articles', article({ lang: 'fr', slug: 'brouillon', title: 'Brouillon', status: 'draft', master_tag_id: id.sportFr }));
  await insert('articles', article({ lang: 'fr', slug: 'futur', title: 'Futur', published_at: new Date(Date.now() + HOUR).toISOString(), master_tag_id: id.sportFr }));

  await db.insertInto('static_pages').values({ lang: 'fr', page: 'mag', title: 'Les magazines de 2M', body_html: '<p>Mag</p>', updated_at: ago(1) }).execute();
  id.user = await insert('users', { email: 'salma@example.ma', name: '  Salma   Bennani ', member_id: 'Qm9uam91ci1TYWxtYQ', profile_public: 1 });
  await insert('users', { email: 'private@example.ma', name: 'Karim Alaoui', member_id: 'cHJpdmF0ZS1LYXJpbQ' });

  // A La UNE block with 2 articles gets topped up to 4 from its master tag.
  const two = await db.selectFrom('articles').select('id').where('slug', 'in', ['match-1', 'match-2']).execute();
  const layout = { slider: [], une: [{ title: 'Sport', masterTagId: id.sportFr, items: two.map((a) => a.id) }], hot: [] };
  await db
    .insertInto('front_page_versions')
    .values({ lang: 'fr', number: 1, layout: JSON.stringify(layout), kind: 'publish', restored_from: null, effective_at: ago(1), canceled_at: null, user_id: null, actor: 'test', created_at: ago(1) })
    .execute();
});

describe('parameter helpers', () => {
  it('accepts only positive integer ids', () => {
    expect(parseId('12')).toBe(12);
    for (const bad of ['abc', '0', '012', '1.5', '-3', '', undefined, '12345678901']) expect(parseId(bad)).toBeNull();
  });

  it('reads ?page=N: 1 by default, null when malformed', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('')).toBe(1);
    expect(parsePage('3')).toBe(3);
    for (const bad of ['0', 'abc', '-1', '2.5']) expect(parsePage(bad)).toBeNull();
  });

  it('adds ?page=N only after the first page, keeping other parameters', () => {
    expect(withPage('/fr/sport', 1)).toBe('/fr/sport');
    expect(withPage('/fr/sport', 2)).toBe('/fr/sport?page=2');
    expect(withPage('/fr/search', 3, { q: 'maroc foot' })).toBe('/fr/search?q=maroc+foot&page=3');
    expect(withPage('/fr/dossier-special?id=4', 2)).toBe('/fr/dossier-special?id=4&page=2');
  });
});

describe('articles', () => {
  it('finds an article by slug under its master tag, and redirects a wrong tag to the canonical path', async () => {
    const ok = await loadArticleBySlug(db, 'fr', { tag: 'sport', url: 'match-14' });
    expect(ok?.kind).toBe('article');
    if (ok?.kind !== 'article') return;
    expect(ok.view.article.title).toBe('Match numéro 14 de la Botola');
    expect(ok.view.alternates).toEqual({ fr: '/fr/sport/match-14', ar: '/ar/sport/mubara-14' });

    expect(await loadArticleBySlug(db, 'fr', { tag: 'football', url: 'match-14' })).toEqual({
      kind: 'redirect',
      location: '/fr/sport/match-14',
    });
    expect(await loadArticleBySlug(db, 'fr', { tag: 'sport', url: 'inconnu' })).toBeNull();
    expect(await loadArticleBySlug(db, 'ar', { tag: 'sport', url: 'match-14' })).toBeNull();
    expect(await loadArticleBySlug(db, 'fr', { tag: 'sport', url: 'brouillon' })).toBeNull();
    expect(await loadArticleBySlug(db, 'fr', { tag: 'sport', url: 'futur' })).toBeNull();
  });

  it('an untranslated article links the other language\'s nearest section, and names no translation', async () => {
    // Sport exists in Arabic: its section.
    const sport = await loadArticleBySlug(db, 'fr', { tag: 'sport', url: 'match-12' });
    expect(sport?.kind === 'article' && sport.view.alternates.ar).toBe('/ar/sport');
    expect(sport?.kind === 'article' && sport.view.translations).toEqual({ fr: '/fr/sport/match-12' });
    // Football has no Arabic counterpart: the home.
    const foot = await loadArticleBySlug(db, 'fr', { tag: 'football', url: 'match-13' });
    expect(foot?.kind === 'article' && foot.view.alternates.ar).toBe('/ar');
    // A translated one names both.
    const both = await loadArticleBySlug(db, 'fr', { tag: 'sport', url: 'match-14' });
    expect(both?.kind === 'article' && both.view.translations).toEqual({ fr: '/fr/sport/match-14', ar: '/ar/sport/mubara-14' });
  });

  it('an article\'s breadcrumb goes through its section\'s parent', async () => {
    const r = await loadArticleBySlug(db, 'fr', { tag: 'football', url: 'match-13' });
    if (r?.kind !== 'article') throw new Error('not found');
    expect(articleCrumbs(r.view).map((c) => c.path)).toEqual(['/fr', '/fr/sport', '/fr/football', '/fr/football/match-13']);
  });

  it('/post/{id}: the article in its language, else a redirect to its translation, else to its own language', async () => {
    expect((await loadPostPage(db, 'fr', { id: id.first }))?.kind).toBe('article');
    // /ar/post/{French id} → the Arabic translation's /ar/post/{id}, and back.
    expect(await loadPostPage(db, 'ar', { id: id.first })).toEqual({ kind: 'redirect', location: `/ar/post/${id.firstAr}` });
    expect(await loadPostPage(db, 'fr', { id: id.firstAr })).toEqual({ kind: 'redirect', location: `/fr/post/${id.first}` });
    // Untranslated: its own language.
    const alone = await db.selectFrom('articles').select('id').where('slug', '=', 'match-13').executeTakeFirstOrThrow();
    expect(await loadPostPage(db, 'ar', { id: alone.id })).toEqual({ kind: 'redirect', location: `/fr/post/${alone.id}` });
    expect(await loadPostPage(db, 'fr', { id: 999_999 })).toBeNull();
  });
});

describe('the catch-all /{tag}', () => {
  it('shows a master tag with its children and their articles, paginated', async () => {
    const p1 = await loadTagSection(db, 'fr', { tag: 'sport', page: 1 });
    expect(p1?.kind).toBe('master-tag');
    if (p1?.kind !== 'master-tag') return;
    expect(p1.listing.chips.map((c) => c.name)).toEqual(['Football']);
    expect(p1.listing.pagination).toMatchObject({ total: 14, totalPages: 2 });
    expect(p1.listing.articles).toHaveLength(12);
    expect(p1.listing.alternates).toEqual({ fr: '/fr/sport', ar: '/ar/sport' });
    const p2 = await loadTagSection(db, 'fr', { tag: 'sport', page: 2 });
    expect(p2?.kind === 'master-tag' && p2.listing.articles.length).toBe(2);
    expect(await loadTagSection(db, 'fr', { tag: 'sport', page: 3 })).toBeNull();
  });

  it('a sub-section shows its parent and its siblings', async () => {
    const r = await loadTagSection(db, 'fr', { tag: 'football', page: 1 });
    expect(r?.kind === 'master-tag' && r.listing.parent?.name).toBe('Sport');
    expect(r?.kind === 'master-tag' && r.listing.pagination.total).toBe(7);
  });

  it('falls back to a tag slug, else nothing', async () => {
    const r = await loadTagSection(db, 'fr', { tag: 'botola-pro', page: 1 });
    expect(r?.kind).toBe('tag');
    expect(r?.kind === 'tag' && r.listing.tag.name).toBe('Botola Pro');
    expect(await loadTagSection(db, 'fr', { tag: 'inconnu', page: 1 })).toBeNull();
  });
});

describe('tag listings', () => {
  it('lists a tag\'s articles with its translation as alternate', async () => {
    const r = await loadTagPage(db, 'fr', { id: id.tagFr, page: 1 });
    expect(r?.kind === 'tag' && r.listing.pagination.total).toBe(14);
    expect(r?.kind === 'tag' && r.listing.alternates).toEqual({ fr: `/fr/posts/tag/${id.tagFr}`, ar: `/ar/posts/tag/${id.tagAr}` });
    const alone = await loadTagPage(db, 'fr', { id: id.tagFrAlone, page: 1 });
    expect(alone?.kind === 'tag' && alone.listing.alternates.ar).toBe('/ar/posts/tagold');
  });

  it('redirects a tag of the other language to its translation; unknown or past the last page → null', async () => {
    expect(await loadTagPage(db, 'ar', { id: id.tagFr, page: 1 })).toEqual({ kind: 'redirect', location: `/ar/posts/tag/${id.tagAr}` });
    expect(await loadTagPage(db, 'ar', { id: id.tagFrAlone, page: 1 })).toEqual({
      kind: 'redirect',
      location: `/fr/posts/tag/${id.tagFrAlone}`,
    });
    expect(await loadTagPage(db, 'fr', { id: 999_999, page: 1 })).toBeNull();
    expect(await loadTagPage(db, 'fr', { id: id.tagFr, page: 3 })).toBeNull();
  });

  it('indexes every tag of the language by letter with its article count', async () => {
    const groups = await loadTagIndex(db, 'fr');
    expect(groups.map((g) => g.letter)).toEqual(['B', 'R']);
    expect(groups[0]!.tags[0]).toMatchObject({ name: 'Botola Pro', count: 14, path: `/fr/posts/tag/${id.tagFr}` });
    expect(groups[1]!.tags[0]).toMatchObject({ name: 'Ressources en eau', count: 0 });
  });

  it('puts a tag under its first letter (after the Arabic article, without accents)', () => {
    expect(indexLetter('Énergies renouvelables', 'fr')).toBe('E');
    expect(indexLetter('2M Programmes', 'fr')).toBe('#');
    expect(indexLetter('البطولة الاحترافية', 'ar')).toBe('ب');
    expect(indexLetter('أسود الأطلس', 'ar')).toBe('ا');
    expect(indexLetter('مونديال 2030', 'ar')).toBe('م');
  });
});

describe('special dossiers', () => {
  it('lists the dossiers, shows one, redirects the other language\'s, 404s the unknown', async () => {
    const list = await loadDossierPage(db, 'fr', { id: null });
    expect(list?.kind === 'list' && list.dossiers.map((d) => d.title)).toEqual(['Mondial 2030']);
    const one = await loadDossierPage(db, 'fr', { id: id.dossierFr });
    expect(one?.kind === 'one' && one.articles.map((a) => a.slug)).toEqual(['match-1']);
    expect(one?.kind === 'one' && one.translationId).toBe(id.dossierAr);
    expect(await loadDossierPage(db, 'fr', { id: id.dossierAr })).toEqual({ kind: 'redirect', id: id.dossierFr });
    expect(await loadDossierPage(db, 'fr', { id: 999_999 })).toBeNull();
  });
});

describe('search', () => {
  it('finds articles by a word of their title, as cards, 10 a page', async () => {
    const r = await loadSearchPage(db, 'fr', { q: '  botola  ', page: 1 });
    expect(r?.query).toBe('botola');
    expect(r?.pagination).toMatchObject({ total: 14, totalPages: 2 });
    expect(r?.articles).toHaveLength(10);
    expect(r?.articles[0]?.path).toBe('/fr/sport/match-14');
    expect(r?.tags.map((t) => t.name)).toContain('Botola Pro');
    expect((await loadSearchPage(db, 'fr', { q: 'botola', page: 2 }))?.articles).toHaveLength(4);
    expect(await loadSearchPage(db, 'fr', { q: 'botola', page: 3 })).toBeNull();
  });

  it('an empty query finds nothing (page 1 only); a long one is cut to 100 characters', async () => {
    expect((await loadSearchPage(db, 'fr', { q: '   ', page: 1 }))?.pagination.total).toBe(0);
    expect(await loadSearchPage(db, 'fr', { q: '', page: 2 })).toBeNull();
    expect([...((await loadSearchPage(db, 'fr', { q: 'x'.repeat(300), page: 1 }))?.query ?? '')]).toHaveLength(100);
  });
});

describe('static and user pages', () => {
  it('shows only the navigationlinks keys written in the language', async () => {
    expect((await loadStaticPage(db, 'fr', { page: 'mag' }))?.title).toBe('Les magazines de 2M');
    expect(await loadStaticPage(db, 'ar', { page: 'mag' })).toBeNull();
    expect(await loadStaticPage(db, 'fr', { page: 'inconnue' })).toBeNull();
  });

  it('shows a member\'s first name and joining date, nothing private, by the opaque member id and only when public', async () => {
    const member = await loadMemberPage(db, 'fr', { memberId: 'Qm9uam91ci1TYWxtYQ' });
    expect(member).toEqual({ memberId: 'Qm9uam91ci1TYWxtYQ', firstName: 'Salma', memberSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(JSON.stringify(member)).not.toContain('@');
    // The sequential id is no address; a private member's page does not exist; nor does a malformed id.
    expect(await loadMemberPage(db, 'fr', { memberId: String(id.user) })).toBeNull();
    expect(await loadMemberPage(db, 'fr', { memberId: 'cHJpdmF0ZS1LYXJpbQ' })).toBeNull();
    expect(await loadMemberPage(db, 'fr', { memberId: '../../etc' })).toBeNull();
  });
});

describe('home', () => {
  it('tops a short La UNE block up to 4 articles from its master tag and its children', async () => {
    const home = await loadHomePage(db, 'fr');
    expect(home.une).toHaveLength(1);
    const block = home.une[0]!;
    expect(block.articles).toHaveLength(4);
    expect(block.articles.slice(0, 2).map((a) => a.slug)).toEqual(['match-1', 'match-2']);
    expect(new Set(block.articles.map((a) => a.id)).size).toBe(4);
    // No slider placed: the newest articles lead.
    expect(home.slider[0]?.slug).toBe('match-14');
    expect(home.recent.every((a) => a.lang === 'fr')).toBe(true);
  });

  it('shows each story once: slider, La UNE, hot topics, then the automatic lists leave out what comes before', async () => {
    const home = await loadHomePage(db, 'fr');
    const ids = [
      ...home.slider,
      ...home.une.flatMap((b) => b.articles),
      ...home.hot,
      ...home.mostViewed,
      ...home.recent,
    ].map((a) => a.id);
    expect(ids.length).toBeGreaterThan(8);
    expect(new Set(ids).size).toBe(ids.length);
    // The placed La UNE articles stay in their block; the newest list skips them and what the slider shows.
    const placed = home.une[0]!.articles.slice(0, 2).map((a) => a.id);
    expect(home.recent.some((a) => placed.includes(a.id))).toBe(false);
    expect(home.recent.some((a) => home.slider.some((s) => s.id === a.id))).toBe(false);
  });
});

describe('hreflang of paginated listings (the same page number in the other language when it has it)', () => {
  beforeAll(async () => {
    // 13 more Arabic sport articles tagged Botola: the Arabic listings get two pages (14 articles), not three.
    for (let i = 1; i <= 13; i++) {
      const aid = await insert(
        'articles',
        article({ lang: 'ar', slug: `mubara-x${i}`, title: `مباراة ${i}`, master_tag_id: id.sportAr, translation_key: `ar-only-${i}`, published_at: ago(200 + i) }),
      );
      await db.insertInto('article_tags').values({ article_id: aid, tag_id: id.tagAr, position: 0 }).execute();
    }
    // Listings keep their counts per content change: publishing records one.
    await recordContentChange(db, { paths: [], reason: 'test: more Arabic articles' });
  });

  it('a master tag: page 2 points at page 2 of the translation; the first page has no ?page', async () => {
    const p1 = await loadTagSection(db, 'fr', { tag: 'sport', page: 1 });
    expect(p1?.kind === 'master-tag' && p1.listing.alternates).toEqual({ fr: '/fr/sport', ar: '/ar/sport' });
    const p2 = await loadTagSection(db, 'fr', { tag: 'sport', page: 2 });
    expect(p2?.kind === 'master-tag' && p2.listing.alternates).toEqual({ fr: '/fr/sport?page=2', ar: '/ar/sport?page=2' });
  });

  it('a tag: the same, and the translation\'s first page when it has fewer pages', async () => {
    const p2 = await loadTagPage(db, 'ar', { id: id.tagAr, page: 2 });
    expect(p2?.kind === 'tag' && p2.listing.alternates).toEqual({ ar: `/ar/posts/tag/${id.tagAr}?page=2`, fr: `/fr/posts/tag/${id.tagFr}?page=2` });
    // The French football sub-section has 7 articles (one page); its Arabic counterpart does not exist.
    const foot = await loadTagSection(db, 'fr', { tag: 'football', page: 1 });
    expect(foot?.kind === 'master-tag' && foot.listing.alternates).toEqual({ fr: '/fr/football', ar: '/ar' });
  });

  it('falls back to the first page of a translation with fewer pages', async () => {
    // 12 more French Botola articles: 26 in French (three pages), 14 in Arabic (two).
    for (let i = 1; i <= 12; i++) {
      const aid = await insert('articles', article({ lang: 'fr', slug: `extra-${i}`, title: `Extra ${i}`, master_tag_id: id.sportFr, published_at: ago(300 + i) }));
      await db.insertInto('article_tags').values({ article_id: aid, tag_id: id.tagFr, position: 0 }).execute();
    }
    // Listings keep their page boundaries per content change: publishing records one.
    await recordContentChange(db, { paths: [], reason: 'test: more French articles' });
    const p3 = await loadTagPage(db, 'fr', { id: id.tagFr, page: 3 });
    expect(p3?.kind === 'tag' && p3.listing.alternates).toEqual({ fr: `/fr/posts/tag/${id.tagFr}?page=3`, ar: `/ar/posts/tag/${id.tagAr}` });
  });
});

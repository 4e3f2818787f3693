import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/server/db/index.ts';
import { parseNinjsArticle, type NinjsArticle } from '../../src/server/newsroom/ninjs.ts';
import { plainText, sanitizeBody } from '../../src/server/newsroom/sanitize.ts';
import { upsertNinjsArticle, withdrawNinjsArticle } from '../../src/server/newsroom/articles.ts';
import { findPublishedArticle, latestArticles } from '../../src/server/content/articles.ts';

const SITE = 'https://www.2m.ma';

const doc_ = (over: Record<string, unknown> = {}) => ({
  uri: 'urn:newsml:2m.ma:20261125:budget-ar',
  type: 'text',
  language: 'ar',
  version: '1',
  pubstatus: 'usable',
  headlines: [{ value: 'الحكومة تعلن ميزانية 2027', role: 'main' }],
  descriptions: [{ value: 'ملخص الخبر', role: 'summary' }],
  bodies: [{ value: '<p>نص الخبر</p>', contenttype: 'text/html' }],
  subjects: [{ uri: 'urn:2m:section:societe' }, { name: 'اقتصاد', uri: 'http://cv.iptc.org/newscodes/mediatopic/04000000' }],
  by: 'سعاد العلمي',
  altids: [{ role: 'translation', value: 'story-budget-2027' }],
  ...over,
});

function parsed(over: Record<string, unknown> = {}): NinjsArticle {
  const r = parseNinjsArticle(doc_(over));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.article;
}

async function store() {
  const { db } = await openStore({ dataDir: ':memory:' });
  for (const lang of ['ar', 'fr'] as const) {
    await db
      .insertInto('master_tags')
      .values({ lang, translation_key: 'master-societe', name: lang === 'ar' ? 'مجتمع' : 'Société', route_name: 'societe', parent_id: null, position: 0 })
      .execute();
  }
  return db;
}

describe('newsroom sanitising', () => {
  it('drops scripts, event attributes and javascript: links, keeps editorial markup', () => {
    const out = sanitizeBody(
      '<p onclick="x()">Bonjour <strong>monde</strong></p><script>alert(1)</script><img src="https://x/a.jpg" onerror="alert(1)"><a href="javascript:alert(1)">x</a><a href="https://2m.ma/a">ok</a><iframe src="https://evil"></iframe>',
    );
    expect(out).not.toMatch(/script|onerror|onclick|javascript:|iframe|alert/i);
    expect(out).toContain('<strong>monde</strong>');
    expect(out).toContain('<a href="https://2m.ma/a" rel="noopener">ok</a>');
    // The refused link keeps its text and no attribute (rel without href is invalid HTML).
    expect(out).toContain('<a>x</a>');
    expect(out).toContain('<img src="https://x/a.jpg" loading="lazy" />');
  });

  it('makes headlines plain text', () => {
    expect(plainText('<b>Titre</b> &amp; <script>alert(1)</script>suite')).toBe('Titre & suite');
  });
});

describe('ninjs validation', () => {
  it('maps a document', () => {
    const a = parsed({ embargoed: '2026-12-01T08:00:00+01:00' });
    expect(a).toMatchObject({
      uri: 'urn:newsml:2m.ma:20261125:budget-ar',
      lang: 'ar',
      version: 1,
      status: 'published',
      title: 'الحكومة تعلن ميزانية 2027',
      subtitle: 'ملخص الخبر',
      bodyHtml: '<p>نص الخبر</p>',
      slug: 'الحكومة-تعلن-ميزانية-2027',
      sectionRoute: 'societe',
      tags: [{ name: 'اقتصاد', uri: 'http://cv.iptc.org/newscodes/mediatopic/04000000' }],
      byline: 'سعاد العلمي',
      translationGroup: 'story-budget-2027',
    });
    expect(a.embargo?.toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(parsed({ pubstatus: 'canceled' }).status).toBe('withdrawn');
    expect(parsed({ language: 'fr-MA', version: 7 })).toMatchObject({ lang: 'fr', version: 7 });
  });

  it('answers errors per field', () => {
    const r = parseNinjsArticle(doc_({ headlines: undefined, language: 'en', version: 'x', associations: [{ uri: 'a', type: 'picture' }] }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(['headlines', 'language', 'version']);
    const empty = parseNinjsArticle(doc_({ headlines: [{ value: '<script>x</script>' }] }));
    expect(empty.ok ? {} : empty.errors).toHaveProperty(['headlines.0.value']);
    const pic = parseNinjsArticle(doc_({ associations: [{ uri: 'urn:x', type: 'picture', renditions: [{ href: 'ftp://x/a.jpg' }] }] }));
    expect(pic.ok ? {} : pic.errors).toHaveProperty(['associations.0.renditions']);
    const sitePath = parseNinjsArticle(doc_({ associations: [{ uri: 'urn:x', type: 'picture', renditions: [{ href: '/media/img/a.jpg' }] }] }));
    expect(sitePath.ok ? {} : sitePath.errors).toHaveProperty(['associations.0.renditions']);
    expect(parseNinjsArticle([]).ok).toBe(false);
  });
});

describe('newsroom upsert', () => {
  it('creates, updates, refuses an older version (409), links translations, withdraws', async () => {
    const db = await store();
    const t0 = new Date('2026-11-25T10:00:00.000Z');
    const created = await upsertNinjsArticle(db, parsed(), { siteUrl: SITE, now: t0 });
    expect(created).toMatchObject({ kind: 'created', article: { lang: 'ar', version: 1, state: 'published', path: '/ar/societe/الحكومة-تعلن-ميزانية-2027' } });
    if (created.kind !== 'created') return;
    expect(created.article.url).toBe('https://www.2m.ma/ar/societe/%D8%A7%D9%84%D8%AD%D9%83%D9%88%D9%85%D8%A9-%D8%AA%D8%B9%D9%84%D9%86-%D9%85%D9%8A%D8%B2%D8%A7%D9%86%D9%8A%D8%A9-2027');
    const change = await db.selectFrom('content_changes').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(change.paths)).toEqual(expect.arrayContaining(['/ar', '/ar/societe', '/ar/societe/الحكومة-تعلن-ميزانية-2027', '/ar/rss.xml', '/news-sitemap.xml']));

    const fr = await upsertNinjsArticle(
      db,
      parsed({ uri: 'urn:newsml:2m.ma:20261125:budget-fr', language: 'fr', headlines: [{ value: 'Le budget 2027' }], subjects: [{ uri: 'urn:2m:section:societe' }] }),
      { siteUrl: SITE, now: t0 },
    );
    expect(fr.kind).toBe('created');
    const rows = await db.selectFrom('articles').select(['lang', 'translation_key']).execute();
    expect(new Set(rows.map((r) => r.translation_key)).size).toBe(1);

    const updated = await upsertNinjsArticle(db, parsed({ version: '2', headlines: [{ value: 'عنوان جديد' }] }), { siteUrl: SITE, now: new Date(t0.getTime() + 1000) });
    expect(updated).toMatchObject({ kind: 'updated', article: { version: 2, path: '/ar/societe/عنوان-جديد' } });
    const old = await db.selectFrom('article_old_paths').select('path').execute();
    expect(old.map((o) => o.path)).toEqual(['/ar/societe/الحكومة-تعلن-ميزانية-2027']);

    const before = await db.selectFrom('articles').selectAll().where('ninjs_uri', '=', 'urn:newsml:2m.ma:20261125:budget-ar').executeTakeFirstOrThrow();
    const changesBefore = await db.selectFrom('content_changes').select('id').execute();
    expect(await upsertNinjsArticle(db, parsed({ version: '1', headlines: [{ value: 'قديم' }] }), { siteUrl: SITE })).toEqual({ kind: 'conflict', stored: 'version 2' });
    expect(await db.selectFrom('articles').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await db.selectFrom('content_changes').select('id').execute()).toHaveLength(changesBefore.length);

    const withdrawn = await withdrawNinjsArticle(db, 'urn:newsml:2m.ma:20261125:budget-ar', { siteUrl: SITE });
    expect(withdrawn?.state).toBe('withdrawn');
    expect(await findPublishedArticle(db, before.id)).toBeUndefined();
    expect((await latestArticles(db, 'ar', 10)).map((a) => a.id)).not.toContain(before.id);
    const last = await db.selectFrom('content_changes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last.reason).toBe('withdraw');
    expect(JSON.parse(last.gone)).toEqual(expect.arrayContaining(['/ar/societe/عنوان-جديد', '/ar/societe/الحكومة-تعلن-ميزانية-2027']));
    expect(await withdrawNinjsArticle(db, 'urn:none', { siteUrl: SITE })).toBeNull();
  });

  it('refuses an unknown section or media id with field errors and changes nothing', async () => {
    const db = await store();
    const r = await upsertNinjsArticle(
      db,
      parsed({ subjects: [{ uri: 'urn:2m:section:nowhere' }, { name: 'وسم جديد' }], associations: [{ uri: 'urn:2m:media:999', type: 'picture' }] }),
      { siteUrl: SITE },
    );
    expect(r.kind).toBe('invalid');
    expect(r.kind === 'invalid' ? Object.keys(r.errors).sort() : []).toEqual(['associations.0.uri', 'subjects']);
    expect(await db.selectFrom('articles').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('tags').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('authors').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('content_changes').select('id').execute()).toEqual([]);
  });

  it('publishes an embargoed article at its time, not before', async () => {
    const db = await store();
    const embargo = new Date(Date.now() + 3600_000);
    const r = await upsertNinjsArticle(db, parsed({ embargoed: embargo.toISOString() }), { siteUrl: SITE });
    expect(r).toMatchObject({ kind: 'created', article: { state: 'embargoed', publishedAt: embargo.toISOString() } });
    if (r.kind !== 'created') return;
    expect(await findPublishedArticle(db, r.article.id)).toBeUndefined();
    expect(await latestArticles(db, 'ar', 5)).toEqual([]);
    const due = await db.selectFrom('content_changes').selectAll().where('reason', '=', 'embargo').executeTakeFirstOrThrow();
    expect(due.due_at).toBe(embargo.toISOString());
    // Lifting the embargo in a new version publishes it now.
    const lifted = await upsertNinjsArticle(db, parsed({ version: '2', embargoed: null }), { siteUrl: SITE });
    expect(lifted).toMatchObject({ kind: 'updated', article: { state: 'published' } });
    expect(await findPublishedArticle(db, r.article.id)).toBeDefined();
  });

  it('takes pictures by a path of this site as cover and gallery, and a video on an allowed origin', async () => {
    const db = await store();
    const doc = parseNinjsArticle(
      doc_({
        associations: [
          { name: 'main', uri: 'urn:pic:1', type: 'picture', headlines: [{ value: 'الصورة' }], renditions: [{ name: 'x', href: '/media/img/a.jpg', width: 1600, height: 900 }] },
          { name: 'p2', uri: 'urn:pic:2', type: 'picture', renditions: [{ name: 'x', href: '/media/img/b.jpg', width: 800, height: 600 }] },
          { name: 'v', uri: 'urn:vid:1', type: 'video', renditions: [{ name: 'hls', href: 'https://cdn.example/v.m3u8', contenttype: 'application/vnd.apple.mpegurl', duration: 95 }] },
        ],
      }),
      { mediaOriginProblem: (url) => (url.startsWith('https://cdn.example/') ? null : 'not allowed') },
    );
    if (!doc.ok) throw new Error(JSON.stringify(doc.errors));
    const r = await upsertNinjsArticle(db, doc.article, { siteUrl: SITE });
    if (r.kind !== 'created') throw new Error(r.kind);
    const a = await db.selectFrom('articles').selectAll().where('id', '=', r.article.id).executeTakeFirstOrThrow();
    const cover = await db.selectFrom('images').selectAll().where('id', '=', a.cover_image_id!).executeTakeFirstOrThrow();
    expect(cover).toMatchObject({ url: '/media/img/a.jpg', width: 1600, height: 900, alt_ar: 'الصورة' });
    expect(await db.selectFrom('article_images').select(['image_id', 'caption']).where('article_id', '=', a.id).execute()).toHaveLength(1);
    expect(await db.selectFrom('videos').selectAll().where('id', '=', a.video_id!).executeTakeFirstOrThrow()).toMatchObject({
      url: 'https://cdn.example/v.m3u8',
      mime: 'application/vnd.apple.mpegurl',
      duration_s: 95,
    });
  });
});

describe('Arabic slugs in the pre-build', () => {
  it('are sent percent-encoded to a render worker (raw ones break its request)', async () => {
    const { renderPage } = await import('../../src/server/delivery/prebuild.ts');
    const asked: string[] = [];
    const source = { renderPage: async (p: string) => (asked.push(p), 'gone' as const) };
    await renderPage(source, '/ar/sport/خبر-عاجل');
    await renderPage(source, encodeURI('/ar/sport/خبر-عاجل'));
    expect(asked).toEqual([encodeURI('/ar/sport/خبر-عاجل'), encodeURI('/ar/sport/خبر-عاجل')]);
  });
});

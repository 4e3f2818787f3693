/**
 * The newsroom ingest as agencies send it (ADR 031): the IPTC's published
 * ninjs examples (tests/fixtures/ninjs), markup whose cost is bounded before
 * it is parsed, pictures by URL fetched safely into the media store (a local
 * server stands for the agency), versions 0 or absent.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { DirectoryMediaStore } from '../../src/server/media-store.ts';
import { upsertNinjsArticle } from '../../src/server/newsroom/articles.ts';
import { findItem, upsertPictureItem, upsertVideoItem } from '../../src/server/newsroom/items.ts';
import { fetchMedia, hostAllowed, MediaFetchRefused, urlProblem, type FetchPolicy } from '../../src/server/newsroom/media-fetch.ts';
import { MediaRefused, storeMedia } from '../../src/server/newsroom/media.ts';
import { parseNinjsItem, pictureSource, type NinjsItem } from '../../src/server/newsroom/ninjs.ts';
import { readyPictures, type IngestDeps } from '../../src/server/newsroom/pictures.ts';
import { BODY_LIMITS, markupProblem, MarkupTooCostly, plainText, sanitizeBody, TEXT_LIMITS } from '../../src/server/newsroom/sanitize.ts';
import { mediaOriginProblem } from '../../src/server/media-origins.ts';
import { pngHeaderOnly, startMediaServer, type MediaServer } from '../support/media-server.ts';

const SITE = 'https://www.2m.ma';
const fixture = (name: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, '../fixtures/ninjs', `${name}.json`), 'utf8')) as Record<string, unknown>;

let media: MediaServer;
const storeDir = mkdtempSync(path.join(tmpdir(), 'newsroom-ingest-'));
const mediaStore = new DirectoryMediaStore(storeDir);
const local: FetchPolicy = { hosts: [], allowPrivate: true };
const deps: IngestDeps = { media: mediaStore, policy: local };
/** Videos may play from the local server's origin (MEDIA_ORIGINS in a deployment). */
const allowLocalMedia = { mediaOriginProblem: (url: string) => mediaOriginProblem(url, { MEDIA_ORIGINS: [media.origin], LIVE_STREAM_URL: undefined }) };

beforeAll(async () => {
  media = await startMediaServer();
});
afterAll(async () => {
  await media.close();
  rmSync(storeDir, { recursive: true, force: true });
});

async function store(): Promise<DB> {
  const { db } = await openStore({ dataDir: ':memory:' });
  for (const lang of ['ar', 'fr'] as const) {
    await db
      .insertInto('master_tags')
      .values({ lang, translation_key: 'master-societe', name: lang === 'ar' ? 'مجتمع' : 'Société', route_name: 'societe', parent_id: null, position: 0 })
      .execute();
  }
  await db.insertInto('web_video_tags').values({ slug: 'decouverte', name_ar: 'اكتشاف', name_fr: 'Découverte', position: 0 }).execute();
  return db;
}

/** Every rendition href of an item (and its associations) pointed at the local server, as the agency's own would be. */
function relocate(item: Record<string, unknown>, to: (r: { width?: number; height?: number; contenttype?: string; href?: string }) => string): Record<string, unknown> {
  const fix = (renditions: unknown) =>
    (renditions as { href?: string }[] | undefined)?.map((r) => (r.href ? { ...r, href: to(r as never) } : r));
  const out: Record<string, unknown> = { ...item, renditions: fix(item.renditions) };
  // A body's pictures are the associations' renditions (TT's thumbnail): the same URLs, relocated the same way.
  const moved = new Map<string, string>();
  for (const a of [item, ...((item.associations as Record<string, unknown>[] | undefined) ?? [])]) {
    for (const r of (a.renditions as { href?: string }[] | undefined) ?? []) if (r.href) moved.set(r.href, to(r as never));
  }
  if (Array.isArray(item.bodies)) {
    out.bodies = (item.bodies as { value: string }[]).map((b) => ({ ...b, value: b.value.replace(/src="([^"]+)"/g, (m, src: string) => (moved.has(src) ? `src="${moved.get(src)}"` : m)) }));
  }
  if (Array.isArray(item.associations)) out.associations = (item.associations as Record<string, unknown>[]).map((a) => ({ ...a, renditions: fix(a.renditions) }));
  if (!item.renditions) delete out.renditions;
  return out;
}

const pictureAt = (r: { width?: number; height?: number; contenttype?: string }) =>
  (r.contenttype ?? 'image/').startsWith('image/') ? `${media.origin}/pictures/agency-${r.width ?? 800}x${r.height ?? 600}.jpg` : `${media.origin}/sample-media/vod/web.mp4`;

function parsed(input: unknown, options = {}): NinjsItem {
  const r = parseNinjsItem(input, options);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.item;
}

describe('bounded cost of markup, checked before any parsing', () => {
  it('refuses the trial\u2019s worst inputs at once: 1.4 MB of nested unclosed <b>, 200,000 tags', () => {
    const nested = '<b>'.repeat(470_000);
    expect(nested.length).toBeGreaterThan(1_400_000);
    expect(markupProblem(nested, TEXT_LIMITS)).toMatch(/characters long: at most 5,000/);
    expect(markupProblem(nested, BODY_LIMITS)).toMatch(/characters long: at most 500,000/);
    expect(markupProblem('<b>'.repeat(100_000), { ...BODY_LIMITS, maxChars: 2_000_000 })).toBe('nests elements more than 64 deep');
    expect(markupProblem('<i>x</i>'.repeat(100_000), { ...BODY_LIMITS, maxChars: 2_000_000 })).toBe('has more than 10,000 tags');
    // A run of '<' without '>' is one scan, not one per '<'.
    expect(markupProblem('<b'.repeat(200_000), BODY_LIMITS)).toBe('nests elements more than 64 deep');
    // What real bodies do stays accepted: unclosed paragraphs and list items, void elements, comments.
    expect(markupProblem(`${'<p>a'.repeat(3000)}<br><img src="x"><hr><!-- c --><ul>${'<li>x'.repeat(500)}</ul>`, BODY_LIMITS)).toBeNull();
    // The sanitiser itself refuses what was not checked.
    expect(() => plainText('<b>'.repeat(1000))).toThrow(MarkupTooCostly);
    expect(() => sanitizeBody(`<div>${'<span>'.repeat(100)}</div>`)).toThrow(MarkupTooCostly);
  });

  it('answers them as field errors, headline and body, without sanitising them', () => {
    const base = { uri: 'urn:x', type: 'text', language: 'fr', version: '1', headlines: [{ value: 'Titre' }] };
    const headline = parseNinjsItem({ ...base, headlines: [{ value: '<b>'.repeat(470_000) }] });
    expect(headline).toEqual({ ok: false, errors: { 'headlines.0.value': ['is 1,410,000 characters long: at most 5,000'] } });
    const deep = parseNinjsItem({ ...base, headlines: [{ value: '<b>'.repeat(500) }] });
    expect(deep).toEqual({ ok: false, errors: { 'headlines.0.value': ['nests elements more than 16 deep'] } });
    const many = parseNinjsItem({ ...base, headlines: [{ value: '<i>x</i>'.repeat(150) }] });
    expect(many).toEqual({ ok: false, errors: { 'headlines.0.value': ['has more than 200 tags'] } });
    const tags = parseNinjsItem({ ...base, bodies: [{ contenttype: 'text/html', value: '<i>x</i>'.repeat(50_000) }] });
    expect(tags).toEqual({ ok: false, errors: { 'bodies.0.value': ['the body has more than 10,000 tags (before sanitising)'] } });
    const long = parseNinjsItem({ ...base, bodies: [{ contenttype: 'text/plain', value: 'x'.repeat(600_000) }] });
    expect(long).toEqual({ ok: false, errors: { 'bodies.0.value': ['the body is 600,000 characters long: at most 500,000 (before sanitising)'] } });
  });
});

describe('bodies keep their structure', () => {
  it('TT\u2019s HTML body: <title> and the repeated headline go, headings map to h2-h4, <pre> stays, texts do not run together', () => {
    const tt = fixture('tt_text_image_2');
    const item = parsed(relocate({ ...tt, language: 'fr' }, pictureAt));
    if (item.kind !== 'text') throw new Error(item.kind);
    const html = item.article.bodyHtml;
    expect(item.article.title).toBe('Militärövning i jätteformat hålls 2023');
    expect(html).not.toContain('Militärövning i jätteformat hålls 2023');
    expect(html).not.toMatch(/<title|<head|<html|<body|<h1/);
    expect(html).toContain('<p>Pandemin satte stopp');
    expect(html).toMatch(/<div><span>Försvar<\/span><span>TT<\/span><\/div>/);
    expect(html).toContain('<blockquote>Aurora 2023');
    // Its <img> is the association's thumbnail (relocated like it): fetched into the media store, see below.
    expect(item.article.bodyPictures.map((p) => p.source?.href)).toEqual([`${media.origin}/pictures/agency-256x171.jpg`]);

    const mapped = sanitizeBody('<h1>Partie</h1><p>a</p><h2>Section</h2><h3>Détail</h3><h5>Plus bas</h5><pre>  code\n  aligné</pre>');
    expect(mapped).toBe('<h2>Partie</h2><p>a</p><h3>Section</h3><h4>Détail</h4><h4>Plus bas</h4><pre>  code\n  aligné</pre>');
    expect(sanitizeBody('<h3>Seul niveau</h3><p>x</p>')).toBe('<h2>Seul niveau</h2><p>x</p>');
    // A moved heading keeps its direction and language (a French heading in an Arabic story), nothing else.
    expect(sanitizeBody('<h1 dir="ltr" lang="fr" class="x" onclick="y()">Partie</h1>')).toBe('<h2 dir="ltr" lang="fr">Partie</h2>');
    expect(sanitizeBody('<section><p>un</p></section><article><p>deux</p></article>')).toBe('<div><p>un</p></div><div><p>deux</p></div>');
  });
});

describe('versions as agencies send them', () => {
  it('takes version "0" (AP), then 1; refuses an older one; without version, orders by versioncreated', async () => {
    const db = await store();
    const story = (over: Record<string, unknown>) => ({ uri: 'urn:ap:story', language: 'fr', headlines: [{ value: 'Dépêche' }], ...over });
    const article = (input: unknown) => {
      const item = parsed(input);
      if (item.kind !== 'text') throw new Error(item.kind);
      return item.article;
    };
    expect(await upsertNinjsArticle(db, article(story({ version: '0' })), { siteUrl: SITE })).toMatchObject({ kind: 'created', article: { version: 0 } });
    expect(await upsertNinjsArticle(db, article(story({ version: 1 })), { siteUrl: SITE })).toMatchObject({ kind: 'updated', article: { version: 1 } });
    expect(await upsertNinjsArticle(db, article(story({ version: '0' })), { siteUrl: SITE })).toEqual({ kind: 'conflict', stored: 'version 1' });

    // No version (the IPTC's own simple example): versioncreated orders them; no type means text.
    const simple = { ...fixture('ninjsExSimpleText_2'), language: 'fr' };
    expect('version' in simple || 'language' in fixture('ninjsExSimpleText_2')).toBe(false);
    const first = await upsertNinjsArticle(db, article(simple), { siteUrl: SITE });
    expect(first).toMatchObject({ kind: 'created', article: { version: null } });
    const later = await upsertNinjsArticle(db, article({ ...simple, versioncreated: '2013-07-09T11:00:00Z', headlines: [{ value: 'Corrigé' }] }), { siteUrl: SITE });
    expect(later.kind).toBe('updated');
    expect(await upsertNinjsArticle(db, article(simple), { siteUrl: SITE })).toEqual({ kind: 'conflict', stored: 'the version created 2013-07-09T11:00:00.000Z' });
    const dpa = parseNinjsItem({ ...fixture('dpa_text'), language: 'fr', headlines: [{ value: 'Handspiel' }] });
    expect(dpa.ok && dpa.item.kind).toBe('text');
    expect(parseNinjsItem({ uri: 'x', version: '-1', language: 'fr', headlines: [{ value: 'a' }] })).toMatchObject({ ok: false, errors: { version: [expect.any(String)] } });
  });

  it('refuses types the site does not publish by name, and a language it does not publish', () => {
    expect(parseNinjsItem({ ...fixture('ap_audio') })).toEqual({ ok: false, errors: { type: [expect.stringContaining('audio items are not published')] } });
    expect(parseNinjsItem(fixture('ntb_text'))).toEqual({ ok: false, errors: { language: ['must be ar or fr'] } });
    // Business Wire's story associates a video on its own CDN: not an allowed media origin here.
    const bwItem = { ...fixture('businesswire-newsml-20130731006140'), language: 'fr' };
    expect(parseNinjsItem(bwItem)).toEqual({ ok: false, errors: { 'associations.1.renditions': [expect.stringMatching(/^http:\/\/mms\.businesswire\.com is not an allowed media origin: add it to MEDIA_ORIGINS/)] } });
    const bw = parseNinjsItem(relocate(bwItem, pictureAt), allowLocalMedia);
    expect(bw.ok).toBe(true);
    if (bw.ok && bw.item.kind === 'text') {
      expect(bw.item.article.tags.length).toBeGreaterThan(3);
      expect(bw.item.article.video).toMatchObject({ mime: 'video/mp4' });
    }
  });
});

describe('pictures by URL: a safe fetch', () => {
  it('refuses other schemes, credentials, hosts off MEDIA_FETCH_HOSTS, and private, loopback or link-local addresses (after DNS too)', async () => {
    const strict: FetchPolicy = { hosts: [], allowPrivate: false };
    expect(urlProblem(new URL('ftp://photos.example/a.jpg'), strict)).toMatch(/http or https only/);
    expect(urlProblem(new URL('https://u:p@photos.example/a.jpg'), strict)).toMatch(/credentials/);
    expect(urlProblem(new URL('https://evil.example/a.jpg'), { ...strict, hosts: ['photos.example', '*.agency.example'] })).toMatch(/not in MEDIA_FETCH_HOSTS/);
    expect(hostAllowed('cdn.agency.example', ['*.agency.example'])).toBe(true);
    expect(hostAllowed('agency.example', ['*.agency.example'])).toBe(false);
    for (const literal of ['http://127.0.0.1/a.jpg', 'http://10.1.2.3/a.jpg', 'http://[::1]/a.jpg', 'http://192.168.1.1/a.jpg', 'http://169.254.169.254/latest/meta-data']) {
      expect(urlProblem(new URL(literal), strict), literal).toMatch(/not a public address|link-local/);
    }
    // Even for tests, the cloud metadata service is never reached.
    expect(urlProblem(new URL('http://169.254.169.254/latest/meta-data'), local)).toMatch(/link-local/);
    await expect(fetchMedia(`${media.origin}/pictures/a-800x600.jpg`, strict)).rejects.toThrow(/127\.0\.0\.1 is not a public address/);
    // A name is checked on the address it resolves to, which is the address connected to.
    await expect(fetchMedia(`http://localhost:${media.port}/pictures/a-800x600.jpg`, strict)).rejects.toThrow(/localhost: .*(127\.0\.0\.1|::1) is not a public address/);
    // Every redirect is checked like the first URL.
    const hops: FetchPolicy = { hosts: ['localhost'], allowPrivate: true };
    await expect(fetchMedia(`http://localhost:${media.port}/redirect?to=${encodeURIComponent(`${media.origin}/pictures/a-800x600.jpg`)}`, hops)).rejects.toThrow(/127\.0\.0\.1 is not in MEDIA_FETCH_HOSTS/);
    await expect(fetchMedia(`${media.origin}/redirect?to=${encodeURIComponent('http://169.254.169.254/x.jpg')}`, local)).rejects.toThrow(/link-local/);
  });

  it('fetches a picture within its size and time limits, refuses what is not one', async () => {
    const got = await fetchMedia(`${media.origin}/redirect?to=/pictures/b-640x480.jpg`, local);
    expect(got.url).toBe(`${media.origin}/pictures/b-640x480.jpg`);
    expect((await sharp(got.bytes).metadata()).width).toBe(640);
    await expect(fetchMedia(`${media.origin}/pictures/c-1200x900.jpg`, { ...local, maxBytes: 1_000 })).rejects.toThrow(/a picture is at most/);
    await expect(fetchMedia(`${media.origin}/slow.jpg`, { ...local, timeoutMs: 500 })).rejects.toThrow(/no complete answer in time/);
    await expect(fetchMedia(`${media.origin}/page.html`, local)).rejects.toThrow(/not a picture \(Content-Type text\/html\)/);
    await expect(fetchMedia(`${media.origin}/missing.jpg`, local)).rejects.toThrow(/answered 404/);
    await expect(fetchMedia('not a url', local)).rejects.toBeInstanceOf(MediaFetchRefused);
  });

  it('names a 900-megapixel picture as over the limit, not unreadable', async () => {
    const { db } = await openStore({ dataDir: ':memory:' });
    await expect(storeMedia(db, pngHeaderOnly(30_000, 30_000), { media: mediaStore })).rejects.toThrow(
      new MediaRefused('the picture is 30000 × 30000 px (900 megapixels): over 60 megapixels, the largest accepted'),
    );
  });
});

describe('pictures by URL: copied into the media store, never hotlinked', { timeout: 60_000 }, () => {
  it('TT\u2019s story: its 4,724 px picture becomes renditions of at most 1,600 px, its metadata gone, fetched once for two stories', async () => {
    const db = await store();
    const tt = relocate({ ...fixture('tt_text_image_2'), language: 'fr' }, pictureAt);
    const item = parsed(tt);
    if (item.kind !== 'text') throw new Error(item.kind);
    expect(pictureSource((tt.associations as { renditions: never[] }[])[0]!.renditions)).toMatchObject({ width: 4724 });
    const { ready, errors } = await readyPictures(db, [...item.article.pictures, ...item.article.bodyPictures], deps);
    expect(errors).toEqual({});
    const r = await upsertNinjsArticle(db, item.article, { siteUrl: SITE, pictures: ready });
    if (r.kind !== 'created') throw new Error(r.kind);
    const row = await db.selectFrom('articles').selectAll().where('id', '=', r.article.id).executeTakeFirstOrThrow();
    const cover = await db.selectFrom('images').selectAll().where('id', '=', row.cover_image_id!).executeTakeFirstOrThrow();
    expect(cover.url).toMatch(/^\/media\/newsroom\/[0-9a-f]{2}\/[0-9a-f]{24}-1600\.webp$/);
    expect(cover.width).toBe(1600);
    expect(cover.alt_fr).toContain('En stor internationell försvarsövning');
    expect(JSON.parse(cover.variants).map((v: { width: number }) => v.width)).toEqual([320, 640, 960, 1280]);
    const file = await sharp(path.join(storeDir, cover.url.replace('/media/', ''))).metadata();
    expect(file.exif).toBeUndefined();
    // The body's picture points at its copy, with a srcset.
    expect(row.body_html).toMatch(/<img [^>]*src="\/media\/newsroom\/[^"]+\.webp" srcset="[^"]+ 256w"/);
    expect(row.body_html).not.toContain(media.origin);
    // The association's uri names the picture now; the same rendition is not fetched again.
    const fetches = media.hits.get('/pictures/agency-4724x3149.jpg');
    const again = parsed({ ...tt, uri: 'urn:tt:second', altids: [] });
    if (again.kind !== 'text') throw new Error(again.kind);
    const second = await readyPictures(db, again.article.pictures, deps);
    expect([...second.ready.values()]).toEqual([{ kind: 'row', imageId: cover.id, checked: true }]);
    expect(media.hits.get('/pictures/agency-4724x3149.jpg')).toBe(fetches);
    const byUri = parsed({ uri: 'urn:third', language: 'ar', headlines: [{ value: 'خبر' }], associations: [{ name: 'main', type: 'picture', uri: 'http://tt.se/media/image/sdlk2sirkPaauM' }] });
    if (byUri.kind !== 'text') throw new Error(byUri.kind);
    expect([...(await readyPictures(db, byUri.article.pictures, deps)).ready.values()]).toEqual([{ kind: 'row', imageId: cover.id, checked: true }]);
  });

  it('a picture that cannot be fetched is a 422 for that association, with the reason, and nothing is stored', async () => {
    const db = await store();
    const item = parsed({
      uri: 'urn:fail',
      language: 'fr',
      headlines: [{ value: 'Échec' }],
      associations: [
        { name: 'a', type: 'picture', uri: 'urn:a', renditions: [{ name: 'r', href: `${media.origin}/missing.jpg` }] },
        { name: 'b', type: 'picture', uri: 'urn:b', renditions: [{ name: 'r', href: `${media.origin}/huge.png` }] },
        { name: 'c', type: 'picture', uri: 'urn:never-sent' },
      ],
    });
    if (item.kind !== 'text') throw new Error(item.kind);
    const { errors } = await readyPictures(db, item.article.pictures, deps);
    expect(errors).toEqual({
      'associations.0.renditions': [`${media.origin}/missing.jpg: 127.0.0.1:${media.port} answered 404`],
      'associations.1.renditions': [`${media.origin}/huge.png: the picture is 30000 × 30000 px (900 megapixels): over 60 megapixels, the largest accepted`],
      'associations.2.uri': ['no picture item with uri urn:never-sent: send it first (type picture) or give its renditions'],
    });
    expect(await db.selectFrom('images').select('id').execute()).toEqual([]);
  });
});

describe('picture and video items', { timeout: 60_000 }, () => {
  it('AP\u2019s and SIPA\u2019s pictures are ingested as media, addressable by their uri; an older version is refused', async () => {
    const db = await store();
    for (const name of ['ap_image', 'SIPA_image_2']) {
      const item = parsed(relocate(fixture(name), pictureAt));
      if (item.kind !== 'picture') throw new Error(item.kind);
      const { ready, errors } = await readyPictures(db, [item.picture.picture], deps);
      expect(errors).toEqual({});
      const r = await upsertPictureItem(db, item.picture, ready.get(item.picture.picture)!);
      expect(r).toMatchObject({ kind: 'created', value: { version: name === 'ap_image' ? 0 : 1 } });
      if (r.kind !== 'created') return;
      expect(r.value.renditions.every((x) => x.width <= 1600)).toBe(true);
      expect(await findItem(db, item.picture.uri)).toMatchObject({ kind: 'picture', media: { id: r.value.id } });
    }
    const sipa = parsed(relocate({ ...fixture('SIPA_image_2'), version: '0' }, pictureAt));
    if (sipa.kind !== 'picture') throw new Error(sipa.kind);
    const { ready } = await readyPictures(db, [sipa.picture.picture], deps);
    expect(await upsertPictureItem(db, sipa.picture, ready.get(sipa.picture.picture)!)).toEqual({ kind: 'conflict', stored: 'version 1' });
  });

  it('AP\u2019s video becomes a web video with its poster copied, when its rendition plays from an allowed origin', async () => {
    const db = await store();
    const ap = relocate({ ...fixture('ap_video'), language: 'fr' }, pictureAt);
    expect(parseNinjsItem(fixture('ap_video'))).toMatchObject({ ok: false, errors: { renditions: [expect.stringContaining('add it to MEDIA_ORIGINS')] } });
    const item = parsed(ap, allowLocalMedia);
    if (item.kind !== 'video') throw new Error(item.kind);
    expect(item.video.video).toMatchObject({ url: `${media.origin}/sample-media/vod/web.mp4`, mime: 'video/mp4', durationS: 0 });
    const { ready, errors } = await readyPictures(db, item.video.poster ? [item.video.poster] : [], deps);
    expect(errors).toEqual({});
    const r = await upsertVideoItem(db, item.video, ready.get(item.video.poster!)!);
    expect(r).toMatchObject({ kind: 'created', value: { kind: 'webvideo', version: 0 } });
    if (r.kind !== 'created') return;
    const row = await db.selectFrom('web_videos').selectAll().where('id', '=', r.value.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title_fr: 'House leaders double down on impeachment positions', external_uri: ap.uri });
    const poster = await db.selectFrom('images').selectAll().where('id', '=', row.thumbnail_image_id!).executeTakeFirstOrThrow();
    expect(poster.url).toMatch(/^\/media\/newsroom\//);
    // A news bulletin by its subject.
    const jt = parsed({ ...ap, uri: 'urn:jt:1', subjects: [{ uri: 'urn:2m:jt:fr' }] }, allowLocalMedia);
    if (jt.kind !== 'video') throw new Error(jt.kind);
    expect(await upsertVideoItem(db, jt.video, null)).toMatchObject({ kind: 'created', value: { kind: 'jt' } });
    // Without a playable rendition, refused.
    expect(parseNinjsItem({ ...ap, renditions: [{ name: 'x', href: `${media.origin}/a.jpg`, contenttype: 'image/jpeg' }] }, allowLocalMedia)).toMatchObject({
      ok: false,
      errors: { renditions: [expect.stringContaining('playable rendition')] },
    });
  });
});

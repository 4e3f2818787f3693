/**
 * Starlight through the desk API (docs/desk.md "Starlight"): a journalist
 * gets 403 on every route; an editor changes a candidate's name, biography
 * and photo (on /fr/starlight, /fr/talents and their page within 5 s), a
 * season's title and a casting video's title (on /fr/castings within 5 s);
 * adds a candidate and retires them (off /fr/talents, their page 404);
 * refused: an empty name, a text over its bound, markup in a plain text, a
 * picture not in the media library or without its alternative texts, each
 * per field in the person's language, and nothing changes. Every change is
 * audited. The casting call of each language: a journalist gets 403; an
 * empty title, a text over its bound or markup is refused per field and
 * changes nothing; an editor's call is on /fr/casting and /casting (Arabic)
 * within 5 s, its season filled in, its paragraphs and line breaks kept,
 * printed as escaped text. What it changed is put back.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';
import { deskApiClient } from '../support/desk-api.ts';
import type { DeskSession } from '../support/desk-api.ts';
import { within } from '../support/within.ts';
import type { DeskCastingCall as Call } from '../../src/lib/desk-starlight.ts';
import type { Locale } from '../../src/i18n/locales.ts';

const baseUrl = inject('baseUrl');
const store = testStore();
const run = Date.now().toString(36);
const { desk, person, signIn } = deskApiClient(baseUrl, store, run);

interface Person {
  id: number;
  seasonId: number;
  role: string;
  nameAr: string;
  nameFr: string;
  cityAr: string;
  cityFr: string;
  bioAr: string;
  bioFr: string;
  photoImageId: number | null;
  photo: { id: number; url: string; altAr: string; altFr: string } | null;
  path: string;
  retiredAt: string | null;
}
interface Season {
  id: number;
  number: number;
  year: number;
  titleAr: string;
  titleFr: string;
  descriptionAr: string;
  descriptionFr: string;
  coverImageId: number | null;
}
interface Video {
  id: number;
  titleAr: string;
  titleFr: string;
  thumbnailImageId: number | null;
}
const page = async (path: string) => (await fetch(`${baseUrl}${path}`)).text();
const personBody = (p: Person) => ({ nameAr: p.nameAr, nameFr: p.nameFr, cityAr: p.cityAr, cityFr: p.cityFr, bioAr: p.bioAr, bioFr: p.bioFr, photoImageId: p.photoImageId });
const seasonBody = (s: Season) => ({ titleAr: s.titleAr, titleFr: s.titleFr, descriptionAr: s.descriptionAr, descriptionFr: s.descriptionFr, year: s.year, coverImageId: s.coverImageId });

let editor: DeskSession;
let editorId: number;
let journalist: DeskSession;
let candidate: Person;
let season: Season;
let casting: Video;
/** A picture of the library with both alternative texts, one without. */
let ready: { id: number; url: string };
let bare: number;

beforeAll(async () => {
  journalist = await signIn(await person('journalist', false));
  const made = await person('editor', true);
  editorId = made.id;
  editor = await signIn(made);
  const all = await desk<{ seasons: Season[]; people: Person[]; castings: Video[] }>('GET', '/api/desk/starlight', '/api/desk/starlight', { session: editor });
  expect(all.status).toBe(200);
  season = all.body.response.seasons[0]!;
  candidate = all.body.response.people.find((p) => p.role === 'candidate' && p.seasonId === season.id && p.retiredAt === null)!;
  casting = all.body.response.castings[0]!;
  expect(candidate && casting).toBeTruthy();
  const picture = await store.db.selectFrom('images').select(['id', 'url']).where('alt_ar', '!=', '').where('alt_fr', '!=', '').where('id', '!=', candidate.photoImageId ?? 0).orderBy('id').executeTakeFirstOrThrow();
  ready = picture;
  const image = await store.db
    .insertInto('images')
    .values({ url: `/media/img/starlight-test-${run}.jpg`, width: 100, height: 100, mime: 'image/jpeg', bytes: 1000, alt_ar: '', alt_fr: '', credit: null, variants: '[]', color: '#000000' })
    .returning('id')
    .executeTakeFirstOrThrow();
  bare = image.id;
});

afterAll(async () => {
  await store.db.deleteFrom('images').where('id', '=', bare).execute();
});

describe('Starlight in the desk', () => {
  it('a journalist gets 403 on every route', async () => {
    const s = { session: journalist };
    expect((await desk('GET', '/api/desk/starlight', '/api/desk/starlight', s)).status).toBe(403);
    expect((await desk('GET', '/api/desk/starlight/people/{id}', `/api/desk/starlight/people/${candidate.id}`, s)).status).toBe(403);
    expect((await desk('PUT', '/api/desk/starlight/people/{id}', `/api/desk/starlight/people/${candidate.id}`, { ...s, body: personBody(candidate) })).status).toBe(403);
    expect((await desk('POST', '/api/desk/starlight/people', '/api/desk/starlight/people', { ...s, body: { seasonId: season.id, role: 'candidate', nameAr: 'س', nameFr: 'S' } })).status).toBe(403);
    expect((await desk('POST', '/api/desk/starlight/people/{id}/retire', `/api/desk/starlight/people/${candidate.id}/retire`, s)).status).toBe(403);
    expect((await desk('PUT', '/api/desk/starlight/seasons/{id}', `/api/desk/starlight/seasons/${season.id}`, { ...s, body: seasonBody(season) })).status).toBe(403);
    expect((await desk('POST', '/api/desk/starlight/seasons', '/api/desk/starlight/seasons', { ...s, body: seasonBody(season) })).status).toBe(403);
    expect((await desk('PUT', '/api/desk/starlight/videos/{id}', `/api/desk/starlight/videos/${casting.id}`, { ...s, body: { titleAr: 'x', titleFr: 'x' } })).status).toBe(403);
    expect((await store.db.selectFrom('starlight_people').select('name_fr').where('id', '=', candidate.id).executeTakeFirstOrThrow()).name_fr).toBe(candidate.nameFr);
  });

  it('bad input: per field, in the person’s language, and nothing changes', async () => {
    const url = `/api/desk/starlight/people/${candidate.id}`;
    const put = (body: object) => desk('PUT', '/api/desk/starlight/people/{id}', url, { session: editor, body: { ...personBody(candidate), ...body } });
    const empty = await put({ nameFr: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.header.errors).toEqual({ nameFr: ['Ce champ est obligatoire.'] });
    const long = await put({ bioAr: 'ب'.repeat(2001), cityFr: 'C'.repeat(81) });
    expect(long.status).toBe(422);
    expect(long.body.header.errors).toEqual({ bioAr: ['Ce champ ne doit pas dépasser 2000 caractères.'], cityFr: ['Ce champ ne doit pas dépasser 80 caractères.'] });
    const markup = await put({ bioFr: 'Une voix <b>rare</b>', nameAr: '<!-- x -->اسم' });
    expect(markup.status).toBe(422);
    expect(markup.body.header.errors).toEqual({ bioFr: ['Texte simple : les balises (<…>) ne sont pas acceptées ici.'], nameAr: ['Texte simple : les balises (<…>) ne sont pas acceptées ici.'] });
    const unknown = await put({ photoImageId: 2_000_000_000 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.header.errors).toEqual({ photoImageId: ["Cette image n'est plus dans la médiathèque."] });
    const noAlt = await put({ photoImageId: bare });
    expect(noAlt.status).toBe(422);
    expect(Object.keys(noAlt.body.header.errors!)).toEqual(['photoImageId']);
    // In Arabic for a person whose desk is in Arabic.
    await store.db.updateTable('desk_users').set({ locale: 'ar' }).where('id', '=', editorId).execute();
    const arabic = await desk('PUT', '/api/desk/starlight/people/{id}', url, { session: editor, body: { ...personBody(candidate), nameFr: '', bioFr: '<p>x</p>' } });
    await store.db.updateTable('desk_users').set({ locale: 'fr' }).where('id', '=', editorId).execute();
    expect(arabic.body.header.errors).toEqual({ nameFr: ['هذا الحقل إلزامي.'], bioFr: ['نص بسيط: الوسوم (<…>) غير مقبولة هنا.'] });
    const seasonUrl = `/api/desk/starlight/seasons/${season.id}`;
    const seasonRefused = await desk('PUT', '/api/desk/starlight/seasons/{id}', seasonUrl, { session: editor, body: { ...seasonBody(season), titleAr: '', year: 1850 } });
    expect(seasonRefused.status).toBe(422);
    expect(Object.keys(seasonRefused.body.header.errors!).sort()).toEqual(['titleAr', 'year']);
    const coverRefused = await desk('PUT', '/api/desk/starlight/seasons/{id}', seasonUrl, { session: editor, body: { ...seasonBody(season), coverImageId: 2_000_000_000 } });
    expect(coverRefused.body.header.errors).toEqual({ coverImageId: ["Cette image n'est plus dans la médiathèque."] });
    const videoRefused = await desk('PUT', '/api/desk/starlight/videos/{id}', `/api/desk/starlight/videos/${casting.id}`, { session: editor, body: { titleAr: casting.titleAr, titleFr: '<script>x</script>' } });
    expect(videoRefused.status).toBe(422);
    expect(Object.keys(videoRefused.body.header.errors!)).toEqual(['titleFr']);
    const newRefused = await desk('POST', '/api/desk/starlight/people', '/api/desk/starlight/people', { session: editor, body: { seasonId: 2_000_000_000, role: 'candidate', nameAr: 'س', nameFr: '' } });
    expect(newRefused.status).toBe(422);
    expect(Object.keys(newRefused.body.header.errors!).sort()).toEqual(['nameFr']);
    const row = await store.db.selectFrom('starlight_people').selectAll().where('id', '=', candidate.id).executeTakeFirstOrThrow();
    expect([row.name_ar, row.name_fr, row.bio_ar, row.bio_fr, row.city_fr, row.photo_image_id]).toEqual([candidate.nameAr, candidate.nameFr, candidate.bioAr, candidate.bioFr, candidate.cityFr, candidate.photoImageId]);
    expect((await store.db.selectFrom('starlight_seasons').select('title_ar').where('id', '=', season.id).executeTakeFirstOrThrow()).title_ar).toBe(season.titleAr);
    expect((await store.db.selectFrom('desk_audit').select('id').where('item_type', 'like', 'starlight-%').where('actor', 'like', `editor ${run}%`).execute()).length).toBe(0);
  });

  it('an editor changes a candidate’s texts and photo: on the public pages within 5 s, audited', async () => {
    const nameFr = `Nour Test ${run}`;
    const bioFr = `Une voix venue de Tanger ${run}.`;
    const changed = await desk<Person>('PUT', '/api/desk/starlight/people/{id}', `/api/desk/starlight/people/${candidate.id}`, { session: editor, body: { ...personBody(candidate), nameFr, bioFr, photoImageId: ready.id } });
    expect(changed.status).toBe(200);
    expect(changed.body.response.photo?.id).toBe(ready.id);
    try {
      await within(5, '/fr/starlight', async () => (await page('/fr/starlight')).includes(nameFr));
      await within(5, '/fr/talents', async () => (await page('/fr/talents')).includes(nameFr));
      await within(5, 'their page', async () => {
        const html = await page(candidate.path);
        return html.includes(bioFr) && html.includes(ready.url);
      });
    } finally {
      await desk('PUT', '/api/desk/starlight/people/{id}', `/api/desk/starlight/people/${candidate.id}`, { session: editor, body: personBody(candidate) });
    }
    await within(5, 'put back', async () => !(await page('/fr/talents')).includes(nameFr));
    const audit = await store.db.selectFrom('desk_audit').select(['action', 'item_id']).where('item_type', '=', 'starlight-person').where('actor', 'like', `editor ${run}%`).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'starlight.person.save', item_id: String(candidate.id) },
      { action: 'starlight.person.save', item_id: String(candidate.id) },
    ]);
  });

  it('an editor changes a season’s title and a casting video’s title: on the public pages within 5 s', async () => {
    const titleFr = `Saison test ${run}`;
    const videoTitle = `Casting de Casablanca ${run}`;
    expect((await desk('PUT', '/api/desk/starlight/seasons/{id}', `/api/desk/starlight/seasons/${season.id}`, { session: editor, body: { ...seasonBody(season), titleFr } })).status).toBe(200);
    expect((await desk('PUT', '/api/desk/starlight/videos/{id}', `/api/desk/starlight/videos/${casting.id}`, { session: editor, body: { titleAr: casting.titleAr, titleFr: videoTitle, thumbnailImageId: casting.thumbnailImageId } })).status).toBe(200);
    try {
      await within(5, 'the season on /fr/starlight', async () => (await page('/fr/starlight')).includes(titleFr));
      await within(5, 'the video on /fr/castings', async () => (await page('/fr/castings')).includes(videoTitle));
    } finally {
      await desk('PUT', '/api/desk/starlight/seasons/{id}', `/api/desk/starlight/seasons/${season.id}`, { session: editor, body: seasonBody(season) });
      await desk('PUT', '/api/desk/starlight/videos/{id}', `/api/desk/starlight/videos/${casting.id}`, { session: editor, body: { titleAr: casting.titleAr, titleFr: casting.titleFr, thumbnailImageId: casting.thumbnailImageId } });
    }
    const actions = await store.db.selectFrom('desk_audit').select('action').where('item_type', 'in', ['starlight-season', 'starlight-video']).where('actor', 'like', `editor ${run}%`).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['starlight.season.save', 'starlight.video.save', 'starlight.season.save', 'starlight.video.save']);
  });

  it('an editor adds a candidate (on /fr/talents within 5 s), then retires them (off it, their page 404)', async () => {
    const nameFr = `Yassine Nouveau ${run}`;
    const made = await desk<Person>('POST', '/api/desk/starlight/people', '/api/desk/starlight/people', { session: editor, body: { seasonId: season.id, role: 'candidate', nameAr: 'ياسين', nameFr, cityFr: 'Agadir', photoImageId: ready.id } });
    expect(made.status).toBe(201);
    expect(made.body.response.retiredAt).toBeNull();
    await within(5, '/fr/talents', async () => (await page('/fr/talents')).includes(nameFr));
    expect((await fetch(`${baseUrl}${made.body.response.path}`)).status).toBe(200);
    const retired = await desk<Person>('POST', '/api/desk/starlight/people/{id}/retire', `/api/desk/starlight/people/${made.body.response.id}/retire`, { session: editor });
    expect(retired.status).toBe(200);
    expect(retired.body.response.retiredAt).not.toBeNull();
    await within(5, 'off /fr/talents', async () => !(await page('/fr/talents')).includes(nameFr));
    expect((await fetch(`${baseUrl}${made.body.response.path}`)).status).toBe(404);
    expect((await desk('POST', '/api/desk/starlight/people/{id}/retire', '/api/desk/starlight/people/2000000000/retire', { session: editor })).status).toBe(404);
    const audit = await store.db.selectFrom('desk_audit').select('action').where('item_type', '=', 'starlight-person').where('item_id', '=', String(made.body.response.id)).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['starlight.person.create', 'starlight.person.retire']);
  });
});

describe('the casting call in the desk', () => {
  const CALL = '/api/desk/starlight/casting-call/{lang}';
  const callBody = (c: Call) => ({ title: c.title, intro: c.intro, steps: c.steps, dates: c.dates });
  const stored = (lang: Locale) => store.db.selectFrom('casting_calls').select(['title', 'intro', 'steps', 'dates']).where('lang', '=', lang).executeTakeFirstOrThrow();
  const read = async (lang: string) => {
    const got = await desk<Call>('GET', CALL, `/api/desk/starlight/casting-call/${lang}`, { session: editor });
    expect(got.status).toBe(200);
    return got.body.response;
  };

  it('lists both languages’ calls, as stored; a journalist gets 403, an unknown language 404', async () => {
    const all = await desk<{ calls: Call[] }>('GET', '/api/desk/starlight', '/api/desk/starlight', { session: editor });
    expect(all.body.response.calls.map((c) => c.lang)).toEqual(['ar', 'fr']);
    const fr = await read('fr');
    expect(callBody(fr)).toEqual(await stored('fr'));
    expect(fr.season).toBe(Number((await store.db.selectFrom('starlight_seasons').select((eb) => eb.fn.max('number').as('n')).executeTakeFirstOrThrow()).n) + 1);
    expect(fr.path).toBe('/fr/casting');
    const s = { session: journalist };
    expect((await desk('GET', CALL, '/api/desk/starlight/casting-call/fr', s)).status).toBe(403);
    expect((await desk('PUT', CALL, '/api/desk/starlight/casting-call/fr', { ...s, body: { ...callBody(fr), title: 'Pris par un journaliste' } })).status).toBe(403);
    expect((await desk('GET', CALL, '/api/desk/starlight/casting-call/es', { session: editor })).status).toBe(404);
    expect((await desk('PUT', CALL, '/api/desk/starlight/casting-call/es', { session: editor, body: callBody(fr) })).status).toBe(404);
    expect(await stored('fr')).toEqual(callBody(fr));
  });

  it('bad input: per field, in the person’s language, and nothing changes', async () => {
    const fr = await read('fr');
    const before = await stored('fr');
    const put = (body: object) => desk('PUT', CALL, '/api/desk/starlight/casting-call/fr', { session: editor, body: { ...callBody(fr), ...body } });
    const empty = await put({ title: '  ', intro: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.header.errors).toEqual({ title: ['Ce champ est obligatoire.'], intro: ['Ce champ est obligatoire.'] });
    const long = await put({ title: 'T'.repeat(201), dates: 'd'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.body.header.errors).toEqual({ title: ['Ce champ ne doit pas dépasser 200 caractères.'], dates: ['Ce champ ne doit pas dépasser 2000 caractères.'] });
    const markup = await put({ steps: 'Inscrivez-vous <a href="https://example.com">ici</a>' });
    expect(markup.status).toBe(422);
    expect(markup.body.header.errors).toEqual({ steps: ['Texte simple : les balises (<…>) ne sont pas acceptées ici.'] });
    await store.db.updateTable('desk_users').set({ locale: 'ar' }).where('id', '=', editorId).execute();
    const arabic = await put({ title: '' });
    await store.db.updateTable('desk_users').set({ locale: 'fr' }).where('id', '=', editorId).execute();
    expect(arabic.body.header.errors).toEqual({ title: ['هذا الحقل إلزامي.'] });
    expect(await stored('fr')).toEqual(before);
    expect((await store.db.selectFrom('desk_audit').select('id').where('action', '=', 'starlight.casting.save').where('actor', 'like', `editor ${run}%`).execute()).length).toBe(0);
  });

  it('an editor’s call is on /fr/casting and /casting within 5 s, season filled in, escaped; audited', async () => {
    const [ar, fr] = [await read('ar'), await read('fr')];
    const n = fr.season;
    const frCall = {
      title: `Casting de la saison {n} ${run}`,
      intro: `Vous avez entre 18 & 28 ans ? La saison {n} vous attend (${run}).`,
      steps: 'Première étape : une chanson.\nDeuxième étape : le jury.\n\nLes finalistes rejoignent l’académie.',
      dates: '',
    };
    const arCall = { title: `كاستينغ الموسم {n} ${run}`, intro: `الموسم {n} ينتظر أصواتكم "${run}".`, steps: 'غنوا أغنية من اختياركم.', dates: 'الدار البيضاء ثم مراكش.' };
    const savedFr = await desk<Call>('PUT', CALL, '/api/desk/starlight/casting-call/fr', { session: editor, body: frCall });
    expect(savedFr.status).toBe(200);
    expect(savedFr.body.response.updatedAt).not.toBeNull();
    expect(await stored('fr')).toEqual(frCall);
    expect((await desk('PUT', CALL, '/api/desk/starlight/casting-call/ar', { session: editor, body: arCall })).status).toBe(200);
    try {
      await within(5, 'the French call on /fr/casting', async () => (await page('/fr/casting')).includes(`Casting de la saison ${n} ${run}`));
      const html = await page('/fr/casting');
      expect(html).toContain(`Vous avez entre 18 &amp; 28 ans ? La saison ${n} vous attend (${run}).`);
      // A line break stays one; an empty line parts paragraphs (the elements carry Astro's style scope).
      expect(html).toMatch(/<p[^>]*>Première étape : une chanson\.<br[^>]*>Deuxième étape : le jury\.<\/p>/);
      expect(html).toMatch(/<p[^>]*>Les finalistes rejoignent l’académie\.<\/p>/);
      expect(html).not.toContain('{n}');
      await within(5, 'the French call on /fr/castings', async () => (await page('/fr/castings')).includes(`Casting de la saison ${n} ${run}`));
      await within(5, 'the Arabic call on /casting', async () => (await page('/casting')).includes(`كاستينغ الموسم ${n} ${run}`));
      const arabic = await page('/casting');
      expect(arabic).toContain(`الموسم ${n} ينتظر أصواتكم &quot;${run}&quot;.`);
      expect(arabic).toMatch(/<p[^>]*>الدار البيضاء ثم مراكش\.<\/p>/);
      expect(arabic).not.toContain(`Casting de la saison ${n} ${run}`);
    } finally {
      await desk('PUT', CALL, '/api/desk/starlight/casting-call/fr', { session: editor, body: callBody(fr) });
      await desk('PUT', CALL, '/api/desk/starlight/casting-call/ar', { session: editor, body: callBody(ar) });
    }
    await within(5, 'put back', async () => !(await page('/fr/casting')).includes(`Casting de la saison ${n} ${run}`));
    const audit = await store.db.selectFrom('desk_audit').select(['action', 'item_type', 'item_id', 'after_json']).where('action', '=', 'starlight.casting.save').where('actor', 'like', `editor ${run}%`).orderBy('id').execute();
    expect(audit.map((a) => [a.item_type, a.item_id])).toEqual([
      ['starlight-casting-call', 'fr'],
      ['starlight-casting-call', 'ar'],
      ['starlight-casting-call', 'fr'],
      ['starlight-casting-call', 'ar'],
    ]);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ title: frCall.title });
  });
});

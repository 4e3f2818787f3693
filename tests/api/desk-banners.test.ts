/**
 * House banners by country through the desk API and the public answer
 * (docs/desk.md "Banners", ADR 053). The test server reads the visitor's
 * country from the X-Test-Country header (COUNTRY_HEADER, as a CDN's):
 *
 *  - an editor makes a banner for France and Belgium: a visitor from France
 *    gets it, one from Morocco never, one of unknown country only the
 *    banners shown everywhere; every answer is `no-store`, so no visitor's
 *    answer is kept for another;
 *  - the answer offers the creative's AVIF, served as AVIF;
 *  - refused per field, in the person's language, nothing changed: no
 *    country with "only", an unknown code, a list over the bound, a rule
 *    outside the three; a journalist gets 403.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/test-store.ts';
import { deskApiClient, type DeskSession } from '../support/desk-api.ts';

const baseUrl = inject('baseUrl');
const store = testStore();
const run = Date.now().toString(36);
const { desk, person, signIn } = deskApiClient(baseUrl, store, run);

interface Banner {
  id: number;
  name: string;
  countryRule: 'all' | 'only' | 'except';
  countries: string[];
  avif: string | null;
  avif2x: string | null;
  active: boolean;
}
interface Ad {
  id: number;
  image: string | null;
  avif: string | null;
  avif2x: string | null;
}

let editor: DeskSession;
let journalist: DeskSession;
let imageId: number;
let made: Banner;

const body = (over: Record<string, unknown> = {}) => ({
  name: `Diaspora ${run}`,
  countryRule: 'only',
  countries: ['FR', 'BE'],
  width: 300,
  height: 250,
  imageId,
  headlineAr: 'دوزيم معكم في فرنسا وبلجيكا',
  headlineFr: '2M avec vous en France et en Belgique',
  clickUrl: '/{lang}/live',
  weight: 1000,
  startsAt: null,
  endsAt: null,
  ...over,
});

/** The public answer of the rectangle for a visitor of `country` (none: not known). */
async function rectangle(country?: string): Promise<{ ad: Ad | null; market: string; cacheControl: string | null }> {
  const res = await fetch(`${baseUrl}/ads/banner?unit=/2M/desktop/rectangle&sizes=300x250&lang=fr`, { headers: country ? { 'x-test-country': country } : {} });
  expect(res.status).toBe(200);
  const answer = (await res.json()) as { ad: Ad | null; market: string };
  return { ...answer, cacheControl: res.headers.get('cache-control') };
}

const bannerCount = async () => Number((await store.db.selectFrom('ad_banners').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  journalist = await signIn(await person('journalist', false));
  editor = await signIn(await person('editor', true));
  const picture = await sharp({ create: { width: 700, height: 580, channels: 3, background: '#1d5c8a' } }).jpeg().toBuffer();
  const up = await desk<{ imageId: number }>('POST', '/api/desk/banners/creative', '/api/desk/banners/creative', { session: editor, raw: { type: 'image/jpeg', data: picture } });
  expect([200, 201]).toContain(up.status);
  imageId = up.body.response.imageId;
});

afterAll(async () => {
  if (made) await desk('POST', '/api/desk/banners/{id}/pause', `/api/desk/banners/${made.id}/pause`, { session: editor });
});

describe('banner countries in the desk', () => {
  it('refuses, per field and in the person’s language, a list that cannot be: nothing changes', async () => {
    const before = await bannerCount();
    const refused = async (over: Record<string, unknown>, field: string, text?: RegExp) => {
      const res = await desk('POST', '/api/desk/banners', '/api/desk/banners', { session: editor, body: body(over) });
      expect(res.status).toBe(422);
      const errors = res.body.header.errors ?? {};
      expect(Object.keys(errors)).toEqual([field]);
      if (text) expect(errors[field]!.join(' ')).toMatch(text);
    };
    await refused({ countries: [] }, 'countries', /au moins un pays/);
    await refused({ countryRule: 'except', countries: [] }, 'countries', /au moins un pays/);
    await refused({ countries: ['FR', 'XX', 'fr'] }, 'countries', /inconnu\u202f: XX, fr/);
    await refused({ countries: ['EH'] }, 'countries', /EH/);
    await refused({ countries: Array.from({ length: 300 }, () => 'FR') }, 'countries');
    await refused({ countries: ['F'.repeat(1000)] }, 'countries', /inconnu\u202f: FFFFFFFF\./);
    await refused({ countryRule: 'some' }, 'countryRule');
    await refused({ countries: 'FR' }, 'countries');
    expect(await bannerCount()).toBe(before);
  });

  it('a journalist may not make a banner (403)', async () => {
    const before = await bannerCount();
    expect((await desk('POST', '/api/desk/banners', '/api/desk/banners', { session: journalist, body: body() })).status).toBe(403);
    expect(await bannerCount()).toBe(before);
  });

  it('a banner for France and Belgium: France gets it, Morocco never, an unknown country only the banners shown everywhere', async () => {
    const res = await desk<Banner>('POST', '/api/desk/banners', '/api/desk/banners', { session: editor, body: body({ countries: ['FR', 'BE', 'FR'] }) });
    expect(res.status).toBe(201);
    made = res.body.response;
    expect(made).toMatchObject({ countryRule: 'only', countries: ['FR', 'BE'] });
    expect(made.avif).toMatch(/\/media\/newsroom\/.+-320\.avif$/);
    expect(made.avif2x).toMatch(/\/media\/newsroom\/.+-640\.avif$/);
    const row = await store.db.selectFrom('ad_banners').select(['market', 'countries']).where('id', '=', made.id).executeTakeFirstOrThrow();
    // The market an instance of the previous version reads: not shown in Morocco → intl.
    expect(row).toEqual({ market: 'intl', countries: '["FR","BE"]' });
    const audit = await store.db.selectFrom('desk_audit').select('action').where('item_type', '=', 'banner').where('item_id', '=', String(made.id)).execute();
    expect(audit.map((a) => a.action)).toContain('banner.create');

    // Weight 1000 against the seed's few: France gets it within a few draws.
    let french: Ad | null = null;
    for (let i = 0; i < 20 && french?.id !== made.id; i++) {
      const answer = await rectangle('FR');
      expect(answer).toMatchObject({ market: 'intl', cacheControl: 'no-store' });
      french = answer.ad;
    }
    expect(french?.id).toBe(made.id);
    // Moroccan visitors and visitors of unknown country never do; the everywhere banners still fill their slot.
    const everywhere = (await store.db.selectFrom('ad_banners').select('id').where('country_rule', '=', 'all').where('width', '=', 300).where('height', '=', 250).where('is_active', '=', 1).execute()).map((r) => r.id);
    expect(everywhere.length).toBeGreaterThan(0);
    for (let i = 0; i < 15; i++) {
      const ma = await rectangle('MA');
      expect(ma.ad).not.toBeNull();
      expect(ma.ad!.id).not.toBe(made.id);
      expect(ma.cacheControl).toBe('no-store');
      const unknown = await rectangle();
      expect(everywhere).toContain(unknown.ad?.id);
      // A header that names no country (a CDN's XX) is a country not known.
      expect(everywhere).toContain((await rectangle('XX')).ad?.id);
    }
  });

  it('the answer offers the creative’s AVIF, served as AVIF', async () => {
    let ad: Ad | null = null;
    for (let i = 0; i < 20 && ad?.id !== made.id; i++) ad = (await rectangle('BE')).ad;
    expect(ad?.id).toBe(made.id);
    expect(ad!.image).toMatch(/-320\.webp$/);
    expect(ad!.avif).toBe(new URL(made.avif!, baseUrl).toString());
    const res = await fetch(ad!.avif!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(4, 12).toString('latin1')).toBe('ftypavif');
  });

  it('changing it to every country but France: Morocco gets it, France no more', async () => {
    const res = await desk<Banner>('PUT', '/api/desk/banners/{id}', `/api/desk/banners/${made.id}`, { session: editor, body: body({ countryRule: 'except', countries: ['FR'], imageId: undefined }) });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ countryRule: 'except', countries: ['FR'], avif: made.avif });
    let moroccan: Ad | null = null;
    for (let i = 0; i < 20 && moroccan?.id !== made.id; i++) moroccan = (await rectangle('MA')).ad;
    expect(moroccan?.id).toBe(made.id);
    for (let i = 0; i < 10; i++) expect((await rectangle('FR')).ad?.id).not.toBe(made.id);
    // "All": a list sent with it is dropped.
    const all = await desk<Banner>('PUT', '/api/desk/banners/{id}', `/api/desk/banners/${made.id}`, { session: editor, body: body({ countryRule: 'all', countries: ['FR'], imageId: undefined }) });
    expect(all.body.response).toMatchObject({ countryRule: 'all', countries: [] });
  });
});

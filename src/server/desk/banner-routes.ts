/**
 * House banners in the desk (docs/desk.md "Banners"; ADR 008 for how the
 * house ad server places them), endpoints of the desk router:
 *
 *  - GET  /api/desk/banners                 the banners (newest first) with their counts, and the slots with their sizes
 *  - POST /api/desk/banners/creative        a creative's raw bytes (JPEG, PNG, WebP): the media pipeline makes its WebP
 *                                           and AVIF renditions (src/server/newsroom/media.ts), as for every picture
 *  - POST /api/desk/banners                 a new banner: a size of a slot, its countries (all, only some, all but some), dates, weight, click URL
 *  - PUT  /api/desk/banners/{id}            change one
 *  - POST /api/desk/banners/{id}/pause      taken out of rotation at once
 *  - POST /api/desk/banners/{id}/resume     back in rotation
 *
 * Reading is for everyone; changing is for editors and admins (a
 * journalist gets 403). Everything is in the audit log.
 */
import { z } from 'zod';
import type { DeskRole, NewRow, Row } from '../db/schema.ts';
import { displaySlots } from '../ads/slots.ts';
import { getMediaStore } from '../media-store.ts';
import { MAX_MEDIA_BYTES, MediaRefused, readPictureBody, storeMedia, type Rendition } from '../newsroom/media.ts';
import * as m from '../../paraglide/messages.js';
import { bannerCountries, bannerRule } from '../ads/banners.ts';
import { COUNTRY_RULES, isCountryCode, MAX_BANNER_COUNTRIES, MOROCCO, shownTo } from '../../lib/countries.ts';
import { deskInstant, idParam, readInput } from './input.ts';
import type { DeskContext, DeskOutcome, DeskRoute } from './router.ts';

const EDITORS: readonly DeskRole[] = ['editor', 'admin'];

type BannerRow = Row<'ad_banners'>;

/** The sizes a house banner can take: those of the slots the house server fills (skin apart). */
function slotSizes(): { slot: string; sizes: [number, number][] }[] {
  const slots = displaySlots();
  return (['top-mobile', 'top-web', 'rectangle'] as const).map((slot) => ({
    slot,
    sizes: [...new Map([...slots[slot].sizes, ...slots[slot].mobileSizes].map(([w, h]) => [`${w}x${h}`, [w, h] as [number, number]])).values()],
  }));
}

function bannerOf(b: BannerRow, counts: Map<string, number>) {
  return {
    id: b.id,
    name: b.name,
    format: b.format,
    countryRule: bannerRule(b),
    countries: bannerCountries(b),
    width: b.width,
    height: b.height,
    image: b.image_url,
    image2x: b.image_2x_url,
    avif: b.image_avif_url,
    avif2x: b.image_avif_2x_url,
    headlineAr: b.headline_ar ?? '',
    headlineFr: b.headline_fr ?? '',
    clickUrl: b.click_url,
    weight: b.weight,
    active: b.is_active === 1,
    startsAt: b.starts_at,
    endsAt: b.ends_at,
    impressions: counts.get(`${b.id}:impression`) ?? 0,
    clicks: counts.get(`${b.id}:click`) ?? 0,
  };
}

const banner = {
  type: 'object',
  required: ['id', 'name', 'format', 'countryRule', 'countries', 'width', 'height', 'image', 'image2x', 'avif', 'avif2x', 'headlineAr', 'headlineFr', 'clickUrl', 'weight', 'active', 'startsAt', 'endsAt', 'impressions', 'clicks'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    format: { enum: ['banner', 'skin'] },
    countryRule: { enum: [...COUNTRY_RULES], description: 'all: shown everywhere (and to visitors whose country is not known); only: in the listed countries; except: everywhere but them' },
    countries: { type: 'array', items: { type: 'string', pattern: '^[A-Z]{2}$' }, description: 'ISO 3166-1 alpha-2 codes' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    image: { type: ['string', 'null'] },
    image2x: { type: ['string', 'null'] },
    avif: { type: ['string', 'null'], description: 'The AVIF rendition at 1x' },
    avif2x: { type: ['string', 'null'], description: 'The AVIF rendition at 2x' },
    headlineAr: { type: 'string' },
    headlineFr: { type: 'string' },
    clickUrl: { type: 'string' },
    weight: { type: 'integer' },
    active: { type: 'boolean' },
    startsAt: { type: ['string', 'null'] },
    endsAt: { type: ['string', 'null'] },
    impressions: { type: 'integer' },
    clicks: { type: 'integer' },
  },
};

const bannerInput = z
  .object({
    name: z.string().trim().min(2).max(120),
    countryRule: z.enum(COUNTRY_RULES),
    /** Bounded here (and by the body's 64 KB); checked one by one in bannerFields, with a message naming the codes refused. */
    countries: z.array(z.string()).max(MAX_BANNER_COUNTRIES),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** The creative: a picture uploaded through /api/desk/banners/creative (a change of a banner keeps its own without one). */
    imageId: z.number().int().positive().optional(),
    headlineAr: z.string().trim().min(1).max(200),
    headlineFr: z.string().trim().min(1).max(200),
    clickUrl: z.string().trim().max(2000).refine((u) => /^\/(?!\/)/.test(u) || /^https?:\/\/[^\s/]+/i.test(u)),
    weight: z.number().int().min(1).max(1000),
    startsAt: deskInstant.nullable(),
    endsAt: deskInstant.nullable(),
  })
  .refine((v) => !v.startsAt || !v.endsAt || Date.parse(v.endsAt) > Date.parse(v.startsAt), { path: ['endsAt'] });
type BannerInput = z.infer<typeof bannerInput>;

/** The renditions of a picture of the library. */
async function renditionsOf(ctx: DeskContext, imageId: number): Promise<Rendition[] | null> {
  const row = await ctx.db.selectFrom('images').select(['renditions']).where('id', '=', imageId).executeTakeFirst();
  if (!row) return null;
  return row.renditions ? (JSON.parse(row.renditions) as Rendition[]) : [];
}

/**
 * A banner's countries (ADR 053): none for `all` (a list sent with it is
 * dropped), else at least one, each a code of src/lib/countries.ts, in
 * their order without repeats; or the message naming the codes refused.
 */
function countryList(v: Pick<BannerInput, 'countryRule' | 'countries'>, locale: DeskContext['locale']): { ok: true; codes: string[] } | { ok: false; message: string } {
  if (v.countryRule === 'all') return { ok: true, codes: [] };
  const unknown = v.countries.filter((c) => !isCountryCode(c));
  if (unknown.length > 0) return { ok: false, message: m.desk_ban_err_country({ codes: unknown.slice(0, 5).map((c) => c.slice(0, 8)).join(', ') }, { locale }) };
  const codes = [...new Set(v.countries)];
  if (codes.length === 0) return { ok: false, message: m.desk_ban_err_no_country({}, { locale }) };
  return { ok: true, codes };
}

/** Checks a banner's size (one of a slot's) and creative (wide enough for 1x); the fields to store, or the refusal. */
async function bannerFields(ctx: DeskContext, v: BannerInput, before?: BannerRow): Promise<{ ok: true; fields: Partial<BannerRow> } | { ok: false; outcome: DeskOutcome }> {
  const o = { locale: ctx.locale };
  if (!slotSizes().some((s) => s.sizes.some(([w, h]) => w === v.width && h === v.height))) {
    return { ok: false, outcome: { status: 422, errors: { width: [m.desk_ban_err_size({}, o)] } } };
  }
  const countries = countryList(v, ctx.locale);
  if (!countries.ok) return { ok: false, outcome: { status: 422, errors: { countries: [countries.message] } } };
  let image: Pick<BannerRow, 'image_url' | 'image_2x_url' | 'image_avif_url' | 'image_avif_2x_url'>;
  if (v.imageId === undefined) {
    // Its own creative, made for its size: a new size needs a new creative.
    if (!before || before.width !== v.width || before.height !== v.height) return { ok: false, outcome: { status: 422, errors: { imageId: [m.desk_ban_err_creative({}, o)] } } };
    image = { image_url: before.image_url, image_2x_url: before.image_2x_url, image_avif_url: before.image_avif_url, image_avif_2x_url: before.image_avif_2x_url };
  } else {
    const renditions = await renditionsOf(ctx, v.imageId);
    const of = (type: string) => (renditions ?? []).filter((r) => r.type === type).sort((a, b) => a.width - b.width);
    const webp = of('image/webp');
    const avif = of('image/avif');
    const one = webp.find((r) => r.width >= v.width);
    if (!renditions || !one) return { ok: false, outcome: { status: 422, errors: { imageId: [m.desk_ban_err_small({ width: String(v.width) }, o)] } } };
    const two = webp.find((r) => r.width >= 2 * v.width);
    // The AVIF of the very widths the WebP are (the media pipeline makes both at each width).
    const twin = (r: Rendition | undefined) => (r ? (avif.find((a) => a.width === r.width)?.url ?? null) : null);
    const avifOne = twin(one);
    image = { image_url: one.url, image_2x_url: two?.url ?? null, image_avif_url: avifOne, image_avif_2x_url: avifOne ? twin(two) : null };
  }
  return {
    ok: true,
    fields: {
      name: v.name,
      country_rule: v.countryRule,
      countries: JSON.stringify(countries.codes),
      // What an instance of the previous version reads during a rolling upgrade (schema.ts).
      market: shownTo(v.countryRule, countries.codes, { code: MOROCCO, abroad: false }) ? 'ma' : 'intl',
      format: 'banner',
      width: v.width,
      height: v.height,
      ...image,
      headline_ar: v.headlineAr,
      headline_fr: v.headlineFr,
      click_url: v.clickUrl,
      weight: v.weight,
      starts_at: v.startsAt ? new Date(v.startsAt).toISOString() : null,
      ends_at: v.endsAt ? new Date(v.endsAt).toISOString() : null,
    },
  };
}

async function counts(ctx: DeskContext, ids: number[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.selectFrom('ad_banner_events').select(['banner_id', 'event', (eb) => eb.fn.countAll<number>().as('n')]).where('banner_id', 'in', ids).groupBy(['banner_id', 'event']).execute();
  return new Map(rows.map((r) => [`${r.banner_id}:${r.event}`, Number(r.n)]));
}

async function answer(ctx: DeskContext, id: number, status = 200): Promise<DeskOutcome> {
  const row = await ctx.db.selectFrom('ad_banners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { status, response: bannerOf(row, await counts(ctx, [id])) };
}

const pause = (verb: 'pause' | 'resume'): DeskRoute => ({
  method: 'POST',
  path: `/api/desk/banners/{id}/${verb}`,
  access: 'signed-in',
  roles: EDITORS,
  doc: { summary: verb === 'pause' ? 'Take a banner out of rotation' : 'Put a paused banner back in rotation', response: banner, codes: { '200': verb === 'pause' ? 'Paused' : 'In rotation', '404': 'Unknown banner' } },
  async handler(ctx) {
    const id = idParam(ctx.params.id);
    const r = id === null ? null : await ctx.db.updateTable('ad_banners').set({ is_active: verb === 'pause' ? 0 : 1 }).where('id', '=', id).executeTakeFirst();
    if (!r || Number(r.numUpdatedRows) === 0) return { status: 404 };
    await ctx.audit({ action: `banner.${verb}`, itemType: 'banner', itemId: id });
    return answer(ctx, id!);
  },
});

const bannerBody = {
  'application/json': {
    type: 'object',
    required: ['name', 'countryRule', 'countries', 'width', 'height', 'headlineAr', 'headlineFr', 'clickUrl', 'weight', 'startsAt', 'endsAt'],
    properties: {
      name: { type: 'string', maxLength: 120 },
      countryRule: { enum: [...COUNTRY_RULES] },
      countries: { type: 'array', maxItems: MAX_BANNER_COUNTRIES, items: { type: 'string' }, description: 'ISO 3166-1 alpha-2 codes (upper case); empty with countryRule all, at least one otherwise' },
      width: { type: 'integer' },
      height: { type: 'integer' },
      imageId: { type: 'integer' },
      headlineAr: { type: 'string', maxLength: 200 },
      headlineFr: { type: 'string', maxLength: 200 },
      clickUrl: { type: 'string', maxLength: 2000 },
      weight: { type: 'integer', minimum: 1, maximum: 1000 },
      startsAt: { type: ['string', 'null'], format: 'date-time' },
      endsAt: { type: ['string', 'null'], format: 'date-time' },
    },
  },
};

export const bannerRoutes: DeskRoute[] = [
  {
    method: 'GET',
    path: '/api/desk/banners',
    access: 'signed-in',
    doc: {
      summary: 'The house banners (newest first) with their impressions and clicks, and the slots’ sizes',
      response: {
        type: 'object',
        required: ['banners', 'slots'],
        properties: {
          banners: { type: 'array', items: banner },
          slots: { type: 'array', items: { type: 'object', required: ['slot', 'sizes'], properties: { slot: { type: 'string' }, sizes: { type: 'array', items: { type: 'array', items: { type: 'integer' } } } } } },
        },
      },
      codes: { '200': 'The banners' },
    },
    async handler(ctx) {
      const rows = await ctx.db.selectFrom('ad_banners').selectAll().where('format', '=', 'banner').orderBy('id', 'desc').limit(200).execute();
      const c = await counts(ctx, rows.map((r) => r.id));
      return { status: 200, response: { banners: rows.map((r) => bannerOf(r, c)), slots: slotSizes() } };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/banners/creative',
    access: 'signed-in',
    roles: EDITORS,
    doc: {
      summary: 'Upload a banner’s creative (its raw bytes): re-encoded, metadata dropped, WebP and AVIF renditions made',
      body: { 'image/jpeg': { type: 'string', contentMediaType: 'image/jpeg' }, 'image/png': { type: 'string', contentMediaType: 'image/png' }, 'image/webp': { type: 'string', contentMediaType: 'image/webp' } },
      response: { type: 'object', required: ['imageId', 'url', 'width', 'height'], properties: { imageId: { type: 'integer' }, url: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' } } },
      codes: { '200': 'Already in the library (the same bytes)', '201': 'Uploaded', '413': 'Over 20 MB', '415': 'Not a JPEG, PNG or WebP picture', '422': 'Not a readable picture' },
    },
    async handler(ctx) {
      const o = { locale: ctx.locale };
      const body = await readPictureBody(ctx.request);
      if (!body.ok) return body.status === 415 ? { status: 415, message: m.desk_ban_err_type({}, o) } : { status: 413, message: m.desk_err_media_large({ max: String(MAX_MEDIA_BYTES / 1024 / 1024) }, o) };
      try {
        const { created, media } = await storeMedia(ctx.db, body.bytes, { media: getMediaStore() });
        await ctx.audit({ action: 'banner.creative', itemType: 'media', itemId: media.id, after: { created, width: media.width, height: media.height } });
        return { status: created ? 201 : 200, response: { imageId: media.id, url: media.url, width: media.width, height: media.height } };
      } catch (error) {
        if (error instanceof MediaRefused) return { status: 422, message: m.desk_ban_err_type({}, o) };
        throw error;
      }
    },
  },
  {
    method: 'POST',
    path: '/api/desk/banners',
    access: 'signed-in',
    roles: EDITORS,
    doc: { summary: 'A new house banner', body: bannerBody, response: banner, codes: { '201': 'Made', '422': 'A field is refused (a size no slot takes, a creative too small, dates in the wrong order…)' } },
    async handler(ctx) {
      const input = await readInput(ctx, bannerInput);
      if (!input.ok) return input.outcome;
      const checked = await bannerFields(ctx, input.value);
      if (!checked.ok) return checked.outcome;
      const row = await ctx.db
        .insertInto('ad_banners')
        .values({ ...(checked.fields as NewRow<'ad_banners'>), is_active: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.audit({ action: 'banner.create', itemType: 'banner', itemId: row.id, summary: input.value.name, after: { ...input.value } });
      return answer(ctx, row.id, 201);
    },
  },
  {
    method: 'PUT',
    path: '/api/desk/banners/{id}',
    access: 'signed-in',
    roles: EDITORS,
    doc: { summary: 'Change a house banner', body: bannerBody, response: banner, codes: { '200': 'Saved', '404': 'Unknown banner', '422': 'A field is refused' } },
    async handler(ctx) {
      const id = idParam(ctx.params.id);
      const before = id === null ? undefined : await ctx.db.selectFrom('ad_banners').selectAll().where('id', '=', id).where('format', '=', 'banner').executeTakeFirst();
      if (!before) return { status: 404 };
      const input = await readInput(ctx, bannerInput);
      if (!input.ok) return input.outcome;
      const checked = await bannerFields(ctx, input.value, before);
      if (!checked.ok) return checked.outcome;
      await ctx.db.updateTable('ad_banners').set(checked.fields).where('id', '=', before.id).execute();
      await ctx.audit({ action: 'banner.update', itemType: 'banner', itemId: before.id, summary: input.value.name, before: bannerOf(before, new Map()), after: { ...input.value } });
      return answer(ctx, before.id);
    },
  },
  pause('pause'),
  pause('resume'),
];

/**
 * Display ads (docs/product.md, Ads, Content "Ad slot settings", States "Ad slots", Limits): the
 * width bands and variants of a slot, the sizes that fit, the desktop skin's
 * placement, the house server's banner choice and event store, the slot
 * settings file and the configuration.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AD_BANDS,
  AD_BG_COLOR,
  AD_MIN_DURATION_MS,
  AD_MOBILE_BREAKPOINT,
  AD_REFRESH_AFTER_MS,
  AD_SCRIPT_POLL_MS,
  AD_SKIN_OFFSET,
  activeAt,
  fittingSizes,
  formatSizes,
  parseSizes,
  sameTargeting,
  skinPlacement,
  slotStateAt,
  variantAt,
  type AdSlotSettings,
} from '../../src/lib/ads/display.ts';
import { chooseSlotProvider, providerNameFor, type CountrySource } from '../../src/islands/ads/provider.ts';
import { bannerAnswer, bannerQuery, bannerVisitor } from '../../src/server/ads/http.ts';
import { bannerUrl } from '../../src/islands/ads/house.ts';
import { bannerAd, chooseBanner, clickDestination, eligibleBanners, houseBanner, recordBannerEvent, type Banner, type BannerRequest } from '../../src/server/ads/banners.ts';
import { DEFAULT_SLOTS, loadSlots } from '../../src/server/ads/slots.ts';
import { signToken } from '../../src/server/ads/event-tokens.ts';
import { bannerReport, formatBannerReport } from '../../src/server/ads/report.ts';
import { storeLimiter } from '../../src/server/http/index.ts';
import { ConfigError, parseConfig } from '../../src/server/config.ts';
import { openStore, type DB } from '../../src/server/db/index.ts';
import type { NewRow } from '../../src/server/db/schema.ts';

const ORIGIN = 'http://127.0.0.1:4513';
const NOW = new Date('2026-11-25T10:00:00.000Z');
const KEY = Buffer.alloc(32, 7);
/** The default of AD_EVENTS_RATE_PER_MIN. */
const AD_EVENTS_PER_MIN = parseConfig({}).AD_EVENTS_RATE_PER_MIN;

describe('the constants of docs/product.md, Limits', () => {
  it('are the documented ones', () => {
    expect(AD_MOBILE_BREAKPOINT).toBe(970);
    expect(AD_REFRESH_AFTER_MS).toBe(50);
    expect(AD_SCRIPT_POLL_MS).toBe(500);
    expect(AD_MIN_DURATION_MS).toBe(5000);
    expect(AD_BG_COLOR).toBe('rgb(249,249,249)');
    expect(AD_SKIN_OFFSET).toBe(173);
    expect(AD_BANDS).toEqual({ mobile: { min: 375, max: 413 }, web: { min: 414, max: 969 }, desktop: { min: 970, max: null } });
  });
});

describe('width bands and variants', () => {
  const mobile = DEFAULT_SLOTS['top-mobile'];
  const web = DEFAULT_SLOTS['top-web'];
  const skin = DEFAULT_SLOTS.skin;

  it('shows exactly one top slot per band: 375-413 mobile, 414-969 web, 970 and up the skin', () => {
    const shown = (w: number) => [mobile, web, skin].filter((s) => activeAt(s, w)).map((s) => s.divId);
    expect(shown(374)).toEqual([]);
    expect(shown(375)).toEqual(['ad-top-mobile']);
    expect(shown(413)).toEqual(['ad-top-mobile']);
    expect(shown(414)).toEqual(['ad-top-web']);
    expect(shown(969)).toEqual(['ad-top-web']);
    expect(shown(970)).toEqual(['ad-skin']);
    expect(shown(1920)).toEqual(['ad-skin']);
  });

  it('uses the mobile unit and sizes below the breakpoint, the desktop ones from it', () => {
    const rect = DEFAULT_SLOTS.rectangle;
    expect(variantAt(rect, 969)).toEqual({ variant: 'mobile', unit: '/2M/mobile/rectangle', sizes: [[300, 250]] });
    expect(variantAt(rect, 970)).toEqual({ variant: 'desktop', unit: '/2M/desktop/rectangle', sizes: [[300, 600], [300, 250]] });
    // The state changes (and the slot is rebuilt) only when the variant or the band changes.
    expect(slotStateAt(rect, 500)).toBe(slotStateAt(rect, 900));
    expect(slotStateAt(rect, 969)).not.toBe(slotStateAt(rect, 970));
    expect(slotStateAt(mobile, 414)).toBeNull();
  });

  it('honours a configured breakpoint', () => {
    const custom: AdSlotSettings = { ...DEFAULT_SLOTS.rectangle, mobileBreakpoint: 1024 };
    expect(variantAt(custom, 1000).variant).toBe('mobile');
    expect(variantAt(custom, 1024).variant).toBe('desktop');
  });
});

describe('sizes', () => {
  it('keeps the sizes that fit, largest first', () => {
    const sizes = [[320, 50], [728, 90], [468, 60], [320, 100]] as const;
    expect(fittingSizes([...sizes], 382)).toEqual([[320, 100], [320, 50]]);
    expect(fittingSizes([...sizes], 500)).toEqual([[468, 60], [320, 100], [320, 50]]);
    expect(fittingSizes([...sizes], 800)[0]).toEqual([728, 90]);
    expect(fittingSizes([...sizes], 300)).toEqual([]);
  });

  it('formats and parses size lists, dropping garbage', () => {
    expect(formatSizes([[728, 90], [468, 60]])).toBe('728x90,468x60');
    expect(parseSizes('728x90, 468x60,abc,12x,99999x1')).toEqual([[728, 90], [468, 60]]);
  });

  it('compares targeting pair by pair', () => {
    expect(sameTargeting([['lang', 'ar']], [['lang', 'ar']])).toBe(true);
    expect(sameTargeting([['lang', 'ar']], [['lang', 'fr']])).toBe(false);
    expect(sameTargeting([['lang', 'ar']], [['lang', 'ar'], ['page', 'index']])).toBe(false);
  });
});

describe('the desktop skin’s placement', () => {
  const H = 900;
  it('starts 173 px down, absolute', () => {
    expect(skinPlacement(0, H, 5000)).toEqual({ position: 'absolute', top: 173, height: H });
    expect(skinPlacement(173, H, 5000)).toEqual({ position: 'absolute', top: 173, height: H });
  });
  it('stays fixed at the top once scrolled past', () => {
    expect(skinPlacement(174, H, 5000)).toEqual({ position: 'fixed', top: 0, height: H });
    expect(skinPlacement(3000, H, 5000)).toEqual({ position: 'fixed', top: 0, height: H });
    expect(skinPlacement(3000, H, null)).toEqual({ position: 'fixed', top: 0, height: H });
  });
  it('turns absolute, resting on the stop, when it would overlap it', () => {
    expect(skinPlacement(4100, H, 5000)).toEqual({ position: 'fixed', top: 0, height: H });
    expect(skinPlacement(4101, H, 5000)).toEqual({ position: 'absolute', top: 4100, height: H });
    expect(skinPlacement(4800, H, 5000)).toEqual({ position: 'absolute', top: 4100, height: H });
  });
  it('never runs into a stop closer than a window’s height, and honours another start', () => {
    expect(skinPlacement(0, H, 600)).toEqual({ position: 'absolute', top: 173, height: 427 });
    expect(skinPlacement(0, H, 5000, 214)).toEqual({ position: 'absolute', top: 214, height: H });
    expect(skinPlacement(215, H, 5000, 214)).toEqual({ position: 'fixed', top: 0, height: H });
  });
});

describe('provider choice', () => {
  const config = { provider: 'house', providerAbroad: 'gpt', gptScriptUrl: '/gpt.js' } as const;
  it('follows the country flag', () => {
    expect(providerNameFor(config, 0)).toBe('house');
    expect(providerNameFor(config, 1)).toBe('gpt');
  });
  /** A country lookup that records what the slot asked of it. */
  function fakeCountry(known: 0 | 1 | null, answer: 0 | 1 = 1): CountrySource & { calls: string[] } {
    const calls: string[] = [];
    return {
      calls,
      known: () => known,
      within: (ms) => {
        calls.push(`within ${ms}`);
        return Promise.resolve(answer);
      },
      start: () => void calls.push('start'),
    };
  }
  const houseOnly = { provider: 'house', providerAbroad: 'house', gptScriptUrl: '' } as const;

  it('with the house server for both flags, asks at once for market auto (no waiting for the geo lookup)', async () => {
    const country = fakeCountry(null);
    expect(await chooseSlotProvider(houseOnly, country, 1500)).toEqual({ provider: 'house', market: 'auto' });
    // The lookup is started (the targeting follows it), never awaited.
    expect(country.calls).toEqual(['start']);
  });

  it('waits for the flag (up to the limit) when the two flags have different providers', async () => {
    const abroad = fakeCountry(null, 1);
    expect(await chooseSlotProvider(config, abroad, 1500)).toEqual({ provider: 'gpt', market: 'intl' });
    expect(abroad.calls).toEqual(['within 1500']);
    const home = fakeCountry(null, 0);
    expect(await chooseSlotProvider(config, home, 1500)).toEqual({ provider: 'house', market: 'ma' });
    expect(home.calls).toEqual(['within 1500']);
  });

  it('uses a flag already known (this session’s lookup) without asking', async () => {
    const known = fakeCountry(1);
    expect(await chooseSlotProvider(houseOnly, known, 1500)).toEqual({ provider: 'house', market: 'intl' });
    expect(await chooseSlotProvider(config, fakeCountry(0), 1500)).toEqual({ provider: 'house', market: 'ma' });
    expect(known.calls).toEqual([]);
  });

  it('asks the house server for the fitting sizes in the visitor’s language and market', () => {
    const url = new URL(bannerUrl({ unit: '/2M/web/top', sizes: [[468, 60]], kind: 'banner', lang: 'ar', market: 'intl' }), ORIGIN);
    expect(Object.fromEntries(url.searchParams)).toEqual({ unit: '/2M/web/top', format: 'banner', sizes: '468x60', lang: 'ar', market: 'intl' });
    expect(new URL(bannerUrl({ unit: '/2M/web/top', sizes: [[468, 60]], kind: 'banner', lang: 'ar', market: 'auto' }), ORIGIN).searchParams.get('market')).toBe('auto');
    const skin = new URL(bannerUrl({ unit: '/2M/desktop/skin', sizes: [[1, 1]], kind: 'skin', lang: 'fr', market: 'ma' }), ORIGIN);
    expect(skin.searchParams.get('format')).toBe('skin');
    expect(skin.searchParams.has('sizes')).toBe(false);
  });
});

function bannerRow(over: Partial<Banner> = {}): Banner {
  return {
    id: 1,
    name: 'test',
    market: 'ma',
    country_rule: 'only',
    countries: '["MA"]',
    format: 'banner',
    width: 728,
    height: 90,
    image_url: '/media/ads/a.jpg',
    image_2x_url: '/media/ads/a@2x.jpg',
    image_avif_url: null,
    image_avif_2x_url: null,
    headline_ar: 'عنوان',
    headline_fr: 'Titre',
    cta_ar: 'شاهدوا',
    cta_fr: 'Voir',
    text_overlay: 1,
    bg_color: '#000000',
    click_url: '/{lang}/live',
    weight: 1,
    is_active: 1,
    starts_at: null,
    ends_at: null,
    ...over,
  };
}

describe('banner choice', () => {
  it('takes the first requested size that has a banner, then chooses by weight', () => {
    const rows = [bannerRow({ id: 1, width: 468, height: 60 }), bannerRow({ id: 2, weight: 1 }), bannerRow({ id: 3, weight: 3 })];
    expect(chooseBanner(rows, { format: 'banner', sizes: [[970, 250], [728, 90]] }, () => 0)?.id).toBe(2);
    expect(chooseBanner(rows, { format: 'banner', sizes: [[728, 90]] }, () => 0.5)?.id).toBe(3);
    expect(chooseBanner(rows, { format: 'banner', sizes: [[468, 60], [728, 90]] }, () => 0.99)?.id).toBe(1);
    expect(chooseBanner(rows, { format: 'banner', sizes: [[300, 250]] })).toBeNull();
  });

  it('draws the ad in the visitor’s language, its click and events through our server', () => {
    const ad = bannerAd(bannerRow({ id: 5 }), { unit: '/2M/web/top', format: 'banner', sizes: [[728, 90]], lang: 'ar', market: 'ma', country: 'MA' }, ORIGIN, 'TOKEN');
    expect(ad).toMatchObject({ id: 5, headline: 'عنوان', cta: 'شاهدوا', textOverlay: true, external: false, image: `${ORIGIN}/media/ads/a.jpg`, avif: null, avif2x: null });
    expect(new URL(ad.href).pathname).toBe('/ads/banner/click');
    expect(Object.fromEntries(new URL(ad.href).searchParams)).toEqual({ b: '5', u: '/2M/web/top', m: 'ma', t: 'TOKEN', lang: 'ar' });
    expect(new URL(ad.impression).searchParams.get('t')).toBe('TOKEN');
    expect(new URL(ad.impression).searchParams.get('e')).toBe('impression');
    expect(new URL(ad.viewable).searchParams.get('e')).toBe('viewable');
    const abroad = bannerAd(bannerRow({ click_url: 'https://annonceur.example/offre' }), { unit: '/u', format: 'banner', sizes: [], lang: 'fr', market: 'intl', country: 'FR' }, ORIGIN, 'TOKEN');
    expect(abroad.external).toBe(true);
    expect(abroad.headline).toBe('Titre');
  });

  it('offers a desk creative’s AVIF renditions, at 1x and 2x, as absolute URLs', () => {
    const req: BannerRequest = { unit: '/u', format: 'banner', sizes: [], lang: 'fr', market: 'ma', country: 'MA' };
    const webp = { image_url: '/media/newsroom/ab/ab12-320.webp', image_2x_url: '/media/newsroom/ab/ab12-640.webp' };
    const ad = bannerAd(bannerRow({ ...webp, image_avif_url: '/media/newsroom/ab/ab12-320.avif', image_avif_2x_url: '/media/newsroom/ab/ab12-640.avif' }), req, ORIGIN, 'TOKEN');
    expect(ad).toMatchObject({ image: `${ORIGIN}/media/newsroom/ab/ab12-320.webp`, avif: `${ORIGIN}/media/newsroom/ab/ab12-320.avif`, avif2x: `${ORIGIN}/media/newsroom/ab/ab12-640.avif` });
    expect(bannerAd(bannerRow(webp), req, ORIGIN, 'TOKEN')).toMatchObject({ avif: null, avif2x: null });
  });

  it('sends clicks to the stored destination, with the language filled in', () => {
    expect(clickDestination(bannerRow(), 'fr', ORIGIN)).toBe(`${ORIGIN}/fr/live`);
    expect(clickDestination(bannerRow({ click_url: 'https://annonceur.example/{lang}' }), 'ar', ORIGIN)).toBe('https://annonceur.example/ar');
  });
});

describe('house banner store', () => {
  let db: DB;
  let ids: Record<string, number>;

  beforeAll(async () => {
    ({ db } = await openStore({ dataDir: ':memory:' }));
    const rows: NewRow<'ad_banners'>[] = [
      { ...bannerRow(), id: undefined, name: 'ma-728' },
      { ...bannerRow(), id: undefined, name: 'intl-728', country_rule: 'except', countries: '["MA"]' },
      { ...bannerRow(), id: undefined, name: 'fr-be-300', country_rule: 'only', countries: '["FR","BE"]', width: 300, height: 250 },
      { ...bannerRow(), id: undefined, name: 'all-300', country_rule: 'all', countries: '[]', width: 300, height: 250 },
      { ...bannerRow(), id: undefined, name: 'not-fr-300', country_rule: 'except', countries: '["FR","MA"]', width: 300, height: 250 },
      { ...bannerRow(), id: undefined, name: 'ma-old', ends_at: '2026-11-01T00:00:00.000Z' },
      { ...bannerRow(), id: undefined, name: 'ma-later', starts_at: '2026-12-01T00:00:00.000Z' },
      { ...bannerRow(), id: undefined, name: 'ma-off', is_active: 0 },
      { ...bannerRow(), id: undefined, name: 'ma-skin', format: 'skin', width: 1920, height: 1080 },
    ];
    ids = {};
    for (const r of rows) {
      const { id } = await db.insertInto('ad_banners').values(r).returning('id').executeTakeFirstOrThrow();
      ids[r.name] = id;
    }
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('serves active banners inside their window, shown in the visitor’s country', async () => {
    const names = async (format: 'banner' | 'skin', market: 'ma' | 'intl', country: string | null) => (await eligibleBanners(db, format, { market, country }, NOW)).map((b) => b.name);
    expect(await names('banner', 'ma', 'MA')).toEqual(['ma-728', 'all-300']);
    // A visitor from France gets the French banner and the abroad ones; one from Morocco never the French one.
    expect(await names('banner', 'intl', 'FR')).toEqual(['intl-728', 'fr-be-300', 'all-300']);
    expect(await names('banner', 'intl', 'BE')).toEqual(['intl-728', 'fr-be-300', 'all-300', 'not-fr-300']);
    expect(await names('banner', 'intl', 'US')).toEqual(['intl-728', 'all-300', 'not-fr-300']);
    // The Moroccan Sahara counts as Morocco.
    expect(await names('banner', 'intl', 'EH')).toEqual(['ma-728', 'all-300']);
    // A country not known (no database, a private address): only the banners shown everywhere.
    expect(await names('banner', 'ma', null)).toEqual(['all-300']);
    // Known only to be abroad: those shown everywhere, and everywhere but Morocco.
    expect(await names('banner', 'intl', null)).toEqual(['intl-728', 'all-300']);
    // No banner of another country stands in: a Moroccan visitor has no skin here.
    expect(await names('skin', 'ma', 'MA')).toEqual(['ma-skin']);
    expect(await names('skin', 'intl', 'FR')).toEqual([]);
  });

  it('answers null when nothing fits the slot', async () => {
    const req = { unit: '/2M/mobile/top', format: 'banner', sizes: [[320, 50]], lang: 'fr', market: 'ma', country: 'MA' } as const;
    expect(await houseBanner(db, { ...req, sizes: [[320, 50]] }, ORIGIN, KEY, NOW)).toBeNull();
    expect((await houseBanner(db, { ...req, sizes: [[728, 90]] }, ORIGIN, KEY, NOW))?.id).toBe(ids['ma-728']);
  });

  it('GET /ads/banner: the visitor’s country decides (auto or none), ma is Morocco without asking; a failing lookup is a country not known', async () => {
    const parse = (q: Record<string, string>) => bannerQuery.parse({ unit: '/2M/web/top', sizes: '728x90,300x250', lang: 'fr', ...q });
    expect(parse({}).market).toBe('auto');
    expect(bannerQuery.safeParse({ unit: '/2M/web/top', sizes: '728x90', market: 'us' }).success).toBe(false);
    let asked = 0;
    const from = (code: string | null) => () => {
      asked++;
      return Promise.resolve(code);
    };
    const fr = await bannerAnswer(db, parse({ sizes: '300x250' }), ORIGIN, from('FR'), KEY);
    expect(fr.market).toBe('intl');
    expect([ids['fr-be-300'], ids['all-300']]).toContain(fr.ad?.id);
    // The events and the click are recorded for the visitor's market.
    expect(new URL(fr.ad!.impression).searchParams.get('m')).toBe('intl');
    expect(new URL(fr.ad!.href).searchParams.get('m')).toBe('intl');
    const home = await bannerAnswer(db, parse({ market: 'auto' }), ORIGIN, from('MA'), KEY);
    expect(home).toMatchObject({ market: 'ma', ad: { id: ids['ma-728'] } });
    expect(asked).toBe(2);
    // Moroccan visitors never get the French banner, whatever the draw.
    for (const draw of [0, 0.3, 0.6, 0.99]) {
      const chosen = await houseBanner(db, { unit: '/u', format: 'banner', sizes: [[300, 250]], lang: 'fr', market: 'ma', country: 'MA' }, ORIGIN, KEY, NOW, () => draw);
      expect(chosen?.id).toBe(ids['all-300']);
    }
    // Unknown, and a lookup that fails: the banners shown everywhere, no error.
    expect(await bannerAnswer(db, parse({}), ORIGIN, from(null), KEY)).toMatchObject({ market: 'ma', ad: { id: ids['all-300'] } });
    expect(await bannerAnswer(db, parse({}), ORIGIN, () => Promise.reject(new Error('no database')), KEY)).toMatchObject({ market: 'ma', ad: { id: ids['all-300'] } });
    // Explicit ma: Morocco, the country not consulted.
    asked = 0;
    const explicit = await bannerAnswer(db, parse({ market: 'ma' }), ORIGIN, from('FR'), KEY);
    expect(explicit).toMatchObject({ market: 'ma', ad: { id: ids['ma-728'] } });
    expect(asked).toBe(0);
    // Explicit intl: abroad, the country named by the lookup when it can be.
    expect(await bannerVisitor('intl', from('FR'))).toEqual({ market: 'intl', country: 'FR' });
    expect(await bannerVisitor('intl', from(null))).toEqual({ market: 'intl', country: null });
    expect(await bannerVisitor('intl', from('MA'))).toEqual({ market: 'intl', country: null });
    expect(await bannerVisitor('auto', from('EH'))).toEqual({ market: 'ma', country: 'MA' });
  });

  it('counts each served impression once per kind (impression, viewable, click); refuses repeats, forged and expired tokens, bots and an address over its limit, and counts the refusals', async () => {
    const id = ids['ma-728']!;
    const limiter = storeLimiter(async () => db, { name: 'ad-events-test', points: AD_EVENTS_PER_MIN, durationSec: 60 });
    const deps = { key: KEY, limiter, now: NOW };
    const subject = { bannerId: id, unit: '/2M/web/top', market: 'ma' };
    const token = signToken(KEY, subject, NOW.getTime());
    const browser = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    const event = (e: 'impression' | 'viewable' | 'click', over: Partial<Parameters<typeof recordBannerEvent>[1]> = {}, at = NOW) =>
      recordBannerEvent(db, { event: e, bannerId: id, unit: '/2M/web/top', market: 'ma', token, address: '196.200.1.1', userAgent: browser, ...over }, { ...deps, now: at });
    for (const e of ['impression', 'viewable', 'click'] as const) expect((await event(e))?.counted).toBe(true);
    // The same impression again: refused, whatever the address.
    for (let i = 0; i < 5; i++) expect((await event('impression', { address: `41.1.1.${i}` }))?.counted).toBe(false);
    expect((await event('click'))?.counted).toBe(false);
    // Another banner, unit or market than the token's, a made-up token, none at all: forged.
    expect((await event('impression', { unit: '/2M/web/other' }))?.counted).toBe(false);
    expect((await event('impression', { token: token.replace(/\.([^.]*)$/, (_, sig: string) => `.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`) }))?.counted).toBe(false);
    expect((await event('impression', { token: undefined }))?.counted).toBe(false);
    // Too late: expired. A bot (or no user agent at all): not counted.
    expect((await event('impression', { token: signToken(KEY, subject, NOW.getTime()) }, new Date(NOW.getTime() + 31 * 60_000)))?.counted).toBe(false);
    expect((await event('impression', { token: signToken(KEY, subject, NOW.getTime()), userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }))?.counted).toBe(false);
    expect((await event('impression', { token: signToken(KEY, subject, NOW.getTime()), userAgent: null }))?.counted).toBe(false);
    // One address, 200 fresh impressions: AD_EVENTS_PER_MIN a minute in all (it already had 3 counted; repeats use none), the rest refused.
    const burst = [];
    for (let i = 0; i < 200; i++) burst.push(await event('impression', { token: signToken(KEY, subject, NOW.getTime()) }));
    expect(burst.filter((r) => r?.counted)).toHaveLength(AD_EVENTS_PER_MIN - 3);
    expect(await recordBannerEvent(db, { event: 'click', bannerId: 99_999, unit: '/2M/web/top', market: 'ma', token, address: 'x', userAgent: browser }, deps)).toBeUndefined();

    const counted = await db.selectFrom('ad_banner_events').select(['event']).where('banner_id', '=', id).execute();
    expect(counted.filter((r) => r.event === 'impression')).toHaveLength(AD_EVENTS_PER_MIN - 2);
    expect(counted.filter((r) => r.event === 'click')).toHaveLength(1);
    const report = await bannerReport(db, NOW.toISOString().slice(0, 10));
    expect(report.find((r) => r.bannerId === id && r.event === 'impression')).toMatchObject({
      counted: AD_EVENTS_PER_MIN - 2,
      refused: { repeat: 5, forged: 3, expired: 1, bot: 2, rate: 200 - (AD_EVENTS_PER_MIN - 3) },
    });
    expect(report.find((r) => r.bannerId === id && r.event === 'click')).toMatchObject({ counted: 1, refused: { repeat: 1 } });
    expect(formatBannerReport(report)).toMatch(/^banner\s+name\s+event\s+counted\s+refused\s+forged\s+expired\s+repeat\s+rate\s+bot$/m);
  });
});

describe('slot settings file (AD_SLOTS_FILE)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), '2m-slots-'));
  const write = (name: string, body: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, body);
    return file;
  };

  it('defaults to the house units', () => {
    expect(loadSlots(undefined)).toBe(DEFAULT_SLOTS);
    expect(DEFAULT_SLOTS['footer-1'].kind).toBe('out-of-page');
    expect(DEFAULT_SLOTS.skin).toMatchObject({ kind: 'skin', useBgImage: true, minWidth: 970 });
  });

  it('overrides the named slots’ settings and keeps the rest', () => {
    const slots = loadSlots(write('ok.json', JSON.stringify({ 'top-web': { mobileSlotId: '/21700000/2M/web/top', refreshAfter: 100 } })));
    expect(slots['top-web']).toMatchObject({ mobileSlotId: '/21700000/2M/web/top', refreshAfter: 100, divId: 'ad-top-web', minWidth: 414 });
    expect(slots['top-mobile']).toBe(DEFAULT_SLOTS['top-mobile']);
  });

  it('refuses a bad file with a message naming the problem', () => {
    expect(() => loadSlots(path.join(dir, 'missing.json'))).toThrow(/AD_SLOTS_FILE: cannot read/);
    expect(() => loadSlots(write('bad-unit.json', JSON.stringify({ skin: { slotId: 'has spaces' } })))).toThrow(/AD_SLOTS_FILE skin\.slotId: must be an ad unit/);
    expect(() => loadSlots(write('bad-slot.json', JSON.stringify({ sidebar: {} })))).toThrow(ConfigError);
    expect(() => loadSlots(write('bad-key.json', JSON.stringify({ skin: { kind: 'banner' } })))).toThrow(ConfigError);
  });
});

describe('display ad configuration', () => {
  it('defaults to the house provider everywhere and Google’s GPT address', () => {
    const c = parseConfig({});
    expect(c.AD_DISPLAY_PROVIDER).toBe('house');
    expect(c.AD_DISPLAY_PROVIDER_ABROAD).toBe('house');
    expect(c.AD_GPT_SCRIPT_URL).toBe('https://securepubads.g.doubleclick.net/tag/js/gpt.js');
  });
  it('refuses unknown providers and insecure script addresses', () => {
    expect(() => parseConfig({ AD_DISPLAY_PROVIDER: 'adsense' })).toThrow(/AD_DISPLAY_PROVIDER: must be house or gpt/);
    expect(() => parseConfig({ AD_GPT_SCRIPT_URL: 'http://example.com/gpt.js' })).toThrow(/AD_GPT_SCRIPT_URL/);
    expect(parseConfig({ AD_DISPLAY_PROVIDER_ABROAD: 'gpt', AD_GPT_SCRIPT_URL: '/vendor/gpt.js' }).AD_GPT_SCRIPT_URL).toBe('/vendor/gpt.js');
  });
});

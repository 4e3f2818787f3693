/**
 * Video ads (docs/product.md, Ads, Content "Ad tag lookup result", Errors, Limits): the house VAST
 * server (XML builder, creative selection, tracking store), the ad
 * configuration and the pre-roll's pure steps (unit lookup, provider choice,
 * template filling, media file choice).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { VASTParser } from '@dailymotion/vast-client';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillAdTemplate, type AdClientConfig } from '../../src/lib/ad-config.ts';
import { chooseAd, clickThroughUrl, pickMediaFile } from '../../src/islands/player/vast/media.ts';
import { vastRequestUrl, vastTemplateFor } from '../../src/islands/player/vast/load.ts';
import type { VastAd, VastMediaFile } from '../../src/islands/player/vast/types.ts';
import { lookupAdUnit, pubCodeOf, waitForTagId } from '../../src/islands/player/vast/unit.ts';
import { eligibleCreatives, houseVast, pickCreative, vastAdFor, type Creative } from '../../src/server/ads/house.ts';
import { recordAdEvent } from '../../src/server/ads/track.ts';
import { buildVast, emptyVast, vastTime, xmlEscape } from '../../src/server/ads/vast-xml.ts';
import { ConfigError, parseConfig } from '../../src/server/config.ts';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { createAdCreatives, HOUSE_PREROLL_FILES } from '../../src/server/seed/ads.ts';

const NOW = new Date('2026-11-21T22:30:00.000Z');
const ORIGIN = 'http://127.0.0.1:4513';

interface ParsedVast {
  ads: Array<VastAd & { impressionURLTemplates: Array<{ url: string }>; errorURLTemplates: string[]; title: string; system: { value: string } }>;
}

async function parseVast(xml: string): Promise<ParsedVast> {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  return (await new VASTParser().parseVAST(doc as unknown as Document)) as ParsedVast;
}

function creativeRow(over: Partial<Creative> = {}): Creative {
  return {
    id: 7,
    name: 'Autopromo : Starlight & co <saison 3>',
    market: 'ma',
    media_url: '/sample-media/ads/house-preroll-2.mp4',
    mime: 'video/mp4',
    width: 640,
    height: 360,
    bitrate: 147,
    duration_s: 12,
    click_url: '/{lang}/replay/starlight/saison3',
    weight: 1,
    is_active: 1,
    starts_at: null,
    ends_at: null,
    ...over,
  };
}

describe('VAST documents of the house ad server', () => {
  it('formats VAST times', () => {
    expect(vastTime(12)).toBe('00:00:12.000');
    expect(vastTime(3725.5)).toBe('01:02:05.500');
    expect(xmlEscape(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });

  it('builds a VAST 4 linear ad that @dailymotion/vast-client parses', async () => {
    const ad = vastAdFor(creativeRow(), { unit: '/2M/video/preroll-sport', lang: 'fr', market: 'ma', origin: ORIGIN }, 'serving-1');
    const xml = buildVast(ad);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<VAST version="4.0"/);
    expect(xml).toContain('<AdTitle>Autopromo : Starlight &amp; co &lt;saison 3&gt;</AdTitle>');

    const parsed = await parseVast(xml);
    expect(parsed.ads).toHaveLength(1);
    const [vastAd] = parsed.ads;
    expect(vastAd?.title).toBe('Autopromo : Starlight & co <saison 3>');
    expect(vastAd?.system.value).toBe('2M House Ads');
    expect(vastAd?.impressionURLTemplates.map((t) => t.url)).toEqual([
      `${ORIGIN}/ads/track?e=impression&c=7&u=%2F2M%2Fvideo%2Fpreroll-sport&m=ma&cb=[CACHEBUSTING]`,
    ]);
    expect(vastAd?.errorURLTemplates).toEqual([
      `${ORIGIN}/ads/track?e=error&c=7&u=%2F2M%2Fvideo%2Fpreroll-sport&m=ma&code=[ERRORCODE]&cb=[CACHEBUSTING]`,
    ]);

    const creative = vastAd?.creatives[0] as unknown as {
      type: string;
      duration: number;
      skipDelay: number;
      mediaFiles: VastMediaFile[];
      trackingEvents: Record<string, string[]>;
      videoClickThroughURLTemplate: { url: string };
      videoClickTrackingURLTemplates: Array<{ url: string }>;
    };
    expect(creative.type).toBe('linear');
    expect(creative.duration).toBe(12);
    expect(creative.skipDelay).toBe(5);
    expect(creative.mediaFiles).toHaveLength(1);
    expect(creative.mediaFiles[0]).toMatchObject({
      fileURL: `${ORIGIN}/sample-media/ads/house-preroll-2.mp4`,
      mimeType: 'video/mp4',
      deliveryType: 'progressive',
      width: 640,
      height: 360,
      bitrate: 147,
    });
    for (const event of ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete', 'skip']) {
      expect(creative.trackingEvents[event], event).toEqual([
        `${ORIGIN}/ads/track?e=${event}&c=7&u=%2F2M%2Fvideo%2Fpreroll-sport&m=ma&cb=[CACHEBUSTING]`,
      ]);
    }
    // {lang} in the click URL follows the request's language.
    expect(creative.videoClickThroughURLTemplate.url).toBe(`${ORIGIN}/fr/replay/starlight/saison3`);
    expect(creative.videoClickTrackingURLTemplates[0]?.url).toContain('/ads/track?e=click&c=7');
  });

  it('leaves out the click-through when the creative has no click URL, and keeps absolute URLs', async () => {
    const row = creativeRow({ click_url: null, media_url: 'https://cdn.example.ma/ads/a.mp4' });
    const parsed = await parseVast(buildVast(vastAdFor(row, { unit: 'u', lang: 'ar', market: 'intl', origin: ORIGIN })));
    const creative = parsed.ads[0]?.creatives[0] as unknown as { videoClickThroughURLTemplate: unknown; mediaFiles: VastMediaFile[] };
    expect(creative.videoClickThroughURLTemplate).toBeNull();
    expect(creative.mediaFiles[0]?.fileURL).toBe('https://cdn.example.ma/ads/a.mp4');
  });

  it('says "no ad" with an empty VAST document', async () => {
    expect(emptyVast()).toContain('<VAST version="4.0"/>');
    expect((await parseVast(emptyVast())).ads).toEqual([]);
  });
});

describe('creative selection', () => {
  it('picks by weight', () => {
    const rows = [{ id: 1, weight: 3 }, { id: 2, weight: 1 }, { id: 3, weight: 0 }];
    expect(pickCreative(rows, () => 0)?.id).toBe(1);
    expect(pickCreative(rows, () => 0.74)?.id).toBe(1);
    expect(pickCreative(rows, () => 0.76)?.id).toBe(2);
    expect(pickCreative(rows, () => 0.999)?.id).toBe(2);
    expect(pickCreative([], () => 0.5)).toBeNull();
    expect(pickCreative([{ id: 4, weight: 0 }], () => 0.5)).toBeNull();
  });

  it('rotates over every eligible creative in proportion to its weight', () => {
    const rows = [{ id: 1, weight: 3 }, { id: 2, weight: 2 }];
    const seen = { 1: 0, 2: 0 };
    for (let i = 0; i < 1000; i++) seen[pickCreative(rows, () => i / 1000)!.id as 1 | 2]++;
    expect(seen).toEqual({ 1: 600, 2: 400 });
  });
});

describe('house ad store', () => {
  let db: DB;

  beforeAll(async () => {
    db = (await openStore({ dataDir: ':memory:' })).db;
  });
  afterAll(async () => {
    await db?.destroy();
  });
  beforeEach(async () => {
    await db.deleteFrom('ad_events').execute();
    await db.deleteFrom('ad_creatives').execute();
  });

  it('serves only active creatives inside their campaign window, of the requested market', async () => {
    await createAdCreatives(db, NOW);
    await db.insertInto('ad_creatives').values({ ...creativeRow(), id: undefined, name: 'paused', is_active: 0 } as never).execute();
    await db
      .insertInto('ad_creatives')
      .values({ ...creativeRow(), id: undefined, name: 'future', starts_at: '2026-12-01T00:00:00.000Z' } as never)
      .execute();

    const ma = await eligibleCreatives(db, 'ma', NOW);
    expect(ma.map((c) => c.name)).toEqual(['Autopromo\u202f: 2M en direct sur 2m.ma', 'Autopromo\u202f: Starlight saison 3']);
    const intl = await eligibleCreatives(db, 'intl', NOW);
    expect(intl.length).toBe(2);
    expect(intl.every((c) => c.market === 'intl')).toBe(true);
  });

  it('falls back to the other market, and answers an empty VAST when no creative is active', async () => {
    await createAdCreatives(db, NOW);
    await db.updateTable('ad_creatives').set({ is_active: 0 }).where('market', '=', 'intl').execute();
    expect((await eligibleCreatives(db, 'intl', NOW)).every((c) => c.market === 'ma')).toBe(true);
    const xml = await houseVast(db, { unit: '/unknown/unit', lang: 'ar', market: 'intl', origin: ORIGIN }, NOW, () => 0);
    const parsed = await parseVast(xml);
    expect(parsed.ads).toHaveLength(1);
    // An unknown unit still gets a house ad, tracked under that unit.
    expect(parsed.ads[0]?.impressionURLTemplates[0]?.url).toContain('u=%2Funknown%2Funit&m=intl');

    await db.updateTable('ad_creatives').set({ is_active: 0 }).execute();
    expect(await houseVast(db, { unit: '/2M/video/preroll', lang: 'fr', market: 'ma', origin: ORIGIN }, NOW)).toBe(emptyVast());
  });

  it('stores tracking events of known creatives only', async () => {
    await createAdCreatives(db, NOW);
    const [first] = await eligibleCreatives(db, 'ma', NOW);
    expect(await recordAdEvent(db, { event: 'impression', creativeId: first!.id, unit: '/2M/video/preroll', market: 'ma', detail: null })).toBe(true);
    expect(await recordAdEvent(db, { event: 'error', creativeId: first!.id, unit: '/2M/video/preroll', market: 'ma', detail: '405' })).toBe(true);
    expect(await recordAdEvent(db, { event: 'start', creativeId: 999_999, unit: 'x', market: 'ma', detail: null })).toBe(false);
    const rows = await db.selectFrom('ad_events').select(['creative_id', 'event', 'unit', 'market', 'detail']).orderBy('id').execute();
    expect(rows).toEqual([
      { creative_id: first!.id, event: 'impression', unit: '/2M/video/preroll', market: 'ma', detail: null },
      { creative_id: first!.id, event: 'error', unit: '/2M/video/preroll', market: 'ma', detail: '405' },
    ]);
  });
});

/** Width, height and duration of an MP4 file, read from its moov/mvhd and tkhd boxes. */
function mp4Info(file: string): { width: number; height: number; durationS: number } {
  const buf = readFileSync(file);
  let durationS = 0;
  let width = 0;
  let height = 0;
  const walk = (start: number, end: number) => {
    let pos = start;
    while (pos + 8 <= end) {
      const size = buf.readUInt32BE(pos);
      const type = buf.toString('latin1', pos + 4, pos + 8);
      if (size < 8) break;
      const body = pos + 8;
      if (type === 'moov' || type === 'trak') walk(body, pos + size);
      if (type === 'mvhd') {
        const v1 = buf[body] === 1;
        const timescale = buf.readUInt32BE(body + (v1 ? 20 : 12));
        const duration = v1 ? Number(buf.readBigUInt64BE(body + 24)) : buf.readUInt32BE(body + 16);
        durationS = duration / timescale;
      }
      if (type === 'tkhd') {
        const w = buf.readUInt32BE(pos + size - 8) / 65536;
        const h = buf.readUInt32BE(pos + size - 4) / 65536;
        if (w > 0 && h > 0) [width, height] = [w, h];
      }
      pos += size;
    }
  };
  walk(0, buf.length);
  return { width, height, durationS };
}

describe('seeded house creatives', () => {
  it.each(Object.entries(HOUSE_PREROLL_FILES))('%s: the metadata matches the file', (_, f) => {
    const file = path.resolve('public', f.url.slice(1));
    const info = mp4Info(file);
    expect(info.width).toBe(f.width);
    expect(info.height).toBe(f.height);
    expect(Math.abs(info.durationS - f.duration_s)).toBeLessThan(0.5);
    // Overall bitrate in kbit/s, within 10%.
    const kbps = (statSync(file).size * 8) / info.durationS / 1000;
    expect(Math.abs(kbps - f.bitrate) / f.bitrate).toBeLessThan(0.1);
  });
});

describe('ad configuration', () => {
  it('defaults to the house ad server', () => {
    const c = parseConfig({});
    expect(c.AD_VAST_URL).toBe('/ads/vast?unit={unit}&lang={lang}');
    expect(c.AD_VAST_URL_ABROAD).toBe('/ads/vast?unit={unit}&lang={lang}&market=intl');
    expect(c.AD_PREROLL_UNIT).toBe('/2M/video/preroll');
  });

  it('accepts an absolute ad server URL template', () => {
    const url =
      'https://pubads.g.doubleclick.net/gampad/ads?iu={unit}&sz=640x360&gdfp_req=1&output=vast&env=vp&unviewed_position_start=1&correlator={correlator}&url={url}&hl={lang}';
    expect(parseConfig({ AD_VAST_URL_ABROAD: url }).AD_VAST_URL_ABROAD).toBe(url);
  });

  it.each([
    ['AD_VAST_URL', 'ads/vast?unit={unit}'],
    ['AD_VAST_URL', '//evil.example/vast'],
    ['AD_VAST_URL', 'ftp://x.example/vast'],
    ['AD_VAST_URL_ABROAD', 'https://x.example/vast?u={unknown}'],
    ['AD_PREROLL_UNIT', 'bad unit with spaces'],
  ])('rejects %s=%s', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(name);
  });
});

const CONFIG: AdClientConfig = {
  vastUrl: '/ads/vast?unit={unit}&lang={lang}',
  vastUrlAbroad: 'https://ads.example.com/vast?iu={unit}&hl={lang}&correlator={correlator}&url={url}',
  defaultUnit: '/2M/video/preroll',
  skipAfterSeconds: 5,
  timeoutMs: 3000,
};

describe('VAST request URL', () => {
  it('fills and encodes the template placeholders', () => {
    expect(
      fillAdTemplate('/v?u={unit}&l={lang}&c={correlator}&p={url}', {
        unit: '/2M/video/preroll-sport',
        lang: 'ar',
        correlator: '123',
        url: 'https://2m.ma/ar/replay/1?x=1&y=2',
      }),
    ).toBe('/v?u=%2F2M%2Fvideo%2Fpreroll-sport&l=ar&c=123&p=https%3A%2F%2F2m.ma%2Far%2Freplay%2F1%3Fx%3D1%26y%3D2');
  });

  it('uses the second provider when the country flag is 1', () => {
    expect(vastTemplateFor(CONFIG, 0)).toBe(CONFIG.vastUrl);
    expect(vastTemplateFor(CONFIG, 1)).toBe(CONFIG.vastUrlAbroad);
    const values = { unit: '/2M/video/preroll', lang: 'fr' as const, pageUrl: 'https://www.2m.ma/fr/replay/12', correlator: '42' };
    expect(vastRequestUrl(CONFIG, 0, values)).toBe('https://www.2m.ma/ads/vast?unit=%2F2M%2Fvideo%2Fpreroll&lang=fr');
    expect(vastRequestUrl(CONFIG, 1, values)).toBe(
      'https://ads.example.com/vast?iu=%2F2M%2Fvideo%2Fpreroll&hl=fr&correlator=42&url=https%3A%2F%2Fwww.2m.ma%2Ffr%2Freplay%2F12',
    );
  });
});

describe('ad unit of the content', () => {
  it('polls the tag id up to 3 times, 1 s apart', async () => {
    const sleeps: number[] = [];
    const sleep = async (ms: number) => {
      sleeps.push(ms);
    };
    expect(await waitForTagId(() => null, undefined, sleep)).toBeNull();
    expect(sleeps).toEqual([1000, 1000, 1000]);

    sleeps.length = 0;
    const answers = [null, '', '42'];
    expect(await waitForTagId(() => answers.shift() ?? null, undefined, sleep)).toBe('42');
    expect(sleeps).toEqual([1000, 1000]);

    sleeps.length = 0;
    expect(await waitForTagId(() => ' 7 ', undefined, sleep)).toBe('7');
    expect(sleeps).toEqual([]);
    expect(await waitForTagId(() => 'p12', undefined, sleep)).toBe('p12');
    expect(sleeps).toEqual([]);

    // Known to have no tag: the default unit at once, no wait.
    sleeps.length = 0;
    expect(await waitForTagId(() => false, undefined, sleep)).toBeNull();
    expect(sleeps).toEqual([]);
  });

  it('reads pub_code from the API envelope', () => {
    expect(pubCodeOf({ header: { status: 'OK', code: 200 }, response: { pub_code: '/2M/video/preroll-sport' } })).toBe('/2M/video/preroll-sport');
    expect(pubCodeOf({ header: { status: 'OK', code: 200 }, response: { pub_code: null } })).toBeNull();
    expect(pubCodeOf({ header: { status: 'OK', code: 200 }, response: {} })).toBeNull();
    expect(pubCodeOf({ response: { pub_code: 'has spaces <script>' } })).toBeNull();
    expect(pubCodeOf(null)).toBeNull();
  });

  const lookup = (tagId: string | null, fetchFn: typeof fetch) =>
    lookupAdUnit({ tagId, locale: 'fr', defaultUnit: '/2M/video/preroll', timeoutMs: 1000, fetchFn });
  const json = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

  it('uses the tag pub_code, else the default unit', async () => {
    const found = json(200, { header: { status: 'OK', code: 200 }, response: { pub_code: '/2M/video/preroll-sport' } });
    expect(await lookup('12', found)).toBe('/2M/video/preroll-sport');
    expect(found).toHaveBeenCalledWith('/api/pub-tag/12', expect.anything());
    expect(new Headers((found.mock.calls[0] as unknown as [string, RequestInit])[1].headers).get('locale')).toBe('fr');
    // A programme's episodes: `p` and the programme id.
    expect(await lookup('p7', found)).toBe('/2M/video/preroll-sport');
    expect(found).toHaveBeenLastCalledWith('/api/pub-tag/7?scope=programme', expect.anything());

    expect(await lookup('12', json(200, { header: { status: 'OK', code: 200 }, response: { pub_code: null } }))).toBe('/2M/video/preroll');
    expect(await lookup('12', json(404, { header: { status: 'ERROR', code: 404 }, response: null }))).toBe('/2M/video/preroll');

    const never = vi.fn();
    expect(await lookup(null, never as unknown as typeof fetch)).toBe('/2M/video/preroll');
    expect(never).not.toHaveBeenCalled();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await lookup('12', vi.fn(async () => Promise.reject(new TypeError('network down'))))).toBe('/2M/video/preroll');
    expect(await lookup('12', vi.fn(async () => new Response('<html>', { status: 200 })))).toBe('/2M/video/preroll');
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('media file choice', () => {
  const file = (over: Partial<VastMediaFile>): VastMediaFile => ({
    fileURL: 'https://cdn.example.ma/a.mp4',
    mimeType: 'video/mp4',
    deliveryType: 'progressive',
    apiFramework: '',
    width: 640,
    height: 360,
    bitrate: 500,
    ...over,
  });
  const all = () => true;

  it('prefers a playable progressive MP4 close to the player width', () => {
    const files = [
      file({ fileURL: 'https://x/vpaid.js', mimeType: 'application/javascript', apiFramework: 'VPAID' }),
      file({ fileURL: 'https://x/stream.m3u8', mimeType: 'application/x-mpegURL', deliveryType: 'streaming' }),
      file({ fileURL: 'https://x/a.webm', mimeType: 'video/webm', width: 1280 }),
      file({ fileURL: 'https://x/big.mp4', width: 1920, bitrate: 4000 }),
      file({ fileURL: 'https://x/mid.mp4', width: 1280, bitrate: 2000 }),
      file({ fileURL: 'https://x/small.mp4', width: 640, bitrate: 600 }),
    ];
    expect(pickMediaFile(files, all, 1200)?.fileURL).toBe('https://x/mid.mp4');
    expect(pickMediaFile(files, all, 600)?.fileURL).toBe('https://x/small.mp4');
    expect(pickMediaFile(files, (mime) => mime === 'video/webm', 600)?.fileURL).toBe('https://x/a.webm');
    expect(pickMediaFile(files, () => false, 600)).toBeNull();
    expect(pickMediaFile([file({ fileURL: 'javascript:alert(1)' })], all, 600)).toBeNull();
  });

  it('takes the first ad with a playable linear creative', () => {
    const ads = [
      { id: 'a', creatives: [{ type: 'companion' }] },
      { id: 'b', creatives: [{ type: 'linear', duration: 10, skipDelay: null, mediaFiles: [file({ mimeType: 'video/x-flv' })], videoClickThroughURLTemplate: null }] },
      {
        id: 'c',
        creatives: [
          { type: 'linear', duration: 12, skipDelay: 5, mediaFiles: [file({})], videoClickThroughURLTemplate: { id: null, url: ' https://2m.ma/fr/live ' } },
        ],
      },
    ] as VastAd[];
    const chosen = chooseAd(ads, all, 640);
    expect(chosen?.ad.id).toBe('c');
    expect(chosen && clickThroughUrl(chosen.creative)).toBe('https://2m.ma/fr/live');
    expect(chooseAd(ads.slice(0, 2), all, 640)).toBeNull();
    expect(clickThroughUrl({ ...chosen!.creative, videoClickThroughURLTemplate: 'javascript:alert(1)' })).toBeNull();
  });
});

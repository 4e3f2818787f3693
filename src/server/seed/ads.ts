/**
 * House ads for the built-in ad server. Video: the pre-roll creatives below.
 * Display: the banners and skins at the end of this file.
 *
 * House video creatives for the built-in ad server (ADR 008):
 * 2M's own promotions, made by scripts from the media helper into
 * public/sample-media/ads/ (640×360 H.264/AAC MP4, 12 s, about 75 kbit/s). Their metadata
 * below is checked against the files by tests/unit/ads.test.ts.
 */
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database, NewRow } from '../db/schema.ts';
import type { MediaStore } from '../media-store.ts';
import type { Bi } from './data/types.ts';
import { insertMany } from './dbutil.ts';
import { artSvg, PALETTES, type Motif, type Palette } from './media.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The house pre-roll files: public path → what the file really is. */
export const HOUSE_PREROLL_FILES = {
  live: { url: '/sample-media/ads/house-preroll-1.mp4', width: 640, height: 360, bitrate: 76, duration_s: 12 },
  starlight: { url: '/sample-media/ads/house-preroll-2.mp4', width: 640, height: 360, bitrate: 73, duration_s: 12 },
} as const;

export async function createAdCreatives(db: Kysely<Database>, now: Date): Promise<number> {
  const file = (key: keyof typeof HOUSE_PREROLL_FILES) => {
    const f = HOUSE_PREROLL_FILES[key];
    return { media_url: f.url, mime: 'video/mp4', width: f.width, height: f.height, bitrate: f.bitrate, duration_s: f.duration_s };
  };
  const rows: NewRow<'ad_creatives'>[] = [
    // Morocco (country flag 0).
    { name: 'Autopromo : 2M en direct sur 2m.ma', market: 'ma', ...file('live'), click_url: '/{lang}/live', weight: 3 },
    { name: 'Autopromo : Starlight saison 3', market: 'ma', ...file('starlight'), click_url: '/{lang}/replay/starlight/saison3', weight: 2 },
    // Abroad (country flag 1): the diaspora campaign.
    { name: 'Autopromo international : 2M partout dans le monde', market: 'intl', ...file('live'), click_url: '/{lang}/live', weight: 1 },
    { name: 'Autopromo international : Starlight saison 3', market: 'intl', ...file('starlight'), click_url: '/{lang}/replay/starlight/saison3', weight: 1 },
    // A finished campaign: kept for the record, never served.
    {
      name: 'Autopromo : Starlight saison 2 (campagne terminée)',
      market: 'ma',
      ...file('starlight'),
      click_url: '/{lang}/replay/starlight/saison2',
      weight: 2,
      starts_at: new Date(now.getTime() - 120 * DAY_MS).toISOString(),
      ends_at: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
    },
  ];
  await insertMany(db, 'ad_creatives', rows);
  return rows.length;
}

/* ------------------------------------------------------------ display ads */

/** The banner sizes of the page's slots (src/server/ads/slots.ts). */
const BANNER_SIZES = [
  [320, 100],
  [320, 50],
  [728, 90],
  [468, 60],
  [300, 250],
  [300, 600],
] as const;
const SKIN = { width: 1920, height: 1080 } as const;

/** Where a campaign is shown (ADR 053): Morocco only, abroad only, or everywhere (what a visitor of unknown country sees). */
const IN_MOROCCO = { country_rule: 'only', countries: '["MA"]', market: 'ma' } as const;
const ABROAD = { country_rule: 'except', countries: '["MA"]', market: 'intl' } as const;
const EVERYWHERE = { country_rule: 'all', countries: '[]', market: 'ma' } as const;

interface Campaign {
  key: string;
  name: string;
  where: typeof IN_MOROCCO | typeof ABROAD | typeof EVERYWHERE;
  palette: Palette;
  motif: Motif;
  headline: Bi;
  cta: Bi;
  click: string;
  weight: number;
}

/** 2M's own promotions, in both languages; their words are drawn over the picture by the page (text_overlay). */
const CAMPAIGNS: Campaign[] = [
  {
    key: 'live',
    name: 'Autopromo : 2M en direct',
    where: EVERYWHERE,
    palette: PALETTES.live,
    motif: 'studio',
    headline: { fr: '2M en direct, où que vous soyez', ar: 'دوزيم مباشرة، أينما كنتم' },
    cta: { fr: 'Regarder', ar: 'شاهدوا' },
    click: '/{lang}/live',
    weight: 3,
  },
  {
    key: 'starlight',
    name: 'Autopromo : Starlight saison 3',
    where: IN_MOROCCO,
    palette: PALETTES.starlight,
    motif: 'stage',
    headline: { fr: 'Starlight : revivez les primes', ar: 'ستارلايت: أعيدوا مشاهدة البرايمات' },
    cta: { fr: 'Voir', ar: 'شاهدوا' },
    click: '/{lang}/replay/starlight/saison3',
    weight: 2,
  },
  {
    key: 'newsletter',
    name: 'Autopromo : lettre d’information',
    where: EVERYWHERE,
    palette: PALETTES.actualite,
    motif: 'shapes',
    headline: { fr: 'L’essentiel de l’info chaque matin', ar: 'أهم الأخبار كل صباح' },
    cta: { fr: 'S’inscrire', ar: 'اشتركوا' },
    click: '/{lang}/newsletter',
    weight: 1,
  },
  {
    key: 'intl',
    name: 'Autopromo international : 2M dans le monde',
    where: ABROAD,
    palette: PALETTES.monde,
    motif: 'shapes',
    headline: { fr: '2M vous accompagne partout dans le monde', ar: 'دوزيم معكم في كل مكان من العالم' },
    cta: { fr: 'Regarder', ar: 'شاهدوا' },
    click: '/{lang}/live',
    weight: 1,
  },
];

const SKINS: (Omit<Campaign, 'cta' | 'weight'> & { bg: string })[] = [
  {
    key: 'skin-starlight',
    name: 'Habillage : Starlight saison 3',
    where: EVERYWHERE,
    palette: PALETTES.starlight,
    motif: 'stage',
    headline: { fr: 'Starlight saison 3', ar: 'ستارلايت الموسم 3' },
    click: '/{lang}/replay/starlight/saison3',
    bg: PALETTES.starlight[0],
  },
  {
    key: 'skin-intl',
    name: 'Habillage international : 2M dans le monde',
    where: ABROAD,
    palette: PALETTES.monde,
    motif: 'shapes',
    headline: { fr: '2M partout dans le monde', ar: 'دوزيم في كل مكان من العالم' },
    click: '/{lang}/live',
    bg: PALETTES.monde[0],
  },
];

async function renderArt(media: MediaStore, key: string, w: number, h: number, palette: Palette, motif: Motif, seed: number, quality = 72): Promise<void> {
  await media.write(key, await sharp(Buffer.from(artSvg(w, h, palette, motif, seed))).removeAlpha().jpeg({ quality, mozjpeg: true }).toBuffer());
}

/** Draws the house banners' and skins' pictures into the media store under ads/ and returns their rows. */
export async function renderAdBanners(media: MediaStore): Promise<NewRow<'ad_banners'>[]> {
  const dir = 'ads';
  const rows: NewRow<'ad_banners'>[] = [];
  const jobs: Promise<void>[] = [];
  CAMPAIGNS.forEach((c, ci) => {
    for (const [w, h] of BANNER_SIZES) {
      const base = `banner-${c.key}-${w}x${h}`;
      jobs.push(renderArt(media, `${dir}/${base}.jpg`, w, h, c.palette, c.motif, 9000 + ci));
      jobs.push(renderArt(media, `${dir}/${base}@2x.jpg`, w * 2, h * 2, c.palette, c.motif, 9000 + ci));
      rows.push({
        name: `${c.name} (${w}×${h})`,
        ...c.where,
        format: 'banner',
        width: w,
        height: h,
        image_url: `/media/ads/${base}.jpg`,
        image_2x_url: `/media/ads/${base}@2x.jpg`,
        headline_ar: c.headline.ar,
        headline_fr: c.headline.fr,
        cta_ar: c.cta.ar,
        cta_fr: c.cta.fr,
        text_overlay: 1,
        bg_color: c.palette[0],
        click_url: c.click,
        weight: c.weight,
      });
    }
  });
  SKINS.forEach((s, si) => {
    const file = `${s.key}.jpg`;
    jobs.push(renderArt(media, `${dir}/${file}`, SKIN.width, SKIN.height, s.palette, s.motif, 9100 + si, 62));
    rows.push({
      name: s.name,
      ...s.where,
      format: 'skin',
      width: SKIN.width,
      height: SKIN.height,
      image_url: `/media/ads/${file}`,
      image_2x_url: null,
      headline_ar: s.headline.ar,
      headline_fr: s.headline.fr,
      cta_ar: null,
      cta_fr: null,
      text_overlay: 0,
      bg_color: s.bg,
      click_url: s.click,
      weight: 1,
    });
  });
  await Promise.all(jobs);
  return rows;
}

export async function createAdBanners(db: Kysely<Database>, rows: readonly NewRow<'ad_banners'>[]): Promise<number> {
  await insertMany(db, 'ad_banners', [...rows]);
  return rows.length;
}

/** The demo image set: which pictures exist, and their ids once stored. */
import type { Kysely } from 'kysely';
import type { Database, JtEdition, NewRow } from '../db/schema.ts';
import type { MediaStore } from '../media-store.ts';
import { DOSSIERS, MASTER_TAGS } from './data/taxonomy.ts';
import { PROGRAMMES } from './data/programmes.ts';
import { WEB_VIDEO_TAGS } from './data/webvideos.ts';
import type { MasterKey } from './data/types.ts';
import { insertOne } from './dbutil.ts';
import { PALETTES, renderImages, type ImageSpec } from './media.ts';

const COVERS_PER_SECTION = 12;
const EPISODE_THUMBS_PER_PROGRAMME = 3;
const WEB_THUMBS_PER_TAG = 3;
const PORTRAITS = 24;
const STARLIGHT_THUMBS = 6;

const SECTION_WORDS: Record<MasterKey, string[]> = {
  actualite: ['ACTUALITE', 'MAROC', 'INFO', 'RABAT', 'DIRECT', 'METEO'],
  societe: ['SOCIETE', 'FAMILLE', 'ECOLE', 'SANTE', 'JEUNESSE', 'SOLIDARITE'],
  economie: ['ECONOMIE', 'DIRHAM', 'INDUSTRIE', 'EXPORT', 'ENERGIE', 'AGRICULTURE'],
  sport: ['SPORT', 'BOTOLA', 'ATLAS', 'STADE', 'MARATHON', 'FUTSAL'],
  culture: ['CULTURE', 'FESTIVAL', 'CINEMA', 'MUSIQUE', 'THEATRE', 'PATRIMOINE'],
  monde: ['MONDE', 'AFRIQUE', 'EUROPE', 'DIPLOMATIE', 'SUD-SUD', 'ATLANTIQUE'],
  regions: ['REGIONS', 'AL HAOUZ', 'SOUSS', 'ORIENTAL', 'DRAA', 'LITTORAL'],
};

const JT_EDITIONS = [
  { key: 'amz', word: 'AMAZIGH', ar: 'النشرة الإخبارية بالأمازيغية', fr: 'le journal en amazigh' },
  { key: 'ar', word: 'AKHBAR', ar: 'الأخبار بالعربية', fr: 'le journal en arabe' },
  { key: 'fr', word: 'JOURNAL', ar: 'النشرة الإخبارية بالفرنسية', fr: 'le journal en français' },
] as const;

export interface ImageIds {
  covers: Record<MasterKey, number[]>;
  dossiers: Record<string, number>;
  programmeCover: Record<string, number>;
  programmePoster: Record<string, number>;
  programmeThumbs: Record<string, number[]>;
  /** By edition key: two thumbnails each. */
  jt: Record<JtEdition, number[]>;
  web: Record<string, number[]>;
  starlightCovers: number[];
  starlightThumbs: number[];
  portraits: number[];
  live: number;
}

interface Planned {
  spec: ImageSpec;
  assign: (ids: ImageIds, id: number) => void;
}

/** "de" + the kind, contracted as French wants it (du film, not "de le film"). */
const kindFr = { emission: "de l'émission", serie: 'de la série', film: 'du film' } as const;
const kindAr = { emission: 'برنامج', serie: 'مسلسل', film: 'فيلم' } as const;

function plan(): Planned[] {
  const out: Planned[] = [];
  let seed = 1000;
  for (const m of MASTER_TAGS) {
    const words = SECTION_WORDS[m.route];
    for (let i = 0; i < COVERS_PER_SECTION; i++) {
      out.push({
        spec: {
          name: `cover-${m.route}-${i + 1}`,
          kind: 'cover',
          palette: PALETTES[m.route],
          motif: 'shapes',
          word: words[i % words.length] ?? m.route.toUpperCase(),
          seed: seed++,
          alt: { ar: `صورة توضيحية لقسم ${m.name.ar}`, fr: `Illustration de la rubrique ${m.name.fr}` },
          credit: '2M',
        },
        assign: (ids, id) => ids.covers[m.route].push(id),
      });
    }
  }
  const dossierPalettes = [PALETTES.sport, PALETTES.regions, PALETTES.monde];
  DOSSIERS.forEach((d, i) => {
    out.push({
      spec: {
        name: `dossier-${d.slug}`,
        kind: 'cover',
        palette: dossierPalettes[i % dossierPalettes.length] ?? PALETTES.actualite,
        motif: 'shapes',
        word: ['MONDIAL 2030', 'AL HAOUZ', 'EAU'][i] ?? 'DOSSIER',
        seed: seed++,
        alt: { ar: `غلاف ملف: ${d.title.ar}`, fr: `Visuel du dossier « ${d.title.fr} »` },
        credit: '2M',
      },
      assign: (ids, id) => {
        ids.dossiers[d.slug] = id;
      },
    });
  });
  for (const p of PROGRAMMES) {
    const palette = p.kind === 'serie' ? PALETTES.culture : p.kind === 'film' ? PALETTES.regions : PALETTES.programme;
    out.push({
      spec: {
        name: `programme-${p.slug}`,
        kind: 'cover',
        palette,
        motif: 'studio',
        word: p.artwork,
        seed: seed++,
        alt: { ar: `صورة ${kindAr[p.kind]} ${p.title.ar}`, fr: `Visuel ${kindFr[p.kind]} « ${p.title.fr} »` },
        credit: '2M',
      },
      assign: (ids, id) => {
        ids.programmeCover[p.slug] = id;
      },
    });
    out.push({
      spec: {
        name: `poster-${p.slug}`,
        kind: 'poster',
        palette,
        motif: 'shapes',
        word: p.artwork,
        seed: seed++,
        alt: { ar: `ملصق ${kindAr[p.kind]} ${p.title.ar}`, fr: `Affiche ${kindFr[p.kind]} « ${p.title.fr} »` },
        credit: '2M',
      },
      assign: (ids, id) => {
        ids.programmePoster[p.slug] = id;
      },
    });
    for (let k = 0; k < EPISODE_THUMBS_PER_PROGRAMME; k++) {
      out.push({
        spec: {
          name: `episode-${p.slug}-${k + 1}`,
          kind: 'thumb',
          palette,
          motif: k === 0 ? 'studio' : 'shapes',
          word: p.artwork,
          seed: seed++,
          alt: { ar: `صورة مصغرة من ${kindAr[p.kind]} ${p.title.ar}`, fr: `Vignette ${kindFr[p.kind]} « ${p.title.fr} »` },
          credit: '2M',
        },
        assign: (ids, id) => {
          (ids.programmeThumbs[p.slug] ??= []).push(id);
        },
      });
    }
  }
  for (const e of JT_EDITIONS) {
    for (let k = 0; k < 2; k++) {
      out.push({
        spec: {
          name: `jt-${e.key}-${k + 1}`,
          kind: 'thumb',
          palette: PALETTES.jt,
          motif: 'studio',
          word: e.word,
          seed: seed++,
          alt: { ar: `استوديو ${e.ar}`, fr: `Le plateau du journal : ${e.fr}` },
          credit: '2M',
        },
        assign: (ids, id) => ids.jt[e.key].push(id),
      });
    }
  }
  for (const t of WEB_VIDEO_TAGS) {
    for (let k = 0; k < WEB_THUMBS_PER_TAG; k++) {
      out.push({
        spec: {
          name: `web-${t.slug}-${k + 1}`,
          kind: 'thumb',
          palette: PALETTES.web,
          motif: 'shapes',
          word: t.artwork,
          seed: seed++,
          alt: { ar: `صورة مصغرة لفيديو من فئة ${t.name.ar}`, fr: `Vignette d'une vidéo de la rubrique ${t.name.fr}` },
          credit: '2M',
        },
        assign: (ids, id) => {
          (ids.web[t.slug] ??= []).push(id);
        },
      });
    }
  }
  for (let n = 1; n <= 3; n++) {
    out.push({
      spec: {
        name: `starlight-saison-${n}`,
        kind: 'cover',
        palette: PALETTES.starlight,
        motif: 'stage',
        word: `STARLIGHT ${n}`,
        seed: seed++,
        alt: { ar: `ستارلايت - الموسم ${n}`, fr: `Starlight, saison ${n}` },
        credit: '2M',
      },
      assign: (ids, id) => ids.starlightCovers.push(id),
    });
  }
  for (let k = 0; k < STARLIGHT_THUMBS; k++) {
    out.push({
      spec: {
        name: `starlight-${k + 1}`,
        kind: 'thumb',
        palette: PALETTES.starlight,
        motif: 'stage',
        word: 'STARLIGHT',
        seed: seed++,
        alt: { ar: 'صورة مصغرة من برايم ستارلايت', fr: "Vignette d'un prime de Starlight" },
        credit: '2M',
      },
      assign: (ids, id) => ids.starlightThumbs.push(id),
    });
  }
  const portraitPalettes = [PALETTES.starlight, PALETTES.culture, PALETTES.programme, PALETTES.web];
  for (let k = 0; k < PORTRAITS; k++) {
    out.push({
      spec: {
        name: `portrait-${k + 1}`,
        kind: 'square',
        palette: portraitPalettes[k % portraitPalettes.length] ?? PALETTES.starlight,
        motif: 'person',
        seed: seed++,
        alt: { ar: 'صورة شخصية لمشارك في ستارلايت', fr: "Portrait d'un participant de Starlight" },
        credit: '2M',
      },
      assign: (ids, id) => ids.portraits.push(id),
    });
  }
  out.push({
    spec: {
      name: 'live-2m',
      kind: 'cover',
      palette: PALETTES.live,
      motif: 'studio',
      word: '2M LIVE',
      seed: seed++,
      alt: { ar: 'البث المباشر لقناة دوزيم', fr: 'Le direct de 2M' },
      credit: '2M',
    },
    assign: (ids, id) => {
      ids.live = id;
    },
  });
  return out;
}

export interface RenderedImages {
  planned: Planned[];
  rows: NewRow<'images'>[];
}

/** Render every demo image into the media store under img/ (files only, no database). */
export async function renderDemoImages(media: MediaStore): Promise<RenderedImages> {
  const planned = plan();
  const rows = await renderImages(
    planned.map((p) => p.spec),
    media,
  );
  return { planned, rows };
}

/** Store the rendered images' rows; returns the ids by purpose. */
export async function storeImages(db: Kysely<Database>, rendered: RenderedImages): Promise<ImageIds> {
  const ids: ImageIds = {
    covers: { actualite: [], societe: [], economie: [], sport: [], culture: [], monde: [], regions: [] },
    dossiers: {},
    programmeCover: {},
    programmePoster: {},
    programmeThumbs: {},
    jt: { amz: [], ar: [], fr: [] },
    web: {},
    starlightCovers: [],
    starlightThumbs: [],
    portraits: [],
    live: 0,
  };
  for (let i = 0; i < rendered.planned.length; i++) {
    const row = rendered.rows[i];
    const p = rendered.planned[i];
    if (!row || !p) continue;
    p.assign(ids, await insertOne(db, 'images', row));
  }
  return ids;
}

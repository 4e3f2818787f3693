/**
 * Demo media generated locally: abstract SVG compositions rendered to JPEG
 * with sharp (no download, no font beyond a Latin sans-serif), written to the
 * media store under img/ (src/server/media-store.ts) and served at /media/img/.
 */
import sharp from 'sharp';
import type { NewRow } from '../db/schema.ts';
import type { MediaStore } from '../media-store.ts';
import type { Bi } from './data/types.ts';
import { createRng, type Rng } from './prng.ts';

type ImageKind = 'cover' | 'thumb' | 'poster' | 'square';
export type Motif = 'shapes' | 'person' | 'stage' | 'studio';

export interface ImageSpec {
  /** File name without extension, ASCII. */
  name: string;
  kind: ImageKind;
  palette: Palette;
  motif: Motif;
  /** Latin capitals drawn on the image (optional). */
  word?: string;
  seed: number;
  alt: Bi;
  credit: string | null;
}

/** Two background colours and an accent. */
export type Palette = readonly [string, string, string];

/** The 2M blues and oranges, plus a hue per section. */
export const PALETTES = {
  actualite: ['#0a2a66', '#1e6fd9', '#f26522'],
  societe: ['#0f4c5c', '#2a9d8f', '#ffb347'],
  economie: ['#13315c', '#2e8b57', '#f4a261'],
  sport: ['#0b3d2e', '#1f8a4c', '#ff8a00'],
  culture: ['#4a1456', '#b5179e', '#ffb703'],
  monde: ['#03045e', '#0077b6', '#90e0ef'],
  regions: ['#7f3b08', '#d9822b', '#2a6f97'],
  programme: ['#0a2a66', '#5a189a', '#f26522'],
  jt: ['#061a40', '#0353a4', '#e63946'],
  web: ['#3a0ca3', '#f72585', '#4cc9f0'],
  starlight: ['#240046', '#7b2cbf', '#ffd60a'],
  live: ['#0a2a66', '#f26522', '#ffffff'],
} as const satisfies Record<string, Palette>;

const SIZES: Record<ImageKind, { w: number; h: number; variants: number[] }> = {
  cover: { w: 1280, h: 720, variants: [320, 640] },
  thumb: { w: 960, h: 540, variants: [320, 640] },
  poster: { w: 600, h: 900, variants: [200, 400] },
  square: { w: 600, h: 600, variants: [150, 300] },
};

const QUALITY = 70;

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function shade(hex: string, f: number): string {
  const [r, g, b] = hexToRgb(hex);
  const c = (v: number): string =>
    Math.max(0, Math.min(255, Math.round(f >= 0 ? v + (255 - v) * f : v * (1 + f))))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

const xmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function shapes(rng: Rng, w: number, h: number, palette: Palette): string {
  const [, b2, accent] = palette;
  const out: string[] = [];
  const n = rng.int(4, 8);
  for (let i = 0; i < n; i++) {
    const kind = rng.int(0, 3);
    const color = rng.chance(0.5) ? accent : shade(b2, rng.next() * 0.6 - 0.2);
    const op = (0.12 + rng.next() * 0.4).toFixed(2);
    const x = Math.round(rng.next() * w);
    const y = Math.round(rng.next() * h);
    const s = Math.round((0.12 + rng.next() * 0.45) * Math.min(w, h));
    if (kind === 0) {
      out.push(`<circle cx="${x}" cy="${y}" r="${s}" fill="${color}" fill-opacity="${op}"/>`);
    } else if (kind === 1) {
      out.push(
        `<rect x="${x - s / 2}" y="${y - s / 2}" width="${s}" height="${Math.round(s * (0.4 + rng.next()))}" fill="${color}" fill-opacity="${op}" transform="rotate(${rng.int(-45, 45)} ${x} ${y})"/>`,
      );
    } else if (kind === 2) {
      out.push(
        `<polygon points="${x},${y - s} ${x + s},${y + s} ${x - s},${y + s}" fill="${color}" fill-opacity="${op}" transform="rotate(${rng.int(0, 120)} ${x} ${y})"/>`,
      );
    } else {
      const sw = Math.round(s / 6);
      out.push(
        `<line x1="${x - s}" y1="${y + s}" x2="${x + s}" y2="${y - s}" stroke="${color}" stroke-opacity="${op}" stroke-width="${sw}" stroke-linecap="round"/>`,
      );
    }
  }
  // a few thin parallel stripes for texture
  const stripes = rng.int(0, 5);
  const angle = rng.int(-30, 30);
  for (let i = 0; i < stripes; i++) {
    const y = Math.round(h * (0.15 + i * 0.14));
    out.push(`<rect x="${-w}" y="${y}" width="${w * 3}" height="${Math.max(2, Math.round(h / 90))}" fill="#ffffff" fill-opacity="0.08" transform="rotate(${angle} ${w / 2} ${h / 2})"/>`);
  }
  return out.join('');
}

function person(rng: Rng, w: number, h: number, palette: Palette): string {
  const skin = rng.pick(['#c68642', '#e0ac69', '#8d5524', '#f1c27d', '#a0662f']);
  const cloth = shade(palette[2], rng.next() * 0.4 - 0.3);
  const hair = rng.pick(['#1b1b1b', '#3b2314', '#5a3825', '#2c1b10']);
  const cx = w / 2 + rng.int(-w / 12, w / 12);
  const headR = Math.round(w * 0.16);
  const headY = Math.round(h * 0.4);
  const veil = rng.chance(0.3);
  return [
    `<circle cx="${cx}" cy="${h * 0.42}" r="${w * 0.34}" fill="#ffffff" fill-opacity="0.07"/>`,
    `<ellipse cx="${cx}" cy="${h * 1.02}" rx="${w * 0.36}" ry="${h * 0.32}" fill="${cloth}"/>`,
    `<rect x="${cx - headR * 0.35}" y="${headY + headR * 0.7}" width="${headR * 0.7}" height="${headR * 0.8}" fill="${skin}"/>`,
    veil
      ? `<circle cx="${cx}" cy="${headY}" r="${headR * 1.22}" fill="${shade(palette[2], -0.2)}"/>`
      : `<circle cx="${cx}" cy="${headY - headR * 0.18}" r="${headR * 1.05}" fill="${hair}"/>`,
    `<circle cx="${cx}" cy="${headY + headR * 0.08}" r="${headR}" fill="${skin}"/>`,
  ].join('');
}

function stage(rng: Rng, w: number, h: number, palette: Palette): string {
  const out: string[] = [];
  const beams = rng.int(3, 5);
  for (let i = 0; i < beams; i++) {
    const x = Math.round((w * (i + 0.5)) / beams + rng.int(-w / 20, w / 20));
    const spread = Math.round(w * (0.08 + rng.next() * 0.1));
    out.push(`<polygon points="${x},0 ${x - spread},${h} ${x + spread},${h}" fill="${palette[2]}" fill-opacity="${(0.12 + rng.next() * 0.2).toFixed(2)}"/>`);
  }
  for (let i = 0; i < 40; i++) {
    out.push(`<circle cx="${rng.int(0, w)}" cy="${rng.int(0, Math.round(h * 0.6))}" r="${(1 + rng.next() * 3).toFixed(1)}" fill="#ffffff" fill-opacity="${(0.4 + rng.next() * 0.6).toFixed(2)}"/>`);
  }
  out.push(`<rect x="0" y="${Math.round(h * 0.82)}" width="${w}" height="${Math.round(h * 0.18)}" fill="#000000" fill-opacity="0.35"/>`);
  return out.join('');
}

function studio(rng: Rng, w: number, h: number, palette: Palette): string {
  // a news desk: screen wall, desk and a light band
  const out: string[] = [];
  const cols = 4;
  const cw = w / cols;
  for (let i = 0; i < cols; i++) {
    out.push(`<rect x="${i * cw + cw * 0.08}" y="${h * 0.12}" width="${cw * 0.84}" height="${h * 0.42}" rx="6" fill="${shade(palette[1], rng.next() * 0.3 - 0.1)}" fill-opacity="0.55"/>`);
  }
  out.push(`<path d="M0 ${h * 0.78} Q ${w / 2} ${h * 0.62} ${w} ${h * 0.78} L ${w} ${h} L 0 ${h} Z" fill="${shade(palette[0], -0.3)}"/>`);
  out.push(`<rect x="0" y="${h * 0.6}" width="${w}" height="${h * 0.03}" fill="${palette[2]}" fill-opacity="0.8"/>`);
  out.push(`<circle cx="${rng.int(0, w)}" cy="${rng.int(0, Math.round(h / 2))}" r="${Math.round(h * (0.1 + rng.next() * 0.2))}" fill="${palette[2]}" fill-opacity="0.15"/>`);
  return out.join('');
}

function words(text: string, w: number, h: number, kind: ImageKind): string {
  if (!text) return '';
  const safe = xmlEscape(text);
  if (kind === 'poster') {
    const lines = text.split(' ').reduce<string[]>((acc, word) => {
      const last = acc[acc.length - 1];
      if (last !== undefined && (last + ' ' + word).length <= 9) acc[acc.length - 1] = `${last} ${word}`;
      else acc.push(word);
      return acc;
    }, []);
    // DejaVu Sans Bold capitals average about 0.75 em.
    const size = Math.round(Math.min(w * 0.17, (w * 0.86) / (Math.max(...lines.map((l) => l.length)) * 0.76)));
    return lines
      .map(
        (l, i) =>
          `<text x="${w / 2}" y="${h * 0.72 + i * size * 1.05}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${xmlEscape(l)}</text>`,
      )
      .join('');
  }
  // capitals of DejaVu Sans Bold are about 0.75 em wide, plus the letter spacing below
  const size = Math.round(Math.min(h * 0.2, (w * 0.86) / (Math.max(4, text.length) * 0.84)));
  return `<text x="${Math.round(w * 0.06)}" y="${Math.round(h * 0.9)}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="#ffffff" fill-opacity="0.85" letter-spacing="${Math.round(size / 12)}">${safe}</text>`;
}

/** A picture of `motif` in `palette` (gradient, motif, vignette) with optional words, w×h, as SVG. */
export function artSvg(w: number, h: number, palette: Palette, motif: Motif, seed: number, extra = ''): string {
  const rng = createRng(seed);
  const [c1, c2] = palette;
  const angle = rng.int(0, 3);
  const grad = [
    'x1="0" y1="0" x2="1" y2="1"',
    'x1="1" y1="0" x2="0" y2="1"',
    'x1="0" y1="0" x2="0" y2="1"',
    'x1="0" y1="0" x2="1" y2="0"',
  ][angle];
  const body =
    motif === 'person'
      ? person(rng, w, h, palette)
      : motif === 'stage'
        ? stage(rng, w, h, palette)
        : motif === 'studio'
          ? studio(rng, w, h, palette)
          : shapes(rng, w, h, palette);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<defs><linearGradient id="g" ${grad}><stop offset="0" stop-color="${shade(c1, rng.next() * 0.2 - 0.1)}"/><stop offset="1" stop-color="${shade(c2, rng.next() * 0.2 - 0.1)}"/></linearGradient>`,
    `<radialGradient id="v" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/></radialGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    body,
    extra,
    `<rect width="${w}" height="${h}" fill="url(#v)"/>`,
    '</svg>',
  ].join('');
}

function svgFor(spec: ImageSpec): string {
  const { w, h } = SIZES[spec.kind];
  return artSvg(w, h, spec.palette, spec.motif, spec.seed, words(spec.word ?? '', w, h, spec.kind));
}

async function renderOne(spec: ImageSpec, media: MediaStore): Promise<NewRow<'images'>> {
  const { w, h, variants } = SIZES[spec.kind];
  const file = `${spec.name}.jpg`;
  // Rasterise the SVG once, then encode the main file and its renditions from the pixels.
  const { data, info } = await sharp(Buffer.from(svgFor(spec))).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const main = await sharp(data, pixels).jpeg({ quality: QUALITY }).toBuffer();
  await media.write(`img/${file}`, main);
  const variantRows: { url: string; width: number; height: number }[] = [];
  for (const vw of variants) {
    const vh = Math.round((vw * h) / w);
    const vfile = `${spec.name}-${vw}.jpg`;
    const buf = await sharp(data, pixels).resize(vw, vh).jpeg({ quality: QUALITY }).toBuffer();
    await media.write(`img/${vfile}`, buf);
    variantRows.push({ url: `/media/img/${vfile}`, width: vw, height: vh });
  }
  // Placeholder colour: the mean of a tiny thumbnail (sharp's stats() is far slower).
  const tiny = await sharp(data, pixels).resize(8, 8, { fit: 'fill' }).raw().toBuffer();
  const mean = [0, 1, 2].map((c) => {
    let sum = 0;
    for (let i = c; i < tiny.length; i += 3) sum += tiny[i] ?? 0;
    return Math.round(sum / (tiny.length / 3));
  });
  const hex = (n: number | undefined): string => (n ?? 0).toString(16).padStart(2, '0');
  return {
    url: `/media/img/${file}`,
    width: w,
    height: h,
    mime: 'image/jpeg',
    bytes: main.length,
    alt_ar: spec.alt.ar,
    alt_fr: spec.alt.fr,
    credit: spec.credit,
    variants: JSON.stringify(variantRows),
    color: `#${hex(mean[0])}${hex(mean[1])}${hex(mean[2])}`,
  };
}

/** Render every spec (a few at a time) and return the image rows in the same order. */
export async function renderImages(specs: readonly ImageSpec[], media: MediaStore, concurrency = 4): Promise<NewRow<'images'>[]> {
  const rows: NewRow<'images'>[] = new Array<NewRow<'images'>>(specs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < specs.length) {
      const i = next++;
      rows[i] = await renderOne(specs[i] as ImageSpec, media);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, specs.length) }, worker));
  return rows;
}

/** A seeded video row's media: one of the committed samples of public/sample-media/vod/. */
export type SampleVideo = Pick<NewRow<'videos'>, 'url' | 'mime' | 'duration_s' | 'width' | 'height' | 'captions'>;

const captions = (base: string): string =>
  JSON.stringify([
    { lang: 'ar', label: 'العربية', url: `${base}-ar.vtt` },
    { lang: 'fr', label: 'Français', url: `${base}-fr.vtt` },
  ]);

/**
 * The replay samples made by scripts/make-sample-media.ts (served as static
 * files): real durations and largest picture size; keep in step with the
 * script. HLS ones have two renditions (360p, 540p) for the quality menu.
 */
export const SAMPLE_VIDEOS = {
  /** News bulletins: HLS, Arabic and French captions. */
  journal: {
    url: '/sample-media/vod/journal/index.m3u8',
    mime: 'application/vnd.apple.mpegurl',
    duration_s: 30,
    width: 960,
    height: 540,
    captions: captions('/sample-media/vod/journal/captions'),
  },
  /** Programme episodes (shows, series, films) and Starlight primes: HLS. */
  replay: {
    url: '/sample-media/vod/replay/index.m3u8',
    mime: 'application/vnd.apple.mpegurl',
    duration_s: 24,
    width: 960,
    height: 540,
    captions: '[]',
  },
  /** The channel's web videos (by2m): MP4, Arabic and French captions. */
  web: { url: '/sample-media/vod/web.mp4', mime: 'video/mp4', duration_s: 30, width: 640, height: 360, captions: captions('/sample-media/vod/web') },
  /** Article videos and short Starlight videos: MP4. */
  clip: { url: '/sample-media/vod/clip.mp4', mime: 'video/mp4', duration_s: 20, width: 640, height: 360, captions: '[]' },
} as const satisfies Record<string, SampleVideo>;

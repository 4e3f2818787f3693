/**
 * Makes the committed web-font subsets of src/assets/fonts/ (ADR 014, ADR
 * 014) from the Fontsource packages, with subset-font (HarfBuzz's hb-subset
 * compiled to WebAssembly: no native addon). Run it after upgrading
 * @fontsource-variable/* or changing the character sets below:
 *
 *   npm run fonts
 *
 * Noto Sans Arabic: Fontsource's "arabic" file (166 KB) covers Arabic,
 * Persian, Urdu and more, and every weight from 100 to 900. The site writes
 * Arabic (with the letters Moroccan names use: ڤ ڭ گ ک ی) at weights 400 to
 * 800: about 26 KB. Characters outside the subset fall back to the system's
 * Arabic font ('Noto Sans Arabic Fallback' in src/styles/global.css, whose
 * unicode-range is the whole Arabic block).
 * Noto Sans Arabic's own Latin digits and punctuation (its "latin" file cut
 * to 0-9, ASCII punctuation, guillemets, dashes, quotes, ellipsis and the
 * spaces): Arabic text writes "2026", "125", "%" and ":" in the same
 * family and weight as the letters around them (ADR 036), for about 4 KB;
 * Latin letters on Arabic pages stay in the system's sans-serif.
 * Inter: Fontsource's "latin" file, weights 400 to 800.
 *
 * The fonts are under the SIL Open Font License 1.1
 * (src/assets/fonts/OFL-*.txt, copied from the packages); the subsets keep
 * their names (the OFL reserves none for these families).
 * Deterministic: the same inputs give the same bytes.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'src/assets/fonts');

/** Code point ranges, inclusive. Keep in step with the unicode-range of src/styles/global.css. */
const ARABIC_SUBSET: readonly [number, number][] = [
  [0x060c, 0x060c], // Arabic comma
  [0x061b, 0x061b], // semicolon
  [0x061f, 0x061f], // question mark
  [0x0621, 0x0655], // letters, tatweel, tashkeel
  [0x0660, 0x066d], // Arabic-Indic digits, percent, separators
  [0x0670, 0x0671], // superscript alef, alef wasla
  [0x06a4, 0x06a4], // ڤ (ve)
  [0x06a9, 0x06a9], // ک
  [0x06ad, 0x06ad], // ڭ (Moroccan ga)
  [0x06af, 0x06af], // گ
  [0x06cc, 0x06cc], // ی
  [0x200c, 0x200f], // ZWNJ, ZWJ, LRM, RLM
];

/** Digits and punctuation only (no letters): keep in step with the second Noto Sans Arabic face of src/styles/global.css. */
const ARABIC_LATIN_SUBSET: readonly [number, number][] = [
  [0x0020, 0x0040], // space, ASCII punctuation, digits, @
  [0x005b, 0x0060], // [ \ ] ^ _ `
  [0x007b, 0x007e], // { | } ~
  [0x00a0, 0x00a0], // no-break space
  [0x00ab, 0x00ab], // «
  [0x00b0, 0x00b0], // °
  [0x00bb, 0x00bb], // »
  [0x2010, 0x2015], // hyphens and dashes
  [0x2018, 0x201f], // quotation marks
  [0x2026, 0x2026], // ellipsis
  [0x202f, 0x202f], // narrow no-break space
];

const LATIN_SUBSET: readonly [number, number][] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

const WEIGHTS = { min: 400, max: 800 };

const text = (ranges: readonly [number, number][]): string =>
  ranges.map(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i)).join('')).join('');

/** CSS unicode-range of a subset. */
const unicodeRange = (ranges: readonly [number, number][]): string =>
  ranges.map(([a, b]) => (a === b ? `U+${a.toString(16).toUpperCase().padStart(4, '0')}` : `U+${a.toString(16).toUpperCase().padStart(4, '0')}-${b.toString(16).toUpperCase().padStart(4, '0')}`)).join(', ');

interface Job {
  from: string;
  to: string;
  ranges: readonly [number, number][];
  licence: string;
}

const JOBS: readonly Job[] = [
  {
    from: 'node_modules/@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2',
    to: 'noto-sans-arabic-ar-wght.woff2',
    ranges: ARABIC_SUBSET,
    licence: 'node_modules/@fontsource-variable/noto-sans-arabic/LICENSE',
  },
  {
    from: 'node_modules/@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-latin-wght-normal.woff2',
    to: 'noto-sans-arabic-digits-wght.woff2',
    ranges: ARABIC_LATIN_SUBSET,
    licence: 'node_modules/@fontsource-variable/noto-sans-arabic/LICENSE',
  },
  {
    from: 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    to: 'inter-latin-wght.woff2',
    ranges: LATIN_SUBSET,
    licence: 'node_modules/@fontsource-variable/inter/LICENSE',
  },
];

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  for (const job of JOBS) {
    const source = readFileSync(path.join(ROOT, job.from));
    const out = await subsetFont(source, text(job.ranges), { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } });
    await writeFile(path.join(OUT, job.to), out);
    console.log(`${job.to}: ${(source.length / 1024).toFixed(1)} KB -> ${(out.length / 1024).toFixed(1)} KB  unicode-range: ${unicodeRange(job.ranges)}`);
  }
  await copyFile(path.join(ROOT, JOBS[0]!.licence), path.join(OUT, 'OFL-noto-sans-arabic.txt'));
  await copyFile(path.join(ROOT, JOBS[2]!.licence), path.join(OUT, 'OFL-inter.txt'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();

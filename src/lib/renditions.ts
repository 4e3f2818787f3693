/**
 * Modern-format renditions of the store's pictures (ADR 014):
 * every JPEG or PNG under /media/ has an AVIF and a WebP twin at the same
 * path with the format's extension (/media/img/cover-1-640.jpg →
 * /media/img/cover-1-640.avif), made from it on first request and kept on
 * disk (src/server/media.ts). Components offer them in a <picture>
 * (src/components/editorial/Picture.astro) before the original, which stays
 * the fallback. Pictures uploaded by the newsroom get the same twins as long
 * as they are served from /media/ under a .jpg/.jpeg/.png name.
 */

/** Formats offered before the original, best first. */
export const MODERN_FORMATS = ['avif', 'webp'] as const;
export type ModernFormat = (typeof MODERN_FORMATS)[number];

export const FORMAT_TYPES: Record<ModernFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

const SOURCE = /^(\/media\/[^?#]+)\.(?:jpe?g|png)$/i;

/** The `format` twin of a /media/ JPEG or PNG URL; null for anything else. */
export function renditionUrl(url: string, format: ModernFormat): string | null {
  const m = SOURCE.exec(url);
  return m ? `${m[1]}.${format}` : null;
}

/** A srcset ("url 320w, url 640w") in `format`; null when one of its URLs has no twin. */
export function renditionSrcset(srcset: string, format: ModernFormat): string | null {
  const parts: string[] = [];
  for (const candidate of srcset.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [url = '', ...descriptor] = candidate.split(/\s+/);
    const twin = renditionUrl(url, format);
    if (!twin) return null;
    parts.push([twin, ...descriptor].join(' '));
  }
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * The modern-format sources a `<picture>` offers for a store image, best
 * first: a newsroom upload's own AVIF renditions (its srcset is already
 * WebP), else the AVIF and WebP twins of its srcset. The LCP preload takes
 * the first, so it fetches the very file the picture draws.
 */
export function modernSources(image: { url: string; srcset: string; avifSrcset?: string | undefined }): { type: string; srcset: string }[] {
  if (image.avifSrcset) return [{ type: FORMAT_TYPES.avif, srcset: image.avifSrcset }];
  return MODERN_FORMATS.flatMap((f) => {
    const srcset = renditionSrcset(image.srcset || image.url, f);
    return srcset ? [{ type: FORMAT_TYPES[f], srcset }] : [];
  });
}

/**
 * One URL for a picture drawn `cssWidth` px wide where no srcset can be
 * given (a `<video poster>`): the smallest rendition of `srcset` at least
 * twice that wide (else the original), as its WebP twin (every browser
 * with `<video>` posters in use today reads WebP) when it has one.
 */
export function singleRenditionUrl(image: { url: string; srcset: string }, cssWidth: number): string {
  const candidates = image.srcset
    .split(',')
    .map((s) => s.trim().split(/\s+/))
    .map(([url = '', w = '']) => ({ url, width: /^\d+w$/.test(w) ? Number(w.slice(0, -1)) : NaN }))
    .filter((c) => c.url && Number.isFinite(c.width) && c.width >= cssWidth * 2)
    .sort((a, b) => a.width - b.width);
  const chosen = candidates[0]?.url ?? image.url;
  return renditionUrl(chosen, 'webp') ?? chosen;
}

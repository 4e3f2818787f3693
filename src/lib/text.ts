/**
 * Text helpers for what the pages show (docs/product.md, Limits: "The text-cut helper adds
 * an ellipsis beyond a given length"). Pure functions.
 */

const ELLIPSIS = '…';

/**
 * `text` shortened to at most `max` characters (code points, so an Arabic
 * letter or an emoji is never split), ending with an ellipsis when it was
 * cut. The cut falls on the last word boundary when there is one in the
 * second half of the kept text, and never leaves trailing spaces or
 * punctuation before the ellipsis. Surrounding white space is trimmed and
 * runs of white space count as one.
 *
 *   cut('Le Maroc se qualifie pour la finale', 20) → 'Le Maroc se…'
 */
export function cut(text: string, max: number): string {
  // No-break spaces stay (French "Ville\u202f:"): they are not word boundaries.
  const clean = text.replace(/[^\S\u00a0\u202f]+/g, ' ').trim();
  const chars = [...clean];
  if (chars.length <= max) return clean;
  if (max <= 1) return max === 1 ? ELLIPSIS : '';
  // Room for the ellipsis itself.
  let kept = chars.slice(0, max - 1).join('');
  const nextIsBoundary = chars[max - 1] === ' ';
  if (!nextIsBoundary) {
    const space = kept.lastIndexOf(' ');
    if (space >= Math.floor(kept.length / 2)) kept = kept.slice(0, space);
  }
  kept = kept.replace(/[\s.,;:!?،؛\-–—]+$/u, '');
  return `${kept}${ELLIPSIS}`;
}

/** A video duration as a clock: "4:05", "1:18:52" (whole seconds; negative or invalid → "0:00"). */
export function formatDuration(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.round(totalSeconds)) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

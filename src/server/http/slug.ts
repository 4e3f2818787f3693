/**
 * The one slug function of the site: the last segment of a content item's
 * URL, made from its title or name (ADR 051).
 *
 * By default (newsroom and desk articles, authors, tags, dossiers) in both
 * scripts: an Arabic headline keeps its Arabic letters
 * ("الحكومة-تعلن-ميزانية-2027"), a French one is folded to ASCII
 * ("le-gouvernement-presente-le-budget"); compatibility forms are folded
 * first (NFKC: "ﬁ" is "fi", "m³" is "m3"), tashkeel and tatweel dropped,
 * Latin letters lose their accents, other letters and digits are kept.
 *
 * With `ascii` (replays' web videos and the demo content, whose slugs were
 * always ASCII): accents dropped (NFD), then only a–z and 0–9 remain
 * ("m³" is "m"), so an Arabic title alone gives '' and the caller's fallback.
 *
 * Both: œ/æ spelt out, lower case, any other run of characters one hyphen,
 * cut at a hyphen (when one lies past the middle) to at most `max`
 * characters.
 */
const TASHKEEL_TATWEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

/** Letters and digits of any script, Latin ones without accents. */
function foldUnicode(text: string): string {
  return (
    text
      .normalize('NFKC')
      .replace(TASHKEEL_TATWEEL, '')
      .toLowerCase()
      .replace(/œ/g, 'oe')
      .replace(/æ/g, 'ae')
      // Latin letters lose their accents; Arabic letters are left composed (أ stays أ).
      .replace(/[\u00C0-\u024F]/g, (c) => c.normalize('NFD').replace(/\p{M}+/gu, ''))
      .replace(/[^\p{L}\p{N}]+/gu, '-')
  );
}

/** a–z and 0–9 only, accents dropped. */
function foldAscii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-');
}

export function makeSlug(text: string, opts: { max?: number; ascii?: boolean } = {}): string {
  const max = opts.max ?? 80;
  const base = (opts.ascii ? foldAscii(text) : foldUnicode(text)).replace(/^-+|-+$/g, '');
  const chars = [...base];
  if (chars.length <= max) return base;
  const cut = chars.slice(0, max).join('');
  const dash = cut.lastIndexOf('-');
  return (dash > cut.length / 2 ? cut.slice(0, dash) : cut).replace(/-+$/g, '');
}

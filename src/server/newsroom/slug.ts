/**
 * URL slugs for newsroom articles in both scripts: an Arabic headline keeps
 * its Arabic letters ("الحكومة-تعلن-ميزانية-2027"), a French one is folded to
 * ASCII ("le-gouvernement-presente-le-budget"). Tashkeel, tatweel and Latin
 * accents are dropped; anything that is not a letter or a digit becomes one
 * hyphen; the result is cut at a hyphen to at most `max` characters.
 */
const TASHKEEL_TATWEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

export function newsroomSlug(text: string, max = 80): string {
  const base = text
    .normalize('NFKC')
    .replace(TASHKEEL_TATWEEL, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    // Latin letters lose their accents; Arabic letters are left composed (أ stays أ).
    .replace(/[\u00C0-\u024F]/g, (c) => c.normalize('NFD').replace(/\p{M}+/gu, ''))
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const chars = [...base];
  if (chars.length <= max) return base;
  const cut = chars.slice(0, max).join('');
  const dash = cut.lastIndexOf('-');
  return (dash > cut.length / 2 ? cut.slice(0, dash) : cut).replace(/-+$/g, '');
}

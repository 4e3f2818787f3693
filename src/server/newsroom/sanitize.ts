/**
 * What the newsroom sends is sanitised with sanitize-html before it is
 * stored: bodies keep a small set of editorial tags (paragraphs, headings,
 * lists, quotes, preformatted text, links, images, figures, tables, neutral
 * blocks); scripts, styles, iframes, a document's `<head>` and `<title>`,
 * every event attribute (`onerror=`…) and any URL scheme but http(s) and
 * mailto (so no `javascript:` link) are removed. Headlines and descriptions
 * become plain text.
 *
 * Headings keep their structure on the site's levels: the article page's
 * `<h1>` is the headline, so a body's highest heading level becomes `<h2>`
 * and the ones below follow (`h1 h2 h3` → `h2 h3 h4`, `h3` alone → `h2`),
 * never below `<h4>`. A body heading that repeats the headline (wire HTML
 * often starts with it) is dropped. Section-like blocks (`section`,
 * `article`, `header`…) become `div`s so that their texts do not run
 * together once the tags go.
 *
 * Bounded cost (docs/product.md, Limits): the parser's work grows with the
 * depth of open elements (200,000 unclosed `<b>` took a minute), so before
 * any parsing `markupProblem` scans the text once, linearly, and refuses
 * one with more than `maxTags` tags or elements nested deeper than
 * `maxDepth`; sanitizeBody and plainText refuse such input themselves too
 * (MarkupTooCostly), whoever calls them.
 */
import sanitizeHtml from 'sanitize-html';
import { BODY_ATTRIBUTES, BODY_DROPPED, BODY_LINK_SCHEMES, BODY_TAGS } from '../../lib/desk-story.ts';

export interface MarkupLimits {
  /** Characters of the text as sent. */
  maxChars: number;
  /** Tags (`<p>`, `</p>`, `<!-- -->` each count one). */
  maxTags: number;
  /** Elements open inside each other at once. */
  maxDepth: number;
}

/** An article body: a long story with tables is some 2,000 tags, 10 deep. */
export const BODY_LIMITS: MarkupLimits = { maxChars: 500_000, maxTags: 10_000, maxDepth: 64 };
/** A headline, description, caption, name or byline. */
export const TEXT_LIMITS: MarkupLimits = { maxChars: 5_000, maxTags: 200, maxDepth: 16 };

export class MarkupTooCostly extends Error {}

/** Elements that never hold others, and those a next sibling closes (they add no depth). */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const SELF_CLOSING_SIBLINGS = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'option', 'optgroup', 'rb', 'rt', 'rp']);

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** A text over its length limit, in words: its length and the limit. */
export const lengthProblem = (length: number, max: number) => `is ${length.toLocaleString('en-US')} characters long: at most ${max.toLocaleString('en-US')}`;

/**
 * Why a text is too costly to parse (English, for a field error), or null.
 * One pass over the characters, no regular expression, no allocation per
 * tag beyond its name: a few milliseconds for the largest accepted body.
 */
export function markupProblem(text: string, limits: MarkupLimits): string | null {
  if (text.length > limits.maxChars) return lengthProblem(text.length, limits.maxChars);
  let tags = 0;
  let depth = 0;
  let deepest = 0;
  const n = text.length;
  // The next '>' at or after a position, found once and reused: a run of '<' without '>' costs one scan, not one each.
  let nextClose = 0;
  for (let i = text.indexOf('<'); i !== -1 && i < n; i = text.indexOf('<', i + 1)) {
    const next = text.charCodeAt(i + 1);
    if (next === 33 /* ! */ || next === 63 /* ? */) {
      // A comment, doctype, CDATA or processing instruction: one tag, skipped to its end.
      tags++;
      const end = text.startsWith('<!--', i) ? text.indexOf('-->', i + 4) : text.indexOf('>', i + 2);
      if (end === -1) break;
      i = end;
    } else if (next === 47 /* / */ && isLetter(text.charCodeAt(i + 2))) {
      tags++;
      const name = tagName(text, i + 2);
      if (!VOID.has(name) && !SELF_CLOSING_SIBLINGS.has(name) && depth > 0) depth--;
    } else if (isLetter(next)) {
      tags++;
      const name = tagName(text, i + 1);
      if (!VOID.has(name) && !SELF_CLOSING_SIBLINGS.has(name)) {
        if (nextClose !== -1 && nextClose <= i) nextClose = text.indexOf('>', i + 1);
        // <b/> opens nothing in XHTML-style input.
        if (nextClose === -1 || text.charCodeAt(nextClose - 1) !== 47) depth++;
        if (depth > deepest) deepest = depth;
      }
    } else {
      continue;
    }
    if (tags > limits.maxTags) return `has more than ${limits.maxTags.toLocaleString('en-US')} tags`;
    if (deepest > limits.maxDepth) return `nests elements more than ${limits.maxDepth} deep`;
  }
  return null;
}

function tagName(text: string, from: number): string {
  let end = from;
  while (end < text.length && end - from < 16) {
    const c = text.charCodeAt(end);
    if (!(isLetter(c) || (c >= 48 && c <= 57))) break;
    end++;
  }
  return text.slice(from, end).toLowerCase();
}

function assertBounded(text: string, limits: MarkupLimits): void {
  const problem = markupProblem(text, limits);
  if (problem) throw new MarkupTooCostly(`the markup ${problem}`);
}

const HEADING = /<h([1-6])\b/gi;
const BLOCKS_AS_DIV = ['section', 'article', 'header', 'footer', 'main', 'aside', 'hgroup', 'address'];

/** The shift that puts a body's highest heading level on <h2>. */
function headingShift(html: string): number {
  let top = 7;
  for (const m of html.matchAll(HEADING)) top = Math.min(top, Number(m[1]));
  return top === 7 ? 0 : 2 - top;
}

const normalize = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

function bodyOptions(headline: string | null, shift: number): sanitizeHtml.IOptions {
  // Its attributes go on (the allowed ones, `dir` and `lang`, survive the filter): a French heading in an Arabic story keeps its direction.
  const heading = (tagName: string, attribs: sanitizeHtml.Attributes) => {
    const level = Math.min(4, Math.max(2, Number(tagName.slice(1)) + shift));
    return { tagName: `h${level}`, attribs };
  };
  const repeated = headline ? normalize(headline) : null;
  return {
    // The tags and attributes are shared with the desk's editor (src/lib/desk-story.ts), which pastes and exports only these.
    allowedTags: [...BODY_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(BODY_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    allowedSchemes: [...BODY_LINK_SCHEMES],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    // Dropped with their content, not just unwrapped (a whole document's <head> too: its <title> repeats the headline).
    nonTextTags: [...BODY_DROPPED],
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener' } }),
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
      h1: heading,
      h2: heading,
      h3: heading,
      h4: heading,
      h5: heading,
      h6: heading,
      ...Object.fromEntries(BLOCKS_AS_DIV.map((t) => [t, 'div'])),
    },
    // The headline again as a heading of the body (it is the page's <h1> already).
    exclusiveFilter: (frame) => repeated !== null && /^h[1-6]$/.test(frame.tag) && normalize(frame.text) === repeated,
  };
}

/** An HTML body made safe to show as is (MarkupTooCostly beyond BODY_LIMITS). */
export function sanitizeBody(html: string, opts: { headline?: string } = {}): string {
  assertBounded(html, BODY_LIMITS);
  // A link whose URL was refused keeps no `rel` either (rel without href is invalid HTML).
  return sanitizeHtml(html, bodyOptions(opts.headline ?? null, headingShift(html)))
    .replace(/<a(?![^>]*\shref=)([^>]*?)\srel="noopener"/g, '<a$1')
    .replace(/<div>\s*<\/div>/g, '')
    .trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** Plain text of a headline or description: tags dropped (script and style with their content), spaces collapsed (MarkupTooCostly beyond TEXT_LIMITS). */
export function plainText(value: string): string {
  assertBounded(value, TEXT_LIMITS);
  const text = sanitizeHtml(value, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'title'] });
  return text
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A text/plain body as paragraphs (blank lines separate them; BODY_LIMITS' length). */
export function textToHtml(text: string): string {
  if (text.length > BODY_LIMITS.maxChars) throw new MarkupTooCostly(`the text is over ${BODY_LIMITS.maxChars} characters`);
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * What the newsroom sends is sanitised with sanitize-html before it is
 * stored: bodies keep a small set of editorial tags (paragraphs, headings,
 * lists, quotes, links, images, figures, tables); scripts, styles, iframes,
 * every event attribute (`onerror=`…) and any URL scheme but http(s) and
 * mailto (so no `javascript:` link) are removed. Headlines and descriptions
 * become plain text.
 */
import sanitizeHtml from 'sanitize-html';
import { BODY_ATTRIBUTES, BODY_DROPPED, BODY_LINK_SCHEMES, BODY_TAGS } from '../../lib/desk-story.ts';

// The tags and attributes are shared with the desk's editor (src/lib/desk-story.ts), which pastes and exports only these.
const BODY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BODY_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(BODY_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...BODY_LINK_SCHEMES],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Dropped with their content, not just unwrapped.
  nonTextTags: [...BODY_DROPPED],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener' } }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** An HTML body made safe to show as is. */
export function sanitizeBody(html: string): string {
  // A link whose URL was refused keeps no `rel` either (rel without href is invalid HTML).
  return sanitizeHtml(html, BODY_OPTIONS)
    .replace(/<a(?![^>]*\shref=)([^>]*?)\srel="noopener"/g, '<a$1')
    .trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** Plain text of a headline or description: tags dropped (script and style with their content), spaces collapsed. */
export function plainText(value: string): string {
  const text = sanitizeHtml(value, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe'] });
  return text
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A text/plain body as paragraphs (blank lines separate them). */
export function textToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
}

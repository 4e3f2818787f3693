/**
 * Cleans HTML to exactly what a story body may hold (src/lib/desk-story.ts:
 * the site's sanitiser's own lists), in the browser, for what is pasted
 * (Word, Google Docs, web pages) and for what the editor exports:
 *
 *  - scripts, styles, frames, forms… go with their content; comments,
 *    Office's <o:p>, <xml>, <meta> and <link> too;
 *  - Google Docs' and Word's formatting by style (font-weight: 700,
 *    font-style: italic, text-decoration, vertical-align) becomes <strong>,
 *    <em>, <u>, <s>, <sup>, <sub>; then every style and class goes;
 *  - headings become h2–h4 (the page's h1 is the headline); a <div> of text
 *    a paragraph; any other element is unwrapped (its text stays);
 *  - links keep http(s), mailto and site paths only; pictures only the
 *    site's media library's (/media/…);
 *  - each block says its direction (dir) and, when it is not the story's,
 *    its language: Arabic and French mix in one story, paragraph by paragraph.
 *
 * It reports what it removed, so the editor can say so in the person's language.
 */
import { ARABIC, BODY_ATTRIBUTES, BODY_DROPPED, BODY_LINK_SCHEMES, BODY_TAGS } from '../../lib/desk-story.ts';
import type { Locale } from '../../i18n/locales.ts';

export type Removed = 'scripts' | 'styles' | 'pictures' | 'frames';

const TAGS = new Set(BODY_TAGS);
const DROPPED = new Set([...BODY_DROPPED, 'head', 'title', 'meta', 'link', 'xml', 'o:p', 'svg', 'math', 'form', 'input', 'button', 'select', 'video', 'audio', 'canvas', 'map', 'object', 'applet', 'frame', 'frameset']);
const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'li', 'blockquote', 'figcaption', 'td', 'th', 'caption']);
const FRAMES = new Set(['iframe', 'frame', 'frameset', 'object', 'embed', 'applet']);
const SCRIPTS = new Set(['script', 'noscript', 'template']);

function allowedHref(href: string): boolean {
  const h = href.trim();
  if (h.startsWith('/') && !h.startsWith('//')) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(h)?.[1]?.toLowerCase();
  return scheme !== undefined && BODY_LINK_SCHEMES.includes(scheme);
}

/** A picture of the site's media library (a site path), never another site's or a local file. */
function allowedSrc(src: string): boolean {
  return /^\/media\/[^\s"'<>]+$/.test(src.trim());
}

function formatsOf(style: string): string[] {
  const s = style.toLowerCase().replace(/\s+/g, '');
  const out: string[] = [];
  if (/font-weight:(bold|[6-9]00)/.test(s)) out.push('strong');
  if (/font-style:italic/.test(s)) out.push('em');
  if (/text-decoration[^;]*underline/.test(s)) out.push('u');
  if (/text-decoration[^;]*line-through/.test(s)) out.push('s');
  if (/vertical-align:super/.test(s)) out.push('sup');
  if (/vertical-align:sub/.test(s)) out.push('sub');
  return out;
}

const renamed: Record<string, string> = { h1: 'h2', h5: 'h4', h6: 'h4', dir: 'ul', menu: 'ul' };

function unwrap(el: Element): void {
  el.replaceWith(...Array.from(el.childNodes));
}

function cleanElement(el: Element, removed: Set<Removed>, doc: Document): void {
  // Children first: what they become decides what this one holds.
  for (const child of Array.from(el.childNodes)) {
    if (child.nodeType === 8) child.remove();
    else if (child.nodeType === 1) cleanElement(child as Element, removed, doc);
  }
  const tag = el.tagName.toLowerCase();
  if (DROPPED.has(tag)) {
    if (SCRIPTS.has(tag)) removed.add('scripts');
    else if (FRAMES.has(tag)) removed.add('frames');
    else if (tag === 'style') removed.add('styles');
    el.remove();
    return;
  }
  // Word's list bullets ("·", "1.") sit in a span styled mso-list:Ignore.
  const style = el.getAttribute('style') ?? '';
  if (/mso-list:\s*ignore/i.test(style)) {
    el.remove();
    return;
  }
  if (style || el.hasAttribute('class') || el.hasAttribute('face') || el.hasAttribute('color')) {
    if (/[a-z-]+\s*:/.test(style) || el.hasAttribute('class') || tag === 'font') removed.add('styles');
  }
  // Formatting carried by style (Google Docs) becomes elements; Google's wrapper <b style="font-weight:normal"> is not bold.
  const target: Element = el;
  if (style) {
    const formats = formatsOf(style).filter((f) => f !== tag);
    for (const f of formats.reverse()) {
      const wrap = doc.createElement(f);
      while (target.firstChild) wrap.appendChild(target.firstChild);
      target.appendChild(wrap);
    }
    if ((tag === 'b' || tag === 'strong') && /font-weight:\s*(normal|[1-5]00)/i.test(style)) {
      unwrap(el);
      return;
    }
  }
  const name = renamed[tag] ?? (tag === 'div' ? (hasBlockChild(el) ? 'div' : 'p') : tag);
  if (name !== tag && TAGS.has(name)) {
    const replacement = doc.createElement(name);
    while (el.firstChild) replacement.appendChild(el.firstChild);
    el.replaceWith(replacement);
    el = replacement;
  }
  const finalTag = el.tagName.toLowerCase();
  if (!TAGS.has(finalTag)) {
    unwrap(el);
    return;
  }
  // Attributes: only the allowed ones, links and pictures checked.
  const allowed = new Set([...(BODY_ATTRIBUTES[finalTag] ?? []), ...(BODY_ATTRIBUTES['*'] ?? [])]);
  for (const attr of Array.from(el.attributes)) {
    if (!allowed.has(attr.name.toLowerCase())) el.removeAttribute(attr.name);
  }
  if (finalTag === 'a') {
    const href = el.getAttribute('href');
    if (!href || !allowedHref(href)) {
      if (href && /^\s*javascript:/i.test(href)) removed.add('scripts');
      unwrap(el);
      return;
    }
    el.setAttribute('rel', 'noopener');
  }
  if (finalTag === 'img') {
    const src = el.getAttribute('src');
    if (!src || !allowedSrc(src)) {
      removed.add('pictures');
      el.remove();
      return;
    }
  }
  if (finalTag === 'span' && !el.hasAttribute('lang') && !el.hasAttribute('dir')) {
    unwrap(el);
    return;
  }
  // Office's empty paragraphs and doubled formatting (<b><strong>x</strong></b>).
  if ((finalTag === 'b' || finalTag === 'i') && el.childNodes.length === 1 && ['strong', 'em'].includes((el.firstChild as Element).tagName?.toLowerCase() ?? '')) {
    unwrap(el);
  }
}

function hasBlockChild(el: Element): boolean {
  return Array.from(el.children).some((c) => ['p', 'div', 'ul', 'ol', 'table', 'blockquote', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'].includes(c.tagName.toLowerCase()));
}

/** Marks each block's direction, and its language when it is not the story's. */
function markDirections(root: Element, lang: Locale): void {
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (!BLOCKS.has(tag)) continue;
    const text = el.textContent ?? '';
    const strong = /[\p{L}]/u.exec(text)?.[0];
    if (!strong) {
      el.removeAttribute('dir');
      el.removeAttribute('lang');
      continue;
    }
    const arabic = ARABIC.test(strong);
    el.setAttribute('dir', arabic ? 'rtl' : 'ltr');
    const blockLang = arabic ? 'ar' : 'fr';
    if (blockLang !== lang) el.setAttribute('lang', blockLang);
    else el.removeAttribute('lang');
  }
}

export function cleanHtml(html: string, lang: Locale): { html: string; removed: Set<Removed> } {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
  const removed = new Set<Removed>();
  // Word's <style> blocks and Office markup may sit before <body> in what is pasted.
  if (/<style[\s>]/i.test(html)) removed.add('styles');
  if (/<script[\s>]/i.test(html)) removed.add('scripts');
  const body = doc.body;
  for (const child of Array.from(body.childNodes)) {
    if (child.nodeType === 8) child.remove();
    else if (child.nodeType === 1) cleanElement(child as Element, removed, doc);
  }
  // Loose text and inline elements at the top level go into paragraphs.
  let paragraph: HTMLElement | null = null;
  for (const child of Array.from(body.childNodes)) {
    const block = child.nodeType === 1 && ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'blockquote', 'figure', 'table', 'hr'].includes((child as Element).tagName.toLowerCase());
    if (block) {
      paragraph = null;
      continue;
    }
    if (child.nodeType === 3 && !(child.textContent ?? '').trim()) {
      child.remove();
      continue;
    }
    if (!paragraph) {
      paragraph = doc.createElement('p');
      child.before(paragraph);
    }
    paragraph.appendChild(child);
  }
  // Empty lines (Google Docs' <br> between blocks, an empty paragraph) are not part of a story.
  for (const p of Array.from(body.querySelectorAll('p'))) {
    if (!(p.textContent ?? '').trim() && !p.querySelector('img')) p.remove();
  }
  markDirections(body, lang);
  return { html: body.innerHTML.replace(/&nbsp;/g, ' ').trim(), removed };
}

/**
 * A desk story's document and its limits, and the shapes the desk's API
 * answers, shared by the desk's browser code (src/desk/) and its server
 * (src/server/desk/: document.ts checks the document with zod). No
 * dependency: it goes into the desk's bundle.
 */
import { LOCALE_CONFIG, type Locale } from '../i18n/locales.ts';

export type StoryState = 'draft' | 'review' | 'scheduled' | 'published' | 'withdrawn';
export const STORY_STATES: readonly StoryState[] = ['draft', 'review', 'scheduled', 'published', 'withdrawn'];

export interface StoryPicture {
  imageId: number;
  caption: string;
}

export interface StoryDoc {
  title: string;
  summary: string;
  /** HTML, within what the site's sanitiser keeps (src/server/newsroom/sanitize.ts). */
  body: string;
  /** A master tag of the story's language. */
  sectionId: number | null;
  tags: { name: string }[];
  byline: string;
  /** The URL slug's source (empty: the headline's). */
  slug: string;
  cover: StoryPicture | null;
  gallery: StoryPicture[];
  /** A video of the site (a replay) related to the story. */
  videoId: number | null;
}

/** What a person may do with a story now. */
export type StoryAction = 'edit' | 'submit' | 'unsubmit' | 'publish' | 'schedule' | 'unschedule' | 'withdraw';

/** A story as the desk's editor reads it (GET /api/desk/stories/{id}). */
export interface StoryDetail {
  id: number;
  lang: Locale;
  state: StoryState;
  rev: number;
  doc: StoryDoc;
  /** The working copy holds changes the public page does not show yet. */
  pending: boolean;
  owner: { id: number; name: string } | null;
  updatedAt: string;
  updatedBy: string | null;
  /** The slug the story will have (the site adds -2… when it is taken). */
  slug: string;
  /** The public page (published, scheduled or withdrawn). */
  live: { path: string; version: number; publishedAt: string } | null;
  translation: { id: number; lang: Locale; state: StoryState; title: string } | null;
  actions: StoryAction[];
}

/** A row of the story list (GET /api/desk/stories). */
export interface StoryItem {
  id: number;
  lang: Locale;
  title: string;
  state: StoryState;
  section: string | null;
  author: string | null;
  owner: string | null;
  pending: boolean;
  updatedAt: string;
  publishedAt: string;
}

/** A picture of the media library (GET /api/desk/media). */
export interface MediaItem {
  id: number;
  url: string;
  /** The smallest rendition, for the library's grid. */
  thumb: string;
  width: number;
  height: number;
  altAr: string;
  altFr: string;
  credit: string;
  /** 0 to 1 across from the left edge and down from the top; null: the centre. */
  focus: { x: number; y: number } | null;
  /** Both alternative texts are there: the picture may be used. */
  ready: boolean;
}

/** An entry of the audit log (GET /api/desk/audit). */
export interface AuditRecord {
  id: number;
  at: string;
  userId: number | null;
  actor: string;
  action: string;
  itemType: string | null;
  itemId: string | null;
  summary: string | null;
  before: unknown;
  after: unknown;
  address: string | null;
}

export const STORY_LIMITS = {
  title: 300,
  summary: 1000,
  /** Characters of text in the body (a long feature is some 40,000). */
  bodyText: 60_000,
  /** The body's HTML, markup included. */
  bodyHtml: 500_000,
  tags: 20,
  tag: 100,
  byline: 200,
  slug: 120,
  gallery: 30,
  caption: 300,
  /** What search engines show of a title and a description (the SEO preview warns past them). */
  seoTitle: 60,
  seoDescription: 160,
} as const;

/** A count as the desk writes it: Latin digits, grouped the language's way (12 345 in French). */
export function countText(n: number, lang: Locale): string {
  return new Intl.NumberFormat(LOCALE_CONFIG[lang].bcp47, { numberingSystem: 'latn' }).format(n);
}

export function emptyDoc(): StoryDoc {
  return { title: '', summary: '', body: '', sectionId: null, tags: [], byline: '', slug: '', cover: null, gallery: [], videoId: null };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** The text of an HTML body (tags dropped, entities decoded, spaces collapsed): what its length limit counts. */
export function bodyText(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote|figcaption|tr|td|th)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Arabic script (letters, presentation forms): a paragraph written in Arabic goes right to left. */
export const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

/**
 * The elements and attributes a story body may hold: exactly what the
 * site's sanitiser keeps (src/server/newsroom/sanitize.ts; a unit test
 * holds the two together). The desk's paste cleaner and HTML export keep
 * only these.
 */
export const BODY_TAGS: readonly string[] = [
  'p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'mark', 'small',
  'ul', 'ol', 'li', 'blockquote', 'q', 'cite', 'a', 'img', 'figure', 'figcaption', 'pre', 'code',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption', 'hr', 'span', 'abbr', 'time', 'div',
];
export const BODY_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'hreflang', 'lang', 'dir', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'loading'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  time: ['datetime'],
  abbr: ['title'],
  '*': ['lang', 'dir'],
};
/** Link schemes a body keeps (images: http(s) and site paths only). */
export const BODY_LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];
/** Elements dropped with their content (not just unwrapped). */
export const BODY_DROPPED: readonly string[] = ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'head', 'title'];

/**
 * XMLTV (ADR 012), the format programme guides travel in: reading a
 * document the newsroom sends and writing the grid back out. Pure functions;
 * the store side is `grid.ts` beside this file.
 *
 * Times: `YYYYMMDDhhmmss ±hhmm` (seconds may be left out; no offset means
 * UTC, as the XMLTV DTD says). Each time is read in its own offset and kept
 * as an instant; the export writes Africa/Casablanca's offset at that instant
 * (`+0000` since 2026-09-20).
 *
 * What a programme carries, and where it goes in the grid:
 *  - `<title lang="ar|fr">`: the titles (an unlabelled title, else one in
 *    another language, fills a missing language; at least one is required);
 *  - `<desc lang="ar|fr">`: the descriptions;
 *  - `<category>`: the first one is the genre; a category `live` (or
 *    `direct`, `en direct`, `مباشر`) marks a live programme instead;
 *  - `<icon src>`: the icon; `<url>` to a programme page of this site
 *    (`…/ar/replay/12`) links the programme, and then
 *    `<episode-num system="xmltv_ns">` (season . episode, from 0) its
 *    episode when the store has it.
 */
import { isLocale, LOCALES, type Locale } from '../../i18n/locales.ts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SITE_TIME_ZONE } from '../../lib/dates.ts';
import { escapeXml } from '../feeds/xml.ts';

interface Bilingual {
  ar: string;
  fr: string;
}

/** One `<programme>` as read from a document. */
export interface XmltvProgramme {
  /** Position in the document, from 1 (error messages name it). */
  index: number;
  /** The line its `<programme>` tag starts on, from 1 (when known). */
  line: number | undefined;
  channel: string;
  start: Date;
  stop: Date;
  /** The attributes as written, for messages. */
  startText: string;
  title: Bilingual;
  description: Bilingual;
  genre: string;
  isLive: boolean;
  iconUrl: string | null;
  urls: string[];
  /** From xmltv_ns, counted from 1; null when absent. */
  episodeNum: { season: number; episode: number } | null;
}

interface XmltvChannel {
  id: string;
  names: Bilingual;
}

/**
 * What is wrong, as a code with its values, for a reader that words it in
 * its own language (the desk: src/server/desk/grid-routes.ts); `message`
 * says the same in English (the newsroom API).
 */
type XmltvCode =
  | 'xml-unsafe'
  | 'xml-malformed'
  | 'xml-root'
  | 'no-programme'
  | 'too-many-programmes'
  | 'more-refused'
  | 'title-missing'
  | 'channel-missing'
  | 'channel-unknown'
  | 'start-missing'
  | 'time-unreadable'
  | 'time-nonexistent'
  | 'time-zone'
  | 'duplicate'
  | 'same-start'
  | 'stop-missing-last'
  | 'stop-missing-gap'
  | 'stop-before-start'
  | 'zero-length'
  | 'overlap'
  | 'span-too-long'
  | 'unknown-programme'
  | 'overlap-kept';

/** A reason to refuse a document: which programme (when one), which field, why. */
export interface XmltvError {
  /** Position of the programme in the document, from 1. */
  programme?: number | undefined;
  /** The line of the document its `<programme>` tag starts on (or where a document-wide problem is), from 1. */
  line?: number | undefined;
  title?: string | undefined;
  start?: string | undefined;
  field: string;
  code: XmltvCode;
  /** The values the code's wording needs (another programme's number, title and times; a count; a time as written). */
  params?: Record<string, string | number>;
  message: string;
}

interface XmltvDocument {
  channels: XmltvChannel[];
  programmes: XmltvProgramme[];
}

export type XmltvParse = { ok: true; doc: XmltvDocument } | { ok: false; errors: XmltvError[] };

/** Category words that mark a live programme (compared lowercased). */
const LIVE_CATEGORIES = new Set(['live', 'direct', 'en direct', 'مباشر', 'على المباشر']);
/** What the export writes for a live programme. */
const LIVE_CATEGORY = 'live';

/**
 * Named time zones and their offsets in minutes. The DTD's own example is
 * `200007281733 BST` ("BST == +0100"); XMLTV grabbers write the usual
 * abbreviations of Europe and North America. A name not listed is refused
 * by name rather than guessed.
 */
const NAMED_ZONES: Record<string, number> = {
  UTC: 0, UT: 0, GMT: 0, Z: 0, WET: 0, BST: 60, WEST: 60, CET: 60, MET: 60, IST: 60, CEST: 120, MEST: 120, EET: 120, EEST: 180, MSK: 180,
  AST: -240, ADT: -180, EST: -300, EDT: -240, CST: -360, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420,
};

const TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\s*([+-])(\d{2}):?(\d{2}))?(?:\s*\(?([A-Za-z]{1,6})\)?)?$/;

export type TimeRead = { ok: true; date: Date } | { ok: false; problem: string; code: 'time-unreadable' | 'time-nonexistent' | 'time-zone' };

/**
 * An XMLTV time ("20261125060000 +0100", "200007281733 BST",
 * "20261125060000 +0100 BST", "202611250600": no zone is UTC) as an
 * instant, or why not: a bad shape, a date that does not exist
 * (2026-02-30, 25:00), a time shorter than the minute (the DTD allows
 * "200209"; a grid needs the minute), an unknown zone name, or an offset
 * and a name that disagree.
 */
export function readXmltvTime(text: string): TimeRead {
  const t = text.trim();
  const m = TIME.exec(t);
  if (!m) {
    if (/^\d{4}(\d{2}){0,3}(\s|$)/.test(t)) return { ok: false, code: 'time-unreadable', problem: `"${t}" is not precise enough: a programme's time needs at least YYYYMMDDhhmm` };
    return { ok: false, code: 'time-unreadable', problem: `unreadable time "${t}" (expected YYYYMMDDhhmmss ±hhmm, or a zone name such as BST)` };
  }
  const [y, mo, d, h, mi, s = '00', sign, oh, om, zone] = m.slice(1) as [string, string, string, string, string, string?, string?, string?, string?, string?];
  const n = (v: string) => Number(v);
  if (n(mo) < 1 || n(mo) > 12 || n(d) < 1 || n(h) > 23 || n(mi) > 59 || n(s) > 59) return { ok: false, code: 'time-nonexistent', problem: `"${t}" is not a date and time that exists` };
  const utc = Date.UTC(n(y), n(mo) - 1, n(d), n(h), n(mi), n(s));
  const check = new Date(Date.UTC(n(y), n(mo) - 1, n(d)));
  if (check.getUTCDate() !== n(d) || check.getUTCMonth() !== n(mo) - 1) return { ok: false, code: 'time-nonexistent', problem: `"${t}" is not a date that exists` };
  let offsetMin: number | null = null;
  if (sign) {
    if (n(oh!) > 14 || n(om!) > 59) return { ok: false, code: 'time-nonexistent', problem: `"${t}": the offset ${sign}${oh}${om} is not one` };
    offsetMin = (sign === '-' ? -1 : 1) * (n(oh!) * 60 + n(om!));
  }
  if (zone) {
    const named = NAMED_ZONES[zone.toUpperCase()];
    if (named === undefined) {
      return { ok: false, code: 'time-zone', problem: `unknown time zone "${zone}" in "${t}": give an offset such as +0100, or one of ${Object.keys(NAMED_ZONES).join(', ')}` };
    }
    if (offsetMin !== null && offsetMin !== named) return { ok: false, code: 'time-zone', problem: `"${t}": the offset ${sign}${oh}${om} and the zone ${zone} (${named >= 0 ? '+' : '-'}${String(Math.floor(Math.abs(named) / 60)).padStart(2, '0')}${String(Math.abs(named) % 60).padStart(2, '0')}) disagree` };
    offsetMin = named;
  }
  return { ok: true, date: new Date(utc - (offsetMin ?? 0) * 60_000) };
}

/** An XMLTV time as an instant, or null when it is not one (readXmltvTime says why). */
export function parseXmltvTime(text: string): Date | null {
  const r = readXmltvTime(text);
  return r.ok ? r.date : null;
}

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, timeZoneName: 'longOffset' });

/** Africa/Casablanca's offset from UTC at an instant, in minutes (runtime tzdata). */
export function casablancaOffsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** An instant as an XMLTV time in Casablanca's offset: "20261125060000 +0000". */
export function formatXmltvTime(instant: Date | string): string {
  const d = instant instanceof Date ? instant : new Date(instant);
  const offset = casablancaOffsetMinutes(d);
  const local = new Date(d.getTime() + offset * 60_000);
  const p = (v: number, w = 2) => String(v).padStart(w, '0');
  const stamp =
    `${p(local.getUTCFullYear(), 4)}${p(local.getUTCMonth() + 1)}${p(local.getUTCDate())}` +
    `${p(local.getUTCHours())}${p(local.getUTCMinutes())}${p(local.getUTCSeconds())}`;
  const abs = Math.abs(offset);
  return `${stamp} ${offset < 0 ? '-' : '+'}${p(Math.floor(abs / 60))}${p(abs % 60)}`;
}

/* ---- reading ---- */

/** Largest XMLTV document accepted, checked before it is read (a month of one channel is well under 1 MB). */
export const MAX_XMLTV_BYTES = 5 * 1024 * 1024;

/** A document's text: UTF-8, or Latin-1 (as Windows-1252) when its XML declaration says so; null when not valid UTF-8. */
export function decodeXmltv(bytes: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  try {
    if (declared === 'iso-8859-1' || declared === 'latin1' || declared === 'windows-1252') return new TextDecoder('windows-1252').decode(bytes);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

type Node = Record<string, unknown>;

const ARRAYS = new Set(['channel', 'display-name', 'programme', 'title', 'desc', 'category', 'icon', 'url', 'episode-num']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // XML's five named entities; character references are decoded by `refs` (xmlShapeProblem refused every other name before).
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

/** Character references (&#233; &#xE9;), which the parser leaves as they are. */
const refs = (s: string): string =>
  s.includes('&#')
    ? s.replace(/&#(?:(\d{1,7})|x([0-9a-fA-F]{1,6}));/g, (whole, dec: string | undefined, hex: string | undefined) => {
        const code = dec ? Number(dec) : parseInt(hex!, 16);
        return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
      })
    : s;

/** The text of an element read by the parser (a string, or an object with #text). */
function text(v: unknown): string {
  if (typeof v === 'string') return refs(v);
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && '#text' in v) return text((v as Node)['#text']);
  return '';
}
const attr = (v: unknown, name: string): string | undefined => {
  if (!v || typeof v !== 'object') return undefined;
  const a = (v as Node)[`@_${name}`];
  return typeof a === 'string' ? refs(a) : undefined;
};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
/** XMLTV: runs of white space in text are one space. */
const clean = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** `lang` values "ar", "ar-MA", "ar_MA" → ar; fr likewise; other languages → null; none → ''. */
function langOf(v: unknown): Locale | '' | null {
  const lang = attr(v, 'lang');
  if (lang === undefined || lang.trim() === '') return '';
  const base = lang.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : null;
}

/** The Arabic and French texts of repeated elements (`<title lang>`), unlabelled ones filling gaps. */
function bilingual(nodes: unknown[]): Bilingual {
  const out: Bilingual = { ar: '', fr: '' };
  let plain = '';
  let other = '';
  for (const n of nodes) {
    const value = clean(text(n));
    if (!value) continue;
    const lang = langOf(n);
    if (isLocale(lang)) {
      if (!out[lang]) out[lang] = value;
    } else if (lang === '' && !plain) plain = value;
    else if (lang === null && !other) other = value;
  }
  // An unlabelled text fills a missing language; failing that, one in another language (an Amazigh or English title).
  const fill = plain || other;
  if (fill) {
    if (!out.ar) out.ar = fill;
    if (!out.fr) out.fr = fill;
  }
  return out;
}

/** xmltv_ns "1 . 4/12 . 0/1" → season 2, episode 5 (null parts unknown). */
function episodeNumOf(nodes: unknown[]): XmltvProgramme['episodeNum'] {
  for (const n of nodes) {
    if ((attr(n, 'system') ?? 'onscreen') !== 'xmltv_ns') continue;
    const parts = text(n).replace(/\s+/g, '').split('.');
    const num = (p: string | undefined) => {
      const m = /^(\d+)(?:\/\d+)?$/.exec(p ?? '');
      return m ? Number(m[1]) + 1 : null;
    };
    const season = num(parts[0]);
    const episode = num(parts[1]);
    if (season !== null && episode !== null) return { season, episode };
  }
  return null;
}

export interface ParseOptions {
  /** Channel ids the grid accepts (a programme on another one is refused). */
  channels: readonly string[];
  /** At most this many programmes (default 5,000). */
  maxProgrammes?: number;
}

/** Elements inside each other at most (an XMLTV document is 5 deep: tv, programme, credits, actor, image). */
const MAX_XML_DEPTH = 32;
/** Elements in one document at most (5,000 programmes of some 20 elements each). */
const MAX_XML_ELEMENTS = 200_000;
/** Programmes named in a refusal at most; the rest are counted. */
export const MAX_REPORTED_PROGRAMMES = 100;
/** A programme without stop ends when the next one starts, if that is within this time; else its stop is required. */
const MAX_OPEN_PROGRAMME_MS = 24 * 3600_000;

const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/**
 * What makes a document too costly or unsafe to parse, found in one linear
 * pass before any parser runs (docs/product.md, Limits): an entity
 * declaration (entity expansion), an entity the document uses without
 * declaring it (XML knows only &amp; &lt; &gt; &quot; &apos; and character
 * references; `&foo;` is an error, not text), elements nested deeper than
 * MAX_XML_DEPTH or more than MAX_XML_ELEMENTS of them (10,000 nested
 * elements made the parser throw, answered 500). Comments, CDATA sections
 * and processing instructions are skipped whole. Null when none.
 *
 * The same pass notes the line each `<programme>` child of the root starts
 * on, in document order (the parser's order), for the messages.
 */
function xmlShape(xml: string): { problem: { message: string; line?: number } | null; programmeLines: number[] } {
  const programmeLines: number[] = [];
  const refuse = (message: string, line?: number) => ({ problem: line === undefined ? { message } : { message, line }, programmeLines });
  let depth = 0;
  let elements = 0;
  let line = 1;
  let lineFrom = 0;
  const lineAt = (i: number) => {
    for (let k = lineFrom; k < i; k++) if (xml.charCodeAt(k) === 10) line++;
    lineFrom = i;
    return line;
  };
  // The next '>' at or after a position, found once and reused: a run of '<' without '>' costs one scan, not one each.
  let nextClose = 0;
  for (let i = 0; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (c === 38 /* & */) {
      const name = /^([^;<&\s]{0,32});/.exec(xml.slice(i + 1, i + 35))?.[1] ?? '';
      if (!/^#(\d{1,7}|x[0-9a-fA-F]{1,6})$/.test(name) && !XML_ENTITIES.has(name)) {
        const shown = /^[A-Za-z_:][\w.:-]*$/.test(name) ? `&${name};` : '&';
        const line = lineAt(i);
        return refuse(`undeclared entity ${shown} (line ${line}): XML knows &amp; &lt; &gt; &quot; &apos; and character references; write & as &amp;`, line);
      }
      continue;
    }
    if (c !== 60 /* < */) continue;
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      if (end === -1) return refuse(`unclosed comment (line ${lineAt(i)})`, lineAt(i));
      i = end + 2;
    } else if (xml.startsWith('<![CDATA[', i)) {
      const end = xml.indexOf(']]>', i + 9);
      if (end === -1) return refuse(`unclosed CDATA section (line ${lineAt(i)})`, lineAt(i));
      i = end + 2;
    } else if (xml.startsWith('<!', i)) {
      if (/^<!ENTITY/i.test(xml.slice(i, i + 8)) || (xml.startsWith('<!DOCTYPE', i) && xml.slice(i, xml.indexOf('>', i)).includes('['))) {
        return refuse('an internal DTD subset (<!DOCTYPE … [ … ]>, entity declarations) is not accepted', lineAt(i));
      }
      const end = xml.indexOf('>', i);
      if (end === -1) break;
      i = end;
    } else if (xml.charCodeAt(i + 1) === 63 /* ? */) {
      const end = xml.indexOf('?>', i + 2);
      if (end === -1) break;
      i = end + 1;
    } else if (xml.charCodeAt(i + 1) === 47 /* / */) {
      if (depth > 0) depth--;
    } else {
      if (nextClose !== -1 && nextClose < i) nextClose = xml.indexOf('>', i);
      if (nextClose === -1) break;
      elements++;
      if (depth === 1 && xml.startsWith('programme', i + 1) && /[\s/>]/.test(xml.charAt(i + 10))) programmeLines.push(lineAt(i));
      if (xml.charCodeAt(nextClose - 1) !== 47 /* / */) depth++;
      if (depth > MAX_XML_DEPTH) return refuse(`elements nested more than ${MAX_XML_DEPTH} deep (line ${lineAt(i)})`, lineAt(i));
      if (elements > MAX_XML_ELEMENTS) return refuse(`more than ${MAX_XML_ELEMENTS.toLocaleString('en-US')} elements`, lineAt(i));
      // Attribute values may hold entities: the loop reads them on its way to the tag's end.
    }
  }
  return { problem: null, programmeLines };
}

/**
 * Reads and checks an XMLTV document: safe to parse (xmlShapeProblem),
 * well-formed, a `<tv>` root, and for every programme a known channel,
 * readable start and stop (a missing stop is the next programme's start,
 * within a day), stop after start, a title; no two programmes at once (a
 * duplicate, the same title at the same time, is named as such). Every
 * programme's problems are listed, up to MAX_REPORTED_PROGRAMMES
 * programmes; nothing is partly accepted.
 */
export function parseXmltv(xml: string, options: ParseOptions): XmltvParse {
  const shape = xmlShape(xml);
  if (shape.problem) return { ok: false, errors: [{ field: 'document', code: 'xml-unsafe', line: shape.problem.line, params: { detail: shape.problem.message }, message: shape.problem.message }] };
  let parsed: Node;
  try {
    const valid = XMLValidator.validate(xml);
    if (valid !== true) {
      return {
        ok: false,
        errors: [
          {
            field: 'document',
            code: 'xml-malformed',
            line: valid.err.line,
            params: { detail: valid.err.msg, column: valid.err.col },
            message: `not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`,
          },
        ],
      };
    }
    parsed = parser.parse(xml) as Node;
  } catch (error) {
    // The parser's own limits: an answer, never a crash.
    const detail = (error as Error).message;
    return { ok: false, errors: [{ field: 'document', code: 'xml-malformed', params: { detail }, message: `not readable XML: ${detail}` }] };
  }
  if (!('tv' in parsed)) {
    return { ok: false, errors: [{ field: 'document', code: 'xml-root', message: 'the root element must be <tv>' }] };
  }
  // An empty <tv></tv> reads as a string.
  const tv = (parsed.tv && typeof parsed.tv === 'object' ? parsed.tv : {}) as Node;
  const channels: XmltvChannel[] = list(tv.channel).map((c) => ({
    id: attr(c, 'id') ?? '',
    names: bilingual(list((c as Node)['display-name'])),
  }));
  const nodes = list(tv.programme);
  const max = options.maxProgrammes ?? 5000;
  if (nodes.length === 0) return { ok: false, errors: [{ field: 'programme', code: 'no-programme', message: 'the document has no <programme>' }] };
  if (nodes.length > max) {
    return { ok: false, errors: [{ field: 'programme', code: 'too-many-programmes', params: { max, count: nodes.length }, message: `at most ${max} programmes per document (${nodes.length} here)` }] };
  }
  // The lines of the programmes, when the shape pass found each of them (a <programme> elsewhere than under <tv> would shift them).
  const lines = shape.programmeLines.length === nodes.length ? shape.programmeLines : [];

  const errors: XmltvError[] = [];
  const known = new Set(options.channels);
  interface Draft extends Omit<XmltvProgramme, 'stop'> {
    stop: Date | null;
    stopText: string | undefined;
    /** Its times are readable: it takes part in the order checks. */
    timed: boolean;
  }
  const drafts: Draft[] = [];
  const failed = new Set<number>();
  nodes.forEach((raw, i) => {
    const node = (raw && typeof raw === 'object' ? raw : {}) as Node;
    const index = i + 1;
    const title = bilingual(list(node.title));
    const startText = attr(node, 'start') ?? '';
    const stopText = attr(node, 'stop');
    const channel = attr(node, 'channel') ?? '';
    const line = lines[i];
    const who = { programme: index, line, title: title.fr || title.ar || undefined, start: startText || undefined };
    const fail = (field: string, code: XmltvCode, message: string, params?: XmltvError['params']) => {
      failed.add(index);
      errors.push({ ...who, field, code, message, ...(params ? { params } : {}) });
    };

    if (!title.ar && !title.fr) fail('title', 'title-missing', 'missing title (a <title>, in ar, fr, another language or none)');
    if (!channel) fail('channel', 'channel-missing', 'missing channel attribute');
    else if (!known.has(channel)) fail('channel', 'channel-unknown', `unknown channel "${channel}" (this grid takes: ${[...known].join(', ')})`, { channel, known: [...known].join(', ') });
    let start: Date | null = null;
    if (!startText) fail('start', 'start-missing', 'missing start attribute');
    else {
      const r = readXmltvTime(startText);
      if (r.ok) start = r.date;
      else fail('start', r.code, r.problem, { text: startText });
    }
    let stop: Date | null = null;
    let stopOk = true;
    if (stopText !== undefined) {
      const r = readXmltvTime(stopText);
      if (r.ok) stop = r.date;
      else {
        stopOk = false;
        fail('stop', r.code, r.problem, { text: stopText });
      }
    }
    const categories = list(node.category).map((c) => clean(text(c))).filter(Boolean);
    const isLive = categories.some((c) => LIVE_CATEGORIES.has(c.toLowerCase()));
    const genre = categories.find((c) => !LIVE_CATEGORIES.has(c.toLowerCase())) ?? '';
    const icon = list(node.icon).map((n) => attr(n, 'src')?.trim() ?? '').find(Boolean) ?? null;
    drafts.push({
      index,
      line,
      channel,
      start: start ?? new Date(NaN),
      startText,
      stop,
      stopText,
      timed: start !== null && stopOk,
      title,
      description: bilingual(list(node.desc)),
      genre,
      isLive,
      iconUrl: icon,
      urls: list(node.url).map((u) => clean(text(u))).filter(Boolean),
      episodeNum: episodeNumOf(list(node['episode-num'])),
    });
  });

  // Time order, among the programmes whose times are readable.
  const sorted = drafts.filter((p) => p.timed).sort((a, b) => a.start.getTime() - b.start.getTime() || a.index - b.index);
  const name = (p: Draft) => p.title.fr || p.title.ar;
  const timeError = (p: Draft, field: string, code: XmltvCode, message: string, params: XmltvError['params'] = {}) => {
    if (failed.has(p.index)) return; // one time problem per programme: its first
    failed.add(p.index);
    errors.push({ programme: p.index, line: p.line, title: name(p) || undefined, start: p.startText, field, code, params, message });
  };
  /** Another programme as the messages name it. */
  const other = (q: Draft) => ({ other: q.index, otherTitle: name(q), otherStart: q.startText, ...(q.line ? { otherLine: q.line } : {}) });
  // Duplicates and programmes starting at the same time, named as such (not as a programme that ends when it starts).
  for (let i = 1; i < sorted.length; i++) {
    const p = sorted[i]!;
    const first = sorted.slice(0, i).find((q) => q.start.getTime() === p.start.getTime());
    if (!first) continue;
    const same = name(first) === name(p);
    timeError(
      p,
      'start',
      same ? 'duplicate' : 'same-start',
      same
        ? `duplicate of programme ${first.index} ("${name(first)}", ${first.startText}): the same programme twice`
        : `starts at the same time as programme ${first.index} ("${name(first)}", ${first.startText}): they overlap`,
      other(first),
    );
  }
  // A missing stop is the next start (a later one), within a day; on the last programme it is required.
  const distinct = sorted.filter((p) => !failed.has(p.index));
  distinct.forEach((p, i) => {
    if (p.stopText !== undefined) return;
    const next = distinct.slice(i + 1).find((q) => q.start.getTime() > p.start.getTime());
    if (!next) return timeError(p, 'stop', 'stop-missing-last', 'missing stop on the last programme (a programme without stop ends when the next one starts)');
    if (next.start.getTime() - p.start.getTime() > MAX_OPEN_PROGRAMME_MS) {
      return timeError(p, 'stop', 'stop-missing-gap', `missing stop, and the next programme (${next.index}, ${next.startText}) starts more than 24 hours later: give its stop`, other(next));
    }
    p.stop = next.start;
  });
  for (const p of distinct) {
    if (failed.has(p.index) || !p.stop) continue;
    if (p.stop.getTime() < p.start.getTime()) timeError(p, 'stop', 'stop-before-start', `stop (${p.stopText ?? ''}) is before start`, { stop: p.stopText ?? '' });
    else if (p.stop.getTime() === p.start.getTime()) timeError(p, 'stop', 'zero-length', `zero length: stop (${p.stopText ?? ''}) equals start`, { stop: p.stopText ?? '' });
  }
  // Overlaps: each programme against the latest end before it.
  let previous: Draft | null = null;
  for (const p of distinct) {
    if (failed.has(p.index) || !p.stop) continue;
    if (previous && p.start.getTime() < previous.stop!.getTime()) {
      const otherStop = previous.stopText ?? formatXmltvTime(previous.stop!);
      timeError(p, 'start', 'overlap', `overlaps programme ${previous.index} ("${name(previous)}", ${previous.startText} to ${otherStop})`, { ...other(previous), otherStop });
      if (p.stop.getTime() <= previous.stop!.getTime()) continue;
    }
    previous = p;
  }
  if (errors.length) return { ok: false, errors: capped(errors) };
  const programmes = sorted.map(({ stopText: _stopText, timed: _timed, ...p }) => ({ ...p, stop: p.stop! }));
  return { ok: true, doc: { channels, programmes } };
}

/** The errors of the first MAX_REPORTED_PROGRAMMES programmes refused, in document order, and a count of the others. */
function capped(errors: XmltvError[]): XmltvError[] {
  const sorted = [...errors].sort((a, b) => (a.programme ?? 0) - (b.programme ?? 0));
  const programmes = [...new Set(sorted.map((e) => e.programme).filter((p): p is number => p !== undefined))];
  if (programmes.length <= MAX_REPORTED_PROGRAMMES) return sorted;
  const shown = new Set(programmes.slice(0, MAX_REPORTED_PROGRAMMES));
  return [
    ...sorted.filter((e) => e.programme === undefined || shown.has(e.programme)),
    {
      field: 'programme',
      code: 'more-refused',
      params: { count: programmes.length - MAX_REPORTED_PROGRAMMES, max: MAX_REPORTED_PROGRAMMES },
      message: `and ${programmes.length - MAX_REPORTED_PROGRAMMES} more programmes refused (the first ${MAX_REPORTED_PROGRAMMES} are listed)`,
    },
  ];
}

/* ---- writing ---- */

interface ExportProgramme {
  startsAt: string;
  endsAt: string;
  title: Bilingual;
  description: Bilingual;
  genre: string;
  isLive: boolean;
  iconUrl: string | null;
  /** Absolute URL of the programme's page on this site, or null. */
  url: string | null;
  episodeNum: { season: number; episode: number } | null;
}

export interface ExportDocument {
  channel: XmltvChannel & { url: string };
  siteUrl: string;
  programmes: ExportProgramme[];
}

function bilingualElements(tag: string, value: Bilingual, indent: string): string[] {
  return LOCALES.filter((l) => value[l]).map((l) => `${indent}<${tag} lang="${l}">${escapeXml(value[l])}</${tag}>`);
}

/** An XMLTV document of one channel's programmes (elements in the DTD's order). */
export function writeXmltv(doc: ExportDocument): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE tv SYSTEM "xmltv.dtd">',
    `<tv source-info-url="${escapeXml(doc.siteUrl)}" source-info-name="2M" generator-info-name="2m-site">`,
    `  <channel id="${escapeXml(doc.channel.id)}">`,
    ...bilingualElements('display-name', doc.channel.names, '    '),
    `    <url>${escapeXml(doc.channel.url)}</url>`,
    '  </channel>',
  ];
  for (const p of doc.programmes) {
    out.push(
      `  <programme start="${formatXmltvTime(p.startsAt)}" stop="${formatXmltvTime(p.endsAt)}" channel="${escapeXml(doc.channel.id)}">`,
      ...bilingualElements('title', p.title, '    '),
      ...bilingualElements('desc', p.description, '    '),
    );
    if (p.genre) out.push(`    <category lang="fr">${escapeXml(p.genre)}</category>`);
    if (p.isLive) out.push(`    <category lang="en">${LIVE_CATEGORY}</category>`);
    if (p.iconUrl) out.push(`    <icon src="${escapeXml(p.iconUrl)}"/>`);
    if (p.url) out.push(`    <url>${escapeXml(p.url)}</url>`);
    if (p.episodeNum) out.push(`    <episode-num system="xmltv_ns">${p.episodeNum.season - 1}.${p.episodeNum.episode - 1}.</episode-num>`);
    out.push('  </programme>');
  }
  out.push('</tv>', '');
  return out.join('\n');
}

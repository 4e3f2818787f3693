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
 *  - `<title lang="ar|fr">`: the titles (an unlabelled title fills a missing
 *    language; at least one is required);
 *  - `<desc lang="ar|fr">`: the descriptions;
 *  - `<category>`: the first one is the genre; a category `live` (or
 *    `direct`, `en direct`, `مباشر`) marks a live programme instead;
 *  - `<icon src>`: the icon; `<url>` to a programme page of this site
 *    (`…/ar/replay/12`) links the programme, and then
 *    `<episode-num system="xmltv_ns">` (season . episode, from 0) its
 *    episode when the store has it.
 */
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

/** A reason to refuse a document: which programme (when one), which field, why. */
export interface XmltvError {
  /** Position of the programme in the document, from 1. */
  programme?: number | undefined;
  title?: string | undefined;
  start?: string | undefined;
  field: string;
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

const TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\s*([+-])(\d{2}):?(\d{2}))?$/;

/**
 * An XMLTV time ("20261125060000 +0100", "202611250600", "20261125060000")
 * as an instant, or null when it is not one (bad shape, 2026-02-30, 25:00…).
 */
export function parseXmltvTime(text: string): Date | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s = '00', sign, oh, om] = m.slice(1) as [string, string, string, string, string, string?, string?, string?, string?];
  const n = (v: string) => Number(v);
  if (n(mo) < 1 || n(mo) > 12 || n(d) < 1 || n(h) > 23 || n(mi) > 59 || n(s) > 59) return null;
  const utc = Date.UTC(n(y), n(mo) - 1, n(d), n(h), n(mi), n(s));
  const check = new Date(Date.UTC(n(y), n(mo) - 1, n(d)));
  if (check.getUTCDate() !== n(d) || check.getUTCMonth() !== n(mo) - 1) return null;
  let offsetMin = 0;
  if (sign) {
    if (n(oh!) > 14 || n(om!) > 59) return null;
    offsetMin = (sign === '-' ? -1 : 1) * (n(oh!) * 60 + n(om!));
  }
  return new Date(utc - offsetMin * 60_000);
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

type Node = Record<string, unknown>;

const ARRAYS = new Set(['channel', 'display-name', 'programme', 'title', 'desc', 'category', 'icon', 'url', 'episode-num']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

/** The text of an element read by the parser (a string, or an object with #text). */
function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && '#text' in v) return text((v as Node)['#text']);
  return '';
}
const attr = (v: unknown, name: string): string | undefined => {
  if (!v || typeof v !== 'object') return undefined;
  const a = (v as Node)[`@_${name}`];
  return typeof a === 'string' ? a : undefined;
};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
/** XMLTV: runs of white space in text are one space. */
const clean = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** `lang` values "ar", "ar-MA", "ar_MA" → ar; fr likewise; other languages → null; none → ''. */
function langOf(v: unknown): 'ar' | 'fr' | '' | null {
  const lang = attr(v, 'lang');
  if (lang === undefined || lang.trim() === '') return '';
  const base = lang.trim().toLowerCase().split(/[-_]/)[0];
  return base === 'ar' || base === 'fr' ? base : null;
}

/** The Arabic and French texts of repeated elements (`<title lang>`), unlabelled ones filling gaps. */
function bilingual(nodes: unknown[]): Bilingual {
  const out: Bilingual = { ar: '', fr: '' };
  let plain = '';
  for (const n of nodes) {
    const value = clean(text(n));
    if (!value) continue;
    const lang = langOf(n);
    if (lang === 'ar' || lang === 'fr') {
      if (!out[lang]) out[lang] = value;
    } else if (lang === '' && !plain) plain = value;
  }
  if (plain) {
    if (!out.ar) out.ar = plain;
    if (!out.fr) out.fr = plain;
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

/**
 * Reads and checks an XMLTV document: well-formed, a `<tv>` root, and for
 * every programme a known channel, readable start and stop (a missing stop
 * is the next programme's start), stop after start, a title; no two
 * programmes overlapping. Every problem found is listed; nothing is partly
 * accepted.
 */
export function parseXmltv(xml: string, options: ParseOptions): XmltvParse {
  if (/<!ENTITY/i.test(xml)) {
    return { ok: false, errors: [{ field: 'document', message: 'entity declarations are not accepted' }] };
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    return {
      ok: false,
      errors: [{ field: 'document', message: `not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})` }],
    };
  }
  const parsed = parser.parse(xml) as Node;
  if (!('tv' in parsed)) {
    return { ok: false, errors: [{ field: 'document', message: 'the root element must be <tv>' }] };
  }
  // An empty <tv></tv> reads as a string.
  const tv = (parsed.tv && typeof parsed.tv === 'object' ? parsed.tv : {}) as Node;
  const channels: XmltvChannel[] = list(tv.channel).map((c) => ({
    id: attr(c, 'id') ?? '',
    names: bilingual(list((c as Node)['display-name'])),
  }));
  const nodes = list(tv.programme);
  const max = options.maxProgrammes ?? 5000;
  if (nodes.length === 0) return { ok: false, errors: [{ field: 'programme', message: 'the document has no <programme>' }] };
  if (nodes.length > max) return { ok: false, errors: [{ field: 'programme', message: `at most ${max} programmes per document` }] };

  const errors: XmltvError[] = [];
  const known = new Set(options.channels);
  interface Draft extends Omit<XmltvProgramme, 'stop'> {
    stop: Date | null;
    stopText: string | undefined;
  }
  const drafts: Draft[] = [];
  nodes.forEach((raw, i) => {
    const node = (raw && typeof raw === 'object' ? raw : {}) as Node;
    const index = i + 1;
    const title = bilingual(list(node.title));
    const startText = attr(node, 'start') ?? '';
    const stopText = attr(node, 'stop');
    const channel = attr(node, 'channel') ?? '';
    const who = { programme: index, title: title.fr || title.ar || undefined, start: startText || undefined };
    const fail = (field: string, message: string) => errors.push({ ...who, field, message });

    if (!title.ar && !title.fr) fail('title', 'missing title (<title lang="ar"> or <title lang="fr">)');
    if (!channel) fail('channel', 'missing channel attribute');
    else if (!known.has(channel)) fail('channel', `unknown channel "${channel}" (this grid takes: ${[...known].join(', ')})`);
    const start = startText ? parseXmltvTime(startText) : null;
    if (!startText) fail('start', 'missing start attribute');
    else if (!start) fail('start', `unreadable time "${startText}" (expected YYYYMMDDhhmmss ±hhmm)`);
    let stop: Date | null = null;
    if (stopText !== undefined) {
      stop = parseXmltvTime(stopText);
      if (!stop) fail('stop', `unreadable time "${stopText}" (expected YYYYMMDDhhmmss ±hhmm)`);
    }
    const categories = list(node.category).map((c) => clean(text(c))).filter(Boolean);
    const isLive = categories.some((c) => LIVE_CATEGORIES.has(c.toLowerCase()));
    const genre = categories.find((c) => !LIVE_CATEGORIES.has(c.toLowerCase())) ?? '';
    const icon = list(node.icon).map((n) => attr(n, 'src')?.trim() ?? '').find(Boolean) ?? null;
    drafts.push({
      index,
      channel,
      start: start ?? new Date(NaN),
      startText,
      stop,
      stopText,
      title,
      description: bilingual(list(node.desc)),
      genre,
      isLive,
      iconUrl: icon,
      urls: list(node.url).map((u) => clean(text(u))).filter(Boolean),
      episodeNum: episodeNumOf(list(node['episode-num'])),
    });
  });
  if (errors.length) return { ok: false, errors };

  // Time order; a programme without stop ends when the next one starts.
  const sorted = [...drafts].sort((a, b) => a.start.getTime() - b.start.getTime() || a.index - b.index);
  sorted.forEach((p, i) => {
    if (p.stopText !== undefined) return;
    const next = sorted[i + 1];
    if (next) p.stop = next.start;
    else errors.push({ programme: p.index, title: p.title.fr || p.title.ar, start: p.startText, field: 'stop', message: 'missing stop on the last programme' });
  });
  for (const p of sorted) {
    if (p.stop && p.stop.getTime() <= p.start.getTime()) {
      errors.push({
        programme: p.index,
        title: p.title.fr || p.title.ar,
        start: p.startText,
        field: 'stop',
        message: p.stop.getTime() === p.start.getTime() ? 'stop equals start' : `stop (${p.stopText ?? ''}) is before start`,
      });
    }
  }
  if (errors.length) return { ok: false, errors };
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const p = sorted[i]!;
    if (p.start.getTime() < prev.stop!.getTime()) {
      errors.push({
        programme: p.index,
        title: p.title.fr || p.title.ar,
        start: p.startText,
        field: 'start',
        message: `overlaps programme ${prev.index} ("${prev.title.fr || prev.title.ar}", ${prev.startText} to ${prev.stopText ?? formatXmltvTime(prev.stop!)})`,
      });
    }
  }
  if (errors.length) return { ok: false, errors };
  const programmes = sorted.map(({ stopText: _stopText, ...p }) => ({ ...p, stop: p.stop! }));
  return { ok: true, doc: { channels, programmes } };
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
  return (['ar', 'fr'] as const).filter((l) => value[l]).map((l) => `${indent}<${tag} lang="${l}">${escapeXml(value[l])}</${tag}>`);
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

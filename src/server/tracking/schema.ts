/**
 * What `/tracking/clicks.php` accepts (docs/product.md, Content
 * "Video play event payload", Play logging):
 *  - play events: exactly the nine fields of the original site's payload, each checked;
 *  - click events (docs/product.md, Play logging): `eventId` (one of CLICK_EVENT_IDS,
 *    src/lib/analytics.ts: 20 and up), `target` (the link's destination: a
 *    path on this site or an absolute http(s) URL), `label` (the link's text,
 *    possibly empty), `pageURL`, `clickDate` (Unix seconds) and `userID`.
 *
 * `parseTrackingBody` is the one entry point. An event is a click when its
 * `eventId` is a click id, or when it is no play id and carries a `target`;
 * anything else is checked as a play (so an unknown id is reported against
 * the play schema, as before clicks existed).
 */
import { z } from 'zod';
import { CLICK_EVENT_IDS, type ClickEventId } from '../../lib/analytics.ts';
import type { Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';

/** Event ids of a play (docs/product.md, Limits): 4 a video, 7 the live channel. */
const PLAY_EVENT_IDS = { video: 4, live: 7 } as const;

/**
 * What a played id is an id of: the `data-video-type` values of the players
 * (PlayerPoster: episode, jt, by2m, starlight, live) and `article` for the
 * video of an article page (contentId is then the article's id).
 */
const PLAY_CONTENT_TYPES = ['episode', 'jt', 'by2m', 'starlight', 'article', 'live'] as const;
export type PlayContentType = (typeof PLAY_CONTENT_TYPES)[number];

/** Bounds of one request. */
export const TRACKING_LIMITS = {
  /** Request body, in bytes. */
  bodyBytes: 8 * 1024,
  /** Events in one batch (an array body). */
  batchEvents: 20,
  /** A clickDate may be this far in the past (seconds)... */
  maxAgeSeconds: 30 * 24 * 3600,
  /** ...or this far in the future (clock skew), in seconds. */
  maxAheadSeconds: 24 * 3600,
  urlChars: 2048,
  idChars: 100,
  /** The label of a click event (a link's text), in characters. */
  labelChars: 200,
} as const;

/**
 * The validation messages, in the request's language, from the message
 * catalogue (messages/*.json) like every visitor-facing text. Field names
 * and values stay as the payload spells them.
 */
function texts(locale: Locale) {
  const o = { locale };
  return {
    required: m.polish_tracking_required({}, o),
    string: (field: string) => m.polish_tracking_string({ field }, o),
    stringOrEmpty: (field: string) => m.polish_tracking_string_or_empty({ field }, o),
    empty: (field: string) => m.polish_tracking_empty({ field }, o),
    maxChars: (field: string, max: number) => m.polish_tracking_max_chars({ field, max: String(max) }, o),
    idChars: (field: string) => m.polish_tracking_id_chars({ field }, o),
    httpUrl: (field: string) => m.polish_tracking_http_url({ field }, o),
    urlOrPath: (field: string) => m.polish_tracking_url_or_path({ field }, o),
    seconds: (field: string) => m.polish_tracking_seconds({ field }, o),
    wholeSeconds: (field: string) => m.polish_tracking_whole_seconds({ field }, o),
    notMs: (field: string) => m.polish_tracking_not_ms({ field }, o),
    future: (field: string) => m.polish_tracking_future({ field }, o),
    tooOld: (field: string, days: number) => m.polish_tracking_too_old({ field, days: String(days) }, o),
    oneOf: (field: string, values: readonly (string | number)[]) =>
      m.polish_tracking_one_of({ field, values: values.join(m.polish_list_comma({}, o)) }, o),
    playEvent: m.polish_tracking_play_event({}, o),
    liveEvent: m.polish_tracking_live_event({}, o),
    numericId: (field: string, type: string) => m.polish_tracking_numeric_id({ field, type }, o),
    controlChars: (field: string) => m.polish_tracking_control_chars({ field }, o),
    batch: (max: number) => m.polish_tracking_batch({ max: String(max) }, o),
    object: m.polish_tracking_object({}, o),
    unknownField: m.polish_tracking_unknown_field({}, o),
    unreadable: m.polish_tracking_unreadable({}, o),
    notJson: m.polish_tracking_not_json({}, o),
  };
}
export type TrackingTexts = ReturnType<typeof texts>;
export { texts as trackingTexts };

/** A zod error callback: "required" when the field is absent, else `text`. */
const msg = (t: TrackingTexts, text: string) => (issue: { input?: unknown }) => (issue.input === undefined ? t.required : text);

/** Ids: letters, digits and `_ . : @ -` (account ids, visitor ids, "live"). */
const ID_PATTERN = /^[A-Za-z0-9_.:@-]+$/;

const idField = (t: TrackingTexts, what: string) =>
  z
    .string({ error: msg(t, t.string(what)) })
    .min(1, t.empty(what))
    .max(TRACKING_LIMITS.idChars, t.maxChars(what, TRACKING_LIMITS.idChars))
    .regex(ID_PATTERN, t.idChars(what));

const isHttpUrl = (v: string): boolean => {
  if (!URL.canParse(v)) return false;
  const { protocol } = new URL(v);
  return protocol === 'http:' || protocol === 'https:';
};

/** A path on this site ("/fr/…", "/live/…", not "//…") or an absolute http(s) URL. */
const isUrlOrPath = (v: string): boolean =>
  v.startsWith('/') && !v.startsWith('//') ? URL.canParse(v, 'http://localhost') : isHttpUrl(v);

const urlField = (t: TrackingTexts, what: string, pathAllowed: boolean) =>
  z
    .string({ error: msg(t, t.string(what)) })
    .min(1, t.empty(what))
    .max(TRACKING_LIMITS.urlChars, t.maxChars(what, TRACKING_LIMITS.urlChars))
    .refine(pathAllowed ? isUrlOrPath : isHttpUrl, pathAllowed ? t.urlOrPath(what) : t.httpUrl(what));

/** Unix seconds, whole, within the accepted window around `nowS`. */
const clickDateField = (t: TrackingTexts, nowS: number) =>
  z
    .number({ error: msg(t, t.seconds('clickDate')) })
    .int(t.wholeSeconds('clickDate'))
    .superRefine((v, ctx) => {
      if (v > 1e11) ctx.addIssue({ code: 'custom', message: t.notMs('clickDate') });
      else if (v > nowS + TRACKING_LIMITS.maxAheadSeconds) ctx.addIssue({ code: 'custom', message: t.future('clickDate') });
      else if (v < nowS - TRACKING_LIMITS.maxAgeSeconds) {
        ctx.addIssue({ code: 'custom', message: t.tooOld('clickDate', TRACKING_LIMITS.maxAgeSeconds / 86400) });
      }
    });

/** Builds the play event schema against a clock (Unix milliseconds), its messages in `locale`. */
export function playEventSchema(nowMs: number, locale: Locale = 'fr') {
  const t = texts(locale);
  const nowS = Math.floor(nowMs / 1000);
  return z
    .object({
      // NFC first: "connecté" may arrive decomposed (e + combining accent).
      connexionMode: z.preprocess(
        (v) => (typeof v === 'string' ? v.normalize('NFC') : v),
        z.enum(['connecté', 'visiteur'], { error: msg(t, t.oneOf('connexionMode', ['connecté', 'visiteur'])) }),
      ),
      contentId: idField(t, 'contentId'),
      // The played file: an absolute http(s) URL or a path on this site ("/live/…").
      videoFileURL: urlField(t, 'videoFileURL', true),
      contentType: z.enum(PLAY_CONTENT_TYPES, { error: msg(t, t.oneOf('contentType', PLAY_CONTENT_TYPES)) }),
      eventId: z.union([z.literal(PLAY_EVENT_IDS.video), z.literal(PLAY_EVENT_IDS.live)], { error: msg(t, t.playEvent) }),
      clickSource: z.enum(['resp', 'web'], { error: msg(t, t.oneOf('clickSource', ['resp', 'web'])) }),
      userID: idField(t, 'userID'),
      clickDate: clickDateField(t, nowS),
      pageURL: urlField(t, 'pageURL', false),
    })
    .strict()
    .superRefine((e, ctx) => {
      // The live channel is event 7 and only the live channel is.
      if ((e.contentType === 'live') !== (e.eventId === PLAY_EVENT_IDS.live)) {
        ctx.addIssue({ code: 'custom', path: ['eventId'], message: t.liveEvent });
      }
      // Catalogue items and articles are addressed by their numeric id.
      if (e.contentType !== 'live' && !/^[1-9][0-9]{0,9}$/.test(e.contentId)) {
        ctx.addIssue({ code: 'custom', path: ['contentId'], message: t.numericId('contentId', e.contentType) });
      }
    });
}

export type PlayEvent = z.output<ReturnType<typeof playEventSchema>>;

/** Builds the click event schema against a clock (Unix milliseconds), its messages in `locale`. */
export function clickEventSchema(nowMs: number, locale: Locale = 'fr') {
  const t = texts(locale);
  const nowS = Math.floor(nowMs / 1000);
  const badId = t.oneOf('eventId', CLICK_EVENT_IDS);
  return z
    .object({
      eventId: z
        .number({ error: msg(t, badId) })
        .refine((v): v is ClickEventId => (CLICK_EVENT_IDS as readonly number[]).includes(v), badId),
      // Where the click led: a path on this site or an absolute http(s) URL.
      target: urlField(t, 'target', true),
      label: z
        .string({ error: msg(t, t.stringOrEmpty('label')) })
        .max(TRACKING_LIMITS.labelChars, t.maxChars('label', TRACKING_LIMITS.labelChars))
        .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), t.controlChars('label')),
      pageURL: urlField(t, 'pageURL', false),
      clickDate: clickDateField(t, nowS),
      userID: idField(t, 'userID'),
    })
    .strict();
}

export type ClickEvent = Omit<z.output<ReturnType<typeof clickEventSchema>>, 'eventId'> & { eventId: ClickEventId };

export type TrackingEvent = { kind: 'play'; event: PlayEvent } | { kind: 'click'; event: ClickEvent };

/** Whether a decoded event object is to be read as a click (see the top of this file). */
export function isClickShaped(item: Record<string, unknown>): boolean {
  const id = item['eventId'];
  if (typeof id === 'number' && (CLICK_EVENT_IDS as readonly number[]).includes(id)) return true;
  const playId = id === PLAY_EVENT_IDS.video || id === PLAY_EVENT_IDS.live;
  return !playId && 'target' in item;
}

export type ParseResult =
  | { ok: true; events: TrackingEvent[] }
  | { ok: false; errors: Record<string, string[]> };

function addIssues(errors: Record<string, string[]>, error: z.ZodError, prefix: (string | number)[], t: TrackingTexts): void {
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    const key = path.length ? path.join('.') : 'body';
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) (errors[[...path, k].join('.')] ??= []).push(t.unknownField);
      continue;
    }
    (errors[key] ??= []).push(issue.message);
  }
}

/**
 * Validates a decoded JSON body: one event object, or an array of 1 to
 * `batchEvents` events (all or nothing). Errors are keyed by field
 * ("clickDate"), or by index and field in a batch ("1.clickDate").
 */
export function parseTrackingBody(body: unknown, nowMs: number = Date.now(), locale: Locale = 'fr'): ParseResult {
  const t = texts(locale);
  const schema = playEventSchema(nowMs, locale);
  const clickSchema = clickEventSchema(nowMs, locale);
  const batch = Array.isArray(body);
  const items: unknown[] = batch ? body : [body];
  const errors: Record<string, string[]> = {};
  if (batch && (items.length === 0 || items.length > TRACKING_LIMITS.batchEvents)) {
    return { ok: false, errors: { body: [t.batch(TRACKING_LIMITS.batchEvents)] } };
  }
  const events: TrackingEvent[] = [];
  items.forEach((item, i) => {
    const prefix = batch ? [i] : [];
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      (errors[batch ? String(i) : 'body'] ??= []).push(t.object);
      return;
    }
    if (isClickShaped(item as Record<string, unknown>)) {
      const parsed = clickSchema.safeParse(item);
      if (parsed.success) events.push({ kind: 'click', event: parsed.data as ClickEvent });
      else addIssues(errors, parsed.error, prefix, t);
      return;
    }
    const parsed = schema.safeParse(item);
    if (parsed.success) events.push({ kind: 'play', event: parsed.data });
    else addIssues(errors, parsed.error, prefix, t);
  });
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, events };
}

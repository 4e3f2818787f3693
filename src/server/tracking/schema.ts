/**
 * What `/tracking/clicks.php` accepts (SPEC §3 "Video play event payload",
 * §7.4, §7.5):
 *  - play events: exactly the nine fields of the spec's payload, each checked;
 *  - click events (issue 5, item 8): `eventId` (one of CLICK_EVENT_IDS,
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

/** Event ids of a play (SPEC §9): 4 a video, 7 the live channel. */
export const PLAY_EVENT_IDS = { video: 4, live: 7 } as const;

/**
 * What a played id is an id of: the `data-video-type` values of the players
 * (PlayerPoster: episode, jt, by2m, starlight, live) and `article` for the
 * video of an article page (contentId is then the article's id).
 */
export const PLAY_CONTENT_TYPES = ['episode', 'jt', 'by2m', 'starlight', 'article', 'live'] as const;
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

/** A zod error callback: "required" when the field is absent, else `text`. */
const msg = (text: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : text);

/** Ids: letters, digits and `_ . : @ -` (account ids, visitor ids, "live"). */
const ID_PATTERN = /^[A-Za-z0-9_.:@-]+$/;

const idField = (what: string) =>
  z
    .string({ error: msg(`${what} must be a string`) })
    .min(1, `${what} must not be empty`)
    .max(TRACKING_LIMITS.idChars, `${what} must be at most ${TRACKING_LIMITS.idChars} characters`)
    .regex(ID_PATTERN, `${what} may only hold letters, digits and _ . : @ -`);

const httpUrl = (what: string) =>
  z
    .string({ error: msg(`${what} must be a string`) })
    .min(1, `${what} must not be empty`)
    .max(TRACKING_LIMITS.urlChars, `${what} must be at most ${TRACKING_LIMITS.urlChars} characters`)
    .refine((v) => {
      if (!URL.canParse(v)) return false;
      const { protocol } = new URL(v);
      return protocol === 'http:' || protocol === 'https:';
    }, `${what} must be an absolute http(s) URL`);

/** The played file: an absolute http(s) URL or a path on this site ("/live/…"). */
const videoFileUrl = z
  .string({ error: msg('videoFileURL must be a string') })
  .min(1, 'videoFileURL must not be empty')
  .max(TRACKING_LIMITS.urlChars, `videoFileURL must be at most ${TRACKING_LIMITS.urlChars} characters`)
  .refine((v) => {
    if (v.startsWith('/') && !v.startsWith('//')) return URL.canParse(v, 'http://localhost');
    if (!URL.canParse(v)) return false;
    const { protocol } = new URL(v);
    return protocol === 'http:' || protocol === 'https:';
  }, 'videoFileURL must be an absolute http(s) URL or a path starting with "/"');

/** Unix seconds, whole, within the accepted window around `nowS`. */
const clickDateField = (nowS: number) =>
  z
    .number({ error: msg('clickDate must be a number (Unix seconds)') })
    .int('clickDate must be a whole number of seconds')
    .superRefine((v, ctx) => {
      if (v > 1e11) ctx.addIssue({ code: 'custom', message: 'clickDate must be in Unix seconds, not milliseconds' });
      else if (v > nowS + TRACKING_LIMITS.maxAheadSeconds) ctx.addIssue({ code: 'custom', message: 'clickDate is in the future' });
      else if (v < nowS - TRACKING_LIMITS.maxAgeSeconds) ctx.addIssue({ code: 'custom', message: 'clickDate is more than 30 days old' });
    });

/** Builds the play event schema against a clock (Unix milliseconds). */
export function playEventSchema(nowMs: number) {
  const nowS = Math.floor(nowMs / 1000);
  return z
    .object({
      // NFC first: "connecté" may arrive decomposed (e + combining accent).
      connexionMode: z.preprocess(
        (v) => (typeof v === 'string' ? v.normalize('NFC') : v),
        z.enum(['connecté', 'visiteur'], { error: msg('connexionMode must be "connecté" or "visiteur"') }),
      ),
      contentId: idField('contentId'),
      videoFileURL: videoFileUrl,
      contentType: z.enum(PLAY_CONTENT_TYPES, {
        error: msg(`contentType must be one of ${PLAY_CONTENT_TYPES.join(', ')}`),
      }),
      eventId: z.union([z.literal(PLAY_EVENT_IDS.video), z.literal(PLAY_EVENT_IDS.live)], {
        error: msg('eventId must be 4 (video) or 7 (live)'),
      }),
      clickSource: z.enum(['resp', 'web'], { error: msg('clickSource must be "resp" or "web"') }),
      userID: idField('userID'),
      clickDate: clickDateField(nowS),
      pageURL: httpUrl('pageURL'),
    })
    .strict()
    .superRefine((e, ctx) => {
      // The live channel is event 7 and only the live channel is.
      if ((e.contentType === 'live') !== (e.eventId === PLAY_EVENT_IDS.live)) {
        ctx.addIssue({ code: 'custom', path: ['eventId'], message: 'eventId must be 7 for contentType "live" and 4 otherwise' });
      }
      // Catalogue items and articles are addressed by their numeric id.
      if (e.contentType !== 'live' && !/^[1-9][0-9]{0,9}$/.test(e.contentId)) {
        ctx.addIssue({ code: 'custom', path: ['contentId'], message: `contentId of a ${e.contentType} must be a positive integer id` });
      }
    });
}

export type PlayEvent = z.output<ReturnType<typeof playEventSchema>>;

/** Where a click led: a path on this site ("/fr/…", not "//…") or an absolute http(s) URL. */
const clickTarget = z
  .string({ error: msg('target must be a string') })
  .min(1, 'target must not be empty')
  .max(TRACKING_LIMITS.urlChars, `target must be at most ${TRACKING_LIMITS.urlChars} characters`)
  .refine((v) => {
    if (v.startsWith('/') && !v.startsWith('//')) return URL.canParse(v, 'http://localhost');
    if (!URL.canParse(v)) return false;
    const { protocol } = new URL(v);
    return protocol === 'http:' || protocol === 'https:';
  }, 'target must be a path starting with "/" or an absolute http(s) URL');

/** Builds the click event schema against a clock (Unix milliseconds). */
export function clickEventSchema(nowMs: number) {
  const nowS = Math.floor(nowMs / 1000);
  return z
    .object({
      eventId: z.number({ error: msg(`eventId must be a click event id (${CLICK_EVENT_IDS.join(', ')})`) }).refine(
        (v): v is ClickEventId => (CLICK_EVENT_IDS as readonly number[]).includes(v),
        `eventId must be a click event id (${CLICK_EVENT_IDS.join(', ')})`,
      ),
      target: clickTarget,
      label: z
        .string({ error: msg('label must be a string (it may be empty)') })
        .max(TRACKING_LIMITS.labelChars, `label must be at most ${TRACKING_LIMITS.labelChars} characters`)
        .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'label must not hold control characters'),
      pageURL: httpUrl('pageURL'),
      clickDate: clickDateField(nowS),
      userID: idField('userID'),
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

function addIssues(errors: Record<string, string[]>, error: z.ZodError, prefix: (string | number)[]): void {
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    const key = path.length ? path.join('.') : 'body';
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) (errors[[...path, k].join('.')] ??= []).push('unknown field');
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
export function parseTrackingBody(body: unknown, nowMs: number = Date.now()): ParseResult {
  const schema = playEventSchema(nowMs);
  const clickSchema = clickEventSchema(nowMs);
  const batch = Array.isArray(body);
  const items: unknown[] = batch ? body : [body];
  const errors: Record<string, string[]> = {};
  if (batch && (items.length === 0 || items.length > TRACKING_LIMITS.batchEvents)) {
    return { ok: false, errors: { body: [`a batch holds 1 to ${TRACKING_LIMITS.batchEvents} events`] } };
  }
  const events: TrackingEvent[] = [];
  items.forEach((item, i) => {
    const prefix = batch ? [i] : [];
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      (errors[batch ? String(i) : 'body'] ??= []).push('an event must be a JSON object');
      return;
    }
    if (isClickShaped(item as Record<string, unknown>)) {
      const parsed = clickSchema.safeParse(item);
      if (parsed.success) events.push({ kind: 'click', event: parsed.data as ClickEvent });
      else addIssues(errors, parsed.error, prefix);
      return;
    }
    const parsed = schema.safeParse(item);
    if (parsed.success) events.push({ kind: 'play', event: parsed.data });
    else addIssues(errors, parsed.error, prefix);
  });
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, events };
}

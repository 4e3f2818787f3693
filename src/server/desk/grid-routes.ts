/**
 * The live channel and the programme grid in the desk (docs/desk.md "Live
 * and grid"), endpoints of the desk router, each going through the same
 * code as the newsroom API (src/server/broadcast/, ADR 012):
 *
 *  - GET    /api/desk/live          what plays (newsroom / configured / built-in stream), the newsroom's setting, the live pages
 *  - PUT    /api/desk/live          set the stream URL and its title per language (`setLive`: a stream the
 *                                   Content-Security-Policy would block is refused, naming MEDIA_ORIGINS)
 *  - DELETE /api/desk/live          clear them: the configured or built-in stream plays again
 *  - POST   /api/desk/grid/xmltv    an XMLTV file's bytes (`importGrid`: all or nothing); a refusal lists each
 *                                   problem with the line of its programme, worded in the person's language
 *  - GET    /api/desk/grid?from=    seven broadcast days from a day (default: this week's Monday)
 *  - PUT    /api/desk/grid/{id}     change one programme (`updateGridEntry`)
 *
 * Reading is for everyone; changing is for editors and admins (a journalist
 * gets 403). Every change is in the audit log, and the public grid and live
 * pages follow at once (their change-feed record).
 */
import type { Locale } from '../../i18n/locales.ts';
import { BodyTooLarge, contentType, readBodyBytes } from '../http/body.ts';
import { clearLive, liveInput, liveState, LiveRefused, setLive } from '../broadcast/live.ts';
import { GridImportError, importGrid } from '../broadcast/grid.ts';
import { GridEditError, gridEntryInput, gridWeek, updateGridEntry, type GridEditProblem } from '../broadcast/grid-edit.ts';
import { decodeXmltv, MAX_XMLTV_BYTES, type XmltvError } from '../broadcast/xmltv.ts';
import { deskDateTime } from '../../lib/desk-dates.ts';
import { route } from '../../lib/routes.ts';
import * as m from '../../paraglide/messages.js';
import { idParam, readInput } from './input.ts';
import { mediaRefusalText } from './media-refusal.ts';
import { CURATORS } from './roles.ts';
import type { DeskContext, DeskRoute, FieldErrors } from './router.ts';

/** The types an XMLTV file is sent with (the desk sends application/xml). */
const XML_TYPES = new Set(['application/xml', 'text/xml', 'application/xmltv+xml']);

/** One XMLTV problem in the person's language (the newsroom API says the same in English: `message`). */
export function xmltvMessage(e: XmltvError, locale: Locale): string {
  const o = { locale };
  const p = e.params ?? {};
  const s = (k: string) => String(p[k] ?? '');
  const other = {
    other: s('other'),
    otherTitle: s('otherTitle'),
    otherStart: s('otherStart'),
    otherLine: s('otherLine') || '?',
  };
  switch (e.code) {
    case 'xml-unsafe':
      return m.desk_xmltv_xml_unsafe({ detail: s('detail') }, o);
    case 'xml-malformed':
      return m.desk_xmltv_xml_malformed({ detail: s('detail') }, o);
    case 'xml-root':
      return m.desk_xmltv_xml_root({}, o);
    case 'no-programme':
      return m.desk_xmltv_no_programme({}, o);
    case 'too-many-programmes':
      return m.desk_xmltv_too_many({ max: s('max'), count: s('count') }, o);
    case 'more-refused':
      return m.desk_xmltv_more_refused({ max: s('max'), count: s('count') }, o);
    case 'title-missing':
      return m.desk_xmltv_title_missing({}, o);
    case 'channel-missing':
      return m.desk_xmltv_channel_missing({}, o);
    case 'channel-unknown':
      return m.desk_xmltv_channel_unknown({ channel: s('channel'), known: s('known') }, o);
    case 'start-missing':
      return m.desk_xmltv_start_missing({}, o);
    case 'time-unreadable':
      return m.desk_xmltv_time_unreadable({ text: s('text') }, o);
    case 'time-nonexistent':
      return m.desk_xmltv_time_nonexistent({ text: s('text') }, o);
    case 'time-zone':
      return m.desk_xmltv_time_zone({ text: s('text') }, o);
    case 'duplicate':
      return m.desk_xmltv_duplicate(other, o);
    case 'same-start':
      return m.desk_xmltv_same_start(other, o);
    case 'stop-missing-last':
      return m.desk_xmltv_stop_missing_last({}, o);
    case 'stop-missing-gap':
      return m.desk_xmltv_stop_missing_gap(other, o);
    case 'stop-before-start':
      return m.desk_xmltv_stop_before_start({ stop: s('stop') }, o);
    case 'zero-length':
      return m.desk_xmltv_zero_length({ stop: s('stop') }, o);
    case 'overlap':
      return m.desk_xmltv_overlap({ ...other, otherStop: s('otherStop') }, o);
    case 'span-too-long':
      return m.desk_xmltv_span_too_long({ days: s('days'), max: s('max') }, o);
    case 'unknown-programme':
      return m.desk_xmltv_unknown_programme({ id: s('id') }, o);
    case 'overlap-kept':
      return m.desk_xmltv_overlap_kept(
        {
          otherTitle: s('otherTitle'),
          otherStart: deskDateTime(s('otherStartsAt'), locale),
          otherEnd: deskDateTime(s('otherEndsAt'), locale),
        },
        o,
      );
  }
}

/** A refused file's problems: per field (`programme.3.start`, as the newsroom API keys them) and as rows with their lines. */
function xmltvRefusal(errors: XmltvError[], locale: Locale) {
  const problems = errors.map((e) => ({
    line: e.line ?? null,
    programme: e.programme ?? null,
    title: e.title ?? null,
    start: e.start ?? null,
    field: e.field,
    code: e.code,
    message: xmltvMessage(e, locale),
  }));
  const fieldErrors: FieldErrors = {};
  for (const p of problems) {
    const key = p.programme ? `programme.${p.programme}.${p.field}` : p.field;
    (fieldErrors[key] ??= []).push(
      p.line ? `${m.desk_xmltv_line({ line: String(p.line) }, { locale })}${locale === 'fr' ? '\u202f: ' : ': '}${p.message}` : p.message,
    );
  }
  return { fieldErrors, problems };
}

function gridEditMessage(p: GridEditProblem, ctx: DeskContext): string {
  const o = { locale: ctx.locale };
  const s = (k: string) => String(p.params?.[k] ?? '');
  switch (p.code) {
    case 'time-invalid':
      return m.desk_grid_err_time_invalid({}, o);
    case 'time-skipped':
      return m.desk_grid_err_time_skipped({}, o);
    case 'end-missing':
      return m.desk_grid_err_end_missing({}, o);
    case 'end-before-start':
      return m.desk_grid_err_end_before_start({}, o);
    case 'too-long':
      return m.desk_grid_err_too_long({ hours: s('hours') }, o);
    case 'title-missing':
      return m.desk_grid_err_title_missing({}, o);
    case 'overlap':
      return m.desk_grid_err_overlap(
        {
          title: ctx.locale === 'ar' ? s('titleAr') : s('title'),
          start: s('start').replace('T', ' '),
          end: s('end').replace('T', ' '),
        },
        o,
      );
  }
}

async function liveAnswer(ctx: DeskContext) {
  return {
    ...(await liveState(ctx.db)),
    pages: { ar: route('live', 'ar'), fr: route('live', 'fr') },
  };
}

const liveSchema = {
  type: 'object',
  required: ['url', 'source', 'title', 'newsroom', 'pages'],
  properties: {
    url: { type: 'string', description: 'What the site plays now' },
    source: {
      enum: ['newsroom', 'config', 'builtin'],
      description: 'Set here or by the newsroom API, LIVE_STREAM_URL, or the built-in channel',
    },
    title: {
      type: 'object',
      properties: { ar: { type: 'string' }, fr: { type: 'string' } },
    },
    newsroom: {
      type: ['object', 'null'],
      description: 'The stream set in the desk or by the newsroom API (null when cleared)',
    },
    pages: {
      type: 'object',
      properties: { ar: { type: 'string' }, fr: { type: 'string' } },
      description: 'The live pages',
    },
  },
};

const gridEntry = {
  type: 'object',
  required: ['id', 'day', 'startsAt', 'endsAt', 'start', 'end', 'titleAr', 'titleFr', 'descriptionAr', 'descriptionFr', 'genre', 'isLive', 'programmeId'],
  properties: {
    id: { type: 'integer' },
    day: {
      type: 'string',
      description: 'The broadcast day (06:00 to 06:00, Africa/Casablanca) it starts in',
    },
    startsAt: { type: 'string', format: 'date-time' },
    endsAt: { type: 'string', format: 'date-time' },
    start: {
      type: 'string',
      description: 'Casablanca wall-clock time YYYY-MM-DDTHH:MM',
    },
    end: {
      type: 'string',
      description: 'Casablanca wall-clock time YYYY-MM-DDTHH:MM',
    },
    titleAr: { type: 'string' },
    titleFr: { type: 'string' },
    descriptionAr: { type: 'string' },
    descriptionFr: { type: 'string' },
    genre: { type: 'string' },
    isLive: { type: 'boolean' },
    programmeId: { type: ['integer', 'null'] },
  },
};

export const gridRoutes: DeskRoute[] = [
  {
    method: 'GET',
    path: '/api/desk/live',
    access: 'signed-in',
    doc: {
      summary: 'What the live channel plays, where it comes from, and the live pages',
      response: liveSchema,
      codes: { '200': 'The live channel' },
    },
    handler: async (ctx) => ({ status: 200, response: await liveAnswer(ctx) }),
  },
  {
    method: 'PUT',
    path: '/api/desk/live',
    access: 'signed-in',
    roles: CURATORS,
    doc: {
      summary: 'Set the live stream URL and its title per language (the newsroom API’s rules)',
      body: {
        'application/json': {
          type: 'object',
          required: ['url'],
          properties: {
            url: { type: 'string', maxLength: 2000 },
            titles: {
              type: 'object',
              properties: {
                ar: { type: 'string', maxLength: 200 },
                fr: { type: 'string', maxLength: 200 },
              },
            },
          },
        },
      },
      response: liveSchema,
      codes: {
        '200': 'Saved',
        '422': 'A field is refused: a stream on an origin the site does not allow names MEDIA_ORIGINS',
      },
    },
    async handler(ctx) {
      const input = await readInput(ctx, liveInput);
      if (!input.ok) return input.outcome;
      const before = await liveState(ctx.db);
      try {
        await setLive(ctx.db, input.value);
      } catch (error) {
        if (error instanceof LiveRefused)
          return {
            status: 422,
            errors: { url: [mediaRefusalText(error.refusal, ctx.locale)] },
          };
        throw error;
      }
      const after = await liveAnswer(ctx);
      await ctx.audit({
        action: 'live.set',
        itemType: 'live',
        itemId: 'main',
        summary: after.url,
        before: { url: before.url, source: before.source },
        after: { url: after.url, title: after.title },
      });
      return { status: 200, response: after };
    },
  },
  {
    method: 'DELETE',
    path: '/api/desk/live',
    access: 'signed-in',
    roles: CURATORS,
    doc: {
      summary: 'Clear the stream set here or by the newsroom API: LIVE_STREAM_URL or the built-in channel plays again',
      response: liveSchema,
      codes: { '200': 'Cleared' },
    },
    async handler(ctx) {
      const before = await liveState(ctx.db);
      await clearLive(ctx.db);
      const after = await liveAnswer(ctx);
      await ctx.audit({
        action: 'live.clear',
        itemType: 'live',
        itemId: 'main',
        summary: after.url,
        before: { url: before.url, source: before.source },
        after: { url: after.url, source: after.source },
      });
      return { status: 200, response: after };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/grid/xmltv',
    access: 'signed-in',
    roles: CURATORS,
    doc: {
      summary: 'Import an XMLTV file: it replaces the span it covers, or changes nothing (the newsroom API’s import)',
      description: `The file’s bytes, at most ${MAX_XMLTV_BYTES} (UTF-8, or ISO-8859-1 when its XML declaration says so). A refusal (422) lists every problem in \`errors\` (keyed programme.N.field) and, in the response, as rows with the line of the programme in the file.`,
      body: { 'application/xml': { type: 'string' } },
      response: {
        type: 'object',
        required: ['days', 'programmes', 'replaced'],
        properties: {
          days: { type: 'array', items: { type: 'string' } },
          programmes: { type: 'integer' },
          replaced: { type: 'integer' },
        },
      },
      codes: {
        '200': 'Imported',
        '400': 'Not UTF-8 nor declared ISO-8859-1',
        '413': 'Too large',
        '415': 'Not sent as XML',
        '422': 'Refused: nothing changed',
      },
      refusals: {
        '422': {
          type: 'object',
          required: ['problems'],
          properties: {
            problems: {
              type: 'array',
              items: {
                type: 'object',
                required: ['line', 'programme', 'title', 'start', 'field', 'code', 'message'],
                properties: {
                  line: { type: ['integer', 'null'], description: 'The line of the programme’s <programme> tag in the file (or of a document-wide problem)' },
                  programme: { type: ['integer', 'null'], description: 'Its position in the file, from 1' },
                  title: { type: ['string', 'null'] },
                  start: { type: ['string', 'null'], description: 'Its start as written in the file' },
                  field: { type: 'string' },
                  code: { type: 'string' },
                  message: { type: 'string', description: 'In the person’s language' },
                },
              },
            },
          },
        },
      },
    },
    async handler(ctx) {
      const o = { locale: ctx.locale };
      if (!XML_TYPES.has(contentType(ctx.request))) return { status: 415 };
      let bytes: Uint8Array;
      try {
        bytes = await readBodyBytes(ctx.request, MAX_XMLTV_BYTES);
      } catch (error) {
        if (error instanceof BodyTooLarge)
          return {
            status: 413,
            message: m.desk_xmltv_too_large({ max: String(MAX_XMLTV_BYTES / 1024 / 1024) }, o),
          };
        return { status: 400 };
      }
      const xml = decodeXmltv(bytes);
      if (xml === null)
        return {
          status: 400,
          errors: { document: [m.desk_xmltv_not_utf8({}, o)] },
          message: m.desk_xmltv_not_utf8({}, o),
        };
      try {
        const result = await importGrid(ctx.db, xml);
        await ctx.audit({
          action: 'grid.import',
          itemType: 'grid',
          itemId: `${result.days[0]}..${result.days[result.days.length - 1]}`,
          after: result,
        });
        return { status: 200, response: result };
      } catch (error) {
        if (!(error instanceof GridImportError)) throw error;
        const refusal = xmltvRefusal(error.errors, ctx.locale);
        return {
          status: 422,
          errors: refusal.fieldErrors,
          message: m.desk_xmltv_refused({ count: String(refusal.problems.length) }, o),
          detail: { problems: refusal.problems },
        };
      }
    },
  },
  {
    method: 'GET',
    path: '/api/desk/grid',
    access: 'signed-in',
    doc: {
      summary: 'Seven broadcast days of the grid from a day (Africa/Casablanca; default: this week’s Monday)',
      query: { from: { description: 'The first day, YYYY-MM-DD' } },
      response: {
        type: 'object',
        required: ['from', 'days'],
        properties: {
          from: { type: 'string' },
          days: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                day: { type: 'string' },
                entries: { type: 'array', items: gridEntry },
              },
            },
          },
        },
      },
      codes: { '200': 'The week', '422': 'Not a day' },
    },
    async handler(ctx) {
      const week = await gridWeek(ctx.db, ctx.url.searchParams.get('from') ?? undefined);
      if (!week)
        return {
          status: 422,
          errors: {
            from: [m.desk_err_field_invalid({}, { locale: ctx.locale })],
          },
        };
      return { status: 200, response: week };
    },
  },
  {
    method: 'PUT',
    path: '/api/desk/grid/{id}',
    access: 'signed-in',
    roles: CURATORS,
    doc: {
      summary: 'Change one programme of the grid: titles, descriptions, genre, live, start and end (or length) in Casablanca time',
      body: {
        'application/json': {
          type: 'object',
          required: ['titleAr', 'titleFr', 'start'],
          properties: {
            titleAr: { type: 'string', maxLength: 200 },
            titleFr: { type: 'string', maxLength: 200 },
            descriptionAr: { type: 'string', maxLength: 2000 },
            descriptionFr: { type: 'string', maxLength: 2000 },
            genre: { type: 'string', maxLength: 100 },
            isLive: { type: 'boolean' },
            start: {
              type: 'string',
              description: 'YYYY-MM-DDTHH:MM, Casablanca time',
            },
            end: {
              type: 'string',
              description: 'YYYY-MM-DDTHH:MM, Casablanca time (or durationMinutes)',
            },
            durationMinutes: { type: 'integer', minimum: 1, maximum: 1440 },
          },
        },
      },
      response: gridEntry,
      codes: {
        '200': 'Saved',
        '404': 'No such programme',
        '422': 'Refused (an overlap names its neighbour): nothing changed',
      },
    },
    async handler(ctx) {
      const id = idParam(ctx.params.id);
      if (id === null) return { status: 404 };
      const input = await readInput(ctx, gridEntryInput);
      if (!input.ok) return input.outcome;
      try {
        const changed = await updateGridEntry(ctx.db, id, input.value);
        if (!changed) return { status: 404 };
        await ctx.audit({
          action: 'grid.edit',
          itemType: 'grid',
          itemId: id,
          summary: changed.after.titleFr || changed.after.titleAr,
          before: changed.before,
          after: changed.after,
        });
        return { status: 200, response: changed.after };
      } catch (error) {
        if (!(error instanceof GridEditError)) throw error;
        const errors: FieldErrors = {};
        for (const p of error.problems) (errors[p.field] ??= []).push(gridEditMessage(p, ctx));
        return { status: 422, errors };
      }
    },
  },
];

/**
 * The newsroom's video and broadcast endpoints (ADR 011), entries of
 * the newsroom route table (src/server/newsroom/routes.ts): authenticated and
 * audited by the newsroom router, answered in the site's envelope.
 *
 *   POST   /api/newsroom/grid              XMLTV body: replace the span it covers
 *   GET    /api/newsroom/breaking/{lang}   one language's ticker items
 *   PUT    /api/newsroom/breaking/{lang}   set / reorder the list
 *   DELETE /api/newsroom/breaking/{lang}   clear it
 *   GET    /api/newsroom/live              what plays, and the newsroom's setting
 *   PUT    /api/newsroom/live              set the stream URL and title
 *   DELETE /api/newsroom/live              clear them
 *   POST   /api/newsroom/videos            create or update a replay by uri
 *
 * The grid's export is public: GET /guidetv.xml (src/pages/guidetv.xml.ts).
 */
import type { NewsroomContext, NewsroomOutcome, NewsroomRoute } from '../newsroom/router.ts';
import { BodyTooLarge, contentType, readBodyBytes } from '../http/body.ts';
import { readJson } from '../http/body.ts';
import type { Locale } from '../../i18n/locales.ts';
import { importGrid, GridImportError } from './grid.ts';
import { decodeXmltv, MAX_XMLTV_BYTES, type XmltvError } from './xmltv.ts';
import { BreakingInputError, breakingListInput, clearBreaking, fieldErrors, listBreaking, setBreaking } from './breaking.ts';
import { clearLive, liveInput, liveState, LiveRefused, setLive } from './live.ts';
import { publishReplay, ReplayInputError, replayInput } from './replays.ts';
import { mediaOriginProblem } from '../media-origins.ts';
import { newsroomIngestDeps, readyPictures } from '../newsroom/pictures.ts';
import type { PictureRef } from '../newsroom/ninjs.ts';

/** A replay's poster given by URL, as a picture to copy (errors keyed `poster.url`). */
const posterRef = (href: string): PictureRef => ({ mediaId: null, uri: null, source: { href, width: null, height: null }, sitePath: null, caption: null, credit: null, field: 'poster.url' });

/** Largest JSON body of these endpoints. */
const MAX_BROADCAST_JSON_BYTES = 256 * 1024;

const XML_TYPES = new Set(['application/xml', 'text/xml', 'application/xmltv+xml']);

/** XMLTV refusals as field errors: `programme.3.stop` → [`"Journal" (start …): stop is before start`]. */
function xmltvFieldErrors(errors: XmltvError[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) {
    const key = e.programme ? `programme.${e.programme}.${e.field}` : e.field;
    const where = [e.line ? `line ${e.line}` : '', e.start ? `start ${e.start}` : ''].filter(Boolean).join(', ');
    const who = e.programme ? `programme ${e.programme}${e.title ? ` "${e.title}"` : ''}${where ? ` (${where})` : ''}: ` : '';
    (out[key] ??= []).push(`${who}${e.message}`);
  }
  return out;
}

const grid: NewsroomRoute = {
  method: 'POST',
  path: '/api/newsroom/grid',
  action: 'grid.import',
  async handler(ctx) {
    if (!XML_TYPES.has(contentType(ctx.request))) return { status: 415, problem: 'send the XMLTV document with Content-Type: application/xml' };
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await readBodyBytes(ctx.request, MAX_XMLTV_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLarge) return { status: 413, problem: `the document is over ${MAX_XMLTV_BYTES} bytes` };
      return { status: 400, problem: 'the body could not be read' };
    }
    const xml = decodeXmltv(bytes);
    if (xml === null) return { status: 400, problem: 'the document is not valid UTF-8 (or declare its encoding as ISO-8859-1)' };
    try {
      const result = await importGrid(ctx.db, xml);
      return { status: 200, response: result, item: `${result.days[0]}..${result.days[result.days.length - 1]}` };
    } catch (error) {
      if (error instanceof GridImportError) return { status: 422, errors: xmltvFieldErrors(error.errors) };
      throw error;
    }
  },
};

function langParam(ctx: NewsroomContext): Locale | NewsroomOutcome {
  const lang = ctx.params.lang;
  return lang === 'ar' || lang === 'fr' ? lang : { status: 404, problem: 'the language is ar or fr' };
}

const breakingList: NewsroomRoute = {
  method: 'GET',
  path: '/api/newsroom/breaking/{lang}',
  action: 'breaking.list',
  async handler(ctx) {
    const lang = langParam(ctx);
    if (typeof lang !== 'string') return lang;
    return { status: 200, response: { lang, items: await listBreaking(ctx.db, lang) }, item: lang };
  },
};

const breakingSet: NewsroomRoute = {
  method: 'PUT',
  path: '/api/newsroom/breaking/{lang}',
  action: 'breaking.set',
  async handler(ctx) {
    const lang = langParam(ctx);
    if (typeof lang !== 'string') return lang;
    const body = await readJson(ctx.request, MAX_BROADCAST_JSON_BYTES);
    if (!body.ok) return { status: body.status, problem: body.problem, item: lang };
    const input = breakingListInput.safeParse(body.value);
    if (!input.success) return { status: 422, errors: fieldErrors(input.error), item: lang };
    try {
      return { status: 200, response: { lang, items: await setBreaking(ctx.db, lang, input.data) }, item: lang };
    } catch (error) {
      if (error instanceof BreakingInputError) return { status: 422, errors: error.errors, item: lang };
      throw error;
    }
  },
};

const breakingClear: NewsroomRoute = {
  method: 'DELETE',
  path: '/api/newsroom/breaking/{lang}',
  action: 'breaking.clear',
  async handler(ctx) {
    const lang = langParam(ctx);
    if (typeof lang !== 'string') return lang;
    return { status: 200, response: { lang, removed: await clearBreaking(ctx.db, lang) }, item: lang };
  },
};

const liveGet: NewsroomRoute = {
  method: 'GET',
  path: '/api/newsroom/live',
  action: 'live.get',
  handler: async (ctx) => ({ status: 200, response: await liveState(ctx.db) }),
};

const liveSet: NewsroomRoute = {
  method: 'PUT',
  path: '/api/newsroom/live',
  action: 'live.set',
  async handler(ctx) {
    const body = await readJson(ctx.request, MAX_BROADCAST_JSON_BYTES);
    if (!body.ok) return { status: body.status, problem: body.problem };
    const input = liveInput.safeParse(body.value);
    if (!input.success) return { status: 422, errors: fieldErrors(input.error) };
    try {
      const state = await setLive(ctx.db, input.data);
      return { status: 200, response: state, item: input.data.url };
    } catch (error) {
      // The Content-Security-Policy is made from the configuration: a stream elsewhere would be blocked in every browser.
      if (error instanceof LiveRefused) return { status: 422, errors: { url: [mediaOriginProblem(input.data.url)!] }, item: input.data.url };
      throw error;
    }
  },
};

const liveClear: NewsroomRoute = {
  method: 'DELETE',
  path: '/api/newsroom/live',
  action: 'live.clear',
  handler: async (ctx) => ({ status: 200, response: await clearLive(ctx.db) }),
};

const videos: NewsroomRoute = {
  method: 'POST',
  path: '/api/newsroom/videos',
  action: 'video.publish',
  async handler(ctx) {
    const body = await readJson(ctx.request, MAX_BROADCAST_JSON_BYTES);
    if (!body.ok) return { status: body.status, problem: body.problem };
    const uri = body.value && typeof body.value === 'object' && 'uri' in body.value ? String((body.value as { uri: unknown }).uri) : null;
    const input = replayInput.safeParse(body.value);
    if (!input.success) return { status: 422, errors: fieldErrors(input.error), item: uri };
    // The video and its captions play from this site or an allowed origin; a poster by URL is copied into the media store.
    const errors: Record<string, string[]> = {};
    const origin = (key: string, url: string) => {
      const problem = mediaOriginProblem(url);
      if (problem) errors[key] = [problem];
    };
    origin('video.url', input.data.video.url);
    input.data.video.captions.forEach((c, i) => origin(`video.captions.${i}.url`, c.url));
    const poster = input.data.poster && 'url' in input.data.poster && !input.data.poster.url.startsWith('/') ? posterRef(input.data.poster.url) : null;
    const ready = poster ? await readyPictures(ctx.db, [poster], newsroomIngestDeps()) : null;
    Object.assign(errors, ready?.errors);
    if (Object.keys(errors).length) return { status: 422, errors, item: uri };
    try {
      const posterReady = poster ? ready?.ready.get(poster) : undefined;
      const result = await publishReplay(ctx.db, input.data, new Date(), posterReady ? { poster: posterReady } : {});
      return { status: result.created ? 201 : 200, response: result, item: result.uri };
    } catch (error) {
      if (error instanceof ReplayInputError) return { status: error.status, errors: error.errors, item: uri };
      throw error;
    }
  },
};

export const broadcastRoutes: NewsroomRoute[] = [grid, breakingList, breakingSet, breakingClear, liveGet, liveSet, liveClear, videos];

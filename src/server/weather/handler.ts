/**
 * `POST /mm-weather/get-forecast/{city}` (docs/product.md, Widgets), form body `lang`
 * (ar|fr; absent: the request's locale header, cookie, else ar).
 *
 *  - 200: the forecast (shape: format.ts), `stale: true` while the provider
 *    fails and an older answer is served;
 *  - 200 with `data: null` and Retry-After: no forecast at all (the widget
 *    keeps its town chooser, with the browser's last known temperature or
 *    none; not an error status, which browsers log on every page view);
 *  - 404: a well-formed id that is not one of our towns;
 *  - 422: a malformed id, a `lang` other than ar/fr, an unreadable body
 *    (never 400: a 400 sends the visitor home, docs/product.md, Errors);
 *  - 415: a body that is not a form (or JSON); 413: over 4 KB; 405: not POST.
 * Errors use the API envelope (docs/product.md, API) with a message in the visitor's
 * language. Answers are never cached by browsers or CDNs (POST, no-store).
 */
import { contentType, errorEnvelope, jsonResponse, readForm, readLocale } from '../http/index.ts';
import { featureLogger, type Log } from '../log.ts';
import * as m from '../../paraglide/messages.js';
import { apiMessage } from '../api/messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import { weatherCity } from './cities.ts';
import { forecastAnswer, unavailableAnswer } from './format.ts';
import type { WeatherService } from './service.ts';

const MAX_BODY_BYTES = 4096;
/** A city id: a positive integer without leading zeros, at most 6 digits. */
const CITY_ID = /^[1-9][0-9]{0,5}$/;

type ErrorCode = 404 | 405 | 413 | 415 | 422 | 500;

function error(code: ErrorCode, message: string, headers: Record<string, string> = {}, errors?: Record<string, string[]>): Response {
  return errorEnvelope(code, message, { errors, headers });
}

export function createForecastHandler(service: WeatherService, log: Log = featureLogger('weather')) {
  return async function handleForecast(request: Request, cityParam: string | undefined): Promise<Response> {
    const url = new URL(request.url);
    const fallback = readLocale(request, url);
    const o = (lang: Locale) => ({ locale: lang });

    if (request.method !== 'POST') return error(405, apiMessage(405, fallback), { allow: 'POST' });
    const rawCity = cityParam ?? '';
    if (!CITY_ID.test(rawCity)) {
      const message = m.weather_invalid_city({}, o(fallback));
      return error(422, message, {}, { city: [message] });
    }

    let fields: Record<string, unknown> = {};
    const hasBody = contentType(request) !== '' || Number(request.headers.get('content-length') ?? 0) > 0;
    if (hasBody) {
      const body = await readForm(request, MAX_BODY_BYTES, { json: true });
      if (!body.ok) {
        if (body.reason === 'too-large') return error(413, m.weather_body_too_large({}, o(fallback)));
        if (body.reason === 'unsupported') return error(415, m.weather_unsupported_body({}, o(fallback)));
        return error(422, apiMessage(422, fallback));
      }
      fields = body.value;
    }
    const rawLang = fields.lang;
    let lang: Locale = fallback;
    if (rawLang !== undefined && rawLang !== '') {
      if (rawLang !== 'ar' && rawLang !== 'fr') {
        const message = m.weather_invalid_lang({}, o(fallback));
        return error(422, message, {}, { lang: [message] });
      }
      lang = rawLang;
    }

    const city = weatherCity(Number(rawCity));
    if (!city) return error(404, m.weather_unknown_city({}, o(lang)));

    try {
      const result = await service.forecast(city);
      if (!result) {
        return jsonResponse(unavailableAnswer(city, lang), 200, { 'cache-control': 'no-store', 'retry-after': String(service.retryAfterSeconds) });
      }
      return jsonResponse(forecastAnswer(city, result, lang), 200, { 'cache-control': 'no-store' });
    } catch (err) {
      log.error({ err }, 'unexpected failure');
      return error(500, apiMessage(500, lang));
    }
  };
}

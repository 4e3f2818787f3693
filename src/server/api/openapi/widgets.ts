/**
 * OpenAPI: the widget back ends (docs/product.md, Widgets): weather (src/server/weather/),
 * prayer times (src/server/prayer/), visitor address and country
 * (src/server/geo/).
 */
import { LOCALES } from '../../../i18n/locales.ts';
import { z } from 'zod';
import { PRAYER_KEYS } from '../../prayer/index.ts';
import type { OpenApiModule } from '../openapi.ts';
import { operationId } from '../openapi.ts';

const dayData = z
  .object({
    t2m: z.number().describe('daily maximum at 2 m, °C'),
    tmin: z.number(),
    tmax: z.number(),
    degrees: z.number().int().describe('t2m truncated toward zero: what the widget shows'),
    code: z.number().int().nullable().describe('WMO weather code'),
    condition: z.enum(['clear', 'partly-cloudy', 'cloudy', 'fog', 'drizzle', 'rain', 'showers', 'snow', 'thunderstorm']).nullable(),
    label: z.string().nullable().describe("the condition in the request's language"),
  })
  .meta({ id: 'WeatherDay' });

const forecast = z.object({
  data: z.object({
    city: z.object({ id: z.number().int(), name: z.string(), ar: z.string(), fr: z.string() }),
    dates: z.object({
      today: z.object({ date: z.string(), data: dayData }).nullable(),
      tomorrow: z.object({ date: z.string(), data: dayData.extend({ spoken: z.string() }) }),
    }),
    updatedAt: z.string().describe("ISO instant of the provider's answer"),
    stale: z.boolean().describe('true: the provider failed, an older answer is served'),
    source: z.string(),
  })
    .nullable()
    .describe('null: no forecast to give now (the provider failed and nothing recent is kept; Retry-After says when to ask again)'),
  city: z.object({ id: z.number().int(), name: z.string() }).optional().describe('with `data: null`: the town asked for'),
  cities: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

const clock = z.object(Object.fromEntries(PRAYER_KEYS.map((k) => [k, z.string().regex(/^\d{2}:\d{2}$/)])));
const instants = z.object(Object.fromEntries(PRAYER_KEYS.map((k) => [k, z.string()])));
const prayerDay = z
  .object({
    ville: z.number().int(),
    name: z.object({ ar: z.string(), fr: z.string() }),
    date: z.string().describe('YYYY-MM-DD, Africa/Casablanca'),
    timezone: z.literal('Africa/Casablanca'),
    times: clock.describe('local wall-clock times, HH:MM'),
    instants: instants.describe('the same times as UTC instants (ISO 8601)'),
  })
  .meta({ id: 'PrayerDay' });

const geoAnswer = z.object({
  geoplugin_request: z.string(),
  geoplugin_status: z.union([z.literal(200), z.literal(404)]),
  geoplugin_countryCode: z.string(),
  geoplugin_countryName: z.string(),
  countryFlag: z.union([z.literal(0), z.literal(1)]).describe('0 in Morocco (or unknown), 1 elsewhere'),
  source: z.string(),
});

const retryAfter = { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } };

export const widgetsOpenApi: OpenApiModule = {
  tag: { name: 'Widgets', description: 'Weather, prayer times, visitor address and country (docs/product.md, Widgets). Never 400: a malformed field answers 422.' },
  paths: (t) => ({
    '/mm-weather/get-forecast/{city}': {
      post: {
        operationId: operationId('post', '/mm-weather/get-forecast/{city}'),
        summary: "Tomorrow's forecast of a town (response.data.dates.tomorrow.data.t2m) and the towns to choose from",
        tags: ['Widgets'],
        parameters: [
          t.localeHeader,
          { name: 'city', in: 'path', required: true, description: 'town id (1 Casablanca, 7 Marrakech, 11 Rabat…)', schema: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' } },
        ],
        requestBody: {
          required: false,
          content: {
            'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { lang: { type: 'string', enum: LOCALES } } } },
            'application/json': { schema: { type: 'object', properties: { lang: { type: 'string', enum: LOCALES } } } },
          },
        },
        responses: {
          '200': t.envelope(forecast, 'The forecast, or `data: null` with Retry-After when there is none to give', retryAfter),
          '404': t.error('Not one of our towns'),
          '405': t.error('Not a POST'),
          '413': t.error('Body over 4 KB'),
          '415': t.error('Not a form body'),
          '422': t.error('Malformed id or lang'),
          '500': t.error('Unexpected failure'),
        },
      },
    },
    '/prieres/horaire-api.php': {
      get: {
        operationId: operationId('get', '/prieres/horaire-api.php'),
        summary: 'The six prayer times of a Habous city for a day (computed with adhan, Morocco parameters)',
        tags: ['Widgets'],
        parameters: [
          t.localeHeader,
          { name: 'ville', in: 'query', required: false, description: 'Habous city id, default 58 (Casablanca)', schema: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' } },
          { name: 'date', in: 'query', required: false, description: 'YYYY-MM-DD, default today in Africa/Casablanca', schema: { type: 'string', format: 'date' } },
        ],
        responses: {
          '200': t.envelope(prayerDay),
          '405': t.error('Not a GET'),
          '422': t.error('Unknown city or invalid day'),
        },
      },
    },
    '/ip': {
      get: {
        operationId: operationId('get', '/ip'),
        summary: "The visitor's address, as the rate limits see it (also answered at /ip/, docs/product.md, Widgets)",
        tags: ['Widgets'],
        parameters: [
          t.localeHeader,
          { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'text'], default: 'text' } },
        ],
        responses: {
          '200': {
            description: 'The address (empty when unknown)',
            content: {
              'application/json': { schema: t.schema(z.object({ ip: z.string() })) },
              'text/plain': { schema: { type: 'string' } },
            },
          },
          '405': t.error('Not a GET'),
          '422': t.error('Unknown format'),
        },
      },
    },
    '/geo/json.gp': {
      get: {
        operationId: operationId('get', '/geo/json.gp'),
        summary: 'The country of an address (geoPlugin-shaped), answered locally',
        tags: ['Widgets'],
        parameters: [
          t.localeHeader,
          { name: 'ip', in: 'query', required: false, description: "IPv4 or IPv6 address; default the visitor's", schema: { type: 'string' } },
        ],
        responses: {
          '200': { description: 'The country', content: { 'application/json': { schema: t.schema(geoAnswer) } } },
          '405': t.error('Not a GET'),
          '422': t.error('Malformed address'),
        },
      },
    },
  }),
};

/** OpenAPI: the house ad server (src/server/ads/http.ts). Its errors are plain text (players read VAST, not envelopes). */
import { z } from 'zod';
import { bannerClickQuery, bannerEventQuery, bannerQuery, trackQuery, vastQuery } from '../../ads/http.ts';
import type { JsonSchema, OpenApiModule, OpenApiTools } from '../openapi.ts';
import { operationId } from '../openapi.ts';

const bannerAd = z
  .object({
    id: z.number().int(),
    format: z.enum(['banner', 'skin']),
    width: z.number().int(),
    height: z.number().int(),
    image: z.string().nullable(),
    image2x: z.string().nullable(),
    avif: z.string().nullable().describe('The picture in AVIF at 1x (offered before image), or null'),
    avif2x: z.string().nullable().describe('The picture in AVIF at 2x, or null'),
    headline: z.string(),
    cta: z.string().nullable(),
    textOverlay: z.boolean(),
    bgColor: z.string().nullable(),
    href: z.string(),
    external: z.boolean(),
    impression: z.string(),
    viewable: z.string(),
  })
  .meta({ id: 'BannerAd' });

/** Query parameters from a zod object (input side). */
function query(t: OpenApiTools, schema: z.ZodType): JsonSchema[] {
  const json = t.schema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: s,
  }));
}

const invalid = (t: OpenApiTools) => t.content('Invalid query: one line per problem', 'text/plain');

export const adsOpenApi: OpenApiModule = {
  tag: { name: 'Ads', description: 'The built-in house ad server: VAST pre-rolls, display banners and their tracking.' },
  paths: (t) => {
    const get = (path: string, summary: string, schema: z.ZodType, responses: Record<string, unknown>) => ({
      operationId: operationId('get', path),
      summary,
      tags: ['Ads'],
      parameters: query(t, schema),
      responses: { ...responses, '422': invalid(t) },
    });
    return {
      '/ads/vast': {
        get: get('/ads/vast', 'A VAST 4 pre-roll for a video ad unit (empty <VAST/> when no creative fits)', vastQuery, {
          '200': t.content('VAST 4 document', 'application/xml'),
        }),
      },
      '/ads/track': {
        get: get('/ads/track', 'VAST tracking pixel: records an ad event', trackQuery, {
          '200': t.content('A 1×1 transparent GIF', 'image/gif', { type: 'string', contentEncoding: 'binary' }),
          '404': t.content('Unknown creative', 'text/plain'),
        }),
      },
      '/ads/banner': {
        get: get('/ads/banner', 'The banner for a display slot, or null, among those shown in the visitor’s country; market auto (or none): the country from the request (CDN header, else the local database), ma: Morocco, intl: abroad', bannerQuery, {
          '200': {
            description: 'The banner and the market it was chosen for (its event and click URLs carry it)',
            content: { 'application/json': { schema: t.schema(z.object({ ad: bannerAd.nullable(), market: z.enum(['ma', 'intl']) })) } },
          },
        }),
      },
      '/ads/banner/event': {
        get: get('/ads/banner/event', 'A slot reports an impression or a viewable impression', bannerEventQuery, {
          '204': { description: 'Recorded' },
          '404': t.content('Unknown banner', 'text/plain'),
        }),
        post: {
          ...get('/ads/banner/event', 'The same, sent with sendBeacon (the query carries the event; the body is ignored)', bannerEventQuery, {
            '204': { description: 'Recorded' },
            '404': t.content('Unknown banner', 'text/plain'),
          }),
          operationId: operationId('post', '/ads/banner/event'),
        },
      },
      '/ads/banner/click': {
        get: get('/ads/banner/click', "Counts a banner click, then redirects to the advertiser's stored address", bannerClickQuery, {
          '302': { description: "To the advertiser's address", headers: { Location: { schema: { type: 'string' } } } },
          '404': t.content('Unknown banner', 'text/plain'),
        }),
      },
    };
  },
};

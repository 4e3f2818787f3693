/**
 * OpenAPI: what the site answers besides pages and JSON: sitemaps, feeds,
 * robots.txt, the service worker, media, the built-in live channel's HLS
 * playlists, and this document.
 */
import { LOCALES } from '../../../i18n/locales.ts';
import type { JsonSchema, OpenApiModule, OpenApiTools } from '../openapi.ts';
import { operationId } from '../openapi.ts';

const langParam = { name: 'lang', in: 'path', required: true, schema: { type: 'string', enum: LOCALES } };
const notFound = (t: OpenApiTools) => t.content('Not found', 'text/plain');

function get(t: OpenApiTools, path: string, summary: string, tag: string, ok: JsonSchema, parameters: JsonSchema[] = [], extra: Record<string, unknown> = {}) {
  return {
    get: {
      operationId: operationId('get', path),
      summary,
      tags: [tag],
      ...(parameters.length ? { parameters } : {}),
      responses: { '200': ok, ...(parameters.length ? { '404': notFound(t) } : {}), ...extra },
    },
  };
}

export const filesOpenApi: OpenApiModule = {
  tag: { name: 'Files', description: 'Sitemaps (sitemaps.org 0.9), RSS 2.0 feeds, robots.txt, the service worker, media, the live channel, this document.' },
  paths: (t) => {
    const xml = (d: string) => t.content(d, 'application/xml');
    const rss = t.content('RSS 2.0 feed: the latest 50 published articles', 'application/rss+xml');
    return {
      '/sitemap.xml': get(t, '/sitemap.xml', 'Sitemap index: every part of each language sitemap, then the news sitemap', 'Files', xml('Sitemap index')),
      '/{lang}/sitemap.xml': get(t, '/{lang}/sitemap.xml', "A language's sitemap (every public page with hreflang alternates); past 50,000 URLs, the index of its parts", 'Files', xml('Sitemap or sitemap index'), [langParam]),
      '/{lang}/sitemap-{page}.xml': get(t, '/{lang}/sitemap-{page}.xml', "Part n (from 1) of a language's sitemap, at most 50,000 URLs", 'Files', xml('Sitemap'), [
        langParam,
        { name: 'page', in: 'path', required: true, schema: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' } },
      ]),
      '/news-sitemap.xml': get(t, '/news-sitemap.xml', 'Google News sitemap: articles of both languages published in the last 48 hours', 'Files', xml('News sitemap')),
      '/{lang}/rss.xml': get(t, '/{lang}/rss.xml', "A language's RSS feed", 'Files', rss, [langParam]),
      '/{lang}/news/rss.xml': get(t, '/{lang}/news/rss.xml', "The same feed at the original site's address", 'Files', rss, [langParam]),
      '/{lang}/posts/tag/{id}/rss.xml': get(t, '/{lang}/posts/tag/{id}/rss.xml', "A tag's RSS feed", 'Files', rss, [
        langParam,
        { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } },
      ]),
      '/robots.txt': get(t, '/robots.txt', 'Robots rules and the sitemap address', 'Files', t.content('robots.txt', 'text/plain')),
      '/sw.js': get(t, '/sw.js', 'The service worker (push notifications only)', 'Files', t.content('JavaScript', 'text/javascript')),
      '/media/{path}': get(t, '/media/{path}', 'Generated and uploaded media (images, videos) from the media store (MEDIA_DIR or MEDIA_S3_URL), with byte ranges', 'Files', t.content('The file', 'application/octet-stream', { type: 'string', contentEncoding: 'binary' }), [
        { name: 'path', in: 'path', required: true, description: 'path below /media/ (may hold slashes)', schema: { type: 'string' } },
      ], {
        '206': t.content('Part of the file (Range)', 'application/octet-stream', { type: 'string', contentEncoding: 'binary' }),
        '416': { description: 'The range is past the end of the file (Content-Range: bytes */size)' },
        '503': t.content('The media store (a shared folder or bucket) failed: try again (not cached)', 'text/plain'),
      }),
      '/live/{path}': get(t, '/live/{path}', "The built-in live channel's HLS playlists (2m/index.m3u8, 2m/{rendition}/index.m3u8)", 'Files', t.content('HLS playlist', 'application/vnd.apple.mpegurl'), [
        { name: 'path', in: 'path', required: true, description: 'path below /live/ (may hold slashes)', schema: { type: 'string' } },
      ]),
      '/s/{code}': {
        get: {
          operationId: operationId('get', '/s/{code}'),
          summary: "Short link of an article (the article id in base 36): 301 to the article's canonical URL, counted in the click statistics (event 28)",
          tags: ['Files'],
          parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'string', pattern: '^[1-9a-z][0-9a-z]{0,7}$' } }],
          responses: {
            '301': { description: "To the article's canonical URL", headers: { Location: { description: 'absolute URL (SITE_URL)', schema: { type: 'string', format: 'uri' } } } },
            '404': t.content("The 404 page in the visitor's language (locale cookie, else Arabic)", 'text/html'),
          },
        },
      },
      '/api/openapi.json': get(t, '/api/openapi.json', 'This document', 'Files', t.content('OpenAPI 3.1', 'application/json', { type: 'object' })),
    };
  },
};

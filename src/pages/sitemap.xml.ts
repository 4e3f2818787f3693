import type { APIRoute } from 'astro';
import { getConfig } from '../server/config.ts';
import { getDb } from '../server/db/index.ts';
import { rootIndexXml } from '../server/feeds/sitemap.ts';
import { CACHE, xmlHeaders } from '../server/feeds/xml.ts';

/** Sitemap index: each language's sitemap (or its pages) and the Google News sitemap. */
export const GET: APIRoute = async () =>
  new Response(await rootIndexXml(await getDb(), getConfig().SITE_URL), { headers: xmlHeaders(CACHE.sitemap) });

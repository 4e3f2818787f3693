import type { APIRoute } from 'astro';
import { getConfig } from '../server/config.ts';
import { getDb } from '../server/db/index.ts';
import { newsSitemapXml, recentNewsItems } from '../server/feeds/sitemap.ts';
import { CACHE, xmlHeaders } from '../server/feeds/xml.ts';

/** Google News sitemap: articles of both languages published in the last 48 hours. */
export const GET: APIRoute = async () =>
  new Response(newsSitemapXml(getConfig().SITE_URL, await recentNewsItems(await getDb())), {
    headers: xmlHeaders(CACHE.newsSitemap),
  });

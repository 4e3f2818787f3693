import type { APIRoute } from 'astro';
import { routeLocale } from '../../../../../server/pages/route-locale.ts';
import { getConfig } from '../../../../../server/config.ts';
import { getDb } from '../../../../../server/db/index.ts';
import { rssXml, tagFeed } from '../../../../../server/feeds/rss.ts';
import { CACHE, xmlHeaders } from '../../../../../server/feeds/xml.ts';

/** RSS 2.0: the latest 50 articles of a content tag; unknown tag → 404. */
export const GET: APIRoute = async ({ params }) => {
  const { id } = params;
  const lang = routeLocale(params);
  if (!/^[1-9]\d{0,9}$/.test(id ?? '')) return new Response('Not found', { status: 404 });
  const feed = await tagFeed(await getDb(), lang, Number(id));
  if (!feed) return new Response('Not found', { status: 404 });
  return new Response(rssXml(getConfig().SITE_URL, feed), { headers: xmlHeaders(CACHE.feed, 'application/rss+xml; charset=utf-8') });
};

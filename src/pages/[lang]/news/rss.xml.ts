import type { APIRoute } from 'astro';
import { routeLocale } from '../../../server/pages/route-locale.ts';
import { getConfig } from '../../../server/config.ts';
import { getDb } from '../../../server/db/index.ts';
import { languageFeed, rssXml } from '../../../server/feeds/rss.ts';
import { CACHE, xmlHeaders } from '../../../server/feeds/xml.ts';

/** The original site's feed address, kept: the latest 50 published articles of a language. */
export const GET: APIRoute = async ({ params }) => {
  const lang = routeLocale(params);
  const feed = await languageFeed(await getDb(), lang, `/${lang}/news/rss.xml`);
  return new Response(rssXml(getConfig().SITE_URL, feed), { headers: xmlHeaders(CACHE.feed, 'application/rss+xml; charset=utf-8') });
};

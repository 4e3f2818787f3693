import type { APIRoute } from 'astro';
import { isLocale } from '../../i18n/locales.ts';
import { getConfig } from '../../server/config.ts';
import { getDb } from '../../server/db/index.ts';
import { languageFeed, rssXml } from '../../server/feeds/rss.ts';
import { CACHE, xmlHeaders } from '../../server/feeds/xml.ts';

export const prerender = false;

/** RSS 2.0: the latest 50 published articles of a language. */
export const GET: APIRoute = async ({ params }) => {
  const { lang } = params;
  if (!isLocale(lang)) return new Response('Not found', { status: 404 });
  const feed = await languageFeed(await getDb(), lang, `/${lang}/rss.xml`);
  return new Response(rssXml(getConfig().SITE_URL, feed), { headers: xmlHeaders(CACHE.feed, 'application/rss+xml; charset=utf-8') });
};

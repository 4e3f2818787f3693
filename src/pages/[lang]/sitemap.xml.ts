import type { APIRoute } from 'astro';
import { routeLocale } from '../../server/pages/route-locale.ts';
import { getConfig } from '../../server/config.ts';
import { getDb } from '../../server/db/index.ts';
import { languagePageXml, languagePlan, languageSitemapPaths, sitemapIndexXml } from '../../server/feeds/sitemap.ts';
import { CACHE, textStream, xmlHeaders } from '../../server/feeds/xml.ts';

/**
 * Every public URL of a language with its hreflang alternates; past 50,000
 * URLs, an index of /{lang}/sitemap-{n}.xml.
 */
export const GET: APIRoute = async ({ params }) => {
  const lang = routeLocale(params);
  const db = await getDb();
  const siteUrl = getConfig().SITE_URL;
  const plan = await languagePlan(db, lang);
  if (plan.pages > 1) {
    return new Response(sitemapIndexXml(siteUrl, languageSitemapPaths(plan).map((path) => ({ path }))), {
      headers: xmlHeaders(CACHE.sitemap),
    });
  }
  const chunks = languagePageXml(db, siteUrl, plan, 1);
  if (!chunks) return new Response('Not found', { status: 404 });
  return new Response(textStream(chunks), { headers: xmlHeaders(CACHE.sitemap) });
};

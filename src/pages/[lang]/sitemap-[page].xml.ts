import type { APIRoute } from 'astro';
import { routeLocale } from '../../server/pages/route-locale.ts';
import { getConfig } from '../../server/config.ts';
import { getDb } from '../../server/db/index.ts';
import { languagePageXml, languagePlan } from '../../server/feeds/sitemap.ts';
import { CACHE, textStream, xmlHeaders } from '../../server/feeds/xml.ts';

/** Page n (1-based) of a language's URLs, at most 50,000 each. */
export const GET: APIRoute = async ({ params }) => {
  const { page } = params;
  const lang = routeLocale(params);
  if (!/^[1-9]\d{0,5}$/.test(page ?? '')) return new Response('Not found', { status: 404 });
  const db = await getDb();
  const plan = await languagePlan(db, lang);
  const chunks = languagePageXml(db, getConfig().SITE_URL, plan, Number(page));
  if (!chunks) return new Response('Not found', { status: 404 });
  return new Response(textStream(chunks), { headers: xmlHeaders(CACHE.sitemap) });
};

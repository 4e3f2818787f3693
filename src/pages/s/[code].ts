import type { APIRoute } from 'astro';
import { getConfig } from '../../server/config.ts';
import { getDb } from '../../server/db/index.ts';
import { resolveShortLink, shortLinkClick } from '../../server/short-links/index.ts';
import { recordServerClicks } from '../../server/tracking/index.ts';
import { redirectResponse } from '../../server/http/redirect.ts';

/** Short link (docs/product.md, Accounts and forms): 301 to the article, counted as a click; unknown code → the 404 page in the visitor's language. */
export const GET: APIRoute = async ({ params, request, rewrite }) => {
  const siteUrl = getConfig().SITE_URL;
  const target = await resolveShortLink(await getDb(), params.code ?? '', siteUrl);
  if (!target) return rewrite('/404');
  recordServerClicks([shortLinkClick(target, siteUrl, request.headers.get('referer'))]);
  return redirectResponse(target.path, 301, { siteUrl, headers: { 'Cache-Control': 'no-store' } });
};

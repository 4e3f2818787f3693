import type { APIRoute } from 'astro';
import { getConfig } from '../server/config.ts';
import { getDb } from '../server/db/index.ts';
import { exportGrid, gridRange } from '../server/broadcast/grid.ts';
import { xmlHeaders } from '../server/feeds/xml.ts';

/**
 * The programme grid as XMLTV (ADR 012): broadcast days `from` to
 * `to` (YYYY-MM-DD, Africa/Casablanca; default the day in progress and the
 * 6 after, at most 31), both languages' titles, times in Casablanca's
 * offset. What POST /api/newsroom/grid takes back unchanged.
 */
export const GET: APIRoute = async ({ url }) => {
  const range = gridRange(url.searchParams.get('from') ?? undefined, url.searchParams.get('to') ?? undefined);
  if (typeof range === 'string') {
    return new Response(`${range}\n`, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  }
  const xml = await exportGrid(await getDb(), range, getConfig().SITE_URL);
  const headers = xmlHeaders(60);
  headers.set('content-disposition', `inline; filename="guidetv-${range.from}-${range.to}.xml"`);
  return new Response(xml, { headers });
};

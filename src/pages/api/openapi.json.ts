import type { APIRoute } from 'astro';
import { getConfig } from '../../server/config.ts';
import { openApiDocument } from '../../server/api/index.ts';
import { CACHE_CONTROL } from '../../server/api/define.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(openApiDocument(getConfig().SITE_URL)), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': CACHE_CONTROL.long },
  });

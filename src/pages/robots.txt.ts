import type { APIRoute } from 'astro';
import { getConfig } from '../server/config.ts';
import { robotsTxt } from '../server/feeds/robots.ts';
import { CACHE } from '../server/feeds/xml.ts';

export const GET: APIRoute = () =>
  new Response(robotsTxt(getConfig().SITE_URL), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': `public, max-age=${CACHE.robots}` },
  });

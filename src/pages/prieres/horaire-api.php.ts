import type { APIRoute } from 'astro';
import { handlePrayerTimes } from '../../server/prayer/handler.ts';

export const prerender = false;

/** Prayer times of a Habous city (SPEC §7.3): src/server/prayer/handler.ts. */
export const ALL: APIRoute = ({ request }) => handlePrayerTimes(request);

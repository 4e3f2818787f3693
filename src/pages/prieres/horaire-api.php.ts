import type { APIRoute } from 'astro';
import { handlePrayerTimes } from '../../server/prayer/handler.ts';

/** Prayer times of a Habous city (docs/product.md, Widgets): src/server/prayer/handler.ts. */
export const ALL: APIRoute = ({ request }) => handlePrayerTimes(request);

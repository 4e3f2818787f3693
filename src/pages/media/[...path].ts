import type { APIRoute } from 'astro';
import { serveMedia } from '../../server/media.ts';

export const prerender = false;

/** Generated and uploaded media under DATA_DIR/media. */
export const GET: APIRoute = ({ params, request }) => serveMedia(params.path ?? '', request);

import type { APIRoute } from 'astro';
import { serveMedia } from '../../server/media.ts';

/** The media store's files (generated, uploaded, and their AVIF/WebP twins): a folder (MEDIA_DIR, default DATA_DIR/media) or an S3 bucket (MEDIA_S3_URL); src/server/media.ts. */
export const GET: APIRoute = ({ params, request }) => serveMedia(params.path ?? '', request);

import type { APIRoute } from 'astro';
import { livePlaylist } from '../../server/live/channel.ts';

/** The built-in live channel's HLS playlists (src/server/live/channel.ts); segments are static files. */
export const GET: APIRoute = ({ params }) => {
  const playlist = livePlaylist(params.path ?? '', Date.now());
  if (!playlist) {
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=60' } });
  }
  return new Response(playlist.body, { headers: { 'Content-Type': playlist.contentType, 'Cache-Control': playlist.cacheControl } });
};

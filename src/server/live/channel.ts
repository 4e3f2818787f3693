/**
 * The built-in live channel, offered when LIVE_STREAM_URL is not set
 * (src/server/content/live.ts BUILTIN_LIVE_URL): HLS playlists over the
 * looping sample segments of public/sample-media/live/ (made by
 * scripts/make-sample-media.ts), served as if the channel were on air.
 *
 * Time is cut into segments of d seconds counted from the Unix epoch:
 * channel segment k covers the wall-clock interval [k·d, (k+1)·d) and plays
 * loop file k mod N (N files in the loop). At time `now`, segment
 * floor(now / d) is still "being recorded", so a media playlist lists the
 * WINDOW_SEGMENTS segments before it: EXT-X-MEDIA-SEQUENCE is
 * floor(now / d) − WINDOW_SEGMENTS and advances by one every d seconds. Each
 * segment carries its EXT-X-PROGRAM-DATE-TIME (k·d, UTC). The loop lasts one
 * minute (15 × 4 s), so segment k starts at second (k mod 15) × 4 of a
 * minute, like the timecode burned into its picture: the picture's seconds
 * are the wall clock's seconds.
 *
 * Where the loop wraps (k mod N = 0) timestamps restart, marked by
 * EXT-X-DISCONTINUITY. Segment k is in discontinuity sequence floor(k / N)
 * less the loops before DISCONTINUITY_EPOCH_MS;
 * the first segment of a playlist never carries the tag (its sequence is
 * EXT-X-DISCONTINUITY-SEQUENCE itself), so every reload numbers segments the
 * same way (RFC 8216 §4.3.3.3).
 *
 * Segments are fragmented MP4 (CMAF, ADR 023): each media playlist names
 * its rendition's initialisation segment with EXT-X-MAP (version 6). The
 * map stays the same across loop wraps: a discontinuity restarts the
 * timestamps, not the codec setup.
 *
 * Pure functions of `now` (ms since the epoch): the route passes Date.now(),
 * tests a fake clock.
 */
import { z } from 'zod';
import rawManifest from '../../../public/sample-media/live/manifest.json' with { type: 'json' };

/** Where the channel's playlists are served (src/pages/live/[...path].ts). */
const LIVE_CHANNEL_PATH = '/live/2m';
/** Where the segments are served from (static files of public/). */
export const LIVE_SEGMENTS_PATH = '/sample-media/live';
/** Segments per media playlist: 24 s with 4-second segments (hls.js starts 3 segments from the end). */
export const WINDOW_SEGMENTS = 6;

export const PLAYLIST_CONTENT_TYPE = 'application/vnd.apple.mpegurl';
/**
 * Media playlists change every segment (4 s). Browsers must not reuse one
 * (max-age=0): a player that reloads a playlist and finds no new segment
 * asks again at once, and a playlist the browser may keep for a second was
 * answered from its HTTP cache without end (Chromium's native HLS: 500
 * playlist loads in 25 s, 1,300 to 1,900 in a Lighthouse run; ADR 014).
 * Shared caches (a CDN, the front server) may keep it one second, to absorb
 * bursts of players: never more than a second late, well under a segment.
 */
export const MEDIA_PLAYLIST_CACHE = 'public, max-age=0, s-maxage=1';
/** The master playlist only changes when the sample media is regenerated (a deployment). */
export const MASTER_PLAYLIST_CACHE = 'public, max-age=60';

const renditionSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bandwidth: z.number().int().positive(),
  averageBandwidth: z.number().int().positive(),
  codecs: z.string().min(1),
  frameRate: z.number().positive(),
});

const manifestSchema = z.object({
  segmentDuration: z.number().positive(),
  segmentCount: z.number().int().positive(),
  segmentPattern: z.string().regex(/^[\w-]*%03d\.[a-z0-9]+$/),
  initSegment: z.string().regex(/^[\w-]+\.[a-z0-9]+$/),
  renditions: z.array(renditionSchema).min(1),
});

export type LiveManifest = z.infer<typeof manifestSchema>;
export type LiveRendition = LiveManifest['renditions'][number];

/** The committed manifest (public/sample-media/live/manifest.json), checked once at load. */
export const LIVE_MANIFEST: LiveManifest = manifestSchema.parse(rawManifest);

interface WindowSegment {
  /** Channel segment number (its media sequence number). */
  sequence: number;
  /** Index of the loop file it plays (0 … segmentCount − 1). */
  file: number;
  /** Start time, ms since the epoch (EXT-X-PROGRAM-DATE-TIME). */
  startMs: number;
  /** Preceded by EXT-X-DISCONTINUITY (the loop wraps before it). */
  discontinuity: boolean;
}

export interface LiveWindow {
  mediaSequence: number;
  discontinuitySequence: number;
  segments: WindowSegment[];
}

/**
 * Loop wraps (discontinuities) are counted from this instant (a UTC midnight,
 * so a whole number of loops after the Unix epoch), not from 1970: hls.js
 * keeps its timestamp offsets in an array indexed by discontinuity number
 * and walks it from 0 at every playlist reload. Counted from 1970 (about 30
 * million) that walk blocked the main thread 1 to 3 s every 4 s (ADR 014);
 * from here it grows by 1,440 a day.
 */
export const DISCONTINUITY_EPOCH_MS = Date.UTC(2026, 10, 1);

/** The segments a media playlist lists at time `now`. */
export function liveWindow(now: number, manifest: LiveManifest = LIVE_MANIFEST, size: number = WINDOW_SEGMENTS): LiveWindow {
  const segMs = manifest.segmentDuration * 1000;
  const n = manifest.segmentCount;
  const current = Math.floor(now / segMs);
  const first = current - size;
  const segments: WindowSegment[] = [];
  for (let k = first; k < current; k++) {
    segments.push({ sequence: k, file: k % n, startMs: k * segMs, discontinuity: k !== first && k % n === 0 });
  }
  const epochLoop = Math.floor(DISCONTINUITY_EPOCH_MS / (segMs * n));
  return { mediaSequence: first, discontinuitySequence: Math.max(0, Math.floor(first / n) - epochLoop), segments };
}

/** seg-%03d.m4s → seg-007.m4s */
const segmentFile = (pattern: string, index: number): string => pattern.replace('%03d', String(index).padStart(3, '0'));

/** EXTINF and EXT-X-TARGETDURATION values. */
const extinf = (seconds: number): string => seconds.toFixed(3);

export function masterPlaylist(manifest: LiveManifest = LIVE_MANIFEST): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of manifest.renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},RESOLUTION=${r.width}x${r.height},FRAME-RATE=${r.frameRate.toFixed(3)},CODECS="${r.codecs}"`,
      `${r.id}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The sliding-window media playlist of one rendition at time `now`. */
export function mediaPlaylist(rendition: LiveRendition, now: number, manifest: LiveManifest = LIVE_MANIFEST): string {
  const win = liveWindow(now, manifest);
  const lines = [
    '#EXTM3U',
    // EXT-X-MAP outside an I-frame playlist needs version 6 (RFC 8216 §7).
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${Math.ceil(manifest.segmentDuration)}`,
    `#EXT-X-MEDIA-SEQUENCE:${win.mediaSequence}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${win.discontinuitySequence}`,
    `#EXT-X-MAP:URI="${LIVE_SEGMENTS_PATH}/${rendition.id}/${manifest.initSegment}"`,
  ];
  for (const seg of win.segments) {
    if (seg.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(seg.startMs).toISOString()}`,
      `#EXTINF:${extinf(manifest.segmentDuration)},`,
      `${LIVE_SEGMENTS_PATH}/${rendition.id}/${segmentFile(manifest.segmentPattern, seg.file)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface PlaylistResponse {
  body: string;
  contentType: string;
  cacheControl: string;
}

/**
 * The playlist at `path` (below /live/, e.g. "2m/index.m3u8" or
 * "2m/360p/index.m3u8"), or null when there is none.
 */
export function livePlaylist(path: string, now: number, manifest: LiveManifest = LIVE_MANIFEST): PlaylistResponse | null {
  const channel = LIVE_CHANNEL_PATH.slice('/live/'.length);
  const parts = path.split('/');
  if (parts[0] !== channel || parts[parts.length - 1] !== 'index.m3u8') return null;
  if (parts.length === 2) return { body: masterPlaylist(manifest), contentType: PLAYLIST_CONTENT_TYPE, cacheControl: MASTER_PLAYLIST_CACHE };
  if (parts.length !== 3) return null;
  const rendition = manifest.renditions.find((r) => r.id === parts[1]);
  if (!rendition) return null;
  return { body: mediaPlaylist(rendition, now, manifest), contentType: PLAYLIST_CONTENT_TYPE, cacheControl: MEDIA_PLAYLIST_CACHE };
}

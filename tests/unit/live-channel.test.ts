import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LIVE_MANIFEST,
  LIVE_SEGMENTS_PATH,
  DISCONTINUITY_EPOCH_MS,
  MASTER_PLAYLIST_CACHE,
  MEDIA_PLAYLIST_CACHE,
  PLAYLIST_CONTENT_TYPE,
  WINDOW_SEGMENTS,
  liveWindow,
  livePlaylist,
  masterPlaylist,
  mediaPlaylist,
  type LiveManifest,
} from '../../src/server/live/channel.ts';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../public');

/** A small manifest of our own: 3 files of 6 s, so the loop wraps often. */
const TINY: LiveManifest = {
  segmentDuration: 6,
  segmentCount: 3,
  segmentPattern: 'seg-%03d.m4s',
  initSegment: 'init.mp4',
  renditions: [
    { id: 'low', width: 320, height: 180, bandwidth: 90_000, averageBandwidth: 80_000, codecs: 'avc1.42e00d,mp4a.40.2', frameRate: 25 },
    { id: 'high', width: 1280, height: 720, bandwidth: 900_000, averageBandwidth: 800_000, codecs: 'avc1.4d401f,mp4a.40.2', frameRate: 25 },
  ],
};
const TINY_LOW = TINY.renditions[0]!;

interface ParsedSegment {
  uri: string;
  duration: number;
  programDateTime: string | undefined;
  /** Media sequence number, as a player numbers it. */
  sequence: number;
  /** Discontinuity sequence number, as a player numbers it (hls.js frag.cc). */
  cc: number;
}

interface Parsed {
  tags: Map<string, string>;
  segments: ParsedSegment[];
  endList: boolean;
}

/** Reads a media playlist the way a player does (RFC 8216 §4.3.3.2-§4.3.3.3). */
function parse(text: string): Parsed {
  const lines = text.split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  expect(text.endsWith('\n')).toBe(true);
  const tags = new Map<string, string>();
  const segments: ParsedSegment[] = [];
  let sequence = Number.NaN;
  let cc = Number.NaN;
  let duration = Number.NaN;
  let pdt: string | undefined;
  let endList = false;
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    if (line === '#EXT-X-ENDLIST') endList = true;
    else if (line === '#EXT-X-DISCONTINUITY') cc++;
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pdt = line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length);
    else if (line.startsWith('#EXTINF:')) duration = Number(/^#EXTINF:([\d.]+),$/.exec(line)?.[1]);
    else if (line.startsWith('#')) {
      const [tag, value = ''] = line.split(/:(.*)/s);
      tags.set(tag ?? '', value);
      if (tag === '#EXT-X-MEDIA-SEQUENCE') sequence = Number(value);
      if (tag === '#EXT-X-DISCONTINUITY-SEQUENCE') cc = Number(value);
    } else {
      segments.push({ uri: line, duration, programDateTime: pdt, sequence: sequence++, cc });
      pdt = undefined;
      duration = Number.NaN;
    }
  }
  return { tags, segments, endList };
}

// 2026-11-21T22:30:00.000Z, a multiple of both 4 s and 6 s.
const T0 = Date.UTC(2026, 10, 21, 22, 30, 0);

describe('built-in live channel: media playlist', () => {
  it('lists a window of complete segments ending just before now', () => {
    const now = T0 + 2_500;
    const p = parse(mediaPlaylist(TINY_LOW, now, TINY));
    expect(p.segments).toHaveLength(WINDOW_SEGMENTS);
    expect(p.endList).toBe(false);
    expect(p.tags.get('#EXT-X-VERSION')).toBe('6');
    expect(p.tags.get('#EXT-X-TARGETDURATION')).toBe('6');
    expect(p.tags.get('#EXT-X-MEDIA-SEQUENCE')).toBe(String(T0 / 6000 - WINDOW_SEGMENTS));
    for (const s of p.segments) expect(s.duration).toBe(6);
    // The newest listed segment has fully "aired": it ended at or before now.
    const last = p.segments.at(-1)!;
    expect(Date.parse(last.programDateTime!) + 6000).toBeLessThanOrEqual(now);
    expect(Date.parse(last.programDateTime!) + 12_000).toBeGreaterThan(now);
  });

  it('advances the media sequence by one per segment duration', () => {
    const seq = (now: number): number => Number(parse(mediaPlaylist(TINY_LOW, now, TINY)).tags.get('#EXT-X-MEDIA-SEQUENCE'));
    const base = seq(T0);
    expect(seq(T0 + 5_999)).toBe(base);
    expect(seq(T0 + 6_000)).toBe(base + 1);
    expect(seq(T0 + 6_000 * 10 + 1)).toBe(base + 10);
    // The real manifest: 4-second segments.
    const real = LIVE_MANIFEST.renditions[0]!;
    const realSeq = (now: number): number => Number(parse(mediaPlaylist(real, now)).tags.get('#EXT-X-MEDIA-SEQUENCE'));
    expect(realSeq(T0 + LIVE_MANIFEST.segmentDuration * 1000) - realSeq(T0)).toBe(1);
    expect(realSeq(T0)).toBe(Math.floor(T0 / (LIVE_MANIFEST.segmentDuration * 1000)) - WINDOW_SEGMENTS);
  });

  it('dates every segment with the wall clock (ISO UTC, ms precision), one segment duration apart', () => {
    const now = T0 + 123_456;
    const p = parse(mediaPlaylist(TINY_LOW, now, TINY));
    const first = Number(p.tags.get('#EXT-X-MEDIA-SEQUENCE'));
    for (const [i, s] of p.segments.entries()) {
      expect(s.programDateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(s.programDateTime!)).toBe((first + i) * 6000);
    }
    expect(p.segments[0]!.programDateTime).toBe(new Date(Math.floor(now / 6000) * 6000 - WINDOW_SEGMENTS * 6000).toISOString());
  });

  it('plays the loop files in order and marks each wrap with a discontinuity, numbered the same on every reload', () => {
    const ccOf = new Map<number, number>();
    let wraps = 0;
    // Reload every 1.5 s for two minutes: windows start on and around wraps.
    for (let now = T0; now < T0 + 120_000; now += 1_500) {
      const text = mediaPlaylist(TINY_LOW, now, TINY);
      const p = parse(text);
      const win = liveWindow(now, TINY);
      expect(Number(p.tags.get('#EXT-X-DISCONTINUITY-SEQUENCE'))).toBe(win.discontinuitySequence);
      // Never a discontinuity tag before the first segment.
      expect(text).not.toMatch(/#EXT-X-DISCONTINUITY-SEQUENCE:\d+\n#EXT-X-DISCONTINUITY\n/);
      for (const s of p.segments) {
        const file = s.sequence % 3;
        expect(s.uri).toBe(`${LIVE_SEGMENTS_PATH}/low/seg-00${file}.m4s`);
        // Each wrap starts a new discontinuity sequence: segment k is in
        // floor(k / N), counted from DISCONTINUITY_EPOCH_MS (18-s loops).
        expect(s.cc).toBe(Math.floor(s.sequence / 3) - DISCONTINUITY_EPOCH_MS / 18_000);
        // Small: hls.js walks an array of that length at every reload.
        expect(s.cc).toBeLessThan((30 * 86_400) / 18);
        const seen = ccOf.get(s.sequence);
        if (seen !== undefined) expect(s.cc).toBe(seen);
        ccOf.set(s.sequence, s.cc);
      }
      wraps += (text.match(/^#EXT-X-DISCONTINUITY$/gm) ?? []).length;
    }
    expect(wraps).toBeGreaterThan(0);
  });

  it('names the rendition\'s initialisation segment once, before the first segment, on every reload', () => {
    for (let now = T0; now < T0 + 40_000; now += 1_500) {
      const text = mediaPlaylist(TINY_LOW, now, TINY);
      const maps = text.match(/^#EXT-X-MAP:.*$/gm) ?? [];
      expect(maps).toEqual([`#EXT-X-MAP:URI="${LIVE_SEGMENTS_PATH}/low/init.mp4"`]);
      expect(text.indexOf('#EXT-X-MAP:')).toBeLessThan(text.indexOf('#EXTINF:'));
    }
    expect(mediaPlaylist(TINY.renditions[1]!, T0, TINY)).toContain(`#EXT-X-MAP:URI="${LIVE_SEGMENTS_PATH}/high/init.mp4"`);
  });

  it('puts the tag right before the segment that restarts the loop', () => {
    // With 3 files and 6 segments, the window [first, first + 6) always holds a wrap after its start.
    const win = liveWindow(T0, TINY);
    const flagged = win.segments.filter((s) => s.discontinuity);
    expect(flagged.length).toBeGreaterThan(0);
    for (const s of flagged) expect(s.file).toBe(0);
    for (const s of win.segments.filter((x) => !x.discontinuity && x !== win.segments[0])) expect(s.file).not.toBe(0);
  });
});

describe('built-in live channel: master playlist and paths', () => {
  it('lists every rendition of the manifest with its bandwidth, resolution and codecs', () => {
    const text = masterPlaylist(TINY);
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=90000,AVERAGE-BANDWIDTH=80000,RESOLUTION=320x180,FRAME-RATE=25.000,CODECS="avc1.42e00d,mp4a.40.2"',
        'low/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=800000,RESOLUTION=1280x720,FRAME-RATE=25.000,CODECS="avc1.4d401f,mp4a.40.2"',
        'high/index.m3u8',
        '',
      ].join('\n'),
    );
    const real = masterPlaylist();
    expect(LIVE_MANIFEST.renditions.length).toBeGreaterThanOrEqual(2);
    for (const r of LIVE_MANIFEST.renditions) {
      expect(real).toContain(`RESOLUTION=${r.width}x${r.height}`);
      expect(real).toContain(`\n${r.id}/index.m3u8\n`);
    }
    expect(real.match(/#EXT-X-STREAM-INF:/g)).toHaveLength(LIVE_MANIFEST.renditions.length);
  });

  it('answers the master and media playlists by path, with the HLS type and short caching', () => {
    const master = livePlaylist('2m/index.m3u8', T0, TINY);
    expect(master).toEqual({ body: masterPlaylist(TINY), contentType: PLAYLIST_CONTENT_TYPE, cacheControl: MASTER_PLAYLIST_CACHE });
    const media = livePlaylist('2m/high/index.m3u8', T0, TINY);
    expect(media?.body).toBe(mediaPlaylist(TINY.renditions[1]!, T0, TINY));
    expect(media?.cacheControl).toBe(MEDIA_PLAYLIST_CACHE);
    // A browser never reuses a media playlist (a player reloading an unchanged
    // one from its HTTP cache looped without end); shared caches keep it a second.
    expect(MEDIA_PLAYLIST_CACHE).toMatch(/(^|[ ,])max-age=0([ ,]|$)/);
    expect(MEDIA_PLAYLIST_CACHE).toMatch(/s-maxage=1([ ,]|$)/);
    expect(PLAYLIST_CONTENT_TYPE).toBe('application/vnd.apple.mpegurl');
  });

  it.each(['', '2m', '2m/', 'index.m3u8', '3m/index.m3u8', '2m/index.m3u', '2m/medium/index.m3u8', '2m/low/seg-000.m4s', '2m/low/init.mp4', '2m/low/x/index.m3u8', '2m//index.m3u8'])(
    'has no playlist at %j',
    (p) => {
      expect(livePlaylist(p, T0, TINY)).toBeNull();
    },
  );

  it('has the init segment and every loop file (fragmented MP4) of every rendition of the committed manifest in public/', async () => {
    /** The types of the top-level ISO BMFF boxes of a file. */
    const boxes = (buf: Buffer): string[] => {
      const types: string[] = [];
      for (let at = 0; at < buf.length; at += buf.readUInt32BE(at)) {
        expect(buf.readUInt32BE(at)).toBeGreaterThanOrEqual(8);
        types.push(buf.toString('latin1', at + 4, at + 8));
      }
      return types;
    };
    expect(LIVE_MANIFEST.segmentPattern).toMatch(/\.m4s$/);
    for (const r of LIVE_MANIFEST.renditions) {
      const dir = path.join(PUBLIC_DIR, 'sample-media', 'live', r.id);
      const init = await readFile(path.join(dir, LIVE_MANIFEST.initSegment));
      expect(boxes(init)).toEqual(['ftyp', 'moov']);
      // Bit-exact: no muxer version string (ffmpeg's "Lavf…") anywhere.
      expect(init.includes('Lavf')).toBe(false);
      for (let i = 0; i < LIVE_MANIFEST.segmentCount; i++) {
        const file = LIVE_MANIFEST.segmentPattern.replace('%03d', String(i).padStart(3, '0'));
        const seg = await readFile(path.join(dir, file));
        expect(seg.length).toBeGreaterThan(1000);
        // One fragment per segment: a single moof and its mdat.
        const types = boxes(seg);
        expect(types.filter((t) => t === 'moof')).toHaveLength(1);
        expect(types.at(-1)).toBe('mdat');
      }
    }
    // One loop lasts a whole minute, so the picture's timecode seconds are the wall clock's.
    expect(LIVE_MANIFEST.segmentDuration * LIVE_MANIFEST.segmentCount).toBe(60);
  });
});

/**
 * The player's pure parts (ADR 006): quality menu from HLS levels, seek keys,
 * where the live strip shows, the next item of a video page, plyr's labels in
 * both languages, the live address answer, and the one-player-at-a-time and
 * floating events of src/stores/player.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTO_QUALITY, levelForQuality, qualityOptions } from '../../src/islands/player/quality.ts';
import { SEEK_BACK_S, SEEK_FORWARD_S, seekForKey, seekTarget } from '../../src/islands/player/keys.ts';
import { stripRule } from '../../src/islands/player/strip-rules.ts';
import { isHls } from '../../src/islands/player/engine.ts';
import { plyrLabels } from '../../src/islands/player/labels.ts';
import { nextItem } from '../../src/components/video/next.ts';
import {
  $activePlayer,
  $floatingPlayer,
  LIVE_STRIP_ID,
  PLAY_VIDEO,
  STOP_VIDEO,
  liveAddressOf,
  liveChannelOf,
  onVideoEvent,
  openFloating,
  playVideo,
  releasePlayer,
  setFloating,
  stopVideo,
} from '../../src/stores/player.ts';

describe('quality menu', () => {
  const levels = [
    { height: 360, bitrate: 800_000 },
    { height: 540, bitrate: 1_200_000 },
    { height: 540, bitrate: 1_600_000 },
    { height: 240, bitrate: 300_000 },
  ];

  it('lists Auto, then each height once, highest first', () => {
    expect(qualityOptions(levels)).toEqual([AUTO_QUALITY, 540, 360, 240]);
  });

  it('offers no menu for a single rendition', () => {
    expect(qualityOptions([{ height: 720, bitrate: 1 }])).toEqual([]);
    expect(qualityOptions([])).toEqual([]);
  });

  it('maps a choice to the hls.js level: -1 for Auto, else the best bitrate of that height', () => {
    expect(levelForQuality(levels, AUTO_QUALITY)).toBe(-1);
    expect(levelForQuality(levels, 540)).toBe(2);
    expect(levelForQuality(levels, 240)).toBe(3);
    expect(levelForQuality(levels, 1080)).toBe(-1);
  });
});

describe('seek keys (docs/product.md, Limits: forward 30 s, back 10 s)', () => {
  it('follows the LTR timeline: right and L forward, left and J back', () => {
    expect(SEEK_FORWARD_S).toBe(30);
    expect(SEEK_BACK_S).toBe(10);
    expect(seekForKey('ArrowRight')).toBe(30);
    expect(seekForKey('l')).toBe(30);
    expect(seekForKey('L')).toBe(30);
    expect(seekForKey('ArrowLeft')).toBe(-10);
    expect(seekForKey('j')).toBe(-10);
    expect(seekForKey('k')).toBeNull();
    expect(seekForKey(' ')).toBeNull();
  });

  it('stays inside the video', () => {
    expect(seekTarget(5, -10, 100)).toBe(0);
    expect(seekTarget(20, 30, 100)).toBe(50);
    expect(seekTarget(90, 30, 100)).toBe(99.75);
    expect(seekTarget(90, 30, Number.NaN)).toBe(120);
    expect(seekTarget(90, 30, Number.POSITIVE_INFINITY)).toBe(120);
  });
});

describe('HLS detection', () => {
  it('knows HLS by its type or its .m3u8 address', () => {
    expect(isHls('/live/2m/index.m3u8', '')).toBe(true);
    expect(isHls('/x/index.m3u8?token=1', 'video/mp4')).toBe(true);
    expect(isHls('/stream', 'application/vnd.apple.mpegurl')).toBe(true);
    expect(isHls('/v.mp4', 'video/mp4')).toBe(false);
  });
});

describe('where the live strip shows (docs/product.md, Header)', () => {
  it('never on the live page', () => {
    expect(stripRule('/ar/live')).toBe('hidden');
    expect(stripRule('/fr/live/')).toBe('hidden');
  });

  it('only wider than 768 px on the replay-news and replay-by2m-id routes', () => {
    for (const p of ['/ar/replay/news', '/fr/replay/news/ar', '/ar/replay/news/amz/12', '/ar/replay/by2m', '/fr/replay/by2m/3']) {
      expect(stripRule(p), p).toBe('wide-only');
    }
  });

  it('everywhere else', () => {
    for (const p of ['/ar', '/fr/', '/ar/replay', '/ar/replay/single/4', '/ar/replay/by2m/single/7', '/fr/replay/12', '/ar/sport/un-article', '/shows', '/ar/liveblog']) {
      expect(stripRule(p), p).toBe('shown');
    }
  });
});

describe('the next item of a video page', () => {
  const card = (id: number, publishedAt: string, type = 'jt') => ({ id, type: type as 'jt', title: `t${id}`, path: `/ar/x/${id}`, publishedAt });
  const current = card(5, '2026-11-10T20:00:00Z');

  it('episodes: the next episode, nothing after the last one', () => {
    const ep = card(5, '2026-11-10T20:00:00Z', 'episode');
    expect(nextItem(ep, 'next', card(6, '2026-11-17T20:00:00Z', 'episode'), [card(1, '2026-10-01T20:00:00Z', 'episode')])).toEqual({ title: 't6', path: '/ar/x/6' });
    expect(nextItem(ep, 'next', null, [card(1, '2026-10-01T20:00:00Z', 'episode')])).toBeNull();
  });

  it('playlists (newest first, without the current item): the newest one before it; after the oldest, the newest', () => {
    const playlist = [card(9, '2026-11-20T20:00:00Z'), card(4, '2026-11-09T20:00:00Z'), card(3, '2026-11-08T20:00:00Z')];
    expect(nextItem(current, 'playlist', null, playlist)).toEqual({ title: 't4', path: '/ar/x/4' });
    expect(nextItem(card(2, '2026-11-01T20:00:00Z'), 'playlist', null, playlist)).toEqual({ title: 't9', path: '/ar/x/9' });
    expect(nextItem(current, 'playlist', null, [])).toBeNull();
    expect(nextItem(current, 'playlist', null, [card(5, '2026-11-10T20:00:00Z')])).toBeNull();
  });
});

describe("plyr's labels", () => {
  const defaults = readFileSync(path.resolve(import.meta.dirname, '../../node_modules/plyr/src/js/config/defaults.js'), 'utf8');
  const i18nBlock = /i18n:\s*{([\s\S]*?)\n {2}},/.exec(defaults)?.[1] ?? '';
  const plyrKeys = [...i18nBlock.matchAll(/^ {4}(\w+):/gm)].map((m) => m[1]!);

  it('cover every key of plyr 3.8', () => {
    expect(plyrKeys.length).toBeGreaterThan(30);
    for (const locale of ['ar', 'fr'] as const) {
      const labels = plyrLabels(locale) as unknown as Record<string, unknown>;
      for (const key of plyrKeys) expect(labels[key], `${locale}.${key}`).toBeTruthy();
    }
  });

  it('are Arabic and French, with the real seek steps and plyr placeholders kept', () => {
    const ar = plyrLabels('ar');
    const fr = plyrLabels('fr');
    expect(ar.play).toBe('تشغيل');
    expect(fr.play).toBe('Lecture');
    expect(ar.rewind).toContain('10');
    expect(ar.fastForward).toContain('30');
    expect(fr.fastForward).toBe('Avancer de 30 secondes');
    expect(fr.seekLabel).toBe('{currentTime} sur {duration}');
    expect(ar.seekLabel).toBe('{currentTime} من {duration}');
    expect(ar.qualityLabel[AUTO_QUALITY]).toBe('تلقائية');
    // Nothing left in English in the Arabic set (quality badges are technical marks).
    const { qualityBadge: _badges, qualityLabel: _labels, ...texts } = ar;
    for (const [key, text] of Object.entries(texts)) expect(text.replace(/\{\w+\}/g, ''), key).not.toMatch(/[A-Za-z]{3,}/);
  });
});

describe('the live address answer (docs/product.md, Content, Answers)', () => {
  const body = { header: { status: 'OK', code: 200 }, response: { news: { url: ['/live/2m/index.m3u8', '/other.m3u8'], title: '2M Maroc', poster: { url: '/media/img/live.jpg' } } } };

  it('is the first url of response.news', () => {
    expect(liveAddressOf(body)).toBe('/live/2m/index.m3u8');
    // The strip's poster: the WebP twin (ADR 014) of the smallest rendition at least twice its width.
    expect(liveChannelOf(body)).toEqual({ title: '2M Maroc', poster: '/media/img/live.webp' });
    const withRenditions = { response: { news: { ...body.response.news, poster: { url: '/media/img/live.jpg', srcset: '/media/img/live-320.jpg 320w, /media/img/live-640.jpg 640w, /media/img/live.jpg 1280w' } } } };
    expect(liveChannelOf(withRenditions)?.poster).toBe('/media/img/live-640.webp');
  });

  it('is nothing for an empty or malformed answer', () => {
    expect(liveAddressOf({ response: { news: { url: [] } } })).toBeNull();
    expect(liveAddressOf({ response: { news: { url: [''] } } })).toBeNull();
    expect(liveAddressOf(null)).toBeNull();
    expect(liveAddressOf({ response: null })).toBeNull();
  });
});

describe('one player at a time and floating (docs/product.md, States)', () => {
  const g = globalThis as { window?: unknown };
  let hadWindow: boolean;

  beforeEach(() => {
    hadWindow = 'window' in g;
    if (!hadWindow) g.window = new EventTarget();
    $activePlayer.set(null);
    $floatingPlayer.set(null);
  });

  afterEach(() => {
    if (!hadWindow) delete g.window;
  });

  it('stop-video names the player that starts: the others pause', () => {
    const paused: string[] = [];
    const players = ['episode-9', LIVE_STRIP_ID];
    const offs = players.map((id) => onVideoEvent(STOP_VIDEO, (other) => other !== id && paused.push(id)));
    stopVideo('episode-9');
    expect(paused).toEqual([LIVE_STRIP_ID]);
    expect($activePlayer.get()).toBe('episode-9');
    offs.forEach((off) => off());
  });

  it('play-video reaches the matching player; a removed player is no longer active', () => {
    const asked: string[] = [];
    const off = onVideoEvent(PLAY_VIDEO, (id) => asked.push(id));
    playVideo(LIVE_STRIP_ID);
    expect(asked).toEqual([LIVE_STRIP_ID]);
    off();
    stopVideo('live');
    setFloating('live', true);
    releasePlayer('live');
    expect($activePlayer.get()).toBeNull();
    expect($floatingPlayer.get()).toBeNull();
  });

  it('open-floating-video carries the player id', () => {
    const opened: string[] = [];
    const off = onVideoEvent('open-floating-video', (id) => opened.push(id));
    openFloating('jt-4');
    expect(opened).toEqual(['jt-4']);
    off();
  });
});

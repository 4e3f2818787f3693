import { describe, expect, it } from 'vitest';
import { isHomePath, lowestLevel, stripStandsStill } from '../../src/islands/player/strip-policy.ts';
import { stripShouldPlay } from '../../src/islands/player/use-strip-policy.ts';
import { LIVE_STRIP_ID } from '../../src/stores/player.ts';

const desktop = { phone: false, saveData: false, effectiveType: '4g', reducedMotion: false, homePage: true };

describe('live strip policy (ADR 014)', () => {
  it('streams on its own only on a desktop on a fast connection', () => {
    expect(stripStandsStill(desktop)).toBe(false);
    expect(stripStandsStill({ ...desktop, effectiveType: undefined })).toBe(false);
  });

  it.each([
    ['a phone', { phone: true }],
    ['data-saver', { saveData: true }],
    ['slow-2g', { effectiveType: 'slow-2g' }],
    ['2g', { effectiveType: '2g' }],
    ['3g', { effectiveType: '3g' }],
    ['reduced motion', { reducedMotion: true }],
    ['any page but the home page', { homePage: false }],
  ])('stands still on %s', (_name, change) => {
    expect(stripStandsStill({ ...desktop, ...change })).toBe(true);
  });

  it('knows the home page of either language', () => {
    expect(isHomePath('/ar')).toBe(true);
    expect(isHomePath('/fr/')).toBe(true);
    expect(isHomePath('/fr/sport')).toBe(false);
    expect(isHomePath('/ar/live')).toBe(false);
    expect(isHomePath('/')).toBe(false);
  });

  it('picks the lowest-bitrate level, wherever the stream lists it', () => {
    expect(lowestLevel([{ bitrate: 800 }, { bitrate: 250 }, { bitrate: 500 }])).toBe(1);
    expect(lowestLevel([{ bitrate: 250 }, { bitrate: 500 }])).toBe(0);
    expect(lowestLevel([])).toBe(0);
  });
});

describe('whether the live strip plays now (use-strip-policy.ts)', () => {
  const base = { url: '/live/index.m3u8', hidden: false, active: null, onScreen: true, pageVisible: true, choice: null, standStill: false } as const;

  it('plays on its own where it may, seen, with no other player', () => {
    expect(stripShouldPlay(base)).toBe(true);
    expect(stripShouldPlay({ ...base, active: LIVE_STRIP_ID })).toBe(true);
  });

  it.each([
    ['no stream yet', { url: null }],
    ['hidden (rules or a failed stream)', { hidden: true }],
    ['another player playing', { active: 'article-video-1' }],
    ['off screen', { onScreen: false }],
    ['in a background tab', { pageVisible: false }],
    ['paused by the visitor', { choice: 'pause' }],
    ['paused by the visitor, even over a play-video event', { choice: 'pause', active: LIVE_STRIP_ID }],
    ['standing still, not asked', { standStill: true }],
  ] as const)('does not play: %s', (_name, change) => {
    expect(stripShouldPlay({ ...base, ...change })).toBe(false);
  });

  it('plays while standing still once the visitor or a play-video event asks', () => {
    expect(stripShouldPlay({ ...base, standStill: true, choice: 'play' })).toBe(true);
    expect(stripShouldPlay({ ...base, standStill: true, active: LIVE_STRIP_ID })).toBe(true);
  });
});

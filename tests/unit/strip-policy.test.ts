import { describe, expect, it } from 'vitest';
import { isHomePath, lowestLevel, stripStandsStill } from '../../src/islands/player/strip-policy.ts';

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

/**
 * The one slug function (src/server/http/slug.ts) against the cases of the
 * two it replaced: the newsroom's (Unicode letters kept) and the demo
 * content's (ASCII only), which replays' web videos used too.
 */
import { describe, expect, it } from 'vitest';
import { makeSlug } from '../../src/server/http/slug.ts';

describe('slugs in both scripts (newsroom, desk)', () => {
  it('keeps Arabic letters readable and folds French to ASCII', () => {
    expect(makeSlug('الحكومةُ تُعلن: ميزانية 2027!')).toBe('الحكومة-تعلن-ميزانية-2027');
    expect(makeSlug('Le gouvernement présente « le budget » de l’État')).toBe('le-gouvernement-presente-le-budget-de-l-etat');
    expect(makeSlug('Cœur et âme')).toBe('coeur-et-ame');
    expect(makeSlug('ÆTHER Œuvre')).toBe('aether-oeuvre');
    // Tatweel and hamza-bearing letters: the first dropped, the second kept composed.
    expect(makeSlug('أخبـــار المغرب')).toBe('أخبار-المغرب');
    expect(makeSlug('Straße ٢٠٢٧')).toBe('straße-٢٠٢٧');
  });

  it('cuts at a hyphen past the middle, at most max characters', () => {
    const long = makeSlug('كلمة '.repeat(40));
    expect([...long].length).toBeLessThanOrEqual(80);
    expect(long.endsWith('كلمة')).toBe(true);
    expect(makeSlug('abcdefghij klmnop', { max: 12 })).toBe('abcdefghij');
    // No hyphen past the middle: cut where the limit falls.
    expect(makeSlug('ab cdefghijklmnop', { max: 8 })).toBe('ab-cdefg');
    expect(makeSlug('  -- ! --  ')).toBe('');
  });
});

describe('ASCII slugs (demo content, replays)', () => {
  it('folds accents and ligatures, and drops every other script', () => {
    expect(makeSlug('Tajine aux pruneaux', { ascii: true })).toBe('tajine-aux-pruneaux');
    expect(makeSlug('Cœur et âme', { ascii: true })).toBe('coeur-et-ame');
    expect(makeSlug('L’Été à Agadir : 2 000 visiteurs', { ascii: true })).toBe('l-ete-a-agadir-2-000-visiteurs');
    expect(makeSlug('Ḥaṣṣan Çağrı', { ascii: true })).toBe('hassan-cagr');
    // No compatibility folding: the demo content's "m³" always gave "m" (the default mode says "m3").
    expect(makeSlug('2 millions de m³ par an', { ascii: true })).toBe('2-millions-de-m-par-an');
    expect(makeSlug('2 millions de m³ par an')).toBe('2-millions-de-m3-par-an');
    expect(makeSlug('Straße', { ascii: true })).toBe('stra-e');
    // An Arabic title alone has no ASCII slug: the caller falls back ('video').
    expect(makeSlug('نشرة الأخبار', { ascii: true })).toBe('');
    expect(makeSlug('نشرة 2027', { ascii: true })).toBe('2027');
  });

  it('cuts at a hyphen past the middle, as the demo content always did', () => {
    const title = 'Le festival de Marrakech accueille des réalisateurs venus de tout le continent africain';
    const cut = makeSlug(title, { max: 60, ascii: true });
    expect(cut).toBe('le-festival-de-marrakech-accueille-des-realisateurs-venus');
    expect(cut.length).toBeLessThanOrEqual(60);
    expect(makeSlug('a'.repeat(100), { max: 70, ascii: true })).toBe('a'.repeat(70));
  });
});

import { describe, expect, it } from 'vitest';
import { cut, formatDuration } from '../../src/lib/text.ts';

describe('cut (docs/product.md, Limits text-cut helper)', () => {
  it('leaves a short text alone (only trimmed)', () => {
    expect(cut('Botola Pro', 80)).toBe('Botola Pro');
    expect(cut('  Botola   Pro  ', 80)).toBe('Botola Pro');
    expect(cut('exactly ten', 11)).toBe('exactly ten');
  });

  it('cuts a long text on a word boundary and adds an ellipsis', () => {
    const out = cut('Le Maroc se qualifie pour la finale de la Coupe', 20);
    expect(out).toBe('Le Maroc se…');
    expect([...out].length).toBeLessThanOrEqual(20);
  });

  it('never exceeds the maximum, ellipsis included', () => {
    const title = 'Théâtre : une troupe d’Oujda remporte le grand prix du festival national de théâtre';
    for (const max of [5, 10, 33, 80]) {
      const out = cut(title, max);
      expect([...out].length).toBeLessThanOrEqual(max);
      expect(out.endsWith('…')).toBe(true);
    }
  });

  it('cuts inside a very long word when there is no boundary', () => {
    expect(cut('Anticonstitutionnellement', 10)).toBe('Anticonst…');
  });

  it('does not leave punctuation or spaces before the ellipsis', () => {
    expect(cut('Économie, emploi et investissements', 11)).toBe('Économie…');
    expect(cut('Sport : les Lions de l’Atlas', 9)).toBe('Sport…');
  });

  it('counts Arabic letters and emoji as single characters', () => {
    const ar = 'المسرح: فرقة من وجدة تفوز بالجائزة الكبرى للمهرجان الوطني للمسرح';
    const out = cut(ar, 30);
    expect(out.endsWith('…')).toBe(true);
    expect([...out].length).toBeLessThanOrEqual(30);
    expect(ar.startsWith(out.slice(0, -1))).toBe(true);
    expect(cut('😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('handles tiny limits', () => {
    expect(cut('abc', 1)).toBe('…');
    expect(cut('abc', 0)).toBe('');
  });
});

describe('formatDuration', () => {
  it('prints minutes and seconds, with hours when needed', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(4732)).toBe('1:18:52');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(59.6)).toBe('1:00');
  });

  it('never prints a negative or invalid duration', () => {
    expect(formatDuration(-5)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});

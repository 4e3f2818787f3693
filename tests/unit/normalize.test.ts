import { describe, it, expect } from 'vitest';
import { normalizeSearchText } from '../../src/lib/normalize.ts';

describe('normalizeSearchText', () => {
  it('removes Arabic tashkeel and tatweel', () => {
    expect(normalizeSearchText('مُبَارَاةٌ')).toBe('مباراه');
    expect(normalizeSearchText('الرحمٰن')).toBe('الرحمن');
    expect(normalizeSearchText('جـــديد')).toBe('جديد');
  });

  it('folds Arabic letter variants', () => {
    expect(normalizeSearchText('أسود الأطلس')).toBe('اسود الاطلس');
    expect(normalizeSearchText('إفريقيا')).toBe('افريقيا');
    expect(normalizeSearchText('آسفي')).toBe('اسفي');
    expect(normalizeSearchText('ٱلله')).toBe('الله');
    expect(normalizeSearchText('الدار البيضاء')).toBe('الدار البيضاء');
    expect(normalizeSearchText('مدينة')).toBe('مدينه');
    expect(normalizeSearchText('مستشفى')).toBe('مستشفي');
    expect(normalizeSearchText('مؤتمر')).toBe('موتمر');
    expect(normalizeSearchText('رئيس')).toBe('رييس');
  });

  it('maps Arabic-Indic digits to ASCII digits', () => {
    expect(normalizeSearchText('مونديال ٢٠٣٠')).toBe('مونديال 2030');
    expect(normalizeSearchText('۱۲')).toBe('12');
  });

  it('lowercases French and strips accents', () => {
    expect(normalizeSearchText('Économie : Élan à Fès')).toBe('economie elan a fes');
    expect(normalizeSearchText('Cœur de la CAN')).toBe('coeur de la can');
    expect(normalizeSearchText('ÇA BOUGE À SALÉ')).toBe('ca bouge a sale');
  });

  it('turns punctuation into single spaces and trims', () => {
    expect(normalizeSearchText("  Appels d'offres — 2M !  ")).toBe('appels d offres 2m');
    expect(normalizeSearchText('Appels d’offres')).toBe('appels d offres');
    expect(normalizeSearchText('ما الجديد؟ نعم، هنا')).toBe('ما الجديد نعم هنا');
  });

  it('handles mixed scripts and is idempotent', () => {
    const once = normalizeSearchText('Botola Pro : الرجاء يفوز بثلاثيّة');
    expect(once).toBe('botola pro الرجاء يفوز بثلاثيه');
    expect(normalizeSearchText(once)).toBe(once);
  });

  it('returns an empty string for empty or punctuation-only input', () => {
    expect(normalizeSearchText('')).toBe('');
    expect(normalizeSearchText(' ... ')).toBe('');
  });
});

/**
 * The locale model (src/i18n/locales.ts): the facts each language carries,
 * the helpers derived from it, the message catalogue's settings made from
 * it, and the lint check that keeps literal locale unions out of src.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, isLocale, LOCALE_CONFIG, LOCALES, otherLocale, toLocale } from '../../src/i18n/locales.ts';
import { checkLocaleUnions, findLocaleUnions, LOCALE_MODEL } from '../../scripts/check-locale-unions.ts';
import { inlangSettingsFromModel } from '../../scripts/generate.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('the locale model', () => {
  it('lists Arabic (the default, right to left) and French (left to right), with their tags', () => {
    expect(LOCALES).toEqual(['ar', 'fr']);
    expect(DEFAULT_LOCALE).toBe('ar');
    expect(LOCALE_CONFIG.ar).toMatchObject({ dir: 'rtl', bcp47: 'ar-MA', ogLocale: 'ar_MA', facebookSdk: 'ar_AR', script: 'arabic' });
    expect(LOCALE_CONFIG.fr).toMatchObject({ dir: 'ltr', bcp47: 'fr-FR', ogLocale: 'fr_FR', facebookSdk: 'fr_FR', script: 'latin' });
  });

  it('recognises its languages only, and falls back to the default or the given language', () => {
    expect(LOCALES.every(isLocale)).toBe(true);
    for (const v of ['en', 'AR', '', 'constructor', 'toString', null, undefined, 1]) expect(isLocale(v)).toBe(false);
    expect(toLocale('fr')).toBe('fr');
    expect(toLocale('en')).toBe('ar');
    expect(toLocale(null, 'fr')).toBe('fr');
  });

  it('pairs each language with the other', () => {
    expect(otherLocale('ar')).toBe('fr');
    expect(otherLocale('fr')).toBe('ar');
  });
});

describe('project.inlang/settings.json from the model (scripts/generate.ts)', () => {
  it('the committed settings already list the model’s languages', () => {
    expect(inlangSettingsFromModel(readFileSync(path.join(root, 'project.inlang/settings.json'), 'utf8'))).toBeNull();
  });

  it('rewrites other languages from the model and keeps every other setting', () => {
    const stale = JSON.stringify({ $schema: 'x', baseLocale: 'fr', locales: ['fr', 'en'], modules: ['m.js'], 'plugin.inlang.messageFormat': { pathPattern: './messages/{locale}.json' } });
    const made = JSON.parse(inlangSettingsFromModel(stale)!) as Record<string, unknown>;
    expect(made).toEqual({ $schema: 'x', baseLocale: 'ar', locales: ['ar', 'fr'], modules: ['m.js'], 'plugin.inlang.messageFormat': { pathPattern: './messages/{locale}.json' } });
    expect(inlangSettingsFromModel(JSON.stringify({ baseLocale: 'ar', locales: ['fr', 'ar'] }))).not.toBeNull();
  });
});

describe('check-locale-unions (npm run lint)', () => {
  it('finds no literal locale union in src outside the model', () => {
    expect(checkLocaleUnions()).toEqual([]);
  });

  it('flags a union of the language codes in either order, with either quote, any spacing', () => {
    const lines = (text: string) => findLocaleUnions('src/lib/x.ts', text).map((h) => h.line);
    expect(lines(`let a: 'ar' | 'fr';`)).toEqual([1]);
    expect(lines(`\nlet b: "fr" | "ar" = 'ar';`)).toEqual([2]);
    expect(lines(`let c: 'ar'|"fr";`)).toEqual([1]);
    expect(lines(`type Edition =\n  | 'ar'\n  | 'fr'\n  | 'amz';`)).toEqual([2]);
    expect(lines(`function f(l: 'fr' | 'ar' | 'amz') {}`)).toEqual([1]);
  });

  it('accepts the Locale type, other unions, and the model itself', () => {
    const text = [`let a: Locale;`, `let b: 'ar' | 'amz';`, `const c = ['ar', 'fr'];`, `let d: 'art' | 'fr';`].join('\n');
    expect(findLocaleUnions('src/lib/x.ts', text)).toEqual([]);
    expect(findLocaleUnions(LOCALE_MODEL, `export type L = 'ar' | 'fr';`)).toEqual([]);
    expect(readFileSync(path.join(root, LOCALE_MODEL), 'utf8')).toContain("ar: { dir: 'rtl'");
  });
});

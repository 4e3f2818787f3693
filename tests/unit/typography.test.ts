/**
 * What readers notice: French punctuation spacing and
 * Arabic commas in the message catalogue, and the separators the pages put
 * between a label and its value.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as m from '../../src/paraglide/messages.js';
import { cut } from '../../src/lib/text.ts';
import { apiMessage } from '../../src/server/api/messages.ts';

const messages = (lang: 'ar' | 'fr') =>
  Object.entries(JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../messages/${lang}.json`), 'utf8')) as Record<string, string>).filter(
    ([k]) => !k.startsWith('$'),
  );

const NNBSP = '\u202f';

describe('French typography', () => {
  it('puts a narrow no-break space before : ; ! ? and inside « », in every message', () => {
    const bad = messages('fr').filter(([, v]) => /(?:[^\u202f][:;!?](?=\s|$))|(?:«[^\u202f])|(?:[^\u202f]»)/u.test(v.replace(/https?:\/\/\S+/g, '')));
    expect(bad).toEqual([]);
  });

  it('writes a label and its value "Ville : Casablanca"', () => {
    expect(`${m.starlight_city({}, { locale: 'fr' })}${m.polish_colon({}, { locale: 'fr' })}Safi`).toBe(`Ville${NNBSP}: Safi`);
    expect(`${m.starlight_city({}, { locale: 'ar' })}${m.polish_colon({}, { locale: 'ar' })}آسفي`).toBe('المدينة: آسفي');
  });

  it('API envelope messages come from the catalogue, with the same spacing', () => {
    expect(apiMessage(400, 'fr')).toBe(`Requête invalide${NNBSP}: vérifiez les paramètres envoyés.`);
    expect(apiMessage(400, 'fr')).toBe(m.polish_api_400({}, { locale: 'fr' }));
    expect(apiMessage(404, 'ar')).toBe('المحتوى المطلوب غير موجود.');
    expect(apiMessage(418, 'fr')).toBe(m.polish_api_500({}, { locale: 'fr' }));
  });

  it('keeps the no-break space when a text is cut', () => {
    expect(cut(`Ville${NNBSP}:   Safi`, 40)).toBe(`Ville${NNBSP}: Safi`);
  });
});

describe('Arabic typography', () => {
  it('uses the Arabic comma between Arabic words, and in a byline', () => {
    expect(messages('ar').filter(([, v]) => /[\u0600-\u06ff}], /u.test(v))).toEqual([]);
    expect(m.polish_list_comma({}, { locale: 'ar' })).toBe('، ');
    expect(m.polish_list_comma({}, { locale: 'fr' })).toBe(', ');
  });
});

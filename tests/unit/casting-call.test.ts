/**
 * The casting call of /casting and /castings (docs/desk.md "Starlight"):
 * migration 041 stores the message catalogue's call for each language, so
 * the page reads as it did before the desk; a language with nothing stored
 * falls back to the catalogue; `{n}` becomes the season the call is for;
 * an empty line parts paragraphs, a line break stays one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/server/db/index.ts';
import { LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { withSeason } from '../../src/lib/desk-starlight.ts';
import { castingCallText, catalogueCastingCall, paragraphsOf, storedCastingCall } from '../../src/server/content/casting-call.ts';
import { loadCasting } from '../../src/server/pages/casting.ts';
import * as m from '../../src/paraglide/messages.js';

let store: Store;

beforeAll(async () => {
  store = await openStore({ dataDir: ':memory:' });
});

afterAll(async () => {
  await store.db.destroy();
});

/** The call as the page printed it from the catalogue before the desk, for season `n`. */
const before = (locale: Locale, n: number) => ({
  title: m.casting_call_title({ season: m.replay_season({ n }, { locale }) }, { locale }),
  paragraphs: [[m.casting_call_intro({ n }, { locale })], [m.casting_call_steps({}, { locale })], [m.casting_call_dates({}, { locale })]],
});

describe('the casting call', () => {
  it('is stored by the migration as the catalogue has it, with {n} for the season', async () => {
    for (const locale of LOCALES) {
      const stored = await storedCastingCall(store.db, locale);
      expect(stored).toEqual({ ...catalogueCastingCall(locale), updatedAt: null });
      expect(stored!.title).toContain('{n}');
      expect(stored!.intro).toContain('{n}');
    }
  });

  it('reads on the page as it did before the desk, in both languages', async () => {
    for (const locale of LOCALES) {
      // No season in this store: the call is for season 1.
      expect((await loadCasting(store.db, locale)).call).toEqual(before(locale, 1));
    }
  });

  it('falls back to the catalogue only for a language with nothing stored', async () => {
    await store.db.updateTable('casting_calls').set({ title: 'Appel {n} du desk', intro: 'Texte du desk', steps: '', dates: '' }).where('lang', '=', 'fr').execute();
    await store.db.deleteFrom('casting_calls').where('lang', '=', 'ar').execute();
    expect(await storedCastingCall(store.db, 'ar')).toBeNull();
    expect(await castingCallText(store.db, 'ar')).toEqual(catalogueCastingCall('ar'));
    expect((await loadCasting(store.db, 'ar')).call).toEqual(before('ar', 1));
    expect((await loadCasting(store.db, 'fr')).call).toEqual({ title: 'Appel 1 du desk', paragraphs: [['Texte du desk']] });
  });

  it('paragraphs: an empty line parts them, a line break stays within one, blank lines and spaces around go', () => {
    expect(paragraphsOf('Un\n\nDeux\r\ntrois\n \n\n\n  Quatre  \n')).toEqual([['Un'], ['Deux', 'trois'], ['Quatre']]);
    expect(paragraphsOf('')).toEqual([]);
    expect(paragraphsOf(' \n\n ')).toEqual([]);
  });

  it('{n} becomes the season, wherever and however often it is', () => {
    expect(withSeason('Saison {n} : {n} voix', 12)).toBe('Saison 12 : 12 voix');
    expect(withSeason('{N} et {season} restent', 3)).toBe('{N} et {season} restent');
  });
});

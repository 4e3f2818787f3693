/**
 * The dossiers' content service (ADR 041) on a store in memory: twins.
 * `translationOf` pairs a dossier with its other language's, a new pairing
 * takes the place of the twin's former one (a dossier has one twin), an
 * absent `translationOf` keeps the pair and `null` ends it; a twin of the
 * same language is refused by its field; a change of pairing records both
 * languages' pages in the change feed; a cover must be a known picture.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../src/server/db/index.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { dossierInputSchema, findStoredDossier, saveDossier } from '../../src/server/newsroom/dossiers.ts';

let db: DB;
const text = (p: { code: string }) => p.code;

async function save(lang: Locale, id: number | null, input: Record<string, unknown>) {
  const r = await saveDossier(db, id, lang, dossierInputSchema.parse(input), { text });
  return r;
}
async function make(lang: Locale, title: string, input: Record<string, unknown> = {}): Promise<number> {
  const r = await save(lang, null, { title, ...input });
  if (r.kind !== 'saved') throw new Error(`not made: ${JSON.stringify(r)}`);
  return r.dossier.id;
}
const twinOf = async (id: number) => (await findStoredDossier(db, id))!.translationOf;
const lastPaths = async (): Promise<string[]> => JSON.parse((await db.selectFrom('content_changes').select('paths').orderBy('id', 'desc').executeTakeFirstOrThrow()).paths) as string[];

beforeAll(async () => {
  ({ db } = await openStore({ dataDir: ':memory:' }));
});

describe('dossier twins', () => {
  it('pairs a new dossier with its twin, both ways, and records both languages’ pages', async () => {
    const fr = await make('fr', 'La CAN au Maroc');
    const ar = await make('ar', 'كأس إفريقيا بالمغرب', { translationOf: fr });
    expect(await twinOf(ar)).toBe(fr);
    expect(await twinOf(fr)).toBe(ar);
    const paths = await lastPaths();
    expect(paths).toContain('/ar/sitemap.xml');
    expect(paths).toContain('/fr/sitemap.xml');
  });

  it('a new pairing takes the place of the former twin; absent keeps the pair; null ends it', async () => {
    const fr = await make('fr', 'Le Mondial 2030');
    const ar1 = await make('ar', 'مونديال 2030', { translationOf: fr });
    const ar2 = await make('ar', 'كأس العالم 2030');
    const r = await save('ar', ar2, { title: 'كأس العالم 2030', translationOf: fr });
    expect(r.kind).toBe('saved');
    expect(await twinOf(fr)).toBe(ar2);
    expect(await twinOf(ar1)).toBeNull();
    expect(await twinOf(ar2)).toBe(fr);
    // A save that does not name it keeps the pair, and records only its language's pages.
    await save('fr', fr, { title: 'Le Mondial 2030 au Maroc' });
    expect(await twinOf(fr)).toBe(ar2);
    expect(await lastPaths()).not.toContain('/ar/sitemap.xml');
    // null: unpaired, both languages' pages recorded.
    await save('fr', fr, { title: 'Le Mondial 2030 au Maroc', translationOf: null });
    expect(await twinOf(fr)).toBeNull();
    expect(await twinOf(ar2)).toBeNull();
    expect(await lastPaths()).toContain('/ar/sitemap.xml');
  });

  it('refuses a twin of its own language, an unknown twin and an unknown cover by their fields, changing nothing', async () => {
    const fr = await make('fr', 'Marrakech, ville rouge');
    const other = await make('fr', 'Fès, ville impériale');
    const before = await findStoredDossier(db, fr);
    expect(await save('fr', fr, { title: 'Autre titre', translationOf: other })).toEqual({ kind: 'invalid', errors: { translationOf: ['unknown'] } });
    expect(await save('fr', fr, { title: 'Autre titre', translationOf: 999_999 })).toEqual({ kind: 'invalid', errors: { translationOf: ['unknown'] } });
    expect(await save('fr', fr, { title: 'Autre titre', coverImageId: 999_999 })).toEqual({ kind: 'invalid', errors: { coverImageId: ['unknown'] } });
    expect(await findStoredDossier(db, fr)).toEqual(before);
  });
});

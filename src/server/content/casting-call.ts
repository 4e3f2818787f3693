/**
 * The Starlight casting call of /casting and /castings (docs/desk.md
 * "Starlight"): per language, a title and three plain texts (the call, how
 * the auditions go, the dates and places), written in the desk and kept in
 * `casting_calls` (migration 041). `{n}` in any of them stands for the
 * number of the season the call is for, so the text follows when the next
 * season opens. A language with nothing stored shows the message
 * catalogue's call, which is also what the migration stored first.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';
import { SEASON_TOKEN } from '../../lib/desk-starlight.ts';

interface CastingCallText {
  title: string;
  /** Plain texts; an empty line parts two paragraphs. */
  intro: string;
  steps: string;
  dates: string;
}

/** The message catalogue's call, with `{n}` for the season. */
export function catalogueCastingCall(locale: Locale): CastingCallText {
  const o = { locale };
  return {
    title: m.casting_call_title({ season: m.replay_season({ n: SEASON_TOKEN }, o) }, o),
    intro: m.casting_call_intro({ n: SEASON_TOKEN }, o),
    steps: m.casting_call_steps({}, o),
    dates: m.casting_call_dates({}, o),
  };
}

type Db = Kysely<Database> | Transaction<Database>;

/** The call stored for a language, with its last change in the desk (null: as the migration stored it), or null. */
export async function storedCastingCall(db: Db, locale: Locale): Promise<(CastingCallText & { updatedAt: string | null }) | null> {
  const row = await db.selectFrom('casting_calls').selectAll().where('lang', '=', locale).executeTakeFirst();
  return row ? { title: row.title, intro: row.intro, steps: row.steps, dates: row.dates, updatedAt: row.updated_at } : null;
}

/** The call a page shows: the stored one, else the catalogue's. */
export async function castingCallText(db: Db, locale: Locale): Promise<CastingCallText> {
  const stored = await storedCastingCall(db, locale);
  return stored ? { title: stored.title, intro: stored.intro, steps: stored.steps, dates: stored.dates } : catalogueCastingCall(locale);
}

/** A plain text as paragraphs (parted by an empty line) of lines, blank ones left out. */
export function paragraphsOf(text: string): string[][] {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((p) =>
      p
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);
}

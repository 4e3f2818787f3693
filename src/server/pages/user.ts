/**
 * /user/u/{id} (route 'user-u-id'): a member's public page. Only what a
 * member shows to everyone: the first name and the month they joined; never
 * the e-mail or any other private field.
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../lib/paths.ts';

export interface MemberPage {
  id: number;
  firstName: string;
  /** ISO instant of the account's creation. */
  memberSince: string;
}

/** The first word of a display name ("Salma Bennani" → "Salma"). */
const firstNameOf = (name: string): string => name.trim().split(/\s+/u)[0] ?? '';

export async function loadMemberPage(db: DB, _locale: Locale, params: { id: number }): Promise<MemberPage | null> {
  const row = await db.selectFrom('users').select(['id', 'name', 'created_at']).where('id', '=', params.id).executeTakeFirst();
  if (!row) return null;
  return { id: row.id, firstName: firstNameOf(row.name), memberSince: row.created_at };
}

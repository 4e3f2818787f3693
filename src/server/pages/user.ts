/**
 * /user/u/{memberId} (route 'user-u-id'): a member's public page. Reached
 * by the account's opaque member id (never the sequential id), and only
 * when the member chose to show it (`profile_public`, off by default: ADR
 * 029); otherwise it does not exist (404). Only what a member shows to
 * everyone: the first name and the month they joined; never the e-mail or
 * any other private field.
 */
import type { DB } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';

export interface MemberPage {
  /** The opaque member id of the page's address. */
  memberId: string;
  firstName: string;
  /** ISO instant of the account's creation. */
  memberSince: string;
}

/** A member id as the store makes them (24 hex or 16 base64url characters); anything else is no page. */
const MEMBER_ID_PATTERN = /^[A-Za-z0-9_-]{16,32}$/;

/** The first word of a display name ("Salma Bennani" → "Salma"). */
const firstNameOf = (name: string): string => name.trim().split(/\s+/u)[0] ?? '';

export async function loadMemberPage(db: DB, _locale: Locale, params: { memberId: string }): Promise<MemberPage | null> {
  if (!MEMBER_ID_PATTERN.test(params.memberId)) return null;
  const row = await db
    .selectFrom('users')
    .select(['member_id', 'name', 'created_at'])
    .where('member_id', '=', params.memberId)
    .where('profile_public', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  return { memberId: row.member_id, firstName: firstNameOf(row.name), memberSince: row.created_at };
}

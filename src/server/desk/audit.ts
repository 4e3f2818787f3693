/**
 * The desk's audit log (docs/desk.md "Audit"): every action (sign-ins,
 * failed ones too, invitations, role changes, saves, publications,
 * withdrawals, uploads, token changes…) with who did it, what, on which
 * item, what it was before and after (versions, state, role: small JSON),
 * from which address, and when. Admins read it in the desk, newest first,
 * filtered by person, action or item.
 */
import type { DB } from '../db/index.ts';
import type { Row } from '../db/schema.ts';
import type { AuditRecord } from '../../lib/desk-story.ts';

type Trx = Pick<DB, 'insertInto'>;

export interface DeskAuditEntry {
  /** The person (null: the CLI or an unknown e-mail). */
  user: Pick<Row<'desk_users'>, 'id' | 'name' | 'email'> | null;
  /** When there is no person: `cli:<os user>`, or the e-mail typed at a failed sign-in. */
  actor?: string;
  action: string;
  itemType?: string | null;
  itemId?: string | number | null;
  summary?: string | null;
  before?: unknown;
  after?: unknown;
  address?: string | null;
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v).slice(0, 4000));

export async function deskAudit(db: Trx, entry: DeskAuditEntry, now = new Date()): Promise<void> {
  await db
    .insertInto('desk_audit')
    .values({
      user_id: entry.user?.id ?? null,
      actor: entry.user ? `${entry.user.name} <${entry.user.email}>` : (entry.actor ?? 'unknown'),
      action: entry.action,
      item_type: entry.itemType ?? null,
      item_id: entry.itemId === undefined || entry.itemId === null ? null : String(entry.itemId),
      summary: entry.summary ? entry.summary.slice(0, 300) : null,
      before_json: json(entry.before),
      after_json: json(entry.after),
      address: entry.address ?? null,
      created_at: now.toISOString(),
    })
    .execute();
}

const parse = (s: string | null): unknown => (s === null ? null : (JSON.parse(s) as unknown));

/** A page of the log, newest first (keyset: `before` is the last id seen). */
export async function readAudit(
  db: DB,
  filter: { userId?: number; action?: string; itemType?: string; itemId?: string; before?: number },
  limit = 50,
): Promise<{ items: AuditRecord[]; next: number | null }> {
  let q = db.selectFrom('desk_audit').selectAll();
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
  if (filter.action) q = q.where('action', '=', filter.action);
  if (filter.itemType) q = q.where('item_type', '=', filter.itemType);
  if (filter.itemId) q = q.where('item_id', '=', filter.itemId);
  if (filter.before !== undefined) q = q.where('id', '<', filter.before);
  const rows = await q.orderBy('id', 'desc').limit(limit + 1).execute();
  const items = rows.slice(0, limit).map((r) => ({
    id: r.id,
    at: r.created_at,
    userId: r.user_id,
    actor: r.actor,
    action: r.action,
    itemType: r.item_type,
    itemId: r.item_id,
    summary: r.summary,
    before: parse(r.before_json),
    after: parse(r.after_json),
    address: r.address,
  }));
  return { items, next: rows.length > limit ? items.at(-1)!.id : null };
}

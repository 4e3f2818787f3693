/**
 * Sends a mail and records its delivery in `mail_deliveries`: a row is
 * written as `pending` before the attempt and updated to `sent` (with the
 * message id and, for the outbox, the file name) or `failed` (with the
 * error). Never throws: a mail failure must not lose or fail the
 * submission that caused it; it is logged and kept for an operator.
 */
import type { DB } from '../db/index.ts';
import type { Mailer, OutgoingMail } from './transport.ts';

export interface DeliveryRef {
  table: string;
  id: number;
}

export interface DeliveryOutcome {
  id: number | null;
  status: 'sent' | 'failed';
  error?: string;
  location?: string;
}

function recipientOf(mail: OutgoingMail): string {
  return typeof mail.to === 'string' ? mail.to : mail.to.address;
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

export async function deliver(db: DB, mailer: Mailer, mail: OutgoingMail, ref?: DeliveryRef): Promise<DeliveryOutcome> {
  let id: number | null = null;
  try {
    const row = await db
      .insertInto('mail_deliveries')
      .values({
        kind: mail.kind,
        ref_table: ref?.table ?? null,
        ref_id: ref?.id ?? null,
        recipient: recipientOf(mail),
        subject: mail.subject,
        transport: mailer.kind,
        status: 'pending',
      })
      .returning('id')
      .executeTakeFirst();
    id = row ? Number(row.id) : null;
  } catch (error) {
    // Without the record the mail is still worth sending.
    console.error(`[mail] could not record the ${mail.kind} mail before sending`, error);
  }

  let outcome: DeliveryOutcome;
  try {
    const sent = await mailer.send(mail);
    outcome = { id, status: 'sent', ...(sent.location ? { location: sent.location } : {}) };
    await record(db, id, { status: 'sent', message_id: sent.messageId || null, location: sent.location ?? null });
  } catch (error) {
    outcome = { id, status: 'failed', error: describe(error) };
    console.error(`[mail] ${mail.kind} mail to ${recipientOf(mail)} failed (delivery #${id ?? '?'}): ${outcome.error}`);
    await record(db, id, { status: 'failed', error: outcome.error ?? null });
  }
  return outcome;
}

async function record(
  db: DB,
  id: number | null,
  values: { status: 'sent' | 'failed'; error?: string | null; message_id?: string | null; location?: string | null },
): Promise<void> {
  if (id === null) return;
  try {
    await db
      .updateTable('mail_deliveries')
      .set({ ...values, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  } catch (error) {
    console.error(`[mail] could not record the state of delivery #${id}`, error);
  }
}

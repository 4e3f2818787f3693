/**
 * The house ad server's report (`npm run ads:report`, ADR 030): per banner
 * and event, the events counted (`ad_banner_events`) and those refused
 * (`ad_event_refusals`, by reason) since a day.
 */
import type { DB } from '../db/index.ts';
import type { RefusalReason } from './event-tokens.ts';

export interface BannerReportRow {
  bannerId: number;
  name: string;
  event: string;
  counted: number;
  refused: Partial<Record<RefusalReason, number>>;
}

export async function bannerReport(db: DB, sinceDay: string): Promise<BannerReportRow[]> {
  const counted = await db
    .selectFrom('ad_banner_events')
    .select(['banner_id', 'event', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('created_at', '>=', `${sinceDay}T00:00:00.000Z`)
    .groupBy(['banner_id', 'event'])
    .execute();
  const refused = await db
    .selectFrom('ad_event_refusals')
    .select(['banner_id', 'event', 'reason', (eb) => eb.fn.sum<number | string>('count').as('n')])
    .where('day', '>=', sinceDay)
    .groupBy(['banner_id', 'event', 'reason'])
    .execute();
  const names = new Map((await db.selectFrom('ad_banners').select(['id', 'name']).execute()).map((b) => [b.id, b.name]));
  const rows = new Map<string, BannerReportRow>();
  const row = (bannerId: number, event: string): BannerReportRow => {
    const key = `${bannerId}|${event}`;
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { bannerId, name: names.get(bannerId) ?? '?', event, counted: 0, refused: {} }));
    return r;
  };
  for (const c of counted) row(c.banner_id, c.event).counted = Number(c.n);
  for (const f of refused) {
    const r = row(f.banner_id, f.event);
    r.refused[f.reason] = (r.refused[f.reason] ?? 0) + Number(f.n);
  }
  return [...rows.values()].sort((a, b) => a.bannerId - b.bannerId || a.event.localeCompare(b.event));
}

/** The report as a text table. */
export function formatBannerReport(rows: readonly BannerReportRow[]): string {
  const reasons: RefusalReason[] = ['forged', 'expired', 'repeat', 'rate', 'bot'];
  const head = ['banner', 'name', 'event', 'counted', 'refused', ...reasons];
  const lines = rows.map((r) => {
    const refusedTotal = reasons.reduce((sum, reason) => sum + (r.refused[reason] ?? 0), 0);
    return [String(r.bannerId), r.name, r.event, String(r.counted), String(refusedTotal), ...reasons.map((reason) => String(r.refused[reason] ?? 0))];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  return [head, ...lines].map((l) => l.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

/**
 * The house ad server's display report (ADR 030): per banner and event,
 * the events counted and those refused (forged or expired token, a repeat
 * of the same impression, an address over its limit, a bot), since a day.
 *
 *   npm run ads:report [-- --days 7]
 */
import { parseArgs } from 'node:util';
import { getStore } from '../src/server/db/index.ts';
import { bannerReport, formatBannerReport } from '../src/server/ads/report.ts';

const { values } = parseArgs({ options: { days: { type: 'string', default: '7' } } });
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1) {
  console.error('--days must be a whole number of days (1 or more)');
  process.exit(2);
}
const since = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
const { db } = await getStore();
try {
  console.log(`Display ads since ${since} (UTC):`);
  console.log(formatBannerReport(await bannerReport(db, since)));
} finally {
  await db.destroy();
}

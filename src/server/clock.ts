/**
 * The server's clock for what a page shows at a time of day (the TV guide's
 * broadcast day and night, the live page's programme on air, the schedule
 * banner's date): the real clock, or, for tests only, the time a request
 * names in its `x-test-clock` header (an ISO 8601 instant), when the server
 * runs with TEST_CLOCK_HEADER=true (scripts/test-server.ts sets it; never in
 * production). A browser test sets the page's clock (Playwright's
 * `page.clock`) and the server's to the same instant, e.g. 02:00 in
 * Casablanca, whatever the hour of the run.
 *
 * Such a request is rendered for itself: the front server neither answers it
 * from a pre-built page or its page cache nor keeps its answer
 * (src/server/delivery/prebuilt.ts, on-demand.ts), and its answer says `no-store`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingHttpHeaders } from 'node:http';
import { getConfig } from './config.ts';

const TEST_CLOCK_HEADER = 'x-test-clock';

const requestClock = new AsyncLocalStorage<number>();

/** Now: the request's test clock when one is set, else the real time. */
export function siteNow(): Date {
  const at = requestClock.getStore();
  return new Date(at ?? Date.now());
}

/** The instant a request's test clock names, or null (no header, the feature off, or not an instant). */
function testClockOf(value: string | string[] | null | undefined): number | null {
  if (typeof value !== 'string' || value.length > 40 || !getConfig().TEST_CLOCK_HEADER) return null;
  const t = Date.parse(value);
  return Number.isFinite(t) ? t : null;
}

/** Whether the front server must render this request for itself (a test clock is set). */
export function hasTestClock(headers: IncomingHttpHeaders): boolean {
  return testClockOf(headers[TEST_CLOCK_HEADER]) !== null;
}

/** Runs `render` with the request's test clock, if any; its answer is then never stored. */
export async function withRequestClock(request: Request, render: () => Promise<Response>): Promise<Response> {
  const at = testClockOf(request.headers.get(TEST_CLOCK_HEADER));
  if (at === null) return render();
  const response = await requestClock.run(at, render);
  response.headers.set('cache-control', 'no-store');
  return response;
}

/**
 * Runs a browser task once the page is idle: `requestIdleCallback` (within
 * `timeout` ms when given), else after `fallbackMs` where the browser has
 * no such call.
 */
export function whenIdle(task: () => void, { timeout, fallbackMs = 200 }: { timeout?: number; fallbackMs?: number } = {}): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), timeout === undefined ? undefined : { timeout });
  else setTimeout(task, fallbackMs);
}

/**
 * Runs a browser task once the page is idle: `requestIdleCallback` (within
 * `timeout` ms when given), else after `fallbackMs` where the browser has
 * no such call.
 */
export function whenIdle(task: () => void, { timeout, fallbackMs = 200 }: { timeout?: number; fallbackMs?: number } = {}): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), timeout === undefined ? undefined : { timeout });
  else setTimeout(task, fallbackMs);
}

/**
 * Runs a browser task just after the next frame is drawn: a script that
 * reads the layout (sizes, positions) at load would otherwise make the
 * browser lay the whole page out inside the script's own task, one long
 * task where the frame's layout and the read can be two short ones
 * (ADR 014). A hidden tab draws no frame: the task waits until it shows.
 */
export function afterNextFrame(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}

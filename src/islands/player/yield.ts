/**
 * Ends the current task and goes on in a new one (scheduler.yield where the
 * browser has it, else a zero timeout). A dynamic import's continuation runs
 * in the task that evaluated the module: without a yield, evaluating a large
 * chunk and then using it (rendering the player, starting hls.js) made one
 * long task of both (ADR 014: the live page never blocks).
 */
export function yieldToMain(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

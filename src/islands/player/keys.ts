/**
 * Seek keys (docs/product.md, Limits: forward 30 s, back 10 s).
 *
 * The player is an LTR box in both languages (its timeline runs left to
 * right, as on every video site, Arabic ones included), so the arrows follow
 * the timeline whatever the page direction: ArrowRight (or L) goes forward
 * 30 s, ArrowLeft (or J) goes back 10 s. Plyr's own ±10 s on the arrows and
 * its loop toggle on L are replaced.
 */
export const SEEK_FORWARD_S = 30;
export const SEEK_BACK_S = 10;

/** Seconds to move for a key (positive: forward), or null when the key is not a seek key. */
export function seekForKey(key: string): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'l':
    case 'L':
      return SEEK_FORWARD_S;
    case 'ArrowLeft':
    case 'j':
    case 'J':
      return -SEEK_BACK_S;
    default:
      return null;
  }
}

/** New time after a seek, kept inside [0, duration] (duration may be unknown: NaN or Infinity). */
export function seekTarget(current: number, delta: number, duration: number): number {
  const target = Math.max(0, current + delta);
  return Number.isFinite(duration) && duration > 0 ? Math.min(target, Math.max(0, duration - 0.25)) : target;
}

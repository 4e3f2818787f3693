/**
 * The quality menu of an HLS stream played by hls.js: plyr's `quality`
 * option lists heights, and 0 stands for "Auto" (hls.js picks the level).
 */

/** plyr's value for automatic level selection. */
export const AUTO_QUALITY = 0;

export interface LevelLike {
  height: number;
  bitrate: number;
}

/** [0 (Auto), then each distinct height, highest first]; [] when there is nothing to choose. */
export function qualityOptions(levels: readonly LevelLike[]): number[] {
  const heights = [...new Set(levels.map((l) => Math.round(l.height)).filter((h) => Number.isFinite(h) && h > 0))];
  heights.sort((a, b) => b - a);
  return heights.length > 1 ? [AUTO_QUALITY, ...heights] : [];
}

/** hls.js level index for a menu value: -1 for Auto, else the best bitrate of that height (-1 if none). */
export function levelForQuality(levels: readonly LevelLike[], quality: number): number {
  if (quality === AUTO_QUALITY) return -1;
  let best = -1;
  levels.forEach((level, index) => {
    if (Math.round(level.height) !== quality) return;
    const current = best >= 0 ? levels[best] : undefined;
    if (!current || level.bitrate > current.bitrate) best = index;
  });
  return best;
}

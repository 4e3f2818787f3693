/** Choosing a playable linear creative and media file from a parsed VAST response. */
import type { ChosenAd, VastAd, VastLinearCreative, VastMediaFile } from './types.ts';

/** Types we can play in a plain <video> element, best first. */
const PLAYABLE_TYPES = ['video/mp4', 'video/webm'];

/**
 * The media file to play: progressive MP4 (else WebM) that the browser says
 * it can play, not an interactive (VPAID) unit; among those, the one whose
 * width is closest to the player's, then the lowest bitrate.
 */
export function pickMediaFile(
  files: readonly VastMediaFile[],
  canPlay: (mime: string) => boolean,
  playerWidth: number,
): (VastMediaFile & { fileURL: string }) | null {
  const usable = files.filter(
    (f): f is VastMediaFile & { fileURL: string } =>
      typeof f.fileURL === 'string' &&
      /^https?:\/\//.test(f.fileURL) &&
      !f.apiFramework &&
      (!f.deliveryType || f.deliveryType === 'progressive') &&
      PLAYABLE_TYPES.includes((f.mimeType ?? '').toLowerCase()) &&
      canPlay((f.mimeType ?? '').toLowerCase()),
  );
  const rank = (f: VastMediaFile) => PLAYABLE_TYPES.indexOf((f.mimeType ?? '').toLowerCase());
  usable.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      Math.abs((a.width || playerWidth) - playerWidth) - Math.abs((b.width || playerWidth) - playerWidth) ||
      (a.bitrate || 0) - (b.bitrate || 0),
  );
  return usable[0] ?? null;
}

/** The first ad of the response with a linear creative we can play, or null. */
export function chooseAd(
  ads: readonly VastAd[],
  canPlay: (mime: string) => boolean,
  playerWidth: number,
): ChosenAd | null {
  for (const ad of ads) {
    for (const c of ad.creatives) {
      if (c.type !== 'linear') continue;
      const creative = c as VastLinearCreative;
      const media = pickMediaFile(creative.mediaFiles ?? [], canPlay, playerWidth);
      if (media) return { ad, creative, media };
    }
  }
  return null;
}

/** The click-through URL of a linear creative (http(s) only), or null. */
export function clickThroughUrl(creative: VastLinearCreative): string | null {
  const t = creative.videoClickThroughURLTemplate;
  const url = typeof t === 'string' ? t : t?.url;
  return url && /^https?:\/\//.test(url.trim()) ? url.trim() : null;
}

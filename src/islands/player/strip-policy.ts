/**
 * When a stream starts unasked (ADR 014). Never where its bytes would cost
 * the visitor more than they asked for (`streamCostsTooMuch`):
 *  - on a phone: a touch-first device (coarse pointer, no hover: phones
 *    and tablets, usually on a metered network), a narrow screen (≤ 768 px)
 *    or, for the strip, a narrow viewport (where it shares the first screen
 *    with the page's own content);
 *  - with data-saver on (`navigator.connection.saveData`, the browser's
 *    `Save-Data` request header);
 *  - on a slow connection (`effectiveType` slow-2g, 2g or 3g).
 * There, a video page's player (player-boot.ts: the live page, a replay,
 * the embed) shows its poster with a play button and loads its code only
 * when pressed.
 *
 * The live strip stands still in more places: also under
 * `prefers-reduced-motion` (video moving on its own, beside the page's own
 * content) and on any page but the home page (ADR 036): beside an article,
 * a guide or a replay the moving picture competes with what the visitor
 * came for (the live page has its own player and no strip). It then shows
 * the channel's poster and its play button. Elsewhere (the home page on a
 * desktop on a fast connection) it may play on its own, muted, at the
 * stream's lowest rendition (LiveStrip.island.tsx). Once the visitor starts
 * it, it plays on across pages.
 */

/** A phone: narrow, or touch-first (a coarse primary pointer that cannot hover). */
const TOUCH_FIRST_QUERY = '(pointer: coarse) and (hover: none)';
/** At most this wide (px), a viewport or a screen is a phone's. */
const PHONE_MAX_WIDTH = 768;
export const STRIP_PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px), ${TOUCH_FIRST_QUERY}`;

export interface StripConditions {
  /** STRIP_PHONE_QUERY matches. */
  phone: boolean;
  /** navigator.connection.saveData. */
  saveData: boolean;
  /** navigator.connection.effectiveType ('slow-2g', '2g', '3g', '4g'), when the browser tells. */
  effectiveType?: string | undefined;
  /** prefers-reduced-motion: reduce. */
  reducedMotion: boolean;
  /** The page is the home page (/ar, /fr): isHomePath. */
  homePage: boolean;
}

/** The home page of either language, the only page where the strip starts on its own. */
export function isHomePath(pathname: string): boolean {
  return /^\/(?:ar|fr)\/?$/.test(pathname);
}

/** Connections on which a live stream is too dear to start unasked. */
const SLOW = new Set(['slow-2g', '2g', '3g']);

/** True where a stream started unasked would cost the visitor more than they asked for: a phone, data-saver, a slow connection. */
export function streamCostsTooMuch(c: Pick<StripConditions, 'phone' | 'saveData' | 'effectiveType'>): boolean {
  return c.phone || c.saveData || SLOW.has(c.effectiveType ?? '');
}

/** True: the strip shows its poster and streams only when asked (its button, a play-video event). */
export function stripStandsStill(c: StripConditions): boolean {
  return !c.homePage || streamCostsTooMuch(c) || c.reducedMotion;
}

/**
 * The conditions of `streamCostsTooMuch` in this browser now, for a video
 * page's player. A phone here is the device, whatever the size of the
 * window or of the frame the player is in (the embed, framed 560 px wide on
 * a desktop): a touch-first device, or a screen at most 768 px wide.
 */
export function browserCosts(): Pick<StripConditions, 'phone' | 'saveData' | 'effectiveType'> {
  const connection = networkInformation();
  const phone = matchMedia(TOUCH_FIRST_QUERY).matches || screen.width <= PHONE_MAX_WIDTH;
  return { phone, saveData: Boolean(connection?.saveData), effectiveType: connection?.effectiveType };
}

interface NetworkInformationLike extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

/** navigator.connection where the browser has it (Chromium); undefined elsewhere. */
export function networkInformation(): NetworkInformationLike | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

/** Index of the lowest-bitrate level of an HLS stream (0 when none is known). */
export function lowestLevel(levels: readonly { bitrate: number }[]): number {
  let best = 0;
  levels.forEach((level, i) => {
    if (level.bitrate < (levels[best]?.bitrate ?? Infinity)) best = i;
  });
  return best;
}

/** Plyr options for the site's player (labels, controls, seek steps, quality menu). */
import type { PlyrOptions } from 'plyr-react';
import type { Locale } from '../../i18n/locales.ts';
import { plyrLabels } from './labels.ts';
import { SEEK_BACK_S, SEEK_FORWARD_S } from './keys.ts';
import { AUTO_QUALITY } from './quality.ts';
// plyr's package exports do not list its sprite: the file itself, by path.
import spriteUrl from '../../../node_modules/plyr/dist/plyr.svg?url';

export interface OptionParams {
  locale: Locale;
  live: boolean;
  title: string;
  /** plyr quality values (0 = Auto, then heights); [] for no quality menu. */
  quality: number[];
  onQuality: (value: number) => void;
  /** Moves by `delta` seconds (the seek buttons: -10 and +30). */
  seek: (delta: number) => void;
}

export function plyrOptions(p: OptionParams): PlyrOptions {
  const controls = p.live
    ? ['play-large', 'play', 'mute', 'volume', 'captions', 'settings', 'pip', 'airplay', 'fullscreen']
    : ['play-large', 'rewind', 'play', 'fast-forward', 'progress', 'current-time', 'duration', 'mute', 'volume', 'captions', 'settings', 'pip', 'airplay', 'fullscreen'];
  // `title` (used in plyr's button labels) is missing from plyr's type declarations.
  const options: PlyrOptions & { title?: string } = {
    title: p.title,
    controls,
    settings: p.live ? ['captions', 'quality'] : ['captions', 'quality', 'speed'],
    i18n: plyrLabels(p.locale),
    // Our own copy of plyr's icon sprite (never the CDN default).
    iconUrl: spriteUrl,
    loadSprite: true,
    // Plyr points a destroyed <video> at this file to cancel its downloads; no third-party request.
    blankVideo: 'about:blank',
    seekTime: SEEK_BACK_S,
    keyboard: { focused: true, global: false },
    tooltips: { controls: true, seek: true },
    // Volume and captions choices are not kept between pages by plyr (the autoplay rule decides muting).
    storage: { enabled: false },
    captions: { active: false, language: p.locale, update: false },
    fullscreen: { enabled: true, fallback: true, iosNative: true },
    ratio: '16:9',
    invertTime: false,
    autoplay: false,
    listeners: {
      rewind: () => {
        p.seek(-SEEK_BACK_S);
        return false;
      },
      fastForward: () => {
        p.seek(SEEK_FORWARD_S);
        return false;
      },
    },
  };
  if (p.quality.length > 0) {
    options.quality = { default: AUTO_QUALITY, options: p.quality, forced: true, onChange: p.onQuality };
  }
  return options;
}

/**
 * Plyr's labels (its `i18n` option) in the visitor's language, from the
 * Paraglide messages (ADR 006). Plyr fills {currentTime}, {duration}
 * and {title} itself: those placeholders are passed through unchanged. The
 * seek buttons carry their real steps (back 10 s, forward 30 s).
 */
import type { Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';
import { SEEK_BACK_S, SEEK_FORWARD_S } from './keys.ts';
import { AUTO_QUALITY } from './quality.ts';

/** Every key of plyr 3.8's default `i18n` (node_modules/plyr/src/js/config/defaults.js). */
export interface PlyrLabels {
  restart: string;
  rewind: string;
  play: string;
  pause: string;
  fastForward: string;
  seek: string;
  seekLabel: string;
  played: string;
  buffered: string;
  currentTime: string;
  duration: string;
  volume: string;
  mute: string;
  unmute: string;
  enableCaptions: string;
  disableCaptions: string;
  download: string;
  enterFullscreen: string;
  exitFullscreen: string;
  frameTitle: string;
  captions: string;
  settings: string;
  pip: string;
  menuBack: string;
  speed: string;
  normal: string;
  quality: string;
  loop: string;
  start: string;
  end: string;
  all: string;
  reset: string;
  disabled: string;
  enabled: string;
  advertisement: string;
  qualityBadge: Record<number, string>;
  qualityLabel: Record<number, string>;
}

export function plyrLabels(locale: Locale): PlyrLabels {
  const o = { locale };
  return {
    restart: m.player_restart({}, o),
    rewind: m.player_rewind({ seconds: SEEK_BACK_S }, o),
    play: m.player_play({}, o),
    pause: m.player_pause({}, o),
    fastForward: m.player_fast_forward({ seconds: SEEK_FORWARD_S }, o),
    seek: m.player_seek({}, o),
    seekLabel: m.player_seek_label({ currentTime: '{currentTime}', duration: '{duration}' }, o),
    played: m.player_played({}, o),
    buffered: m.player_buffered({}, o),
    currentTime: m.player_current_time({}, o),
    duration: m.player_duration({}, o),
    volume: m.player_volume({}, o),
    mute: m.player_mute({}, o),
    unmute: m.player_unmute({}, o),
    enableCaptions: m.player_enable_captions({}, o),
    disableCaptions: m.player_disable_captions({}, o),
    download: m.player_download({}, o),
    enterFullscreen: m.player_enter_fullscreen({}, o),
    exitFullscreen: m.player_exit_fullscreen({}, o),
    frameTitle: m.player_frame_title({ title: '{title}' }, o),
    captions: m.player_captions({}, o),
    settings: m.player_settings({}, o),
    pip: m.player_pip({}, o),
    menuBack: m.player_menu_back({}, o),
    speed: m.player_speed({}, o),
    normal: m.player_normal({}, o),
    quality: m.player_quality({}, o),
    loop: m.player_loop({}, o),
    start: m.player_start({}, o),
    end: m.player_end({}, o),
    all: m.player_all({}, o),
    reset: m.player_reset({}, o),
    disabled: m.player_disabled({}, o),
    enabled: m.player_enabled({}, o),
    advertisement: m.player_advertisement({}, o),
    // Technical marks, the same in Arabic and French interfaces.
    qualityBadge: { 2160: '4K', 1440: 'HD', 1080: 'HD', 720: 'HD', 576: 'SD', 480: 'SD' },
    qualityLabel: { [AUTO_QUALITY]: m.player_quality_auto({}, o) },
  };
}

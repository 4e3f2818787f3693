/**
 * The live strip of the navigation bar (docs/product.md, Header, Limits): the live channel,
 * 104 px high, muted, playing on its own, a link to the live page.
 *
 * Light on purpose (it is on every page): a plain <video>, hls.js (light
 * build, its transmuxer in a worker) fetched on demand where Media Source
 * Extensions exist, capped at the stream's lowest rendition, else native
 * HLS (iPhone); no plyr. No video byte goes unasked on a phone, with
 * data-saver or on a slow connection (player/strip-policy.ts, ADR 014).
 * Mounted with `client:idle` inside the navigation bar's `transition:persist` slot, so the same <video> keeps playing across client
 * navigations; it follows them itself (language of its labels, where it
 * shows: src/islands/player/strip-rules.ts):
 *  - never on the live page (its own player plays the channel);
 *  - hidden at 768 px or narrower on the replay-news and replay-by2m-id routes;
 *  - paused while another player plays (stop-video), while hidden, off
 *    screen or in a background tab; still (the channel's poster, the link
 *    and the play button, no stream) on a phone, on data-saver or a slow
 *    connection and under prefers-reduced-motion, until its button or a
 *    play-video event for the strip starts it;
 *  - a pause / play button beside the link (WCAG 2.2.2: video that starts
 *    on its own can be stopped); the visitor's choice holds for the visit
 *    (sessionStorage), a pause even over a play-video event, and playing it
 *    from there pauses any other player. The server draws the button
 *    disabled and it is enabled once hydrated (`client:idle` may hydrate
 *    seconds after the first paint on a busy phone): a tap before that
 *    would have been lost, leaving the strip still while it said "play".
 * It plays again, muted, once no other player is on the page. A stream
 * error hides it until a retry (30 s later, or at the next
 * navigation, or when the connection comes back) works. Offline, an error
 * is the network's, not the engine's: the strip keeps its engine and
 * tries again once the connection comes back, not before (strip-failure.ts).
 *
 * Its parts: where it is and whether it is seen (player/use-strip-visibility.ts),
 * whether it may play (player/use-strip-policy.ts), its stream
 * (player/use-strip-stream.ts); this file draws it.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '../stores/use-store.ts';
import type { Locale } from '../i18n/locales.ts';
import { route } from '../lib/routes.ts';
import * as m from '../paraglide/messages.js';
import { $activePlayer, $liveAddress, $liveChannel, LIVE_STRIP_ID, stopVideo } from '../stores/player.ts';
import { PlayPauseIcon } from './player/PlayPauseIcon.tsx';
import { stripShouldPlay, useStripPolicy } from './player/use-strip-policy.ts';
import { useStripFailure, useStripStream } from './player/use-strip-stream.ts';
import { useStripVisibility } from './player/use-strip-visibility.ts';
import './player/live-strip.css';

interface Props {
  /** The page's language at first render; later pages update it (the strip persists). */
  locale: Locale;
  /** The page's path at first render (where the strip shows: strip-rules.ts). */
  path?: string;
  /**
   * The live channel as the server knew it: the strip (poster, title, link)
   * is drawn from the first paint, so the bar does not grow when the live
   * address arrives; the stream itself starts once /api/getLiveSection
   * gave it. Null: the server did not know, nothing is drawn until then.
   */
  channel?: { title: string; poster: string | null } | null;
}

export default function LiveStrip({ locale: initialLocale, path: initialPath, channel: serverChannel = null }: Props) {
  const url = useStore($liveAddress);
  const channel = useStore($liveChannel) ?? serverChannel;
  const active = useStore($activePlayer);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  // The stream failed: the strip steps aside (the live page stays a click away
  // in the menus) and tries again later (player/strip-failure.ts).
  const failure = useStripFailure();
  const { locale, path, rule, hidden, onScreen, pageVisible } = useStripVisibility({ initialLocale, initialPath, failed: failure.failed !== null, linkRef, url });
  const { standStill, choice, choose } = useStripPolicy(path);
  // False in the server's HTML and the hydration render, true right after (the button's onClick works from then).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const shouldPlay = stripShouldPlay({ url, hidden, active, onScreen, pageVisible, choice, standStill });
  const { playing, videoEvents } = useStripStream(videoRef, url, shouldPlay, failure);

  // Nothing known of a live channel (the server did not say, the API has none yet): no strip.
  if (!url && !serverChannel) return null;
  const o = { locale };
  const toggle = () => {
    const next = playing ? 'pause' : 'play';
    choose(next);
    // Playing it makes it the page's one player: any other pauses (and it starts even on data-saver).
    if (next === 'play') stopVideo(LIVE_STRIP_ID);
  };
  return (
    <div className="live-strip" hidden={hidden} data-player-id={LIVE_STRIP_ID} data-rule={rule}>
      <a
        ref={linkRef}
        className="live-strip-link"
        href={route('live', locale)}
        // Named by its visible words (WCAG 2.5.3), then what the link does (hidden text): no aria-label that could differ from them.
        data-track="live"
      >
        <span className="live-strip-video" dir="ltr">
          <video
            ref={videoRef}
            muted
            playsInline
            preload="none"
            poster={channel?.poster ?? undefined}
            aria-hidden="true"
            tabIndex={-1}
            onPlaying={videoEvents.onPlaying}
            onPause={videoEvents.onPause}
            onError={videoEvents.onError}
          />
          <span className="live-strip-badge" aria-hidden="true">
            <span className="live-strip-dot" />
            {m.player_live({}, o)}
          </span>
        </span>
        <span className="live-strip-text">
          <strong>{m.live_strip_title({}, o)}</strong> {channel?.title && <span>{channel.title}</span>}
          <span className="sr-only">{m.live_strip_action({}, o)}</span>
        </span>
      </a>
      <button
        type="button"
        className="live-strip-toggle"
        aria-label={playing ? m.live_strip_pause({}, o) : m.live_strip_play({}, o)}
        title={playing ? m.live_strip_pause({}, o) : m.live_strip_play({}, o)}
        onClick={toggle}
        disabled={!hydrated}
      >
        <PlayPauseIcon playing={playing} />
      </button>
    </div>
  );
}

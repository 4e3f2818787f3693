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
 * is the network's, not the engine's: the strip keeps its engine.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '../stores/use-store.ts';
import type Hls from 'hls.js/light';
import type { Locale } from '../lib/paths.ts';
import { route } from '../lib/routes.ts';
import * as m from '../paraglide/messages.js';
import {
  $activePlayer,
  $liveAddress,
  $liveChannel,
  LIVE_STRIP_ID,
  PLAY_VIDEO,
  STOP_VIDEO,
  loadLiveAddress,
  onVideoEvent,
  stopVideo,
} from '../stores/player.ts';
import { chooseEngine, hlsBaseConfig, loadHls } from './player/engine.ts';
import { PlayPauseIcon } from './player/PlayPauseIcon.tsx';
import { STRIP_NARROW_QUERY, stripRule } from './player/strip-rules.ts';
import { STRIP_PHONE_QUERY, isHomePath, lowestLevel, networkInformation, stripStandsStill } from './player/strip-policy.ts';
import './player/live-strip.css';

/** After a stream error, the strip tries again after this long (or at the next navigation). */
const STRIP_RETRY_MS = 30_000;

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

const currentLocale = (fallback: Locale): Locale => {
  const lang = document.documentElement.lang;
  return lang === 'ar' || lang === 'fr' ? lang : fallback;
};

/** Data-saver on or a slow connection, kept current (navigator.connection's change event). */
function useCostlyConnection(): { saveData: boolean; effectiveType: string | undefined } {
  const read = () => {
    const c = networkInformation();
    return { saveData: Boolean(c?.saveData), effectiveType: c?.effectiveType };
  };
  const [state, setState] = useState(() => (typeof window === 'undefined' ? { saveData: false, effectiveType: undefined } : read()));
  useEffect(() => {
    const c = networkInformation();
    const update = () => setState(read());
    update();
    c?.addEventListener('change', update);
    return () => c?.removeEventListener('change', update);
  }, []);
  return state;
}

type Choice = 'play' | 'pause' | null;
const CHOICE_KEY = 'liveStrip';

/** What the visitor chose with the strip's button during this visit (sessionStorage). */
function storedChoice(): Choice {
  try {
    const v = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(CHOICE_KEY);
    return v === 'play' || v === 'pause' ? v : null;
  } catch {
    return null;
  }
}

function storeChoice(choice: Exclude<Choice, null>): void {
  try {
    sessionStorage.setItem(CHOICE_KEY, choice);
  } catch {
    /* storage refused: the choice lasts as long as the page */
  }
}

/**
 * A media query's answer, kept current. `fromFirstRender`: read it in the
 * first render already (only for answers that change no markup, else the
 * hydration would not match the server's HTML, which assumes false).
 */
function useMatchMedia(query: string, fromFirstRender = false): boolean {
  const [matches, setMatches] = useState(() => fromFirstRender && typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const update = () => setMatches(mq.matches);
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, [query]);
  return matches;
}

export default function LiveStrip({ locale: initialLocale, path: initialPath, channel: serverChannel = null }: Props) {
  const url = useStore($liveAddress);
  const channel = useStore($liveChannel) ?? serverChannel;
  const active = useStore($activePlayer);
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const [path, setPath] = useState<string | null>(initialPath ?? null);
  const [onScreen, setOnScreen] = useState(true);
  const [pageVisible, setPageVisible] = useState(true);
  // The stream failed: the strip steps aside (the live page stays a click away
  // in the menus) and tries again after a while or at the next navigation.
  const [failed, setFailed] = useState(false);
  const narrow = useMatchMedia(STRIP_NARROW_QUERY);
  // A phone, data-saver, a slow connection or reduced motion: the strip shows
  // the channel's poster and streams only once its button (or a play-video
  // event) asks (strip-policy.ts). Read from the first render: no markup
  // depends on them, and no byte of video may go before they are known.
  const phone = useMatchMedia(STRIP_PHONE_QUERY, true);
  const reducedMotion = useMatchMedia('(prefers-reduced-motion: reduce)', true);
  const connection = useCostlyConnection();
  const standStill = stripStandsStill({ phone, reducedMotion, homePage: path !== null && isHomePath(path), ...connection });
  // The visitor's own choice with the strip's button (WCAG 2.2.2), kept for the visit.
  const [choice, setChoice] = useState<Choice>(storedChoice);
  const [playing, setPlaying] = useState(false);
  // False in the server's HTML and the hydration render, true right after (the button's onClick works from then).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const attachedRef = useRef<string | null>(null);

  // The page it is on, after each client navigation too.
  useEffect(() => {
    const update = () => {
      const lang = currentLocale(initialLocale);
      setPath(location.pathname);
      setLocale(lang);
      // The channel's name in the page's language (a no-op when already known).
      void loadLiveAddress(lang);
    };
    update();
    document.addEventListener('astro:after-swap', update);
    return () => document.removeEventListener('astro:after-swap', update);
  }, [initialLocale]);

  useEffect(() => {
    const onVisibility = () => setPageVisible(document.visibilityState === 'visible');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const rule = path ? stripRule(path) : 'hidden';
  // 'wide-only' on narrow screens is also hidden by CSS (live-strip.css), from the first paint.
  const hidden = failed || rule === 'hidden' || (rule === 'wide-only' && narrow);

  // Off screen (scrolled away, or hidden by the bar's own rules): paused.
  useEffect(() => {
    const link = linkRef.current;
    if (!link || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setOnScreen(entry.isIntersecting);
    });
    observer.observe(link);
    return () => observer.disconnect();
  }, [url]);

  // One player at a time: stop-video from another player pauses the strip
  // (through $activePlayer); play-video with the strip's id starts it.
  useEffect(() => {
    const offStop = onVideoEvent(STOP_VIDEO, (id) => {
      if (id !== LIVE_STRIP_ID) videoRef.current?.pause();
    });
    const offPlay = onVideoEvent(PLAY_VIDEO, (id) => {
      if (id === LIVE_STRIP_ID) stopVideo(LIVE_STRIP_ID);
    });
    return () => {
      offStop();
      offPlay();
    };
  }, []);

  useEffect(() => {
    if (!failed) return;
    const retry = () => {
      attachedRef.current = null;
      setFailed(false);
    };
    const timer = window.setTimeout(retry, STRIP_RETRY_MS);
    document.addEventListener('astro:after-swap', retry);
    window.addEventListener('online', retry);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('astro:after-swap', retry);
      window.removeEventListener('online', retry);
    };
  }, [failed]);

  const otherPlaying = active !== null && active !== LIVE_STRIP_ID;
  const shouldPlay = Boolean(url) && !hidden && !otherPlaying && onScreen && pageVisible && choice !== 'pause' &&
    (choice === 'play' || active === LIVE_STRIP_ID || !standStill);

  // Attach the stream once, then play or pause.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !url) return;
    let cancelled = false;

    const resume = async () => {
      if (attachedRef.current !== url) {
        attachedRef.current = url;
        hlsRef.current?.destroy();
        hlsRef.current = null;
        // hls.js wherever Media Source Extensions exist: it starts at the
        // lowest rendition and stays there, and reloads a live playlist once
        // per segment. Native HLS (iPhone) elsewhere.
        const engine = chooseEngine(video, url, '');
        if (engine !== 'native-hls') video.removeAttribute('src');
        if (engine === 'hls.js') {
          let HlsJs: typeof Hls;
          try {
            ({ default: HlsJs } = await loadHls());
          } catch (error) {
            // Its code could not load (offline, or a new deployment): step aside and retry later.
            console.warn('live strip: hls.js not loaded', error);
            attachedRef.current = null;
            if (!cancelled) setFailed(true);
            return;
          }
          if (cancelled) {
            attachedRef.current = null;
            return;
          }
          if (!HlsJs.isSupported()) return;
          const hls = new HlsJs({ ...hlsBaseConfig(), startLevel: 0, capLevelToPlayerSize: true, maxBufferLength: 10, backBufferLength: 10 });
          hlsRef.current = hls;
          // A 104 px strip: the lowest rendition (by bitrate), never more.
          hls.on(HlsJs.Events.MANIFEST_PARSED, (_event, data) => {
            hls.autoLevelCapping = lowestLevel(data.levels);
          });
          hls.on(HlsJs.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            console.warn('live strip stream error', data.details);
            setFailed(true);
          });
          hls.loadSource(url);
          hls.attachMedia(video);
        } else if (engine) {
          video.src = url;
        } else {
          return;
        }
      } else if (hlsRef.current) {
        hlsRef.current.startLoad(-1);
      } else if (video.seekable.length > 0) {
        // Native live: back to the live edge after a pause.
        video.currentTime = Math.max(0, video.seekable.end(video.seekable.length - 1) - 4);
      }
      video.muted = true;
      try {
        await video.play();
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('live strip not playing', error);
      }
    };

    if (shouldPlay) void resume();
    else {
      video.pause();
      hlsRef.current?.stopLoad();
    }
    return () => {
      cancelled = true;
    };
  }, [url, shouldPlay]);

  useEffect(
    () => () => {
      hlsRef.current?.destroy();
      hlsRef.current = null;
    },
    [],
  );

  // Nothing known of a live channel (the server did not say, the API has none yet): no strip.
  if (!url && !serverChannel) return null;
  const o = { locale };
  const toggle = () => {
    const next = playing ? 'pause' : 'play';
    storeChoice(next);
    setChoice(next);
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
            onPlaying={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onError={(event) => {
              // hls.js reports its own errors; a native or file source failing ends here.
              if (!hlsRef.current && event.currentTarget.getAttribute('src')) {
                console.warn('live strip stream error', event.currentTarget.error?.message);
                if (!navigator.onLine) {
                  // The connection is gone, not the engine: try the same one again once back online.
                  attachedRef.current = null;
                  setFailed(true);
                } else setFailed(true);
              }
            }}
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

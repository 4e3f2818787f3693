/**
 * The site's video player (docs/product.md, States, Limits; ADR 006): plyr (through
 * plyr-react) over a <video>, MP4 directly, HLS through hls.js loaded on
 * demand (or natively where the browser has no MSE: src/islands/player/engine.ts),
 * a quality menu from the HLS levels, seek back 10 s / forward 30 s by
 * buttons and keys (ArrowLeft/J, ArrowRight/L: the player box is LTR in both
 * languages, its timeline runs left to right), captions from the video's
 * WebVTT files, the ad pre-roll before the content, play statistics once per
 * content start, one player at a time (src/stores/player.ts), a floating
 * mini player when the playing video scrolls out of view, and the next item
 * at the end (countdown, then a client navigation to its page).
 *
 * Mount with `client:only="react"` (plyr breaks server rendering on Node ≥ 21)
 * inside src/components/video/PlayerPoster.astro, whose server-rendered
 * poster is the no-JS and pre-hydration view, at the same size.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PlyrInstance } from 'plyr-react';
import type Hls from 'hls.js/light';
import type { ErrorData, Level } from 'hls.js/light';
import { navigate } from 'astro:transitions/client';
import * as m from '../paraglide/messages.js';
import { $activePlayer, PLAY_VIDEO, STOP_VIDEO, onVideoEvent, releasePlayer, stopVideo } from '../stores/player.ts';
import { playPreroll } from './player/preroll.ts';
import { reportPlay } from './player/play-event.ts';
import PlyrVideo from './player/PlyrVideo.tsx';
import NextOverlay from './player/NextOverlay.tsx';
import { useFloating } from './player/floating.ts';
import { chooseEngine, hlsBaseConfig, loadHls, type Engine } from './player/engine.ts';
import { seekForKey, seekTarget } from './player/keys.ts';
import { plyrOptions } from './player/options.ts';
import { levelForQuality, qualityOptions } from './player/quality.ts';
import type { PlayerProps } from './player/types.ts';
import playerCss from './player/player.css?inline';
import { adoptStyles } from './player/player-styles.ts';

// After plyr's (PlyrVideo.tsx, imported above, adopts them first): these override them.
adoptStyles(playerCss);

/** idle: poster, nothing started; ad: pre-roll running; content: the video itself. */
type Phase = 'idle' | 'ad' | 'content';
type Status = 'ok' | 'error' | 'unavailable';

/** Muted unless the visitor has already interacted with the page (browsers block sound otherwise). */
function startMuted(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return !activation?.hasBeenActive;
}

/**
 * Mutes or unmutes the content through plyr (its `muted` also becomes
 * plyr's own setting, which it re-applies on a source change), and always
 * has plyr redraw its mute button and volume slider: they follow
 * `volumechange`, which does not fire when the value does not change (a
 * video that autoplayed muted showed sound on).
 */
function setMuted(video: HTMLVideoElement, muted: boolean, plyr: PlyrInstance | null): void {
  if (plyr) plyr.muted = muted;
  video.muted = muted;
  video.dispatchEvent(new Event('volumechange'));
}

const isNotAllowed = (error: unknown) => error instanceof DOMException && error.name === 'NotAllowedError';

export default function Player(props: PlayerProps) {
  // A retry after an error rebuilds everything.
  const [attempt, setAttempt] = useState(0);
  return <PlayerCore key={attempt} {...props} onRetry={() => setAttempt((n) => n + 1)} />;
}

function PlayerCore(props: PlayerProps & { onRetry: () => void }) {
  const { id, contentId, contentType, url, mime, title, poster, posterSizes, captions, adTagId, adConfig, locale, live, next, autoplay } = props;
  const o = { locale };

  const rootRef = useRef<HTMLDivElement>(null);
  const adRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const plyrRef = useRef<PlyrInstance | null>(null);
  const hlsRef = useRef<Hls | null>(null);
  const levelsRef = useRef<Level[]>([]);
  const engineRef = useRef<Engine | null>(null);
  const phaseRef = useRef<Phase>('idle');
  const mountedRef = useRef(true);
  const reportedRef = useRef(false);
  const adAbortRef = useRef<AbortController | null>(null);
  const readyRef = useRef<{ promise: Promise<boolean>; resolve: (ok: boolean) => void } | null>(null);
  if (!readyRef.current) {
    let resolve: (ok: boolean) => void = () => {};
    const promise = new Promise<boolean>((r) => (resolve = r));
    readyRef.current = { promise, resolve };
  }

  const [phase, setPhaseState] = useState<Phase>('idle');
  const [status, setStatus] = useState<Status>(url ? 'ok' : 'unavailable');
  const [setup, setSetup] = useState<{ engine: Engine; quality: number[] } | null>(null);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const [ended, setEnded] = useState(false);

  const currentPhase = useCallback((): Phase => phaseRef.current, []);
  const setPhase = useCallback((p: Phase) => {
    phaseRef.current = p;
    setPhaseState(p);
  }, []);

  const fail = useCallback((reason: unknown) => {
    console.warn('video error', reason);
    adAbortRef.current?.abort();
    readyRef.current?.resolve(false);
    if (mountedRef.current) setStatus('error');
  }, []);

  /* ---- the engine: file, native HLS or hls.js (levels known before plyr is built) ---- */
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    const engine = chooseEngine(document.createElement('video'), url, mime);
    engineRef.current = engine;
    if (!engine) {
      fail(new Error(`this browser cannot play ${mime || url}`));
      return;
    }
    if (engine !== 'hls.js') {
      setSetup({ engine, quality: [] });
      return;
    }
    loadHls()
      .then(({ default: HlsJs }) => {
        if (cancelled) return;
        if (!HlsJs.isSupported()) {
          engineRef.current = 'native-hls';
          setSetup({ engine: 'native-hls', quality: [] });
          return;
        }
        const hls = new HlsJs({ ...hlsBaseConfig(), autoStartLoad: false, capLevelToPlayerSize: true, startLevel: -1 });
        hlsRef.current = hls;
        let parsed = false;
        let networkRetries = 0;
        let mediaRecovered = false;
        hls.on(HlsJs.Events.MANIFEST_PARSED, (_event, data) => {
          if (parsed) return;
          parsed = true;
          levelsRef.current = data.levels;
          setSetup({ engine: 'hls.js', quality: qualityOptions(data.levels) });
        });
        hls.on(HlsJs.Events.ERROR, (_event, data: ErrorData) => {
          if (!data.fatal) return;
          if (data.type === HlsJs.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
            mediaRecovered = true;
            hls.recoverMediaError();
            return;
          }
          if (data.type === HlsJs.ErrorTypes.NETWORK_ERROR && parsed && networkRetries < 3) {
            networkRetries += 1;
            window.setTimeout(() => hlsRef.current === hls && hls.startLoad(-1), 2000 * networkRetries);
            return;
          }
          fail(new Error(`hls.js: ${data.details}`));
        });
        hls.loadSource(url);
      })
      .catch(fail);
    return () => {
      cancelled = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [url, mime, fail]);

  /* ---- seeking (buttons, keys) and quality ---- */
  const seek = useCallback((delta: number) => {
    const video = videoRef.current;
    if (!video || phaseRef.current !== 'content') return;
    video.currentTime = seekTarget(video.currentTime, delta, video.duration);
  }, []);

  const onQuality = useCallback((value: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    hls.currentLevel = levelForQuality(levelsRef.current, value);
  }, []);

  const options = useMemo(
    () => (setup ? plyrOptions({ locale, live, title, quality: setup.quality, onQuality, seek }) : null),
    [setup, locale, live, title, onQuality, seek],
  );

  /* ---- starting: pre-roll, then the content ---- */
  const attachSource = useCallback(async (video: HTMLVideoElement): Promise<void> => {
    const hls = hlsRef.current;
    if (engineRef.current === 'hls.js' && hls) {
      const { default: HlsJs } = await loadHls();
      await new Promise<void>((resolve) => {
        hls.once(HlsJs.Events.MEDIA_ATTACHED, () => resolve());
        hls.attachMedia(video);
      });
      hls.startLoad(-1);
      return;
    }
    video.src = url;
  }, [url]);

  const tryPlay = useCallback(async () => {
    const video = videoRef.current;
    if (!video) return;
    try {
      await video.play();
    } catch (error) {
      if (!isNotAllowed(error) || video.muted) return;
      // Sound was refused: play muted (the visitor unmutes with one click).
      setMuted(video, true, plyrRef.current);
      try {
        await video.play();
      } catch {
        // Still refused: the play button stays.
      }
    }
  }, []);

  const start = useCallback(async () => {
    if (phaseRef.current !== 'idle' || !url) return;
    stopVideo(id);
    setPhase('ad');
    setEnded(false);
    // Unmuting during the pre-roll carries to the content (onMutedChange).
    let muted = startMuted();
    const controller = new AbortController();
    adAbortRef.current = controller;
    const container = adRef.current;
    if (container) {
      await playPreroll({
        container,
        locale,
        config: adConfig,
        // The page knows its content's tag: none means no wait for one (false).
        adTagId: () => adTagId ?? false,
        muted,
        onMutedChange: (value) => {
          muted = value;
        },
        signal: controller.signal,
      });
    }
    if (adAbortRef.current === controller) adAbortRef.current = null;
    if (!mountedRef.current) return;
    if (controller.signal.aborted) {
      setPhase('idle');
      return;
    }
    setPhase('content');
    const ready = await readyRef.current?.promise;
    const video = videoRef.current;
    // The phase may have moved on while waiting.
    if (!ready || !video || !mountedRef.current || currentPhase() !== 'content') return;
    setMuted(video, muted, plyrRef.current);
    try {
      await attachSource(video);
    } catch (error) {
      fail(error);
      return;
    }
    // Another player may have started meanwhile: then this one waits.
    if ($activePlayer.get() !== id) return;
    await tryPlay();
  }, [id, url, locale, adConfig, adTagId, currentPhase, setPhase, attachSource, tryPlay, fail]);

  const startRef = useRef(start);
  startRef.current = start;

  /* ---- plyr is ready: media events ---- */
  const onReady = useCallback(
    (plyr: PlyrInstance, video: HTMLVideoElement) => {
      plyrRef.current = plyr;
      videoRef.current = video;
      // Keys work once the player has focus: clicking the picture or tabbing to it gives it.
      const container = video.closest<HTMLElement>('.plyr');
      if (container && !container.hasAttribute('tabindex')) container.tabIndex = 0;
      video.addEventListener('play', () => {
        setEnded(false);
        if (phaseRef.current === 'content') {
          stopVideo(id);
          // plyr's controls show the sound as it really is (muted autoplay included).
          video.dispatchEvent(new Event('volumechange'));
          return;
        }
        // Nothing plays before the pre-roll: hold the video and start properly.
        video.pause();
        if (phaseRef.current === 'idle') void startRef.current();
      });
      video.addEventListener('playing', () => {
        if (phaseRef.current !== 'content') return;
        setPlaying(true);
        setStarted(true);
        if (!reportedRef.current) {
          reportedRef.current = true;
          reportPlay({ contentId, videoFileURL: url, contentType, live });
        }
      });
      video.addEventListener('pause', () => setPlaying(false));
      video.addEventListener('ended', () => {
        setPlaying(false);
        if (!live) setEnded(true);
      });
      video.addEventListener('error', () => {
        // hls.js reports its own errors (and recovers from some).
        if (engineRef.current !== 'hls.js' && phaseRef.current === 'content' && video.getAttribute('src')) {
          fail(video.error ?? new Error('media error'));
        }
      });
      readyRef.current?.resolve(true);
    },
    [id, contentId, contentType, url, live, fail],
  );

  /* ---- autoplay, one player at a time, unmount ---- */
  useEffect(() => {
    mountedRef.current = true;
    if (autoplay && url) void startRef.current();
    const offStop = onVideoEvent(STOP_VIDEO, (other) => {
      if (other === id) return;
      adAbortRef.current?.abort();
      videoRef.current?.pause();
    });
    const offPlay = onVideoEvent(PLAY_VIDEO, (target) => {
      if (target !== id) return;
      if (phaseRef.current === 'idle') void startRef.current();
      else if (phaseRef.current === 'content') void tryPlay();
    });
    return () => {
      mountedRef.current = false;
      offStop();
      offPlay();
      adAbortRef.current?.abort();
      releasePlayer(id);
    };
  }, [id, url, autoplay, tryPlay]);

  /* ---- seek keys: before plyr's own (its arrows move by 10 s both ways, its L loops) ---- */
  useEffect(() => {
    const root = rootRef.current;
    if (!root || live) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const delta = seekForKey(event.key);
      if (delta === null) return;
      const target = event.target instanceof Element ? event.target : null;
      // Menus use the arrows; other inputs (volume) keep theirs.
      if (target?.closest('[role^="menuitem"], .plyr__menu')) return;
      if (target instanceof HTMLInputElement && !target.matches('[data-plyr="seek"]')) return;
      if (!target?.closest('.plyr')) return;
      event.preventDefault();
      event.stopPropagation();
      seek(delta);
    };
    root.addEventListener('keydown', onKey, true);
    return () => root.removeEventListener('keydown', onKey, true);
  }, [live, seek]);

  const pause = useCallback(() => videoRef.current?.pause(), []);
  const { floating, close, backToVideo } = useFloating({
    id,
    rootRef,
    eligible: phase === 'content' && playing,
    onClose: pause,
  });

  const goNext = useCallback(() => {
    if (!next) return;
    navigate(next.path).catch(() => location.assign(next.path));
  }, [next]);

  const frameClass = [
    'player-frame',
    started && 'has-started',
    phase === 'ad' && 'is-ad',
    floating && 'is-floating',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div ref={rootRef} className="player" role="region" aria-label={m.player_label({ title }, o)} data-player-id={id} data-phase={phase}>
      <div className={frameClass}>
        {poster && (
          <img
            className="player-poster-img"
            src={poster.url}
            srcSet={poster.srcset}
            sizes={posterSizes}
            width={poster.width}
            height={poster.height}
            alt={poster.alt || title}
            fetchPriority="high"
            decoding="async"
            style={poster.color ? { backgroundColor: poster.color } : undefined}
          />
        )}
        {status === 'ok' && options && (
          <PlyrVideo options={options} onReady={onReady} label={title}>
            {captions.map((c) => (
              <track key={c.url} kind="captions" src={c.url} srcLang={c.lang} label={c.label} />
            ))}
          </PlyrVideo>
        )}
        {live && !floating && (
          <span className="player-live-badge">
            <span aria-hidden="true" className="player-live-dot" />
            {m.player_live({}, o)}
          </span>
        )}
        {next && status === 'ok' && phase !== 'ad' && !floating && (
          <button type="button" className="player-next-button" onClick={goNext} title={m.player_next_title({ title: next.title }, o)}>
            {m.player_next({}, o)}
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M6 6.5v11l8-5.5-8-5.5Zm9 0h2.5v11H15z" fill="currentColor" />
            </svg>
          </button>
        )}
        {ended && next && !floating && <NextOverlay next={next} locale={locale} onGo={goNext} onCancel={() => setEnded(false)} />}
        {status !== 'ok' && (
          <div className="player-message" role="alert">
            <p>{status === 'unavailable' ? m.player_unavailable({}, o) : m.player_error({}, o)}</p>
            {status === 'error' && (
              <button type="button" onClick={props.onRetry}>
                {m.player_retry({}, o)}
              </button>
            )}
          </div>
        )}
        <div ref={adRef} className="player-ad" />
        {floating && (
          <>
            <button type="button" className="player-float-back" onClick={backToVideo} aria-label={m.player_floating_back({}, o)} />
            <button type="button" className="player-float-close" onClick={close} aria-label={m.player_floating_close({}, o)}>
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
              </svg>
            </button>
          </>
        )}
      </div>
    </div>
  );
}

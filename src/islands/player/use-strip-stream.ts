/**
 * The live strip's stream (LiveStrip.island.tsx): attached once to its
 * <video>, then played (muted) or paused as `shouldPlay` says. hls.js
 * (light build, its transmuxer in a worker) wherever Media Source
 * Extensions exist, held at the stream's lowest rendition; native HLS
 * (iPhone) elsewhere; no plyr. One player at a time: another player's
 * stop-video pauses it, a play-video event for the strip asks the others
 * to stop. A fatal stream error, or hls.js failing to load, is reported to
 * the strip's failure state (strip-failure.ts), which hides it until a
 * retry attaches the stream anew.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type Hls from 'hls.js/light';
import { LIVE_STRIP_ID, onVideoEvent, PLAY_VIDEO, stopVideo, STOP_VIDEO } from '../../stores/player.ts';
import { chooseEngine, hlsBaseConfig, loadHls } from './engine.ts';
import { browserFailureEnv, stripFailure, type StripFailure, type StripFailureKind } from './strip-failure.ts';
import { lowestLevel } from './strip-policy.ts';

export interface StripStream {
  /** The <video> plays (its `playing` and `pause` events). */
  playing: boolean;
  /** The <video>'s event handlers. */
  videoEvents: {
    onPlaying: () => void;
    onPause: () => void;
    onError: (event: { currentTarget: HTMLVideoElement }) => void;
  };
}

/** The strip's failure state (strip-failure.ts) as React state, and the stream it attached. */
export interface StripFailureState {
  /** The stream failed, and why: the strip steps aside until a retry. */
  failed: StripFailureKind | null;
  /** A fatal stream error now. */
  report: () => void;
  /** The address attached to the <video> (null: attach anew); a retry forgets it. */
  attached: RefObject<string | null>;
}

export function useStripFailure(): StripFailureState {
  const [failed, setFailed] = useState<StripFailureKind | null>(null);
  const attached = useRef<string | null>(null);
  const failure = useRef<StripFailure | null>(null);
  useEffect(() => {
    const f = stripFailure(browserFailureEnv(), setFailed, () => {
      attached.current = null;
    });
    failure.current = f;
    return () => {
      f.stop();
      failure.current = null;
    };
  }, []);
  return { failed, report: () => failure.current?.report(), attached };
}

/** The stream of the strip's <video>: attached once, played or paused as `shouldPlay` says. */
export function useStripStream(videoRef: RefObject<HTMLVideoElement | null>, url: string | null, shouldPlay: boolean, failure: StripFailureState): StripStream {
  const hlsRef = useRef<Hls | null>(null);
  const attachedRef = failure.attached;
  const [playing, setPlaying] = useState(false);

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
  }, [videoRef]);

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
            if (!cancelled) failure.report();
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
            failure.report();
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

  return {
    playing,
    videoEvents: {
      onPlaying: () => setPlaying(true),
      onPause: () => setPlaying(false),
      onError: (event) => {
        // hls.js reports its own errors; a native or file source failing ends here.
        if (!hlsRef.current && event.currentTarget.getAttribute('src')) {
          console.warn('live strip stream error', event.currentTarget.error?.message);
          failure.report();
        }
      },
    },
  };
}

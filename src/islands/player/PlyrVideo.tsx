/**
 * One <video> driven by plyr through plyr-react's `usePlyr`.
 *
 * plyr-react 6.0.0 creates the player with `new Plyr('.plyr-react')`: the
 * FIRST element of the document with that class, not the element it was
 * given (node_modules/plyr-react/dist/index.js). With two players on a page
 * the second would bind to the first video. So our <video> carries the class
 * only for the instant plyr is created (a layout effect adds it just before
 * usePlyr's effect runs, an effect declared after usePlyr removes it).
 *
 * Plyr wraps the <video> in its own elements: the wrapping <div> below is
 * what React adds and removes, never the moved <video> itself. Options are
 * read once: the parent keys this component to rebuild the player.
 */
import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { usePlyr, type APITypes, type PlyrInstance, type PlyrOptions } from 'plyr-react';
import plyrCss from 'plyr-react/plyr.css?inline';
import { adoptStyles } from './player-styles.ts';

// Before the player's own styles (Player.island.tsx imports this module first).
adoptStyles(plyrCss);

const PLYR_CLASS = 'plyr-react';

interface Props {
  options: PlyrOptions;
  /** Called once the player exists, with the player and its <video>. */
  onReady: (plyr: PlyrInstance, video: HTMLVideoElement) => void;
  label: string;
  children?: ReactNode;
}

export default function PlyrVideo({ options, onReady, label, children }: Props) {
  const api = useRef<APITypes>(null);
  const videoRef = usePlyr(api, { source: null, options }, [options]) as RefObject<HTMLVideoElement | null>;
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  useLayoutEffect(() => {
    videoRef.current?.classList.add(PLYR_CLASS);
  }, [options, videoRef]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.classList.remove(PLYR_CLASS);
    const plyr = (video as HTMLVideoElement & { plyr?: PlyrInstance }).plyr;
    if (plyr) onReadyRef.current(plyr, video);
  }, [options, videoRef]);

  return (
    <div className="player-plyr" dir="ltr">
      <video ref={videoRef} playsInline preload="none" aria-label={label}>
        {children}
      </video>
    </div>
  );
}

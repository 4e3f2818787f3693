/**
 * An article's video (ADR 006): the server-rendered poster (the island's
 * children: src/components/editorial/VideoPoster.astro) with a play button
 * over it. The player itself (Player.island.tsx: plyr, hls.js, the pre-roll,
 * play statistics) is fetched only when the visitor presses play, so an
 * article ships none of its code before that; the press is the visitor's
 * gesture, so the video starts with sound.
 *
 * Mounted with `client:idle` by src/components/editorial/ArticleView.astro.
 */
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { focusPlayerOnceReady } from './player/focus-player.ts';
import type { PlayerProps } from './player/types.ts';

const Player = lazy(() => import('./Player.island.tsx'));

interface Props {
  player: PlayerProps;
  /** The button's accessible name ("Lire la vidéo : …"). */
  label: string;
  children?: ReactNode;
}

export default function ArticleVideo({ player, label, children }: Props) {
  const [started, setStarted] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const start = () => {
    if (box.current) focusPlayerOnceReady(box.current);
    setStarted(true);
  };
  if (started) {
    return (
      <div className="article-video is-started" ref={box}>
        {/* The poster stays in place while the player's code arrives. */}
        <Suspense fallback={children}>
          <Player {...player} autoplay />
        </Suspense>
      </div>
    );
  }
  return (
    <div className="article-video" ref={box}>
      {children}
      <button type="button" className="article-video-play" aria-label={label} onClick={start} />
    </div>
  );
}

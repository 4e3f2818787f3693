/**
 * Mounts the player (Player.island.tsx) into a server-rendered poster box
 * (src/components/video/PlayerPoster.astro), in place of the poster. Loaded
 * by player-boot.ts with a dynamic import once the poster is painted and the
 * browser is idle: React, plyr and the player's code never load before the
 * page is interactive (ADR 014). Unmounted when a client
 * navigation replaces the page.
 */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import Player from '../Player.island.tsx';
import type { PlayerProps } from './types.ts';

/** `pressed`: the visitor pressed the poster's play button; the video starts now, whatever the page's own autoplay. */
export function mountPlayer(box: HTMLElement, pressed = false): void {
  const raw = box.dataset['player'];
  if (!raw || box.dataset['playerMounted']) return;
  let props: PlayerProps;
  try {
    props = JSON.parse(raw) as PlayerProps;
  } catch (error) {
    console.warn('video error', error);
    return;
  }
  box.dataset['playerMounted'] = 'true';
  const root = createRoot(box);
  // A transition: React renders the player in slices of a few milliseconds,
  // yielding to the page in between, instead of one long task.
  startTransition(() => root.render(<Player {...props} autoplay={props.autoplay || pressed} />));
  document.addEventListener('astro:before-swap', () => root.unmount(), { once: true });
}

/**
 * Starts the players of a page (poster boxes with `data-player`,
 * src/components/video/PlayerPoster.astro) once their poster is up: after
 * the window's load event, when the browser is idle (at most 2 s later).
 * Until then, and without JavaScript, the poster is the view. The player's
 * code (React, plyr, hls.js on demand) is a dynamic import: no byte of it
 * before the page is interactive (ADR 014). Evaluating that code
 * and rendering the player are two tasks (yieldToMain), and React renders
 * it as a transition, in slices (mount.tsx): no long task of them together.
 */
import { whenIdle } from '../../lib/idle.ts';
import { yieldToMain } from './yield.ts';

const PENDING = '.player-poster[data-player]:not([data-player-mounted])';

export function bootPlayers(): void {
  if (!document.querySelector(PENDING)) return;
  const start = () => {
    import('./mount.tsx')
      .then(async ({ mountPlayer }) => {
        await yieldToMain();
        document.querySelectorAll<HTMLElement>(PENDING).forEach(mountPlayer);
      })
      .catch((error: unknown) => console.warn('video error', error));
  };
  const startWhenIdle = () => whenIdle(start, { timeout: 2000 });
  if (document.readyState === 'complete') startWhenIdle();
  else addEventListener('load', startWhenIdle, { once: true });
}

/**
 * Starts the players of a page (poster boxes with `data-player`,
 * src/components/video/PlayerPoster.astro). Until then, and without
 * JavaScript, the poster is the view. The player's code (React, plyr,
 * hls.js on demand) is a dynamic import: no byte of it before the page is
 * interactive (ADR 014).
 *
 *  - Where a stream may start unasked (a desktop on a fast connection:
 *    strip-policy.ts `streamCostsTooMuch`), once the poster is up: after
 *    the window's load event, when the browser is idle (at most 2 s later).
 *  - Elsewhere (a phone, data-saver, a slow connection), and
 *    for a player that does not play on its own, the poster gets a play
 *    button: the code loads when it is pressed, and the video starts, with
 *    sound (the press is the visitor's gesture).
 *
 * Evaluating that code and rendering the player are two tasks
 * (yieldToMain), and React renders it as a transition, in slices
 * (mount.tsx): no long task of them together.
 */
import { whenIdle } from '../../lib/idle.ts';
import { yieldToMain } from './yield.ts';
import { browserCosts, streamCostsTooMuch } from './strip-policy.ts';
import { focusPlayerOnceReady } from './focus-player.ts';

const PENDING = '.player-poster[data-player]:not([data-player-mounted])';

function mount(boxes: HTMLElement[], pressed: boolean): void {
  import('./mount.tsx')
    .then(async ({ mountPlayer }) => {
      await yieldToMain();
      // A client navigation may have replaced the page meanwhile: never a player in a box that left it.
      boxes.filter((box) => box.isConnected).forEach((box) => mountPlayer(box, pressed));
    })
    .catch((error: unknown) => console.warn('video error', error));
}

/** The poster's play button: the whole box, named "Play the video: <title>". */
function offerPlay(box: HTMLElement): void {
  if (box.querySelector(':scope > .player-start')) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'player-start';
  button.setAttribute('aria-label', box.dataset['playLabel'] ?? '');
  button.addEventListener('click', () => {
    button.disabled = true;
    box.setAttribute('aria-busy', 'true');
    mount([box], true);
    focusPlayerOnceReady(box, () => box.removeAttribute('aria-busy'));
  }, { once: true });
  box.append(button);
}

export function bootPlayers(): void {
  const boxes = [...document.querySelectorAll<HTMLElement>(PENDING)];
  if (boxes.length === 0) return;
  const costly = streamCostsTooMuch(browserCosts());
  const waitsForPress = (box: HTMLElement) => costly || box.hasAttribute('data-player-press');
  boxes.filter(waitsForPress).forEach(offerPlay);
  const own = boxes.filter((box) => !waitsForPress(box));
  if (own.length === 0) return;
  const startWhenIdle = () => whenIdle(() => mount(own, false), { timeout: 2000 });
  if (document.readyState === 'complete') startWhenIdle();
  else addEventListener('load', startWhenIdle, { once: true });
}

/**
 * The live strip's policy (LiveStrip.island.tsx, strip-policy.ts, ADR 014):
 * whether it may stream on its own here (a phone, data-saver, a slow
 * connection, reduced motion or any page but the home page make it stand
 * still), the visitor's own choice with its button (WCAG 2.2.2, kept for
 * the visit in sessionStorage), and from both, with what the strip's
 * visibility says, whether it plays now.
 */
import { useEffect, useState } from 'react';
import { LIVE_STRIP_ID } from '../../stores/player.ts';
import { isHomePath, networkInformation, STRIP_PHONE_QUERY, stripStandsStill } from './strip-policy.ts';

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

/**
 * A media query's answer, kept current. `fromFirstRender`: read it in the
 * first render already (only for answers that change no markup, else the
 * hydration would not match the server's HTML, which assumes false).
 */
export function useMatchMedia(query: string, fromFirstRender = false): boolean {
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

export interface StripPolicy {
  /** The strip shows its poster and streams only when asked (strip-policy.ts). */
  standStill: boolean;
  /** The visitor's choice with the strip's button during this visit. */
  choice: Choice;
  /** The visitor pressed the button: kept for the visit. */
  choose: (next: Exclude<Choice, null>) => void;
}

/** The strip's policy on the page at `path` (null: not known yet). */
export function useStripPolicy(path: string | null): StripPolicy {
  // A phone, data-saver, a slow connection or reduced motion: the strip shows
  // the channel's poster and streams only once its button (or a play-video
  // event) asks (strip-policy.ts). Read from the first render: no markup
  // depends on them, and no byte of video may go before they are known.
  const phone = useMatchMedia(STRIP_PHONE_QUERY, true);
  const reducedMotion = useMatchMedia('(prefers-reduced-motion: reduce)', true);
  const connection = useCostlyConnection();
  const standStill = stripStandsStill({ phone, reducedMotion, homePage: path !== null && isHomePath(path), ...connection });
  const [choice, setChoice] = useState<Choice>(storedChoice);
  const choose = (next: Exclude<Choice, null>) => {
    storeChoice(next);
    setChoice(next);
  };
  return { standStill, choice, choose };
}

/**
 * Whether the strip plays now: it has a stream, shows, no other player
 * plays, it is on screen in a visible tab, the visitor did not pause it, and
 * either the visitor or a play-video event asked for it or it may stream on
 * its own here.
 */
export function stripShouldPlay(s: {
  url: string | null | undefined;
  hidden: boolean;
  /** The page's one player ($activePlayer): null, the strip, or another. */
  active: string | null;
  onScreen: boolean;
  pageVisible: boolean;
  choice: Choice;
  standStill: boolean;
}): boolean {
  const otherPlaying = s.active !== null && s.active !== LIVE_STRIP_ID;
  return Boolean(s.url) && !s.hidden && !otherPlaying && s.onScreen && s.pageVisible && s.choice !== 'pause' && (s.choice === 'play' || s.active === LIVE_STRIP_ID || !s.standStill);
}

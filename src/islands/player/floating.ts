/**
 * Floating ("stuck") mode of a player (docs/product.md, States, Limits): while it plays, a video
 * that scrolls out of view floats in a corner (180×100 px); closing it
 * pauses and docks it; scrolling back docks it. The open, close and toggle
 * events of src/stores/player.ts drive it too.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { CLOSE_FLOATING, OPEN_FLOATING, TOGGLE_FLOATING, onVideoEvent, setFloating } from '../../stores/player.ts';

/** Below this share of the player in view, it counts as out of view (a sliver at the screen's edge cannot be watched). */
const IN_VIEW_RATIO = 0.25;

/** auto: floats when playing out of view; open: asked to float; dismissed: closed until seen again. */
type Mode = 'auto' | 'open' | 'dismissed';

export interface Floating {
  floating: boolean;
  /** Close button: pause (onClose) and dock until the player is scrolled back into view. */
  close: () => void;
  /** Back to the video: scroll its place into view (which docks it). */
  backToVideo: () => void;
}

export function useFloating(params: {
  id: string;
  rootRef: RefObject<HTMLElement | null>;
  /** True while the content plays. */
  eligible: boolean;
  onClose: () => void;
}): Floating {
  const { id, rootRef, eligible } = params;
  const [visible, setVisible] = useState(true);
  const [mode, setMode] = useState<Mode>('auto');
  const onCloseRef = useRef(params.onClose);
  onCloseRef.current = params.onClose;

  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        const inView = entry.isIntersecting && entry.intersectionRatio >= IN_VIEW_RATIO;
        setVisible(inView);
        // Back in view: dock, and forget an earlier close.
        if (inView) setMode('auto');
      },
      { threshold: [0, IN_VIEW_RATIO, 0.5, 1] },
    );
    observer.observe(root);
    return () => observer.disconnect();
  }, [rootRef]);

  const floating = mode === 'open' || (mode === 'auto' && eligible && !visible);
  const floatingRef = useRef(floating);
  floatingRef.current = floating;
  const visibleRef = useRef(visible);
  visibleRef.current = visible;

  const close = useCallback(() => {
    setMode(visibleRef.current ? 'auto' : 'dismissed');
    onCloseRef.current();
  }, []);

  const backToVideo = useCallback(() => {
    rootRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [rootRef]);

  useEffect(() => {
    const offs = [
      onVideoEvent(OPEN_FLOATING, (target) => {
        if (target === id) setMode('open');
      }),
      onVideoEvent(CLOSE_FLOATING, (target) => {
        if (target === id && floatingRef.current) close();
      }),
      onVideoEvent(TOGGLE_FLOATING, (target) => {
        if (target !== id) return;
        if (floatingRef.current) close();
        else setMode('open');
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [id, close]);

  useEffect(() => {
    setFloating(id, floating);
  }, [id, floating]);

  useEffect(() => () => setFloating(id, false), [id]);

  // Escape closes the floating player.
  useEffect(() => {
    if (!floating) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.fullscreenElement) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [floating, close]);

  return { floating, close, backToVideo };
}

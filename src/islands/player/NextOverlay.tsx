/**
 * End screen of a replay with a next item: its title, a countdown, then the
 * next page (docs/product.md, Video API: the next episode or a playlist). "Watch now" goes
 * at once; "Cancel" stays on this video.
 */
import { useEffect, useRef, useState } from 'react';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';
import type { PlayerNext } from './types.ts';

/** Seconds before the next item starts on its own. */
const NEXT_COUNTDOWN_S = 5;

interface Props {
  next: PlayerNext;
  locale: Locale;
  onGo: () => void;
  onCancel: () => void;
}

export default function NextOverlay({ next, locale, onGo, onCancel }: Props) {
  const o = { locale };
  const [left, setLeft] = useState(NEXT_COUNTDOWN_S);
  const onGoRef = useRef(onGo);
  onGoRef.current = onGo;

  useEffect(() => {
    const timer = window.setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left === 0) onGoRef.current();
  }, [left]);

  return (
    <div className="player-next" role="group" aria-label={m.player_next_title({ title: next.title }, o)} dir={LOCALE_CONFIG[locale].dir}>
      <p className="player-next-title" aria-live="polite">
        {m.player_next_title({ title: next.title }, o)}
      </p>
      <p className="player-next-countdown">{m.player_next_countdown({ seconds: left }, o)}</p>
      <div className="player-next-actions">
        <button type="button" className="player-next-go" onClick={onGo}>
          {m.player_next_now({}, o)}
        </button>
        <button type="button" className="player-next-cancel" onClick={onCancel}>
          {m.player_next_cancel({}, o)}
        </button>
      </div>
    </div>
  );
}

/**
 * The 14 px play or pause glyph of the small toggle buttons (the ticker's,
 * the live strip's). Decorative: the button carries the name.
 */
export function PlayPauseIcon({ playing }: { playing: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={playing ? 'M4 2.5h3v11H4zm5 0h3v11H9z' : 'M4 2.5v11l9-5.5z'} />
    </svg>
  );
}

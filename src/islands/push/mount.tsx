/**
 * Mounts the push prompt (./PushPrompt.tsx) in the header's persistent
 * slot, once the shell's gate (src/components/layout/behaviour/push-gate.ts)
 * decided it may show: this module, the card and React load only then.
 */
import { createRoot, type Root } from 'react-dom/client';
import type { Locale } from '../../i18n/locales.ts';
import PushPrompt from './PushPrompt.tsx';

let root: Root | undefined;
let mountedIn: HTMLElement | undefined;
/** Each showing is a fresh card (open), whatever the last one ended in. */
let showing = 0;

/** Shows the card open in `slot`, or re-renders it there in `locale` (its state kept). */
export function renderPushPrompt(slot: HTMLElement, locale: Locale): void {
  if (mountedIn !== slot) {
    root?.unmount();
    root = createRoot(slot);
    mountedIn = slot;
  }
  showing += 1;
  root!.render(<PushPrompt key={showing} locale={locale} />);
}

/** Re-renders a card already mounted in the new page's language; nothing when none is. */
export function relabelPushPrompt(locale: Locale): void {
  root?.render(<PushPrompt key={showing} locale={locale} />);
}

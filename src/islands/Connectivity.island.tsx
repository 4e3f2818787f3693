/**
 * Connectivity, shown discreetly (docs/product.md, States): while the
 * browser is offline a small note sits at the bottom of the window ("Vous
 * êtes hors ligne" / "أنت غير متصل بالإنترنت"); when the connection comes
 * back it says so for a few seconds ("De nouveau en ligne" / "عاد الاتصال"),
 * then disappears. The note lives in a polite live region that is always in
 * the page (empty while online), so screen readers announce each change
 * without interrupting.
 *
 * State: src/stores/connectivity.ts. Mounted once in the header with
 * `client:idle` and `transition:persist` (it follows client navigations and
 * takes the new page's language from its props).
 */
import { useEffect, type CSSProperties } from 'react';
import { useStore } from '../stores/use-store.ts';
import type { Locale } from '../i18n/locales.ts';
import * as m from '../paraglide/messages.js';
import { $connectivity, watchConnectivity } from '../stores/connectivity.ts';

interface Props {
  locale: Locale;
}

const note: CSSProperties = {
  position: 'fixed',
  insetBlockEnd: '1rem',
  insetInlineStart: '1rem',
  zIndex: 1002,
  maxInlineSize: 'calc(100vw - 2rem)',
  paddingBlock: '0.45rem',
  paddingInline: '0.9rem',
  borderRadius: '999px',
  color: 'var(--color-white)',
  fontSize: '0.875rem',
  lineHeight: 1.3,
  boxShadow: '0 2px 8px rgb(0 0 0 / 0.25)',
  pointerEvents: 'none',
};

export default function Connectivity({ locale }: Props) {
  const state = useStore($connectivity);
  useEffect(() => watchConnectivity(), []);

  const text =
    state === 'offline'
      ? m.connectivity_offline({}, { locale })
      : state === 'restored'
        ? m.connectivity_online({}, { locale })
        : '';

  return (
    <div className="connectivity-status" role="status" aria-live="polite" aria-atomic="true" data-state={state}>
      {text && (
        <p style={{ ...note, margin: 0, background: state === 'offline' ? 'var(--color-offline-bg)' : 'var(--color-online-bg)' }}>
          {text}
        </p>
      )}
    </div>
  );
}

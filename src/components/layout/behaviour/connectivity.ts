/**
 * The connectivity note (docs/product.md, States), Header.astro's
 * `.connectivity-status`: while the browser is offline a small note sits at
 * the bottom of the window ("Vous êtes hors ligne" / "أنت غير متصل
 * بالإنترنت"); when the connection comes back it says so for a few seconds
 * ("De nouveau en ligne" / "عاد الاتصال"), then disappears. The note lives
 * in a polite live region that is always in the page (empty while online),
 * so screen readers announce each change without interrupting.
 *
 * Plain DOM, no island: it draws one line of text, and a React root here
 * made every page load React at once (ADR 014). The server writes both
 * sentences in the page's language on the region (`data-offline-text`,
 * `data-online-text`); state: src/stores/connectivity.ts. Loaded by
 * ./index.ts; redrawn after each client navigation (the new page's region,
 * in its language).
 */
import { $connectivity, connectivityText, watchConnectivity } from '../../../stores/connectivity.ts';

function draw(): void {
  const region = document.querySelector<HTMLElement>('.connectivity-status');
  if (!region) return;
  const state = $connectivity.get();
  region.dataset['state'] = state;
  const text = connectivityText(state, { offline: region.dataset['offlineText'], online: region.dataset['onlineText'] });
  let note = region.querySelector('p');
  if (!text) {
    note?.remove();
    return;
  }
  if (!note) {
    note = document.createElement('p');
    region.append(note);
  }
  note.textContent = text;
}

watchConnectivity();
$connectivity.listen(draw);
draw();
document.addEventListener('astro:page-load', draw);

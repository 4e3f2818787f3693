/**
 * The notice after a language switch from an article with no translation
 * (LanguageSwitch.astro adds #translation-missing to the nearest section's
 * address): "L’article que vous lisiez n’existe pas en français : voici la
 * rubrique la plus proche", in the page's language. A card fixed at the
 * bottom of the window (nothing in the page moves), announced, closed by its
 * button or Escape, gone by itself after NOTICE_MS; the fragment is taken
 * off the address. Loaded by ./index.ts, the shell's one module script.
 */
import { isLocale } from '../../../i18n/locales.ts';
import * as m from '../../../paraglide/messages.js';
import { TRANSLATION_MISSING } from './translation-notice-id.ts';

const NOTICE_MS = 15_000;

function showNotice(): void {
  if (location.hash !== `#${TRANSLATION_MISSING}`) return;
  history.replaceState(history.state, '', location.pathname + location.search);
  const lang = document.documentElement.lang;
  if (!isLocale(lang)) return;
  document.querySelector('.translation-notice')?.remove();
  const card = document.createElement('div');
  card.className = 'translation-notice';
  card.setAttribute('role', 'status');
  const text = document.createElement('p');
  text.textContent = m.shell_translation_missing({}, { locale: lang });
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'translation-notice-close';
  close.setAttribute('aria-label', m.shell_notice_close({}, { locale: lang }));
  close.textContent = '×';
  card.append(text, close);
  const remove = () => {
    card.remove();
    document.removeEventListener('keydown', onKey);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') remove();
  };
  close.addEventListener('click', remove);
  document.addEventListener('keydown', onKey);
  document.body.append(card);
  window.setTimeout(remove, NOTICE_MS);
}

showNotice();
document.addEventListener('astro:page-load', showNotice);

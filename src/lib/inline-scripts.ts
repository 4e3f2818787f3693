/**
 * The site's own inline scripts, in one place so that the Content-Security-
 * Policy can allow exactly them by hash (src/server/http/security-headers.ts,
 * ADR 013): a page renders them with `<script is:inline set:html={…} />`, so
 * the bytes hashed are the bytes sent. Any other inline script is blocked.
 */
import { tickerHintScript } from '../islands/ticker/model.ts';

/**
 * docs/product.md, Errors: when a script or style chunk fails to load
 * (typically after a new deployment), reload the page, at most once per 60
 * seconds (the time is kept in sessionStorage), never while the browser is
 * offline (nothing could load: a reload would only trade the page for the
 * browser's error screen). Sent on every page, so written compact: no
 * comment and no indentation inside the string.
 */
export const CHUNK_RELOAD_SCRIPT = [
  '(function(){',
  'var KEY="2m:chunk-reload-at",CHUNK=/\\/_astro\\//;',
  'function reload(){',
  'if(navigator.onLine===false)return;',
  'try{var last=Number(sessionStorage.getItem(KEY))||0;if(Date.now()-last<60000)return;sessionStorage.setItem(KEY,String(Date.now()))}catch(_){return}',
  'location.reload()}',
  'window.addEventListener("vite:preloadError",function(e){e.preventDefault();reload()});',
  'window.addEventListener("error",function(e){var t=e.target;if(!t||t===window||!t.tagName)return;',
  'if((t.tagName==="SCRIPT"&&CHUNK.test(t.src))||(t.tagName==="LINK"&&/stylesheet|modulepreload/.test(t.rel)&&CHUNK.test(t.href)))reload()},true);',
  'window.addEventListener("unhandledrejection",function(e){var r=e.reason,msg=String((r&&r.message)||r||"");',
  'if(/dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(msg))reload()})',
  '})();',
].join('');

/** Every inline script a page may carry (the ticker's hint in its two forms). */
export const INLINE_SCRIPTS: readonly string[] = [CHUNK_RELOAD_SCRIPT, tickerHintScript(true), tickerHintScript(false)];

/**
 * Everything the shell does in the browser, as one module script on every
 * page (ShellBehaviour.astro's <script>), not one per component: each
 * module script is a request that finishes before the first paint, and
 * Lighthouse's simulated LCP replays every one of them on slow 4G
 * (docs/performance.md, ADR 014). One file per component, imported in the
 * order their scripts used to run. What the first paint does not need (the
 * account button's name and session check, the ticker, the alerts
 * prompt's rules, the ad slots) is its own chunk, loaded once the page is
 * idle, as the islands they replace were: its work stays out of the way of
 * the largest paint.
 */
import './shell.ts';
import './header.ts';
import './mega-menu.ts';
import './nav-bar.ts';
import './language-switch.ts';
import './translation-notice.ts';
import './footer.ts';
import './connectivity.ts';
import './search-gate.ts';
import { enhanceForms } from '../../forms/enhance.ts';
import { whenIdle } from '../../../lib/idle.ts';

// The footer's newsletter form is on every page; the contact and newsletter
// pages' forms are served by the same document-wide listeners.
enhanceForms();

whenIdle(() => void import('./when-idle.ts'));

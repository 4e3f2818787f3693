/** Header.astro's behaviour in the browser (loaded by ./index.ts, the shell's one module script). */
import { installClickTracking } from '../../../lib/click-tracking.ts';

installClickTracking();

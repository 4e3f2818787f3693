/** The shell's behaviour that waits for an idle page (./index.ts loads this chunk then), the page's ad slots with it. */
import './account.ts';
import './ticker.ts';
import './push-gate.ts';
import '../../../islands/ads/mount-slots.ts';

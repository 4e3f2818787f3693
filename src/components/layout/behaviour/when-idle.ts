/**
 * The shell's behaviour that waits for an idle page (./index.ts loads this
 * chunk then), the page's ad slots with it. Each module starts in an idle
 * callback of its own: started as the chunk is evaluated, the four made one
 * task of some 18 ms on a 2-core Xeon, a long task of about 180 ms on the
 * calibrated phone (ADR 014).
 */
import './account.ts';
import './ticker.ts';
import './push-gate.ts';
import '../../../islands/ads/mount-slots.ts';

/** The shell's behaviour that waits for an idle page (./index.ts loads this chunk then). */
import './account.ts';
import './ticker.ts';
import './push-gate.ts';

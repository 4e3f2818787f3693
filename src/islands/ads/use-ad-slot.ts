/**
 * A display ad slot's life (slot-life.ts) in a React island: the desktop
 * skin's. It starts once the island has mounted and ends when it unmounts.
 */
import { useEffect, useState, type RefObject } from 'react';
import { setPageTargeting } from '../../stores/ads.ts';
import { startAdSlot, type AdSlotProps, type SlotState } from './slot-life.ts';

export type { AdSlotProps } from './slot-life.ts';

const IDLE: SlotState = { status: 'idle', house: null, unit: null };

export function useAdSlot(props: AdSlotProps, container: RefObject<HTMLElement | null>): SlotState {
  const [state, setState] = useState<SlotState>(IDLE);
  // A persisted island gets the new page's props after a client navigation.
  useEffect(() => setPageTargeting(props.targeting), [props.targeting]);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    return startAdSlot(props, el, setState);
    // The slot starts once; a new page's targeting comes through the effect above.
  }, []);
  return state;
}

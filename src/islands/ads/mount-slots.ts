/**
 * The banner and out-of-page ad slots of a page, without React (ADR 014:
 * a phone loads no framework before interaction). The server renders each
 * slot's box (src/components/ads/AdSlotBox.astro) with its settings in
 * `data-ad-props` and when to start in `data-ad-start`:
 *
 *  - `idle`: now (this module is loaded once the page is idle, by the
 *    shell's idle chunk): the top banner on a phone, the footer's;
 *  - `media`: once the window matches `data-ad-media` (the web band's top
 *    banner), as Astro's `client:media` did;
 *  - `visible`: once the box comes within 400 px of the screen (the
 *    rectangle), as GPT's lazy loading does: a phone that never scrolls
 *    there spends nothing on it, and an impression is only counted for an
 *    ad that can be seen.
 *
 * Each slot then lives by slot-life.ts; this draws its state: the status
 * (`data-ad-status`), the unit, the "advert" label once filled, the house
 * banner (house-banner.ts), and the box collapsed when there is no ad or an
 * ad error. Slots go with their page: after a client navigation the old
 * page's are ended and the new page's started.
 */
import * as m from '../../paraglide/messages.js';
import { whenIdle } from '../../lib/idle.ts';
import { houseBanner, watchImpressions } from './house-banner.ts';
import { startAdSlot, type AdSlotProps, type SlotState } from './slot-life.ts';

/** What the server puts in `data-ad-props`. */
export interface AdSlotBoxProps extends AdSlotProps {
  /** A slot on the first screen: its picture is fetched at high priority. */
  eager: boolean;
}

const NEAR_SCREEN_MARGIN = '400px';

/** Draws a banner slot's state into its server-rendered box. */
function drawBanner(box: HTMLElement, content: HTMLElement, { locale, eager }: AdSlotBoxProps): { draw: (s: SlotState) => void; end: () => void } {
  let banner: HTMLElement | null = null;
  let drawn: SlotState['house'] = null;
  let stopWatching: (() => void) | null = null;
  const label = document.createElement('span');
  label.className = 'ad-slot-label';
  label.textContent = m.ad_label({}, { locale });
  const end = () => {
    stopWatching?.();
    stopWatching = null;
    banner?.remove();
    banner = null;
    drawn = null;
  };
  const draw = ({ status, house, unit }: SlotState) => {
    box.dataset['adStatus'] = status;
    box.hidden = status === 'empty' || status === 'error';
    if (unit) box.dataset['adUnit'] = unit;
    else delete box.dataset['adUnit'];
    if (status === 'filled') {
      if (!label.isConnected) box.prepend(label);
    } else label.remove();
    if (house === drawn) return;
    end();
    if (!house) return;
    drawn = house;
    banner = houseBanner(house, locale, eager);
    content.append(banner);
    stopWatching = watchImpressions(house, banner);
  };
  return { draw, end };
}

interface Mounted {
  box: HTMLElement;
  end: () => void;
}

const mounted: Mounted[] = [];

function start(box: HTMLElement, props: AdSlotBoxProps): void {
  if (props.settings.kind === 'out-of-page') {
    const stop = startAdSlot(props, box, ({ status }) => {
      box.dataset['adStatus'] = status;
    });
    mounted.push({ box, end: stop });
    return;
  }
  const content = box.querySelector<HTMLElement>('.ad-slot-content');
  if (!content) return;
  const { draw, end } = drawBanner(box, content, props);
  const stop = startAdSlot(props, content, draw);
  mounted.push({
    box,
    end: () => {
      stop();
      end();
    },
  });
}

/** Starts the box's slot when its rule says (see above); returns what cancels the wait. */
function whenDue(box: HTMLElement, go: () => void): (() => void) | null {
  const rule = box.dataset['adStart'];
  if (rule === 'media') {
    const query = window.matchMedia(box.dataset['adMedia'] ?? 'all');
    if (query.matches) {
      go();
      return null;
    }
    const onChange = () => {
      if (!query.matches) return;
      query.removeEventListener('change', onChange);
      go();
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }
  if (rule === 'visible' && typeof IntersectionObserver === 'function') {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        go();
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }
  go();
  return null;
}

function readProps(box: HTMLElement): AdSlotBoxProps | null {
  try {
    const props = JSON.parse(box.dataset['adProps'] ?? '') as Partial<AdSlotBoxProps> | null;
    return props?.settings ? (props as AdSlotBoxProps) : null;
  } catch {
    return null;
  }
}

/** Starts (or schedules) every slot of the page not yet seen. */
function mountPage(): void {
  for (const box of document.querySelectorAll<HTMLElement>('[data-ad-props]:not([data-ad-seen])')) {
    box.dataset['adSeen'] = '';
    const props = readProps(box);
    if (!props) continue;
    const cancel = whenDue(box, () => start(box, props));
    if (cancel) mounted.push({ box, end: cancel });
  }
}

/** Ends the slots whose page has gone (a client navigation replaced it). */
function endGone(): void {
  for (let i = mounted.length - 1; i >= 0; i--) {
    const slot = mounted[i]!;
    if (slot.box.isConnected) continue;
    mounted.splice(i, 1);
    slot.end();
  }
}

document.addEventListener('astro:after-swap', endGone);
document.addEventListener('astro:page-load', mountPage);
// In a task of its own (the shell's idle chunk: src/components/layout/behaviour/when-idle.ts).
whenIdle(mountPage);

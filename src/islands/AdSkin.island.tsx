/**
 * The desktop skin (docs/product.md, Ads, Limits): from 970 px, an ad that fills the page
 * background on both sides of the content. It starts 173 px from the top
 * (below the header; lower when the header and ticker are taller), stays
 * fixed at the top of the window once scrolled past, and turns absolute,
 * resting on it, before the bulletin section or the footer (elements
 * marked `data-ad-skin-stop`) would run under it.
 *
 * While a skin shows, `<html data-ad-skin>` gives the content column a solid
 * background above it (src/islands/ads/ads.css); the sides are one link to
 * the advertiser, labelled "إعلان" / "Publicité" in the inline-start gutter. Mounted once in the layout with `transition:persist`: it
 * survives client navigations and refreshes when the new page's targeting
 * differs. Other providers (GPT) draw into the same element.
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import { AD_SKIN_OFFSET, skinPlacement } from '../lib/ads/display.ts';
import * as m from '../paraglide/messages.js';
import { ping } from './ads/house.ts';
import { useAdSlot, type AdSlotProps } from './ads/use-ad-slot.ts';
import './ads/ads.css';

/** Where the skin starts: 173 px down, or lower when the header (with the ticker) is taller. */
function startTop(): number {
  const main = document.querySelector('main');
  return Math.max(AD_SKIN_OFFSET, main ? Math.round(main.getBoundingClientRect().top + window.scrollY) : 0);
}

/** Document position of the first stop below `start` (the bulletin section or the footer), or null. */
function stopTop(start: number): number | null {
  let top: number | null = null;
  for (const el of document.querySelectorAll<HTMLElement>('[data-ad-skin-stop]')) {
    const y = el.getBoundingClientRect().top + window.scrollY;
    if (y > start && (top === null || y < top)) top = y;
  }
  return top;
}

export default function AdSkin(props: AdSlotProps) {
  const { settings, locale } = props;
  const box = useRef<HTMLDivElement>(null);
  const { status, house } = useAdSlot(props, box);
  const shown = status === 'filled';

  // The content column covers the skin's middle while it shows.
  useEffect(() => {
    if (!shown) return;
    document.documentElement.toggleAttribute('data-ad-skin', true);
    return () => document.documentElement.removeAttribute('data-ad-skin');
  }, [shown]);

  // Fixed on scroll, absolute before the stop: follows scrolling, resizing and new pages.
  useEffect(() => {
    const el = box.current;
    if (!el || !shown) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      const start = startTop();
      const p = skinPlacement(window.scrollY, window.innerHeight, stopTop(start), start);
      el.style.position = p.position;
      el.style.insetBlockStart = `${p.top}px`;
      el.style.blockSize = `${p.height}px`;
      el.dataset.position = p.position;
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(place);
    };
    place();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    document.addEventListener('astro:page-load', schedule);
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
    resize?.observe(document.body);
    return () => {
      if (frame) window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('astro:page-load', schedule);
      resize?.disconnect();
    };
  }, [shown]);

  useEffect(() => {
    if (!house) return;
    ping(house.impression);
    // A skin is in view whenever it shows: its viewable impression follows a second later.
    const timer = window.setTimeout(() => ping(house.viewable), 1000);
    return () => window.clearTimeout(timer);
  }, [house]);

  const image = !settings.useBgImage
    ? undefined
    : house?.image
    ? house.image2x
      ? `image-set(url("${house.image}") 1x, url("${house.image2x}") 2x)`
      : `url("${house.image}")`
    : settings.bgImage
      ? `url("${settings.bgImage}")`
      : undefined;
  const style: CSSProperties = { insetBlockStart: AD_SKIN_OFFSET };
  return (
    <div id={settings.divId} ref={box} className={`ad-skin ${settings.uniqueClass}`} style={style} hidden={!shown} data-ad-status={status}>
      {/* Seen in the side gutter; screen readers hear it in the link's name. */}
      {shown && (
        <span className="ad-skin-label" aria-hidden="true">
          {m.ad_label({}, { locale })}
        </span>
      )}
      {house && (
        <a
          className="ad-skin-link"
          href={house.href}
          rel="sponsored noopener"
          target={house.external ? '_blank' : undefined}
          data-astro-prefetch="false"
          data-ad-id={house.id}
          aria-label={m.ad_skin_label({ headline: house.headline }, { locale })}
          style={{ backgroundImage: image, backgroundColor: house.bgColor ?? undefined }}
        />
      )}
    </div>
  );
}
